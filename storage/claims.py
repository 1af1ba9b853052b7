"""Claims: which process does a piece of shared work, so that it is done exactly once.

Several bot processes may run over one database (shards split over processes, issue 22). Work
that any of them might pick up — a game lost on time, a reminder, the computer's turn in a
game — is claimed first: a row per ``(kind, item)`` naming its ``owner`` (a random token each
process makes at start) until ``expires_at``. The claim is one atomic statement, an upsert
that takes the row only when it is free, expired or already this owner's::

    INSERT INTO claims … ON CONFLICT (kind, item) DO UPDATE SET owner = …, expires_at = …
     WHERE claims.expires_at <= :now OR claims.owner = excluded.owner
    RETURNING item

so of two processes racing for the same item exactly one gets it back, on SQLite (one writer
at a time) and on PostgreSQL (the second insert waits for the first to commit, then sees the
conflict and re-checks the condition on the committed row). The owner releases the claim when
done (the row is deleted) or extends it while still working; a process that dies leaves its
claim to expire, and then the next process to look takes the work over.

Chosen over ``SELECT … FOR UPDATE SKIP LOCKED``: a row lock lasts only as long as its
transaction, and the work claimed here (posting to Discord, a computer's think of up to a
minute) must not hold a database transaction open — on SQLite that would be the one write lock
for everyone. A lease row outlives the statement, works the same on both backends, and says in
the table who holds what.

Times are epoch milliseconds computed by the caller's clock (``now``), compared as numbers:
no database date functions, so the SQL is the same on both backends and tests can drive a
simulated clock.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ._convert import to_ms

if TYPE_CHECKING:
    from .database import Database

__all__ = ["ClaimRepository"]

CHUNK = 100
"""Items per statement in the many-item calls (5 parameters each: far below any backend's
parameter limit)."""


class ClaimRepository:
    """``db.claims``: claim, extend and release shared work by ``(kind, item)``."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def claim(
        self, kind: str, item: int, owner: str, *, lease: float, now: float | None = None
    ) -> bool:
        """Take ``(kind, item)`` for ``owner`` until ``now + lease`` seconds: ``True`` when it
        was free, expired or already ``owner``'s (then the lease is renewed), ``False`` when
        another owner holds an unexpired claim (nothing changes)."""
        return item in await self.claim_many(kind, [item], owner, lease=lease, now=now)

    async def claim_many(
        self,
        kind: str,
        items: Iterable[int],
        owner: str,
        *,
        lease: float,
        now: float | None = None,
    ) -> set[int]:
        """:meth:`claim` for several items at once; returns the ones ``owner`` now holds.

        Items are claimed in ascending order, so two processes claiming overlapping sets
        wait for each other in the same order (no deadlock on PostgreSQL)."""
        now_ms = to_ms(now)
        until_ms = now_ms + round(lease * 1000)
        wanted = sorted(set(items))
        won: set[int] = set()
        for start in range(0, len(wanted), CHUNK):
            chunk = wanted[start : start + CHUNK]
            values = ", ".join("(?, ?, ?, ?, ?)" for _ in chunk)
            params: list[object] = []
            for item in chunk:
                params += [kind, item, owner, now_ms, until_ms]
            rows = await self._db.fetchall(
                f"""
                INSERT INTO claims (kind, item, owner, claimed_at, expires_at) VALUES {values}
                ON CONFLICT (kind, item) DO UPDATE
                   SET owner = excluded.owner, claimed_at = excluded.claimed_at,
                       expires_at = excluded.expires_at
                 WHERE claims.expires_at <= ? OR claims.owner = excluded.owner
                RETURNING item
                """,
                [*params, now_ms],
            )
            won.update(int(row[0]) for row in rows)
        return won

    async def extend(
        self, kind: str, item: int, owner: str, *, lease: float, now: float | None = None
    ) -> bool:
        """Renew ``owner``'s claim to ``now + lease``; ``False`` when it is no longer theirs
        (it expired and another process took it over, or it was released)."""
        now_ms = to_ms(now)
        row = await self._db.fetchone(
            """
            UPDATE claims SET expires_at = ?
             WHERE kind = ? AND item = ? AND owner = ?
            RETURNING item
            """,
            (now_ms + round(lease * 1000), kind, item, owner),
        )
        return row is not None

    async def release(self, kind: str, item: int, owner: str) -> bool:
        """Give ``owner``'s claim back (the work is done, or left for anyone to retry);
        ``False`` when it was not theirs any more — a claim another process took over after
        it expired is never released by the old owner."""
        row = await self._db.fetchone(
            "DELETE FROM claims WHERE kind = ? AND item = ? AND owner = ? RETURNING item",
            (kind, item, owner),
        )
        return row is not None

    async def release_many(self, kind: str, items: Iterable[int], owner: str) -> None:
        """:meth:`release` for several items."""
        wanted = sorted(set(items))
        for start in range(0, len(wanted), CHUNK):
            chunk = wanted[start : start + CHUNK]
            marks = ", ".join("?" for _ in chunk)
            await self._db.execute(
                f"DELETE FROM claims WHERE kind = ? AND owner = ? AND item IN ({marks})",
                [kind, owner, *chunk],
            )

    async def holder(self, kind: str, item: int, *, now: float | None = None) -> str | None:
        """The owner of an unexpired claim on ``(kind, item)``, else ``None``."""
        value = await self._db.fetchval(
            "SELECT owner FROM claims WHERE kind = ? AND item = ? AND expires_at > ?",
            (kind, item, to_ms(now)),
        )
        return None if value is None else str(value)

    async def purge_expired(self, *, now: float | None = None) -> int:
        """Delete claims that expired (their owners died); returns how many. Only tidiness:
        an expired row is taken over by the next claim anyway."""
        rows = await self._db.fetchall(
            "DELETE FROM claims WHERE expires_at <= ? RETURNING item", (to_ms(now),)
        )
        return len(rows)
