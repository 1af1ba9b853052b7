"""The **Play in Discord** button under a board, and which game each launched Activity shows.

A button answers with ``LAUNCH_ACTIVITY``, whose callback carries no data of ours: the
Activity that opens learns only its instance, channel and server. So the bot remembers which
game each launch was for (:class:`ActivityLaunches`, keyed by the instance id Discord returns
with the callback); the Activity's server asks it (through a plain callable, never a Discord
object) and otherwise finds the game of the launch's channel (a game's thread).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from storage import GameRecord

from .buttons import dynamic_item
from .i18n import DEFAULT_LANGUAGE, mark, translate
from .services.languages import game_language

if TYPE_CHECKING:
    from .client import GameBot

__all__ = [
    "PLAY_TEMPLATE",
    "ActivityLaunches",
    "Launch",
    "play_button",
    "with_play_button",
]

PLAY_TEMPLATE = r"lat:activity:(?P<game_id>\d+)"
PLAY_LABEL = mark("Play in Discord")

MAX_LAUNCHES = 10_000
"""Launches remembered at most (the oldest go first): an instance is looked up within seconds
of its launch, so a small bounded memory is plenty and never grows with the bot's age."""


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


@dataclass(frozen=True, slots=True)
class Launch:
    """One Activity launched from a board's button: for which game, by whom, where, when."""

    instance_id: str
    game_id: int
    user_id: int
    guild_id: int
    channel_id: int
    at: float


class ActivityLaunches:
    """Which game each launched Activity instance was opened for (the latest launch wins: a
    second launch in the same channel joins the running instance and moves it to its game).

    Kept in the bot process's memory, bounded by :data:`MAX_LAUNCHES`; a launch handled by
    another process is not seen here, and the Activity then falls back to the channel's game.
    """

    def __init__(self, clock: Callable[[], float] = time.time, limit: int = MAX_LAUNCHES) -> None:
        self._clock = clock
        self._limit = limit
        self._launches: OrderedDict[str, Launch] = OrderedDict()

    def record(
        self, instance_id: str, *, game_id: int, user_id: int, guild_id: int, channel_id: int
    ) -> Launch:
        launch = Launch(instance_id, game_id, user_id, guild_id, channel_id, self._clock())
        self._launches.pop(instance_id, None)
        self._launches[instance_id] = launch
        while len(self._launches) > self._limit:
            self._launches.popitem(last=False)
        return launch

    def get(self, instance_id: str) -> Launch | None:
        return self._launches.get(instance_id)

    def game_for(self, instance_id: str, guild_id: int) -> int | None:
        """The game launched into ``instance_id`` in the server ``guild_id`` (never another
        server's), or ``None``."""
        launch = self._launches.get(instance_id)
        return launch.game_id if launch is not None and launch.guild_id == guild_id else None

    def __len__(self) -> int:
        return len(self._launches)
