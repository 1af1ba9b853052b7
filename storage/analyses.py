"""``db.analyses``: finished games' analyses (issue 33), stored as they are computed.

One row per analysed game. The positions' scores are appended a few at a time (``done`` of
``total``), so a restart resumes a half-done analysis where it stopped; ``result`` holds the
finished analysis. Scores and result are opaque JSON here (:mod:`ai.analysis` gives them
meaning). The first request creates the row (``INSERT … ON CONFLICT DO NOTHING``): two
requests at once, from one process or two, start one analysis.

The replies waiting for an analysis (``analysis_replies``, schema 19) are stored with it, so
that the process that works on it — the asker's, another one, or the same after a restart —
edits every asker's "analysing…" message with the progress and then the result. Which process
works on an analysis is claimed in ``db.claims`` (kind ``analysis``, :mod:`storage.claims`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ._convert import from_ms, to_ms

if TYPE_CHECKING:
    from .backends.base import Row
    from .database import Database

__all__ = ["AnalysisRecord", "AnalysisReply", "AnalysisRepository"]


@dataclass(frozen=True, slots=True)
class AnalysisReply:
    """One asker's reply waiting for an analysis: the interaction's ``token`` and the reply's
    ``message_id`` (an ephemeral message is edited through its interaction's webhook only),
    in the asker's ``language``, editable until ``expires_at``."""

    game_id: int
    token: str
    message_id: int
    language: str
    expires_at: float


@dataclass(frozen=True, slots=True)
class AnalysisRecord:
    """One game's analysis: ``done`` of ``total`` positions scored (``scores``), ``result``
    once finished; ``language``: the first asker's."""

    game_id: int
    depth: int
    total: int
    done: int
    scores: list[dict[str, Any]]
    result: dict[str, Any] | None
    language: str
    created_at: float
    updated_at: float

    @property
    def finished(self) -> bool:
        return self.result is not None


_COLUMNS = "game_id, depth, total, done, scores, result, language, created_at, updated_at"


def _record(row: Row) -> AnalysisRecord:
    return AnalysisRecord(
        game_id=int(row["game_id"]),
        depth=int(row["depth"]),
        total=int(row["total"]),
        done=int(row["done"]),
        scores=list(json.loads(row["scores"])),
        result=None if row["result"] is None else dict(json.loads(row["result"])),
        language=str(row["language"]),
        created_at=from_ms(int(row["created_at"])),
        updated_at=from_ms(int(row["updated_at"])),
    )


class AnalysisRepository:
    """The analyses of finished games."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def get(self, game_id: int) -> AnalysisRecord | None:
        row = await self._db.fetchone(
            f"SELECT {_COLUMNS} FROM analyses WHERE game_id = ?", (game_id,)
        )
        return None if row is None else _record(row)

    async def begin(
        self,
        game_id: int,
        *,
        total: int,
        depth: int,
        language: str,
        now: float | None = None,
    ) -> tuple[AnalysisRecord, bool]:
        """The game's analysis row, made now if there was none: ``(record, created)``."""
        ms = to_ms(now)
        row = await self._db.fetchone(
            f"""
            INSERT INTO analyses (game_id, depth, total, language, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (game_id) DO NOTHING
            RETURNING {_COLUMNS}
            """,
            (game_id, depth, total, language, ms, ms),
        )
        if row is not None:
            return _record(row), True
        record = await self.get(game_id)
        assert record is not None  # the conflicting row exists (rows are never deleted alone)
        return record, False

    async def add_scores(
        self, game_id: int, done: int, scores: list[dict[str, Any]], *, now: float | None = None
    ) -> AnalysisRecord:
        """Append ``scores`` to the ``done`` stored already (a stale writer, whose ``done``
        is no longer the stored one, changes nothing)."""
        async with self._db.transaction():
            record = await self.get(game_id)
            if record is None or record.done != done or record.finished:
                raise LookupError(f"the analysis of game {game_id} moved on meanwhile")
            merged = record.scores + scores
            await self._db.execute(
                "UPDATE analyses SET scores = ?, done = ?, updated_at = ? "
                "WHERE game_id = ? AND done = ?",
                (json.dumps(merged, separators=(",", ":")), len(merged), to_ms(now), game_id, done),
            )
        updated = await self.get(game_id)
        assert updated is not None
        return updated

    async def finish(
        self, game_id: int, result: dict[str, Any], *, now: float | None = None
    ) -> AnalysisRecord:
        """Store the finished analysis."""
        await self._db.execute(
            "UPDATE analyses SET result = ?, updated_at = ? WHERE game_id = ?",
            (json.dumps(result, separators=(",", ":")), to_ms(now), game_id),
        )
        record = await self.get(game_id)
        assert record is not None
        return record

    async def unfinished(self, limit: int = 20) -> list[AnalysisRecord]:
        """Analyses begun and not finished (to resume after a restart), oldest first."""
        rows = await self._db.fetchall(
            f"SELECT {_COLUMNS} FROM analyses WHERE result IS NULL ORDER BY created_at LIMIT ?",
            (limit,),
        )
        return [_record(row) for row in rows]

    async def add_reply(
        self,
        game_id: int,
        *,
        token: str,
        message_id: int,
        language: str,
        expires_at: float,
    ) -> None:
        """Remember an asker's reply to edit as the analysis goes (the same interaction
        twice is stored once)."""
        await self._db.execute(
            """
            INSERT INTO analysis_replies (game_id, token, message_id, language, expires_at)
            VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (game_id, token) DO NOTHING
            """,
            (game_id, token, message_id, language, to_ms(expires_at)),
        )

    async def replies(self, game_id: int, *, now: float | None = None) -> list[AnalysisReply]:
        """The replies still editable (not expired at ``now``), oldest token first; the
        expired ones are deleted."""
        ms = to_ms(now)
        await self._db.execute(
            "DELETE FROM analysis_replies WHERE game_id = ? AND expires_at <= ?", (game_id, ms)
        )
        rows = await self._db.fetchall(
            "SELECT game_id, token, message_id, language, expires_at FROM analysis_replies "
            "WHERE game_id = ? ORDER BY expires_at, token",
            (game_id,),
        )
        return [
            AnalysisReply(
                game_id=int(row["game_id"]),
                token=str(row["token"]),
                message_id=int(row["message_id"]),
                language=str(row["language"]),
                expires_at=from_ms(int(row["expires_at"])),
            )
            for row in rows
        ]

    async def drop_replies(self, game_id: int, tokens: list[str] | None = None) -> None:
        """Forget the replies shown their result (``tokens``; ``None``: all of the game's)."""
        if tokens is None:
            await self._db.execute("DELETE FROM analysis_replies WHERE game_id = ?", (game_id,))
            return
        for token in tokens:
            await self._db.execute(
                "DELETE FROM analysis_replies WHERE game_id = ? AND token = ?", (game_id, token)
            )
