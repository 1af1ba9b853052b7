"""``/notify``: how a player is told it is their move — a mention in the game's thread (the
default), a direct message (at most one an hour, listing every game waiting), or nothing.
The choice is stored per player (it follows them into every server); what it does is in
``bot/services/notify.py``."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from storage import NOTIFY_MODES, NotifyMode

from ..client import GameBot
from ..errors import UserError, user_errors
from ..i18n import mark, translate
from ..services.languages import language_for
from ..services.notify import send_dm
from ..translator import as_client_names

log = logging.getLogger(__name__)

Interaction = discord.Interaction[GameBot]

MODE_CHOICES = [
    app_commands.Choice(name="Mention me in the game's thread (default)", value="mention"),
    app_commands.Choice(name="Direct message: at most one an hour, listing every game", value="dm"),
    app_commands.Choice(name="Silent: no notification", value="silent"),
]

MODES: dict[str, NotifyMode] = {m: m for m in NOTIFY_MODES}

EXPLAINED: dict[str, str] = {
    "mention": mark("🔔 When it is your move, I mention you in the game's thread (the default)."),
    "dm": mark(
        "📬 When it is your move, I send you a direct message: at most one an hour, listing "
        "every game waiting for you, with links. A reminder before a timeout comes by DM too. "
        "Boards in the thread still name you, without a ping."
    ),
    "silent": mark(
        "🔕 I don't notify you when it is your move (reminders before a timeout are posted "
        "without a ping). Boards still name you; `/games` lists your games."
    ),
}

WELCOME_DM = mark(
    "📬 This is where I'll tell you it is your move in a game: at most one message an hour, "
    "listing every game waiting for you. `/notify` in a server changes it."
)


class Notify(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="notify", description="How you are told it is your move: a mention, a DM, or nothing"
    )
    @app_commands.guild_only()
    @app_commands.describe(mode="Leave empty to see your current choice")
    @app_commands.choices(mode=MODE_CHOICES)
    async def notify(self, interaction: Interaction, mode: str | None = None) -> None:
        async with user_errors(interaction):
            bot = self.bot
            user = interaction.user
            language = await language_for(bot.db, interaction)
            if mode is None:
                current = await bot.db.players.notify_mode(user.id)
                change = as_client_names(
                    translate("Change it with `/notify mode`.", language), interaction.locale.value
                )
                await interaction.response.send_message(
                    f"{translate(EXPLAINED[current], language)}\n{change}", ephemeral=True
                )
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            chosen = MODES.get(mode)
            if chosen is None:
                raise UserError(mark("Choose one of the offered ways: mention, DM or silent."))
            await bot.db.players.set_notify(user.id, user.display_name, chosen, now=bot.now())
            log.info("user %d: turn notifications by %s", user.id, chosen)
            text = translate(EXPLAINED[chosen], language)
            # the welcome DM in the language they are answered in here (their choice first)
            welcome = translate(WELCOME_DM, language)
            if chosen == "dm" and not await send_dm(bot, user.id, welcome):
                text += "\n" + translate(
                    "⚠️ I could not send you a direct message (are your DMs closed to this "
                    "server?). Until I can, I mention you in the game's thread instead.",
                    language,
                )
            await interaction.followup.send(text, ephemeral=True)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(Notify(bot))


__all__ = ["Notify", "setup"]
