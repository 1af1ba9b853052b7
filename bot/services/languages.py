"""Which language to answer an interaction in: the player's ``/language`` choice, their
Discord client's language, the server's default, English (see
:func:`bot.i18n.resolve_language`), read from storage at the moment of the reply."""

from __future__ import annotations

from typing import Any

import discord

from storage import Database

from ..i18n import DEFAULT_LANGUAGE, LANGUAGES, resolve_language

__all__ = ["language_for", "server_language"]


async def language_for(db: Database, interaction: discord.Interaction[Any]) -> str:
    """The language to answer ``interaction``'s user in."""
    player = await db.players.language(interaction.user.id)
    server = await db.guilds.language(interaction.guild_id) if interaction.guild_id else None
    return resolve_language(player, interaction.locale.value, server)


async def server_language(db: Database, guild_id: int | None) -> str:
    """The language of messages that everyone in a server reads -- a game's boards and
    announcements in its thread, a challenge posted in a channel: the server's default
    (``/language server:``), else English. A player's own choice is for what only they see."""
    chosen = await db.guilds.language(guild_id) if guild_id else None
    return chosen if chosen is not None and chosen in LANGUAGES else DEFAULT_LANGUAGE
