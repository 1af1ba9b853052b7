"""The one play pipeline: lock → check → commit → announce, with one ending.

``/move``, a board's action buttons (backgammon's Roll, Double, Take, Drop), the Move menus and
the computer's turn all play through :func:`play_by` (people) or :func:`announce_played` (the
computer, which commits through :meth:`GameService.play_for_computer`). What differs between
them is only how the person who acted is answered, which :class:`Surface` says:

* ``COMMAND`` (``/move``): "thinking…" while the move is stored; the board is the reply when
  the command was used where the game lives, else it is posted there and the player gets a
  private note with its link.
* ``BUTTON``: a private "thinking…"; the board is posted in the game's channel and the
  presser told privately, with its link.
* ``MENU``: the menu itself becomes the confirmation (or the refusal); the board is posted in
  the game's channel.

After the commit, every surface ends the same way: the board of the new position is posted
(or, if Discord refuses, the player is told the move stands and the catch-up posts it), the
Move menus of the earlier ply are taken down, and a draw offer the move let lapse is closed.
"""

from __future__ import annotations

import logging
from enum import Enum
from typing import TYPE_CHECKING, Any

import discord

from rules import Wording
from storage import GameRecord

from .. import ui
from ..errors import UserError, answer_language, message_for, refuse_deferred
from ..i18n import DEFAULT_LANGUAGE, mark, translate
from ..limits import MAX_CONTENT, cut
from ..links import message_link
from ..mentions import rationed_ping
from ..presenters import presenter_for
from .announce import (
    board_payload,
    home_channel,
    home_channel_id,
    not_posted,
    post_board,
    publish,
    tell_stood,
)
from .draw_offers import (
    close_lapsed_offer,
    close_offer_message,
    close_pending_offer,
    refuse_lapsed_offer,
)
from .games import ALREADY_OVER, Played
from .languages import server_language

if TYPE_CHECKING:
    from ..client import GameBot

__all__ = [
    "Surface",
    "announce_played",
    "draw_from_web",
    "play_by",
    "play_from_web",
    "resign_from_web",
]

log = logging.getLogger(__name__)

NOT_PLAYED = mark("{move} was not played. {reason}")
"""A refusal that came after the move was read (e.g. a resignation landed meanwhile)."""
PLAYED = mark("✅ You played {move} in game #{game}: {link}")
"""The private confirmation of a move, with the link to the board it was posted on."""
PLAYED_HERE = mark("✅ You played {move} in game #{game}:")
"""The same, before the link ``/move`` adds when the board went to the game's channel."""
STOOD = mark("Your move {move} in game #{game} was played and stands.")
"""What a player is told when the board after their move could not be posted."""
ACTION_STOOD = mark("Your {action} in game #{game} was played and stands.")
"""The same for a board's action button (a roll, a double, a take)."""


class Surface(Enum):
    """Where a person's action came from, which decides only how they are answered."""

    COMMAND = "command"
    BUTTON = "button"
    MENU = "menu"


async def play_by(
    interaction: discord.Interaction[GameBot],
    record: GameRecord,
    text: str,
    surface: Surface,
    *,
    expected_ply: int | None = None,
) -> Played | None:
    """Play ``text`` for the interaction's user in ``record`` (the game as read for this
    interaction) and announce it; ``None`` when it was refused after the answer was
    deferred (the refusal was said). A refusal before that raises, for the command's error
    handler. ``expected_ply``: the ply the button or menu was shown for."""
    bot = interaction.client
    svc = bot.games
    here = interaction.channel_id == home_channel_id(record)
    language = await answer_language(interaction, record)
    pending = None
    async with svc.lock(record.id):
        try:
            if surface is Surface.MENU:  # the menu is answered at once: it becomes the reply
                await interaction.response.defer()
            pending = await svc.prepare(
                record, interaction.user.id, text, expected_ply=expected_ply
            )
            if surface is not Surface.MENU:
                public = surface is Surface.COMMAND and here
                await interaction.response.defer(thinking=True, ephemeral=not public)
            played = await svc.commit(pending)
        except Exception as exc:  # e.g. a resignation or a move landed meanwhile
            if not interaction.response.is_done():
                raise  # refused before anything was sent: the error handler says it
            reason = message_for(exc, language)
            if reason is None:
                raise
            shown = pending.text if pending is not None else text.strip()
            refusal = translate(NOT_PLAYED, language, move=f"`{shown}`", reason=reason)
            if surface is Surface.MENU:
                await interaction.edit_original_response(
                    content=cut(refusal, MAX_CONTENT), view=None
                )
            else:
                await refuse_deferred(
                    interaction, refusal, public=surface is Surface.COMMAND and here
                )
            return None
    await announce_played(bot, played, interaction=interaction, surface=surface, language=language)
    return played


async def announce_played(
    bot: GameBot,
    played: Played,
    *,
    interaction: discord.Interaction[GameBot] | None = None,
    surface: Surface | None = None,
    language: str = DEFAULT_LANGUAGE,
) -> discord.Message | None:
    """Post the board after ``played`` (a person's action through ``interaction`` on
    ``surface``, or the computer's without one), tell the person (in ``language``, theirs),
    take down the Move menus of the earlier ply and close a draw offer that lapsed. The one
    ending of every move."""
    record = played.game
    payload = await board_payload(
        bot.db, record, played=played, move_timeout=bot.settings.move_timeout_seconds
    )
    message = await _post(bot, record, played, payload, interaction, surface, language)
    await close_lapsed_offer(bot, record)
    return message


async def _post(
    bot: GameBot,
    record: GameRecord,
    played: Played,
    payload: dict[str, Any],
    interaction: discord.Interaction[GameBot] | None,
    surface: Surface | None,
    language: str,
) -> discord.Message | None:
    """Send the board and answer the person who acted (if one did), in ``language``."""
    done = f"`{played.moves[0].result.canonical}`"
    if interaction is None or surface is None:  # the computer: nobody to answer
        try:
            return await post_board(bot, record, payload)
        except discord.HTTPException as exc:  # the move stands; the catch-up posts the board
            log.warning("game %d: board post failed after ply %d: %s", record.id, record.ply, exc)
            return None
    if surface is Surface.COMMAND:
        return await publish(
            interaction,
            record,
            payload,
            note=translate(PLAYED_HERE, language, move=done, game=record.id),
            stood=translate(STOOD, language, move=done, game=record.id),
        )
    try:
        message = await post_board(bot, record, payload)
    except discord.HTTPException as exc:  # the action stands: say so, the catch-up posts it
        log.warning("game %d: board post failed after ply %d: %s", record.id, record.ply, exc)
        if surface is Surface.BUTTON:
            stood = translate(ACTION_STOOD, language, action=done, game=record.id)
        else:
            stood = translate(STOOD, language, move=done, game=record.id)
        await tell_stood(interaction, f"{stood} {not_posted(exc, language=language)}")
        await bot.menus.lapse(record)
        return None
    link = message_link(record.guild_id, message.channel.id, message.id)
    await interaction.edit_original_response(
        content=translate(PLAYED, language, move=done, game=record.id, link=link), view=None
    )
    await bot.menus.lapse(record, link)
    return message


async def play_from_web(
    bot: GameBot, game_id: int, user_id: int, text: str, *, expected_ply: int | None
) -> Played:
    """A move from the live board (``web/``): the same lock → check → commit as
    :func:`play_by` -- the same refusals (raised, for the web to word), the same guarded
    write, so two clicks never play two moves -- then the same ending as the computer's move:
    the board posted in the game's thread (the browser is the mover's answer), Move menus of
    the earlier ply taken down. ``expected_ply``: the ply the page showed."""
    svc = bot.games
    async with svc.lock(game_id):
        record = await svc.load(game_id)
        pending = await svc.prepare(record, user_id, text, expected_ply=expected_ply)
        played = await svc.commit(pending)
    message = await announce_played(bot, played)
    if message is not None:
        link = message_link(played.game.guild_id, message.channel.id, message.id)
        await bot.menus.lapse(played.game, link)
    else:
        await bot.menus.lapse(played.game)
    return played


RESIGNED = mark("🏳️ {player} resigned.")
"""The final board's intro after a resignation (the words ``/resign`` posts)."""


async def resign_from_web(bot: GameBot, game_id: int, user_id: int) -> GameRecord:
    """``/resign`` from the live board: the game service's resignation (the same checks and
    guarded write), then the final board posted in the game's thread as ``/resign`` posts it
    and a pending draw offer closed."""
    before = await bot.games.load(game_id)
    record = await bot.games.resign(before, user_id)
    public = await server_language(bot.db, record.guild_id)
    intro = translate(RESIGNED, public, player=f"<@{user_id}>", game=record.id)
    payload = await board_payload(
        bot.db, record, intro=intro, move_timeout=bot.settings.move_timeout_seconds
    )
    try:
        await post_board(bot, record, payload)
    except discord.HTTPException as exc:  # the resignation stands; the catch-up posts it
        log.warning("game %d: final board post failed: %s", record.id, exc)
    await close_pending_offer(bot, before)
    return record


async def draw_from_web(bot: GameBot, game_id: int, user_id: int) -> str:
    """``/draw`` from the live board: accept the opponent's pending offer (``"accepted"``: the
    final board is posted) or offer a draw (``"offered"``: the offer with its Accept / Decline
    buttons is posted in the game's thread, as ``/draw`` posts it). The same refusals as
    ``/draw`` (no draws in this game, the computer plays on, already offered, a lapsed offer)."""
    record = await bot.games.load(game_id)
    opponent = record.opponent_of(user_id) if len(record.seats) == 2 else None
    if record.seat_of(user_id) is None:
        raise UserError(
            mark("You are not playing in game #{game}; only its players can move."), game=game_id
        )
    if not record.is_active:
        raise UserError(ALREADY_OVER, game=record.id)
    presenter = presenter_for(record.game_kind)
    if not presenter.rules.draws_by_agreement or opponent is None:
        no_draws = presenter.no_draws or "this game always ends with a winner: it has no draws."
        raise UserError(mark("Game #{game}: {reason}"), game=record.id, reason=Wording(no_draws))
    if record.against_computer:
        raise UserError(
            mark(
                "{computer} declines: the computer plays every game to its end and "
                "accepts no draw. Nothing was offered in game #{game}; play on, or "
                "`/resign` to give it up."
            ),
            computer=f"<@{record.computer_seats[0].player_id}>",
            game=record.id,
        )
    offer = record.pending_draw_offer
    if offer is None and record.lapsed_draw_offer == opponent:
        await refuse_lapsed_offer(bot, record, user_id)
    public = await server_language(bot.db, record.guild_id)
    if offer == opponent:  # the opponent offered: this accepts
        offered = record
        async with bot.games.lock(record.id):
            record = await bot.db.games.accept_draw(record.id, user_id, record.ply, now=bot.now())
        bot.games.forget(record.id)
        intro = translate(
            mark("🤝 {player} accepted the draw offer."), public, player=f"<@{user_id}>"
        )
        payload = await board_payload(
            bot.db, record, intro=intro, move_timeout=bot.settings.move_timeout_seconds
        )
        try:
            await post_board(bot, record, payload)
        except discord.HTTPException as exc:  # the draw stands; the catch-up posts the board
            log.warning("game %d: final board post failed: %s", record.id, exc)
        text = translate(
            mark("🤝 {player} accepted {offerer}'s draw offer in game #{game}."),
            public,
            player=f"<@{user_id}>",
            offerer=f"<@{opponent}>",
            game=record.id,
        )
        await close_offer_message(bot, offered, text)
        return "accepted"
    if offer == user_id:
        raise UserError(mark("You have already offered a draw; wait for your opponent's answer."))
    record = await bot.db.games.offer_draw(record.id, user_id, record.ply, now=bot.now())
    text = translate(
        mark(
            "🤝 {player} offers a draw in game #{game}. {opponent}, do you accept? "
            "(The offer lapses when a move is played.)"
        ),
        public,
        player=f"<@{user_id}>",
        game=record.id,
        opponent=f"<@{opponent}>",
    )
    mentions = await rationed_ping(bot.db, "draw", record.id, opponent, now=bot.now())
    try:
        message = await home_channel(bot, record).send(
            content=text,
            view=ui.draw_view(record.id, record.ply, public),
            allowed_mentions=mentions,
        )
    except discord.HTTPException as exc:  # the offer stands; the opponent can /draw to accept
        log.warning("game %d: draw offer post failed: %s", record.id, exc)
        return "offered"
    await bot.db.games.set_draw_offer_message(record.id, record.ply, message.id)
    return "offered"
