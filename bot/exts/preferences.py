"""``/settings``: a player's own choices about how the bot plays along with them.

For now one: **play my only legal turn for me** (off by default, as the issue asks: "never by
default"). When on, and the dice give exactly one legal play (one resulting position), the bot
plays it in the same transaction as the move before it, and the board says so. Stored per
player (storage schema 11), so it follows them into every game and server.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from ..client import GameBot
from ..errors import user_errors
from ..i18n import mark, translate
from ..services.languages import language_for
from ..translator import as_client_names

log = logging.getLogger(__name__)

Interaction = discord.Interaction[GameBot]

ONLY_TURN_CHOICES = [
    app_commands.Choice(name="On: the bot plays my only legal turn for me", value="on"),
    app_commands.Choice(name="Off: I always play my turns myself (default)", value="off"),
]

EXPLAINED = {
    True: mark(
        "🤖 **Only legal turn: on.** When your dice allow exactly one legal play (backgammon), "
        "I play it for you and say so under the board."
    ),
    False: mark(
        "✋ **Only legal turn: off** (the default). You play every turn yourself, even when "
        "there is only one legal play. (A roll with no legal play is always passed for you.)"
    ),
}
"""What the setting does, in English (translated where shown)."""

CHANGE_IT = mark("Change it with `/settings only_turn`.")


class Preferences(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="settings", description="Your play settings, e.g. the bot plays your only legal turn"
    )
    @app_commands.guild_only()
    @app_commands.describe(
        only_turn="Whether I play your turn when it is your only legal play (default: off)"
    )
    @app_commands.choices(only_turn=ONLY_TURN_CHOICES)
    async def settings(self, interaction: Interaction, only_turn: str | None = None) -> None:
        async with user_errors(interaction):
            db = self.bot.db
            user = interaction.user
            if only_turn is None:
                player = await db.players.get_player(user.id)
                on = player is not None and player.play_only_turn
                language = await language_for(db, interaction)
                await interaction.response.send_message(
                    f"{translate(EXPLAINED[on], language)}\n"
                    + as_client_names(translate(CHANGE_IT, language), interaction.locale.value),
                    ephemeral=True,
                )
                return
            on = only_turn == "on"
            await db.players.set_play_only_turn(user.id, user.display_name, on, now=self.bot.now())
            log.info("user %d: only legal turn played for them: %s", user.id, on)
            language = await language_for(db, interaction)
            await interaction.response.send_message(
                translate(EXPLAINED[on], language), ephemeral=True
            )


async def setup(bot: GameBot) -> None:
    await bot.add_cog(Preferences(bot))


__all__ = ["Preferences", "setup"]
