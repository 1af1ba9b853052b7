"""The **Play in Discord** button under a board, and which game each launched Activity shows.

A button answers with ``LAUNCH_ACTIVITY``, whose callback carries no data of ours: the
Activity that opens learns only its instance, channel and server. So the bot stores which
game each launch was for (:class:`ActivityLaunches`, keyed by the instance id Discord returns
with the callback, in storage: every bot process and a restarted one find it); the
Activity's server asks it (through a plain callable, never a Discord object) and otherwise
finds the game of the launch's channel (a game's thread).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from storage import Database, GameRecord

from .buttons import dynamic_item
from .i18n import DEFAULT_LANGUAGE, mark, translate
from .services.languages import game_language

if TYPE_CHECKING:
    from .client import GameBot

__all__ = [
    "PLAY_TEMPLATE",
    "ActivityLaunches",
    "play_button",
    "with_play_button",
]

PLAY_TEMPLATE = r"lat:activity:(?P<game_id>\d+)"
PLAY_LABEL = mark("Play in Discord")


def play_button(game_id: int, language: str = DEFAULT_LANGUAGE) -> discord.ui.Button[Any]:
    """The board's **Play in Discord** button: it launches the Activity on that game."""
    return discord.ui.Button(
        label=translate(PLAY_LABEL, language),
        emoji="🎮",
        style=discord.ButtonStyle.secondary,
        custom_id=f"lat:activity:{game_id}",
    )


async def with_play_button(bot: GameBot, record: GameRecord, payload: dict[str, Any]) -> None:
    """Add **Play in Discord** to a public board ``payload`` (in place) when the bot's Activity
    is enabled (``ACTIVITY_ENABLED``) and the game is still being played; after the board's own
    buttons, in the game's language (the one its thread is written in)."""
    if not bot.settings.activity_enabled or not record.is_active or record.guild_id is None:
        return
    view = payload.get("view")
    if not isinstance(view, discord.ui.View):
        return
    language = await game_language(bot.db, record)
    view.add_item(dynamic_item(play_button(record.id, language)))


class ActivityLaunches:
    """Which game each launched Activity instance was opened for (the latest launch wins: a
    second launch in the same channel joins the running instance and moves it to its game).

    Kept in storage (``db.launches``, schema 19), so the Activity's server of any bot process
    -- another shard's, or this one after a restart -- finds the launched game."""

    def __init__(self, db: Database, clock: Callable[[], float] = time.time) -> None:
        self._db = db
        self._clock = clock

    async def record(
        self, instance_id: str, *, game_id: int, user_id: int, guild_id: int, channel_id: int
    ) -> None:
        await self._db.launches.record(
            instance_id,
            game_id=game_id,
            user_id=user_id,
            guild_id=guild_id,
            channel_id=channel_id,
            now=self._clock(),
        )

    async def game_for(self, instance_id: str, guild_id: int) -> int | None:
        """The game launched into ``instance_id`` in the server ``guild_id`` (never another
        server's), or ``None``."""
        return await self._db.launches.game_for(instance_id, guild_id)
