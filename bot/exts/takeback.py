"""``/takeback``: ask the opponent to take back your last move; their Accept / Decline buttons.

What is taken back, and when it is refused, is :mod:`bot.services.takebacks`. The request is
not stored: its buttons (``lat:tb:<game>:<ply>:<tag>:<by>:yes|no``) carry the ply and a
fingerprint of the position it was made at, and accepting re-reads the game and removes the
plies with storage's guarded ``take_back(expected_ply)``: a move (or a resignation, or another
takeback) that landed first makes the request lapse ("the game moved on"), and two Accepts
never take back twice. The board is then posted again, with the player to move pinged.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from storage import GameRecord

from .. import ui
from ..buttons import PersistentItem
from ..client import GameBot
from ..errors import UserError, answer_language, user_errors
from ..i18n import mark, translate
from ..mentions import rationed_ping
from ..services.announce import board_payload, post_board, publish
from ..services.languages import server_language
from ..services.takebacks import position_tag, takeback_for
from .play import game_autocomplete

log = logging.getLogger(__name__)

Interaction = discord.Interaction[GameBot]


class TakebackButton(
    PersistentItem, discord.ui.DynamicItem[discord.ui.Button[Any]], template=ui.TAKEBACK_TEMPLATE
):
    """Accept / Decline under a takeback request: only the opponent of the player who asked,
    and only while the game is where it was when they asked."""

    def __init__(self, game_id: int, ply: int, tag: str | int, by: int, answer: str) -> None:
        tag = str(tag).zfill(8)  # an all-digit fingerprint arrives as a number
        super().__init__(ui.takeback_button(game_id, ply, tag, by, answer))
        self.game_id, self.ply, self.tag, self.by, self.answer = game_id, ply, tag, by, answer

    async def act(self, interaction: Interaction) -> None:
        bot = interaction.client
        uid = interaction.user.id
        record = await bot.games.load_here(self.game_id, interaction.guild_id)
        if record.seat_of(uid) is None:
            raise UserError(mark("Only the two players can answer a takeback request."))
        if uid == self.by:
            raise UserError(mark("You asked for this takeback; your opponent answers it."))
        language = await server_language(bot.db, record.guild_id)  # the request is public
        if not record.is_active or record.ply != self.ply or position_tag(record) != self.tag:
            lapsed = translate(
                mark(
                    "{player}'s takeback request in game #{game} lapsed: the game moved on since "
                    "(a move, or the end). Nothing was taken back."
                ),
                language,
                player=f"<@{self.by}>",
                game=record.id,
            )
            await interaction.response.edit_message(content=lapsed, view=None)
            return
        if self.answer == "no":
            declined = translate(
                mark("{player} declined {asker}'s takeback request in game #{game}. Play on!"),
                language,
                player=f"<@{uid}>",
                asker=f"<@{self.by}>",
                game=record.id,
            )
            await interaction.response.edit_message(content=declined, view=None)
            return

        async def answered(words: str) -> None:
            await interaction.response.edit_message(content=words, view=None)

        await take_back_now(interaction, record, self.ply, self.by, uid, language, answered)


async def take_back_now(
    interaction: Interaction,
    record: GameRecord,
    ply: int,
    by: int,
    accepter: int,
    language: str,
    answered: Callable[[str], Awaitable[None]],
) -> None:
    """Take back ``by``'s last move in ``record`` (asked at ``ply``), accepted by ``accepter``
    (the opponent, or the computer, which accepts every takeback); ``answered`` is told the
    words saying so (in the thread's ``language``) before the board is posted again."""
    bot = interaction.client
    async with bot.games.lock(record.id):
        moves = await bot.db.games.game_moves(record.id)
        takeback = takeback_for(record, moves, by)
        record = await bot.db.games.take_back(record.id, ply, takeback.to_ply, now=bot.now())
        record = await bot.games.wait_for_return(record)  # a player away: it waits
    bot.games.forget(record.id)
    log.info("game %d: takeback to ply %d accepted by %d", record.id, record.ply, accepter)
    words = translate(
        mark("↩️ {player} accepted: {moves} taken back in game #{game}."),
        language,
        player=f"<@{accepter}>",
        moves=takeback.words(language),
        game=record.id,
    )
    await answered(words)
    await bot.menus.lapse(record)
    payload = await board_payload(
        bot.db, record, intro=words, move_timeout=bot.settings.move_timeout_seconds
    )
    try:
        await post_board(bot, record, payload)
    except discord.HTTPException as exc:  # it stands; the catch-up cannot (ply went back)
        log.warning("game %d: board after a takeback not posted: %s", record.id, exc)
        text = translate(
            mark(
                "The takeback stands, but Discord refused the board just now; `/board` shows "
                "game #{game}."
            ),
            await answer_language(interaction),
            game=record.id,
        )
        await interaction.followup.send(text, ephemeral=True)


class Takebacks(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="takeback", description="Ask your opponent to take back your last move"
    )
    @app_commands.guild_only()
    @app_commands.describe(game="Which game, when you have several here (e.g. #12)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def takeback(self, interaction: Interaction, game: str | None = None) -> None:
        async with user_errors(interaction):
            bot = self.bot
            uid = interaction.user.id
            record = await bot.games.resolve(
                uid, interaction.channel_id, game, guild_id=interaction.guild_id
            )
            moves = await bot.db.games.game_moves(record.id)
            takeback = takeback_for(record, moves, uid)
            opponent = record.opponent_of(uid)
            assert opponent is not None
            public = await server_language(bot.db, record.guild_id)
            opponent_seat = record.seat_of(opponent)
            if opponent_seat is not None and record.seat(opponent_seat).is_computer:
                # the computer accepts every takeback at once (as on lichess): a request
                # posted for it would wait for an answer that never comes

                async def answered(words: str) -> None:
                    await interaction.response.send_message(words, ephemeral=True)

                await take_back_now(
                    interaction, record, record.ply, uid, opponent, public, answered
                )
                return
            text = translate(
                mark(
                    "↩️ {player} asks to take back {moves} in game #{game}. {opponent}, do you "
                    "accept? (The request lapses when a move is played.)"
                ),
                public,
                player=f"<@{uid}>",
                moves=takeback.words(public),
                game=record.id,
                opponent=f"<@{opponent}>",
            )
            language = await answer_language(interaction)
            payload = {
                "content": text,
                "view": ui.takeback_view(record.id, record.ply, position_tag(record), uid, public),
                "allowed_mentions": await rationed_ping(
                    bot.db, "takeback", record.id, opponent, now=bot.now()
                ),
            }
            await publish(
                interaction,
                record,
                payload,
                note=translate(mark("Takeback asked:"), language),
                board=False,
                stood=translate(
                    mark("Your takeback request in game #{game} was not posted; ask again."),
                    language,
                    game=record.id,
                ),
            )


async def setup(bot: GameBot) -> None:
    bot.add_dynamic_items(TakebackButton)
    await bot.add_cog(Takebacks(bot))


__all__ = ["TakebackButton", "Takebacks", "setup"]
