"""Which game each Discord Activity launch was for (schema 19).

A **Play in Discord** button answers with a launch whose callback carries the Activity's
instance id and nothing of ours; the Activity that opens learns only its instance, channel and
server. The bot stores the game of each launch here, keyed by instance id, so the Activity's
server -- in this process, another shard's process, or after a restart -- finds the launched
game. Rows older than :data:`KEEP_SECONDS` are dropped when new ones come: an instance is
looked up within seconds of its launch, and again while players stay in it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._convert import to_ms

if TYPE_CHECKING:
    from .database import Database

__all__ = ["KEEP_SECONDS", "LaunchRepository"]

KEEP_SECONDS = 2 * 24 * 3600.0
"""How long a launch is remembered: far longer than an Activity session (12 hours)."""


class LaunchRepository:
    """``db.launches``: the game launched into each Activity instance."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def record(
        self,
        instance_id: str,
        *,
        game_id: int,
        user_id: int,
        guild_id: int,
        channel_id: int,
        now: float | None = None,
    ) -> None:
        """Remember that ``user_id`` launched ``instance_id`` on ``game_id`` (the latest
        launch into an instance wins: a second launch in the channel joins the running
        instance and moves it to its game); forget launches older than :data:`KEEP_SECONDS`."""
        ms = to_ms(now)
        async with self._db.transaction():
            await self._db.execute(
                """
                INSERT INTO activity_launches
                    (instance_id, game_id, user_id, guild_id, channel_id, launched_at)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (instance_id) DO UPDATE SET
                    game_id = excluded.game_id, user_id = excluded.user_id,
                    guild_id = excluded.guild_id, channel_id = excluded.channel_id,
                    launched_at = excluded.launched_at
                """,
                (instance_id, game_id, user_id, guild_id, channel_id, ms),
            )
            await self._db.execute(
                "DELETE FROM activity_launches WHERE launched_at < ?",
                (ms - round(KEEP_SECONDS * 1000),),
            )

    async def game_for(self, instance_id: str, guild_id: int) -> int | None:
        """The game launched into ``instance_id`` in the server ``guild_id`` (never another
        server's), or ``None``."""
        value = await self._db.fetchval(
            "SELECT game_id FROM activity_launches WHERE instance_id = ? AND guild_id = ?",
            (instance_id, guild_id),
        )
        return None if value is None else int(value)
