"""Vacations (``/vacation``, issue 18): a player pauses their move clock for up to 14 days a
month, as correspondence players ask of lichess.

A pause is a later start of the clock: ``games.turn_since`` is when the turn's time begins to
run, and a turn's deadline is ``turn_since`` plus the game's pace (:mod:`.pace`). So booking a
vacation moves the clock of every game waiting for the player's move to the vacation's end,
keeping the time they had left (a turn that began during it starts at its end), and a turn that
becomes theirs while they are away starts at its end too
(:meth:`bot.services.games.GameService._store`; a new game and a takeback:
:meth:`~bot.services.games.GameService.wait_for_return`). The sweep's timeouts and reminders
then honour it with no change: they read ``turn_since``; every board shows the later deadline
and says the player is on vacation. A vacation is not cut short (its pause is already given to
the clocks); it can be extended, within the days left.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from storage import GameRecord

from ..i18n import translate
from .announce import home_channel
from .games import player_to_move
from .languages import server_language

if TYPE_CHECKING:
    from ..client import GameBot

__all__ = ["MAX_NOTICES", "pause_clocks", "paused_since"]

log = logging.getLogger(__name__)

MAX_NOTICES = 25
"""Games told of a vacation in their thread (the boards say it anyway)."""


def paused_since(turn_since: float, start: float, until: float) -> float:
    """When a turn's clock starts once a pause from ``start`` to ``until`` is booked: the time
    left at ``start`` is kept for after ``until``; a clock not started by ``start`` (its turn
    began during the pause, or it already waits for an earlier pause) starts at ``until``."""
    if turn_since >= until:
        return turn_since
    return turn_since + (until - max(start, turn_since))


async def pause_clocks(bot: GameBot, user_id: int, start: float, until: float) -> list[GameRecord]:
    """Pause ``user_id``'s clock in every active game waiting for their move (guarded by the
    ply: a move landing meanwhile starts the next turn as usual) and tell each of their games;
    returns the games whose clock was paused."""
    games = await bot.db.games.active_games(user_id=user_id)
    paused = []
    for record in games:
        if player_to_move(record) != user_id:
            continue
        since = paused_since(record.turn_since, start, until)
        if since > record.turn_since and await bot.db.games.pause_turn(
            record.id, record.ply, since
        ):
            paused.append(record)
    for record in games[:MAX_NOTICES]:
        text = translate(  # read by both players in the game's thread: the server's language
            "🏖️ <@{player}> is on vacation until <t:{until}:f> (<t:{until}:R>): their move "
            "clock is paused until then.",
            await server_language(bot.db, record.guild_id),
            player=user_id,
            until=int(until),
        )
        try:
            await home_channel(bot, record).send(
                text, allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException as exc:  # the boards say it anyway
            log.info("game %d: vacation notice not posted: %s", record.id, exc)
    log.info("user %d: vacation until %s, %d clocks paused", user_id, until, len(paused))
    return paused
