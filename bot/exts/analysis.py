"""``/analysis [game]`` and the Analysis button under a finished game's final board (issue 33):
the game's analysis, computed once (in the niced analysis worker, queued one at a time),
stored, and shown again instantly; and the buttons under it that show the position before a
costly move with the better move drawn as an arrow. Players and spectators alike may ask, in
the game's own server only; a game still being played is refused (no help during play)."""

from __future__ import annotations

import logging
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
from ..services.analysis import progress_text, refuse
from ..services.analysis_view import before_board, result_message
from ..texts import game_name

log = logging.getLogger(__name__)

Interaction = discord.Interaction[GameBot]

__all__ = ["AnalysisButton", "AnalysisCog", "AnalysisMoveButton", "setup", "show_analysis"]


async def show_analysis(interaction: Interaction, record: GameRecord) -> None:
    """Answer ``interaction`` (ephemerally, in the user's language) with ``record``'s
    analysis: at once when stored, else its progress, edited until the result replaces it."""
    refuse(record)
    bot = interaction.client
    language = await answer_language(interaction, record)
    stored = await bot.analysis.stored(record.id)
    if stored is not None and stored.finished:
        payload = await result_message(bot, record, stored, language)
        await interaction.response.send_message(
            payload["content"], files=payload["attachments"], view=payload["view"], ephemeral=True
        )
        return
    done = 0 if stored is None else min(stored.done, record.ply)
    sent = await interaction.response.send_message(
        progress_text(record.id, done, record.ply, language), ephemeral=True
    )
    message_id = sent.message_id
    if message_id is None:  # pragma: no cover - Discord names the reply it made
        message_id = (await interaction.original_response()).id
    await bot.analysis.request(record, interaction.token, message_id, language)


class AnalysisButton(
    PersistentItem, discord.ui.DynamicItem[discord.ui.Button[Any]], template=ui.ANALYSIS_TEMPLATE
):
    """Analysis under a finished game's final board."""

    def __init__(self, game_id: int) -> None:
        super().__init__(ui.analysis_button(game_id))
        self.game_id = game_id

    async def act(self, interaction: Interaction) -> None:
        record = await interaction.client.games.load_here(self.game_id, interaction.guild_id)
        await show_analysis(interaction, record)


class AnalysisMoveButton(
    PersistentItem,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=ui.ANALYSIS_MOVE_TEMPLATE,
):
    """Under an analysis: the position before one costly move, the better move an arrow."""

    def __init__(self, game_id: int, ply: int) -> None:
        super().__init__(ui.analysis_move_button(game_id, ply, "…"))
        self.game_id, self.ply = game_id, ply

    async def act(self, interaction: Interaction) -> None:
        bot = interaction.client
        record = await bot.games.load_here(self.game_id, interaction.guild_id)
        stored = await bot.analysis.stored(record.id)
        if stored is None or not stored.finished:
            raise UserError(mark("Game #{game} has not been analysed yet."), game=record.id)
        language = await answer_language(interaction, record)
        await interaction.response.defer(ephemeral=True, thinking=True)
        words, file = await before_board(bot, record, stored, self.ply, language)
        await interaction.followup.send(words, file=file, ephemeral=True)


async def finished_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The user's finished games in this server, most recent first."""
    if interaction.guild_id is None:
        return []
    language = await answer_language(interaction)
    needle = current.strip().lstrip("#").strip().lower()
    games = await interaction.client.db.games.finished_games(
        interaction.user.id, guild_id=interaction.guild_id, limit=50
    )
    choices = []
    for game in games:
        name = translate(
            mark("#{game} · {game_name}"),
            language,
            game=game.id,
            game_name=game_name(game.game_kind, language),
        )
        if needle and needle not in name.lower():
            continue
        choices.append(app_commands.Choice(name=name[:100], value=str(game.id)))
    return choices[:25]


class AnalysisCog(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="analysis",
        description="A finished game's analysis: accuracy, mistakes and the costliest moves",
    )
    @app_commands.guild_only()
    @app_commands.describe(game="Which finished game (e.g. #12); default: your latest here")
    @app_commands.autocomplete(game=finished_autocomplete)
    async def analysis(self, interaction: Interaction, game: str | None = None) -> None:
        async with user_errors(interaction):
            bot = self.bot
            if game:
                record = await bot.games.load_here(
                    bot.games.parse_game_ref(game), interaction.guild_id
                )
            else:
                latest = await bot.db.games.finished_games(
                    interaction.user.id, guild_id=interaction.guild_id, limit=1
                )
                if not latest:
                    raise UserError(mark("You have no finished game in this server to analyse."))
                record = latest[0]
            await show_analysis(interaction, record)


async def setup(bot: GameBot) -> None:
    bot.add_dynamic_items(AnalysisButton, AnalysisMoveButton)
    await bot.add_cog(AnalysisCog(bot))
