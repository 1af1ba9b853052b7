"""Links to messages and the channels the bot posts in, always with their server's id.

A link made without the guild id (``…/channels/@me/…``) points into direct messages and does
not open a server thread; a :class:`discord.PartialMessageable` made without ``guild_id`` gives
its messages exactly such links. So every channel the bot posts a game message in is made here
with its guild, and every link the bot prints is built here from stored ids.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from .client import LatrunculiBot

__all__ = ["message_link", "server_channel"]


def message_link(guild_id: int | None, channel_id: int, message_id: int) -> str:
    """``https://discord.com/channels/<guild>/<channel>/<message>`` (``@me`` only outside a
    server, which no game or challenge is)."""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


def server_channel(
    bot: LatrunculiBot, channel_id: int, guild_id: int | None
) -> discord.PartialMessageable:
    """A channel or thread of a server to send to, knowing its server (so its messages'
    ``jump_url`` opens the server, not direct messages)."""
    return bot.get_partial_messageable(channel_id, guild_id=guild_id)
