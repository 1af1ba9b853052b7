"""Who a message may ping. The bot-wide default pings nobody, so no text a user typed (a move,
a game reference, an option, a display name) can ever ping ``@everyone``, a role or a member;
a message that is *for* someone opts in to exactly that one user."""

from __future__ import annotations

import discord

__all__ = ["NO_MENTIONS", "ping_only", "ping_users"]

NO_MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=False, replied_user=False)
"""The bot-wide default (set on the Bot)."""


def ping_only(user_id: int | None) -> discord.AllowedMentions:
    """Allow exactly ``user_id`` to be pinged (nobody when ``None``)."""
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        replied_user=False,
        users=[discord.Object(user_id)] if user_id is not None else False,
    )


def ping_users(*user_ids: int) -> discord.AllowedMentions:
    """Allow exactly these users to be pinged (a message for both players of a game)."""
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        replied_user=False,
        users=[discord.Object(u) for u in dict.fromkeys(user_ids)] or False,
    )
