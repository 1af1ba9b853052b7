"""The few counts behind the bot's health line (``bot.health``, logged once a minute): games
in play, moves recorded lately, and the oldest overdue challenge work. Each is one indexed
read (``games_turn_active``, ``moves_created``, ``challenges_pending``,
``challenges_message_stale``), cheap enough to run every minute on a large database; the
sweep's other backlogs are read with the games repository's own due-lists (``limit=1``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._convert import from_ms, to_ms

if TYPE_CHECKING:
    from .database import Database

__all__ = ["HealthRepository"]


class HealthRepository:
    """``db.health``: counts for monitoring; reads only."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def active_games(self) -> int:
        """Games being played now (every server, every process)."""
        return int(await self._db.fetchval("SELECT count(*) FROM games WHERE status = 'active'"))

    async def moves_since(self, since: float) -> int:
        """Plies recorded at or after ``since`` (by any process; forced passes and the bot's
        dice count, as they are plies of their own)."""
        return int(
            await self._db.fetchval(
                "SELECT count(*) FROM moves WHERE created_at >= ?", (to_ms(since),)
            )
        )

    async def oldest_overdue_challenge(self, now: float) -> float | None:
        """When the longest-overdue challenge still pending should have expired (the sweep
        expires them), or ``None`` when none is overdue."""
        value = await self._db.fetchval(
            "SELECT min(expires_at) FROM challenges WHERE status = 'pending' AND expires_at <= ?",
            (to_ms(now),),
        )
        return None if value is None else from_ms(int(value))

    async def oldest_stale_message(self) -> float | None:
        """When the oldest expired challenge whose message still shows it open expired (the
        sweep edits them, 100 a minute), or ``None``."""
        value = await self._db.fetchval(
            "SELECT min(resolved_at) FROM challenges WHERE message_stale = 1"
        )
        return None if value is None else from_ms(int(value))
