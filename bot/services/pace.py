"""Each game's pace (issue 36): the hours its player to move has for each move.

A game chosen with ``/challenge days:`` (a ludo table's too, a tournament's games) stores its
``pace_hours``; a game without one plays at the bot's ``MOVE_TIMEOUT_HOURS``. Every reader of
a deadline -- the board's "by …", the reminders and timeouts of the sweep, vacations (a paused
clock keeps the time left of the game's own pace), the DM digest, ``/games`` -- asks
:func:`game_timeout` here, so the game's own pace is followed everywhere the same way.
"""

from __future__ import annotations

from discord import app_commands

from storage import GameRecord

from ..i18n import DEFAULT_LANGUAGE, translate, translate_plural

__all__ = [
    "PACE_CHOICES",
    "PACE_HOURS",
    "game_timeout",
    "pace_words",
    "reminder_lead",
]

PACE_HOURS: tuple[int, ...] = (1, 6, 12, 24, 48, 72, 120, 168, 240, 336)
"""The paces offered: lichess's correspondence choices (1, 2, 3, 5, 7, 10, 14 days per move)
and, for quick games, 1, 6 or 12 hours."""

PACE_CHOICES: list[app_commands.Choice[int]] = [
    app_commands.Choice(name="1 hour per move", value=1),
    app_commands.Choice(name="6 hours per move", value=6),
    app_commands.Choice(name="12 hours per move", value=12),
    app_commands.Choice(name="1 day per move", value=24),
    app_commands.Choice(name="2 days per move", value=48),
    app_commands.Choice(name="3 days per move", value=72),
    app_commands.Choice(name="5 days per move", value=120),
    app_commands.Choice(name="7 days per move", value=168),
    app_commands.Choice(name="10 days per move", value=240),
    app_commands.Choice(name="14 days per move", value=336),
]
"""The ``days`` option of ``/challenge`` and ``/tournament create``: a choice's value is the
pace in hours (Discord shows the names, translated in the ``commands`` catalogs)."""

REMINDER_MOST = 24 * 3600.0
"""A reminder goes out this long before the deadline at most (a quarter of a shorter pace)."""


def game_timeout(record: GameRecord, default: float | None) -> float | None:
    """Seconds the player to move has in ``record``: its own pace, else ``default`` (the
    bot's ``MOVE_TIMEOUT_HOURS`` in seconds; ``None`` when timeouts are off)."""
    if record.pace_hours:
        return record.pace_hours * 3600.0
    return default


def reminder_lead(timeout: float) -> float:
    """How long before a deadline its one reminder goes out: 24 hours, or a quarter of the
    pace when that is shorter (as storage's :meth:`~storage.games.GameRepository.paced_turns_due`
    computes it)."""
    return min(REMINDER_MOST, timeout / 4)


def pace_words(hours: float, language: str = DEFAULT_LANGUAGE) -> str:
    """ "3 days per move", "6 hours per move"."""
    whole = round(hours)
    if whole % 24 == 0:
        span = translate_plural("{count} day", "{count} days", whole // 24, language)
    else:
        span = translate_plural("{count} hour", "{count} hours", whole, language)
    return translate("{duration} per move", language, duration=span)
