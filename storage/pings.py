"""Pings rationed per kind: when a user was last pinged for something, so repeating it does
not ping them again and again (offering and withdrawing a draw, challenging and cancelling).

The decision is one upsert: storage, not process memory, so it holds across restarts and
between two bot processes on one file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._convert import to_ms

if TYPE_CHECKING:
    from .database import Database

__all__ = ["PingRepository"]


class PingRepository:
    """``db.pings``: may this ping go out now?"""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def claim(
        self, kind: str, scope: int, target_id: int, *, every: float, now: float | None = None
    ) -> bool:
        """Whether ``target_id`` may be pinged for ``kind`` in ``scope`` (a game, or a
        challenger) now: ``True`` (and recorded) when they were not pinged for it in the last
        ``every`` seconds, else ``False`` (and nothing changes). Claimed before the message is
        sent, so of two racing claims exactly one wins."""
        now_ms = to_ms(now)
        row = await self._db.fetchone(
            """
            INSERT INTO pings (kind, scope, target_id, pinged_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (kind, scope, target_id) DO UPDATE SET pinged_at = excluded.pinged_at
             WHERE pings.pinged_at <= excluded.pinged_at - ?
            RETURNING pinged_at
            """,
            (kind, scope, target_id, now_ms, round(every * 1000)),
        )
        return row is not None
