"""``/language``: the language the bot speaks to a player, and a server's default.

``/language`` alone says which language the player is answered in and why;
``language:<one>`` stores the player's choice (``auto``: follow their Discord client again);
``server:<one>`` stores the server's default, for members who chose nothing and whose client
speaks none of the bot's languages -- only someone with Manage Server may set it, and a refused
command changes nothing. The reply comes in the language that now applies.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from ..client import GameBot
from ..errors import UserError, user_errors
from ..i18n import CLIENT_LANGUAGES, LANGUAGES, mark, resolve_language, translate
from ..translator import command_mention

log = logging.getLogger(__name__)

Interaction = discord.Interaction[GameBot]

AUTO = "auto"

_NATIVE_CHOICES = [
    app_commands.Choice(name=locale_str(f"{name} ({code})", translate=False), value=code)
    for code, name in LANGUAGES.items()
]
PLAYER_CHOICES = [
    *_NATIVE_CHOICES,
    app_commands.Choice(name="Automatic: my Discord language, else the server's", value=AUTO),
]
SERVER_CHOICES = list(_NATIVE_CHOICES)

NOT_ALLOWED = mark("Only someone with the Manage Server permission can set this server's language.")
PLAYER_SET = mark("Your language is now {language}.")
PLAYER_AUTO = mark(
    "Automatic again: your Discord language, else this server's. Here that is {language}."
)
SERVER_SET = mark("This server's default language is now {language}.")
WHY = {
    "player": mark("Your language: {language} (your choice)."),
    "client": mark("Your language: {language} (your Discord language)."),
    "server": mark("Your language: {language} (this server's default)."),
    "default": mark("Your language: {language} (the bot's default)."),
}
SERVER_IS = mark("This server's default language: {language}.")
SERVER_NONE = mark("This server has no default language (English).")
HOW = mark("Change it with {command}.")


def _name(code: str) -> str:
    return f"**{LANGUAGES[code]}**"


def why_code(player: str | None, client: str, server: str | None) -> str:
    """Which step of the resolution chose the language (for the status line)."""
    if player in LANGUAGES:
        return "player"
    if client in CLIENT_LANGUAGES:
        return "client"
    if server in LANGUAGES:
        return "server"
    return "default"


class Language(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="language", description="The language I speak to you (or this server's default)"
    )
    @app_commands.guild_only()
    @app_commands.describe(
        language="Your language (automatic: your Discord language, else the server's)",
        server="This server's default language (needs Manage Server)",
    )
    @app_commands.choices(language=PLAYER_CHOICES, server=SERVER_CHOICES)
    async def language(
        self, interaction: Interaction, language: str | None = None, server: str | None = None
    ) -> None:
        async with user_errors(interaction):
            db = self.bot.db
            user = interaction.user
            guild_id = interaction.guild_id
            assert guild_id is not None  # guild_only
            if server is not None and not interaction.permissions.manage_guild:
                raise UserError(NOT_ALLOWED)  # told in the user's language by user_errors
            now = self.bot.now()
            if server is not None:
                await db.guilds.set_language(guild_id, server, now=now)
                log.info("guild %d: default language %s (by user %d)", guild_id, server, user.id)
            if language is not None:
                chosen = None if language == AUTO else language
                await db.players.set_language(user.id, user.display_name, chosen, now=now)
                log.info("user %d: language %s", user.id, chosen or "automatic")
            player = await db.players.language(user.id)
            server_now = await db.guilds.language(guild_id)
            client = interaction.locale.value
            current = resolve_language(player, client, server_now)
            lines = []
            if language is not None:
                text = PLAYER_AUTO if language == AUTO else PLAYER_SET
                lines.append(translate(text, current, language=_name(current)))
            if server is not None:
                lines.append(translate(SERVER_SET, current, language=_name(server)))
            if not lines:
                why = WHY[why_code(player, client, server_now)]
                lines.append(translate(why, current, language=_name(current)))
                if server_now is not None and server_now in LANGUAGES:
                    lines.append(translate(SERVER_IS, current, language=_name(server_now)))
                else:
                    lines.append(translate(SERVER_NONE, current))
                lines.append(translate(HOW, current, command=command_mention("language", client)))
            await interaction.response.send_message("\n".join(lines), ephemeral=True)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(Language(bot))


__all__ = ["Language", "setup"]
