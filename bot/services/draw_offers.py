"""What becomes of a draw offer's message, and of an offer that lapsed.

An offer is valid only until the next move. Its message carries Accept / Decline buttons; they
are taken off when the offer ends in any way other than by those buttons (a move makes it
lapse, ``/draw`` accepts it, the game ends), so no message keeps inviting an answer that can no
longer be given. The message id is stored with the offer (``set_draw_offer_message``), so any
process can do it.

A move keeps the offer it made lapse on record until the next move
(``GameRecord.lapsed_draw_offer``). A player whose ``/draw`` was meant to accept it is told it
lapsed, instead of silently making a public offer of their own; the record is then dropped, so
their next ``/draw`` does offer.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, NoReturn

import discord

from storage import GameRecord

from ..errors import UserError
from ..i18n import mark, translate
from .announce import home_channel
from .languages import server_language

if TYPE_CHECKING:
    from ..client import GameBot

__all__ = [
    "close_lapsed_offer",
    "close_offer_message",
    "close_pending_offer",
    "refuse_lapsed_offer",
]

log = logging.getLogger(__name__)


async def close_offer_message(bot: GameBot, record: GameRecord, text: str) -> None:
    """Replace the offer message of ``record`` (as stored while the offer stood or had just
    lapsed) with ``text`` (in the server's language: the thread's players all read it),
    without buttons. Best effort: a stale button refuses by itself."""
    if record.draw_offer_message_id is None:
        return
    message = home_channel(bot, record).get_partial_message(record.draw_offer_message_id)
    try:
        await message.edit(content=text, view=None)
    except discord.HTTPException as exc:
        log.info("game %d: could not close the draw offer message: %s", record.id, exc)


async def close_lapsed_offer(bot: GameBot, record: GameRecord) -> None:
    """After a move (``record`` as the move left it): take the buttons off the offer that
    move made lapse, if any — also when the move ended the game."""
    offered_by = record.draw_offer_by
    if offered_by is not None and record.draw_offer_ply != record.ply:
        text = translate(
            mark("🤝 {player}'s draw offer in game #{game} lapsed: a move was played."),
            await server_language(bot.db, record.guild_id),
            player=f"<@{offered_by}>",
            game=record.id,
        )
        await close_offer_message(bot, record, text)


async def close_pending_offer(bot: GameBot, before: GameRecord) -> None:
    """The game ended otherwise (a resignation, an abort, a timeout; ``before`` is the game
    as read before that): take the buttons off the offer that was pending."""
    if before.pending_draw_offer is not None:
        text = translate(
            mark("🤝 The draw offer in game #{game} lapsed: the game is over."),
            await server_language(bot.db, before.guild_id),
            game=before.id,
        )
        await close_offer_message(bot, before, text)


async def refuse_lapsed_offer(bot: GameBot, record: GameRecord, user_id: int) -> NoReturn:
    """``user_id``'s ``/draw`` came after the opponent's offer lapsed: say so, offer nothing,
    and forget the lapsed offer so that ``/draw`` again makes an offer."""
    offered_by = record.lapsed_draw_offer
    assert offered_by is not None and record.draw_offer_ply is not None
    await close_lapsed_offer(bot, record)
    await bot.db.games.forget_lapsed_draw_offer(record.id, offered_by, record.draw_offer_ply)
    raise UserError(
        mark(
            "{player}'s draw offer in game #{game} lapsed: a move was played after it (an offer "
            "lasts until the next move). Nothing was accepted or offered. Use `/draw` again to "
            "offer a draw yourself."
        ),
        player=f"<@{offered_by}>",
        game=record.id,
    )
