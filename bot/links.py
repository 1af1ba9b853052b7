"""Links to messages and the channels the bot posts in, always with their server's id.

A link made without the guild id (``…/channels/@me/…``) points into direct messages and does
not open a server thread; a :class:`discord.PartialMessageable` made without ``guild_id`` gives
its messages exactly such links. So every channel the bot posts a game message in is made here
with its guild, and every link the bot prints is built here from stored ids.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from storage import GameRecord

if TYPE_CHECKING:
    from .client import GameBot

__all__ = ["home_channel", "home_channel_id", "jump_url", "message_link", "server_channel"]


def message_link(guild_id: int | None, channel_id: int, message_id: int) -> str:
    """``https://discord.com/channels/<guild>/<channel>/<message>`` (``@me`` only outside a
    server, which no game or challenge is)."""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


def server_channel(
    bot: GameBot, channel_id: int, guild_id: int | None
) -> discord.PartialMessageable:
    """A channel or thread of a server to send to, knowing its server (so its messages'
    ``jump_url`` opens the server, not direct messages)."""
    return bot.get_partial_messageable(channel_id, guild_id=guild_id)


def home_channel_id(record: GameRecord) -> int:
    """Where a game's messages go: its thread, or the channel it was set up in."""
    return record.thread_id or record.channel_id


def home_channel(bot: GameBot, record: GameRecord) -> discord.PartialMessageable:
    """The game's thread (or channel) to send to, with its server's id (so links open it)."""
    return server_channel(bot, home_channel_id(record), record.guild_id)


def jump_url(record: GameRecord) -> str | None:
    """The link to a game's latest board (``None`` before one was posted)."""
    if (
        record.guild_id is None
        or record.board_channel_id is None
        or record.board_message_id is None
    ):
        return None
    return message_link(record.guild_id, record.board_channel_id, record.board_message_id)
