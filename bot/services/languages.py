"""Which language to answer an interaction in: the player's ``/language`` choice, their
Discord client's language, the server's default, English (see
:func:`bot.i18n.resolve_language`), read from storage at the moment of the reply."""

from __future__ import annotations

from typing import Any

import discord

from storage import Database, GameRecord

from ..i18n import DEFAULT_LANGUAGE, LANGUAGES, resolve_language

__all__ = ["game_language", "language_for", "server_language"]


async def language_for(
    db: Database, interaction: discord.Interaction[Any], record: GameRecord | None = None
) -> str:
    """The language to answer ``interaction``'s user in; from the settings read with
    ``record`` (the game the interaction is about) when the user plays in it and its server
    is the interaction's."""
    known = record.settings if record is not None else None
    if (
        known is not None
        and record is not None
        and record.guild_id == interaction.guild_id
        and interaction.user.id in known.players
    ):
        player: str | None = known.players[interaction.user.id].language
        server = known.guild_language
    else:
        player = await db.players.language(interaction.user.id)
        server = await db.guilds.language(interaction.guild_id) if interaction.guild_id else None
    return resolve_language(player, interaction.locale.value, server)


async def game_language(db: Database, record: GameRecord) -> str:
    """The language of the messages about ``record`` that everyone in its server reads (see
    :func:`server_language`), from the settings read with the game when it has them."""
    if record.settings is not None:
        return _spoken(record.settings.guild_language)
    return await server_language(db, record.guild_id)


async def server_language(db: Database, guild_id: int | None) -> str:
    """The language of messages that everyone in a server reads -- a game's boards and
    announcements in its thread, a challenge posted in a channel: the server's default
    (``/language server:``), else English. A player's own choice is for what only they see."""
    return _spoken(await db.guilds.language(guild_id) if guild_id else None)


def _spoken(chosen: str | None) -> str:
    """A server's chosen language when the bot speaks it, else English."""
    return chosen if chosen is not None and chosen in LANGUAGES else DEFAULT_LANGUAGE
