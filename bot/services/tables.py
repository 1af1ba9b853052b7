"""Tables: the lobby of a multi-seat game (ludo). The host opens one with ``/challenge``,
players **Join** and **Leave** while seats are free, the host **Starts** with 2 or more seated
(it starts by itself once every seat is taken); it expires like a challenge.

A table is a challenge in storage (``ChallengeRecord.is_table``), so listing, expiry and the
stale-message edits are the challenges' own; this module has its words, its message and its
start, which hands the new game to the same thread-and-first-board path as an accepted
challenge (:func:`bot.services.challenges.open_game`).
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from rules.games import find_game
from storage import ChallengeRecord, GameRecord

from .. import ui
from ..errors import UserError
from ..mentions import ping_users
from ..presenters import presenter_for
from ..texts import variant_line
from .computer import computer_games

if TYPE_CHECKING:
    from ..client import LatrunculiBot

__all__ = [
    "invited_ids",
    "is_table_game",
    "start_table_game",
    "table_content",
    "table_payload",
]

log = logging.getLogger(__name__)

_MENTION = re.compile(r"<@!?(\d{15,21})>")
_DOTS = {"red": "🔴", "blue": "🔵", "yellow": "🟡", "green": "🟢"}


def is_table_game(variant: str) -> bool:
    """Whether ``variant`` is played at a table players join (more than two seats)."""
    return presenter_for(variant).table_seats is not None


def invited_ids(text: str | None, host_id: int, max_seats: int) -> list[int]:
    """The users mentioned in the ``players`` option (``@a @b @c``), in order, without the
    host and repeats; :class:`UserError` for text that names nobody or too many."""
    if not text or not text.strip():
        return []
    found = [int(m) for m in _MENTION.findall(text)]
    if not found:
        raise UserError(
            "Name the players you invite by mentioning them, e.g. `players: @Bob @Carol`; "
            "no table was opened."
        )
    invited = [uid for uid in dict.fromkeys(found) if uid != host_id]
    if len(invited) > max_seats - 1:
        raise UserError(
            f"A table has {max_seats} seats, so you can invite at most {max_seats - 1} "
            f"players, not {len(invited)}; no table was opened."
        )
    return invited


def seat_colours(ch: ChallengeRecord) -> tuple[str, ...]:
    """The seat names the players seated now would get if the game started now."""
    count = len(ch.seated)
    if count < 2:
        return presenter_for(ch.variant).table_start(ch.options, 2)[1][:count]
    return presenter_for(ch.variant).table_start(ch.options, count)[1]


def seat_levels(ch: ChallengeRecord) -> tuple[str | None, ...]:
    """The computer's level on each seat of the table (``None`` for a person)."""
    return ch.seated_levels or (None,) * len(ch.seated)


def table_content(ch: ChallengeRecord) -> str:
    """The table's message: who opened it, who is invited, the seats with their colours, and
    how it starts and expires."""
    presenter = presenter_for(ch.variant)
    game = find_game(ch.variant).name
    what = f"a rematch of game #{ch.rematch_of}" if ch.rematch_of else f"a game of {game}"
    most = ch.max_seats or 4
    kind = "Rated (by places)." if ch.rated else "Casual: no rating changes."
    levels = seat_levels(ch)
    if any(levels):
        kind = "With the computer playing: recorded, not counted in records or the leaderboard."
    lines = [f"🎲 <@{ch.challenger_id}> opens a table for {what} (2–{most} players). {kind}"]
    if ch.invited:
        lines.append("Invited: " + ", ".join(f"<@{uid}>" for uid in ch.invited) + ".")
    lines.append(f"**Seats ({len(ch.seated)} of {most}):**")
    seats = zip(ch.seated, levels, seat_colours(ch), strict=True)
    for i, (uid, level, seat) in enumerate(seats, start=1):
        host = " (host)" if uid == ch.challenger_id and i == 1 else ""
        who = f" (the computer, {level})" if level else host
        dot = _DOTS.get(seat, "•")
        lines.append(f"{i}. {dot} {presenter.seat_title(seat)} — <@{uid}>{who}")
    lines.append(
        f"{variant_line(ch.variant, {k: v for k, v in ch.options.items() if k != 'players'})}"
    )
    expires = int(ch.expires_at)
    lines.append(
        "Colours follow the number seated: two play Red and Yellow, three Red, Blue and "
        f"Yellow, four all. Anyone may **Join** while a seat is free; <@{ch.challenger_id}> "
        f"presses **Start** (2–{most} seated); with {most} it starts by itself. "
        f"This table expires <t:{expires}:R> (<t:{expires}:f>)."
    )
    if ch.variant in computer_games():
        lines.append(
            f"<@{ch.challenger_id}> may seat me at a free seat with **Add bot** (easy, medium "
            "or hard; up to three) and take my last seat away with **Remove bot**."
        )
    return "\n".join(lines)


def table_payload(ch: ChallengeRecord, *, ping: bool) -> dict[str, Any]:
    """The table message; with ``ping`` (its first post) the invited players and those
    seated by the host (a rematch) are mentioned -- once: later edits ping nobody."""
    seated = zip(ch.seated, seat_levels(ch), strict=True)
    people = [uid for uid, level in seated if level is None]
    who = [uid for uid in (*ch.invited, *people) if uid != ch.challenger_id]
    return {
        "content": table_content(ch),
        "view": ui.table_view(ch.id, computer=ch.variant in computer_games()),
        "allowed_mentions": ping_users(*who) if ping else ping_users(),
    }


def closed_line(ch: ChallengeRecord, words: str) -> str:
    """The table's first line and what became of it (the buttons go)."""
    return table_content(ch).split("\n")[0] + "\n" + words


async def start_table_game(
    interaction: discord.Interaction[LatrunculiBot],
    ch: ChallengeRecord,
    *,
    host_only: bool,
) -> GameRecord:
    """Start the table's game with the players seated now (the interaction is deferred):
    the table message says so, the game gets its thread and the bot's first rolls."""
    from .challenges import open_game  # the challenges module shares the start path

    bot = interaction.client
    presenter = presenter_for(ch.variant)
    count = len(ch.seated)
    if count < 2:
        raise UserError("A game needs at least 2 players at the table; wait for someone to join.")
    position, seats = presenter.table_start(ch.options, count)
    game = await bot.db.challenges.start_table(
        ch.id,
        interaction.user.id,
        seat_names=seats,
        start_position=position,
        options=presenter.table_options(ch.options, count),
        host_only=host_only,
        now=bot.now(),
    )
    log.info("table %d: game %d started with %d players", ch.id, game.id, count)
    players = ", ".join(f"<@{uid}>" for uid in ch.seated)
    await interaction.edit_original_response(
        content=closed_line(ch, f"✅ **Game #{game.id}** has started: {players}."),
        view=None,
        allowed_mentions=ping_users(),
    )
    return await open_game(interaction, ch, game)
