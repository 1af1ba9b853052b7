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
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from .. import ui
from ..buttons import PersistentItem
from ..client import LatrunculiBot
from ..errors import UserError, user_errors
from ..mentions import rationed_ping
from ..services.announce import board_payload, post_board, publish
from ..services.takebacks import position_tag, takeback_for
from .play import game_autocomplete

log = logging.getLogger(__name__)

Interaction = discord.Interaction[LatrunculiBot]


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
            raise UserError("Only the two players can answer a takeback request.")
        if uid == self.by:
            raise UserError("You asked for this takeback; your opponent answers it.")
        if not record.is_active or record.ply != self.ply or position_tag(record) != self.tag:
            await interaction.response.edit_message(
                content=f"<@{self.by}>'s takeback request in game #{record.id} lapsed: the game "
                "moved on since (a move, or the end). Nothing was taken back.",
                view=None,
            )
            return
        if self.answer == "no":
            await interaction.response.edit_message(
                content=f"<@{uid}> declined <@{self.by}>'s takeback request in game "
                f"#{record.id}. Play on!",
                view=None,
            )
            return
        async with bot.games.lock(record.id):
            moves = await bot.db.games.game_moves(record.id)
            takeback = takeback_for(record, moves, self.by)
            record = await bot.db.games.take_back(
                record.id, self.ply, takeback.to_ply, now=bot.now()
            )
            record = await bot.games.wait_for_return(record)  # a player away: it waits
        bot.games.forget(record.id)
        log.info("game %d: takeback to ply %d accepted by %d", record.id, record.ply, uid)
        words = f"↩️ <@{uid}> accepted: {takeback.words()} taken back in game #{record.id}."
        await interaction.response.edit_message(content=words, view=None)
        await bot.menus.lapse(record)
        payload = await board_payload(
            bot.db, record, intro=words, move_timeout=bot.settings.move_timeout_seconds
        )
        try:
            await post_board(bot, record, payload)
        except discord.HTTPException as exc:  # it stands; the catch-up cannot (ply went back)
            log.warning("game %d: board after a takeback not posted: %s", record.id, exc)
            await interaction.followup.send(
                f"The takeback stands, but Discord refused the board just now; `/board` shows "
                f"game #{record.id}.",
                ephemeral=True,
            )


class Takebacks(commands.Cog):
    def __init__(self, bot: LatrunculiBot) -> None:
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
            text = (
                f"↩️ <@{uid}> asks to take back {takeback.words()} in game #{record.id}. "
                f"<@{opponent}>, do you accept? (The request lapses when a move is played.)"
            )
            payload = {
                "content": text,
                "view": ui.takeback_view(record.id, record.ply, position_tag(record), uid),
                "allowed_mentions": await rationed_ping(
                    bot.db, "takeback", record.id, opponent, now=bot.now()
                ),
            }
            await publish(
                interaction,
                record,
                payload,
                note="Takeback asked:",
                board=False,
                stood=f"Your takeback request in game #{record.id} was not posted; ask again.",
            )


async def setup(bot: LatrunculiBot) -> None:
    bot.add_dynamic_items(TakebackButton)
    await bot.add_cog(Takebacks(bot))


__all__ = ["TakebackButton", "Takebacks", "setup"]
