"""Who a message may ping. The bot-wide default pings nobody, so no text a user typed (a move,
a game reference, an option, a display name) can ever ping ``@everyone``, a role or a member;
a message that is *for* someone opts in to exactly that one user."""

from __future__ import annotations

from collections.abc import Iterable

import discord

from storage import Database

__all__ = [
    "NO_MENTIONS",
    "PING_EVERY",
    "ping_only",
    "ping_users",
    "rationed_ping",
    "rationed_pings",
]

PING_EVERY = 3600.0
"""A user is pinged at most once this often for the same kind of thing in the same place (a
draw offer in one game, challenges from one player): offering and withdrawing, or challenging
and cancelling, in a loop must not turn the bot into a pager."""

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


async def rationed_ping(
    db: Database, kind: str, scope: int, user_id: int, *, now: float
) -> discord.AllowedMentions:
    """:func:`ping_only` ``user_id``, unless they were pinged for ``kind`` in ``scope`` (a game,
    or a challenger) within :data:`PING_EVERY`: then nobody. The message is sent either way and
    still names them. Decided in storage, so a restart or a second process does not reset it."""
    if await db.pings.claim(kind, scope, user_id, every=PING_EVERY, now=now):
        return ping_only(user_id)
    return ping_only(None)


async def rationed_pings(
    db: Database, kind: str, scope: int, user_ids: Iterable[int], *, now: float
) -> discord.AllowedMentions:
    """:func:`rationed_ping` for a message for several users (a table's invitations): each
    is pinged unless already pinged for ``kind`` in ``scope`` within :data:`PING_EVERY`."""
    claimed = [
        uid
        for uid in dict.fromkeys(user_ids)
        if await db.pings.claim(kind, scope, uid, every=PING_EVERY, now=now)
    ]
    return ping_users(*claimed)
