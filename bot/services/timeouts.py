"""Move timeouts: one reminder per turn, then the game is lost on time.

Nothing here is kept in memory. When a turn began is stored on the game (``turn_since``, set
by every move), so the sweep finds due games by query after any restart. The reminder is
claimed in storage (``reminded_ply``) *before* it is sent: at most one per turn, even with two
bot processes or a restart mid-sweep. A timeout is an ordinary ``finish_game`` with the ply the
sweep read: a move that lands at the same moment wins and the timeout is dropped, so a game is
never finished twice. With several bot processes on one database each due game is claimed
first (``claims``, kinds ``timeout`` and ``reminder``): one process handles it, the others
leave it alone (:mod:`bot.services.claims`).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from rules.games import Reason, find_game
from storage import ConcurrencyError, GameRecord

from ..i18n import LANGUAGES, translate
from ..presenters import presenter_for
from ..texts import duration_words
from .announce import board_payload, jump_url, post_board
from .claims import REMINDER, TIMEOUT, claimed_games
from .computer import computer_seat_to_move
from .draw_offers import close_pending_offer
from .games import player_for, position_session
from .languages import server_language
from .notify import deliver_reminder
from .pace import game_timeout

if TYPE_CHECKING:
    from ..client import GameBot

__all__ = ["BATCH", "finish_on_time", "leave_on_time", "remind", "sweep_turns"]

log = logging.getLogger(__name__)

BATCH = 100
"""Games handled per sweep and kind; more wait for the next tick (a minute later)."""


async def sweep_turns(bot: GameBot) -> tuple[int, int]:
    """Finish the games whose player to move ran out of time, then send the reminders that
    are due. Returns ``(finished, reminded)``. Each game runs at its own pace
    (:mod:`bot.services.pace`); with timeouts off (``MOVE_TIMEOUT_HOURS=0``) only games that
    chose a pace have one."""
    default = bot.settings.move_timeout_seconds
    now = bot.now()
    finished = 0
    # what another process holds is left out of the read: two processes take different games
    overdue = await bot.db.games.paced_turns_due(now, default, limit=BATCH, unclaimed=TIMEOUT)
    async with claimed_games(bot, TIMEOUT, overdue) as mine:
        for record in mine:
            timeout = game_timeout(record, default)
            if timeout is not None:
                finished += await finish_on_time(bot, record, timeout)
    reminded = 0
    due = await bot.db.games.paced_turns_due(
        now, default, reminders=True, limit=BATCH, unclaimed=REMINDER
    )
    async with claimed_games(bot, REMINDER, due) as mine:
        for record in mine:
            timeout = game_timeout(record, default)
            if timeout is not None:
                reminded += await remind(bot, record, timeout)
    return (finished, reminded)


async def finish_on_time(bot: GameBot, record: GameRecord, timeout: float) -> bool:
    """The player to move loses; post the final board pinging both players. In a game where
    seats leave (ludo) they leave instead and the others play on (:func:`leave_on_time`)."""
    if computer_seat_to_move(record) is not None:  # its turn is played by its catch-up
        return False
    loser_seat = position_session(record).to_move
    loser = player_for(record, loser_seat)
    if find_game(record.game_kind).seats_leave:
        return await leave_on_time(bot, record, timeout, loser_seat)
    outcome = position_session(record).conceded(loser_seat, Reason.TIMEOUT)
    before = record
    try:
        async with bot.games.lock(record.id):
            record = await bot.db.games.finish_game(record.id, record.ply, outcome, now=bot.now())
    except ConcurrencyError as exc:  # a move, resignation or another process came first
        log.info("game %d: timeout dropped, %s", record.id, exc)
        return False
    log.info("game %d: %d ran out of time at ply %d", record.id, loser, record.ply)
    bot.games.forget(record.id)
    await bot.menus.lapse(record)  # the loser's open Move menu
    language = await server_language(bot.db, record.guild_id)
    intro = translate(
        "⏰ Time is up: {player} did not move within {duration}.",
        language,
        player=f"<@{loser}>",
        duration=duration_words(timeout, language),
    )
    payload = await board_payload(bot.db, record, intro=intro, language=language)
    try:
        await post_board(bot, record, payload)
    except discord.HTTPException as exc:  # finished either way; the catch-up posts it later
        log.warning("game %d: could not post the timeout: %s", record.id, exc)
    await close_pending_offer(bot, before)
    return True


async def leave_on_time(bot: GameBot, record: GameRecord, timeout: float, seat: str) -> bool:
    """``seat`` ran out of time and leaves (its tokens come off): the bot plays for the next
    player and posts the board, pinging them (or the final board, when one is left)."""
    loser = player_for(record, seat)
    try:
        played = await bot.games.leave(record, seat, Reason.TIMEOUT)
    except ConcurrencyError as exc:  # a move or another process came first
        log.info("game %d: timeout dropped, %s", record.id, exc)
        return False
    record = played.game
    log.info("game %d: %d ran out of time and left at ply %d", record.id, loser, record.ply)
    await bot.menus.lapse(record)
    language = await server_language(bot.db, record.guild_id)
    intro = translate(
        "⏰ Time is up: {player} ({seat}) did not move within {duration} and leaves the game.",
        language,
        player=f"<@{loser}>",
        seat=presenter_for(record.game_kind).seat_title(seat, language),
        duration=duration_words(timeout, language),
    )
    payload = await board_payload(
        bot.db, record, played=played, intro=intro, move_timeout=timeout, language=language
    )
    try:
        await post_board(bot, record, payload)
    except discord.HTTPException as exc:  # stored either way; the catch-up posts it later
        log.warning("game %d: could not post the timeout: %s", record.id, exc)
    return True


async def remind(bot: GameBot, record: GameRecord, timeout: float) -> bool:
    """Tell the player to move how long they have left (once per turn; never the computer)."""
    if computer_seat_to_move(record) is not None:
        return False
    if not await bot.db.games.mark_reminded(record.id, record.ply):
        return False  # moved on, finished, or reminded by another process
    to_move = player_for(record, position_session(record).to_move)
    deadline = record.turn_since + timeout
    language = await reminder_language(bot, record, to_move)
    values = {
        "player": f"<@{to_move}>",
        "game": record.id,
        "duration": duration_words(deadline - bot.now(), language),
        "deadline": f"<t:{int(deadline)}:R>",
        "link": jump_url(record),
    }
    text = (
        translate(
            "⏰ {player}, your move in game #{game} — you have {duration} left ({deadline}). "
            "The board: {link}",
            language,
            **values,
        )
        if values["link"]
        else translate(
            "⏰ {player}, your move in game #{game} — you have {duration} left ({deadline}).",
            language,
            **values,
        )
    )
    try:
        await deliver_reminder(bot, record, to_move, text)
    except discord.HTTPException as exc:
        log.warning("game %d: could not send the reminder: %s", record.id, exc)
        return False
    log.info("game %d: reminded %d at ply %d", record.id, to_move, record.ply)
    return True


async def reminder_language(bot: GameBot, record: GameRecord, player_id: int) -> str:
    """A reminder is read in the game's thread (the server's language), or in a DM by the
    player alone (``/notify dm``: their own ``/language`` choice, else the server's)."""
    server = await server_language(bot.db, record.guild_id)
    if await bot.db.players.notify_mode(player_id) != "dm":
        return server
    own = await bot.db.players.language(player_id)
    return own if own in LANGUAGES else server
