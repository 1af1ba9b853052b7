"""Players: a display-name cache and lifetime records, plus the per-guild leaderboard.

Records (played/won/lost/drawn) are bumped in the same transaction that finishes a game, so
they can never disagree with the games table after a crash. The leaderboard is computed from
finished games of the guild rather than from those global counters, because a user's record
spans every guild the bot is in.

Games that do not count: ``'aborted'`` ones, games where one user holds two seats (played
against themselves), and games against the computer (a seat with an ``ai_level``: recorded,
never counted). In every other finished game each seat's player gets a win (the winning
seat), a loss (any other seat, when there is a winner) or a draw.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ._convert import from_ms, from_ms_opt, to_ms
from .backends.base import Row
from .errors import NotAllowed
from .models import (
    NOTIFY_MODES,
    DigestDue,
    GameRecord,
    GameTally,
    LeaderboardRow,
    NotifyMode,
    PlayerRecord,
)

if TYPE_CHECKING:
    from .database import Database

__all__ = ["VACATION_DAYS_PER_MONTH", "PlayerRepository", "counts_for_records"]

VACATION_DAYS_PER_MONTH = 14
"""Days of vacation a player may book in one calendar month (issue 18)."""
DAY_MS = 86_400_000

log = logging.getLogger(__name__)


def counts_for_records(game: GameRecord) -> bool:
    """Whether a finished game enters players' records and the leaderboard."""
    return (
        game.status == "finished"
        and game.reason != "aborted"
        and len(set(game.player_ids)) == len(game.seats)
        and not game.against_computer
    )


def player_from_row(row: Row) -> PlayerRecord:
    return PlayerRecord(
        user_id=row["user_id"],
        display_name=row["display_name"],
        games_played=row["games_played"],
        wins=row["wins"],
        losses=row["losses"],
        draws=row["draws"],
        created_at=from_ms(row["created_at"]),
        updated_at=from_ms(row["updated_at"]),
        notify=row["notify"],
        digest_at=from_ms_opt(row["digest_at"]),
        play_only_turn=bool(row["play_only_turn"]),
        vacation_until=from_ms_opt(row["vacation_until"]),
        vacation_month=row["vacation_month"],
        vacation_days=row["vacation_days"],
        language=row["language"],
    )


class PlayerRepository:
    """``db.players``: names, records and leaderboards."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def upsert_player(
        self, user_id: int, display_name: str, *, now: float | None = None
    ) -> PlayerRecord:
        """Create the player or refresh their cached display name."""
        now_ms = to_ms(now)
        row = await self._db.fetchone(
            """
            INSERT INTO players (user_id, display_name, created_at, updated_at)
            VALUES (?, ?, ?, ?)
            ON CONFLICT (user_id) DO UPDATE
               SET display_name = excluded.display_name, updated_at = excluded.updated_at
            RETURNING *
            """,
            (user_id, display_name, now_ms, now_ms),
        )
        assert row is not None
        return player_from_row(row)

    async def get_player(self, user_id: int) -> PlayerRecord | None:
        row = await self._db.fetchone("SELECT * FROM players WHERE user_id = ?", (user_id,))
        return None if row is None else player_from_row(row)

    # ----- turn notifications ---------------------------------------------------------------

    async def set_notify(
        self, user_id: int, display_name: str, mode: NotifyMode, *, now: float | None = None
    ) -> PlayerRecord:
        """Store how ``user_id`` wants to be told it is their move (creating the player).
        Choosing anything but DMs drops a digest they had coming."""
        if mode not in NOTIFY_MODES:
            raise ValueError(f"unknown notify mode {mode!r} (expected one of {NOTIFY_MODES})")
        now_ms = to_ms(now)
        row = await self._db.fetchone(
            """
            INSERT INTO players (user_id, display_name, created_at, updated_at, notify)
            VALUES (:user, :name, :now, :now, :mode)
            ON CONFLICT (user_id) DO UPDATE
               SET display_name = excluded.display_name, updated_at = excluded.updated_at,
                   notify = excluded.notify,
                   dm_due_since = CASE WHEN excluded.notify = 'dm' THEN players.dm_due_since END
            RETURNING *
            """,
            {"user": user_id, "name": display_name, "now": now_ms, "mode": mode},
        )
        assert row is not None
        return player_from_row(row)

    # ----- play settings --------------------------------------------------------------------

    async def set_play_only_turn(
        self, user_id: int, display_name: str, on: bool, *, now: float | None = None
    ) -> PlayerRecord:
        """Store whether the bot plays ``user_id``'s only legal turn for them (creating the
        player)."""
        now_ms = to_ms(now)
        row = await self._db.fetchone(
            """
            INSERT INTO players (user_id, display_name, created_at, updated_at, play_only_turn)
            VALUES (:user, :name, :now, :now, :on)
            ON CONFLICT (user_id) DO UPDATE
               SET display_name = excluded.display_name, updated_at = excluded.updated_at,
                   play_only_turn = excluded.play_only_turn
            RETURNING *
            """,
            {"user": user_id, "name": display_name, "now": now_ms, "on": int(on)},
        )
        assert row is not None
        return player_from_row(row)

    async def set_language(
        self, user_id: int, display_name: str, language: str | None, *, now: float | None = None
    ) -> PlayerRecord:
        """Store the language ``user_id`` chose for the bot's replies (None: follow their
        Discord client), creating the player."""
        now_ms = to_ms(now)
        row = await self._db.fetchone(
            """
            INSERT INTO players (user_id, display_name, created_at, updated_at, language)
            VALUES (:user, :name, :now, :now, :language)
            ON CONFLICT (user_id) DO UPDATE
               SET display_name = excluded.display_name, updated_at = excluded.updated_at,
                   language = excluded.language
            RETURNING *
            """,
            {"user": user_id, "name": display_name, "now": now_ms, "language": language},
        )
        assert row is not None
        return player_from_row(row)

    async def language(self, user_id: int) -> str | None:
        """The language ``user_id`` chose (None: never chose one, or follows Discord)."""
        value = await self._db.fetchval(
            "SELECT language FROM players WHERE user_id = ?", (user_id,)
        )
        return None if value is None else str(value)

    async def playing_only_turns(self, user_ids: Iterable[int]) -> set[int]:
        """Which of ``user_ids`` opted in to having their only legal turn played for them."""
        ids = sorted(set(user_ids))
        if not ids:
            return set()
        marks = ", ".join("?" for _ in ids)
        rows = await self._db.fetchall(
            f"SELECT user_id FROM players WHERE play_only_turn = 1 AND user_id IN ({marks})",
            tuple(ids),
        )
        return {r["user_id"] for r in rows}

    # ----- vacations ------------------------------------------------------------------------

    async def book_vacation(
        self,
        user_id: int,
        display_name: str,
        days: int,
        *,
        now: float,
        per_month: int = VACATION_DAYS_PER_MONTH,
    ) -> tuple[float, float]:
        """Book ``days`` of vacation for ``user_id``: from now, or from the end of the vacation
        they are on (an extension). The days count in the calendar month (UTC) of ``now``; more
        than ``per_month`` in a month is refused with :class:`NotAllowed` and nothing changes.
        Returns ``(start, until)`` of the days booked (one guarded write)."""
        if days < 1:
            raise ValueError("a vacation is at least one day")
        month = time.strftime("%Y-%m", time.gmtime(now))
        now_ms = to_ms(now)
        await self.upsert_player(user_id, display_name, now=now)
        row = await self._db.fetchone(
            """
            UPDATE players
               SET vacation_days = CASE WHEN vacation_month IS NOT DISTINCT FROM :month
                                        THEN vacation_days ELSE 0 END + :days,
                   vacation_month = :month,
                   vacation_until = max(coalesce(vacation_until, 0), :now) + :span,
                   updated_at = :now
             WHERE user_id = :user
               AND CASE WHEN vacation_month IS NOT DISTINCT FROM :month
                        THEN vacation_days ELSE 0 END + :days <= :limit
            RETURNING vacation_until
            """,
            {
                "user": user_id,
                "month": month,
                "days": days,
                "now": now_ms,
                "span": days * DAY_MS,
                "limit": per_month,
            },
        )
        if row is None:
            player = await self.get_player(user_id)
            used = player.vacation_days if player and player.vacation_month == month else 0
            raise NotAllowed(
                f"{days} more day{'s' if days != 1 else ''} would pass the {per_month} days of "
                f"vacation a month: {max(per_month - used, 0)} left in {month}"
            )
        until = from_ms(row["vacation_until"])
        return until - days * DAY_MS / 1000, until

    async def vacations(self, user_ids: Iterable[int], now: float) -> dict[int, float]:
        """Which of ``user_ids`` are on vacation at ``now``, with when it ends."""
        ids = sorted(set(user_ids))
        if not ids:
            return {}
        marks = ", ".join("?" for _ in ids)
        rows = await self._db.fetchall(
            f"SELECT user_id, vacation_until FROM players WHERE vacation_until > ?"
            f" AND user_id IN ({marks})",
            (to_ms(now), *ids),
        )
        return {r["user_id"]: from_ms(r["vacation_until"]) for r in rows}

    async def notify_mode(self, user_id: int) -> NotifyMode:
        """How ``user_id`` wants to be told it is their move (the default for a stranger)."""
        row = await self._db.fetchone("SELECT notify FROM players WHERE user_id = ?", (user_id,))
        return NOTIFY_MODES[0] if row is None else row["notify"]

    async def note_turn(self, user_id: int, since: float) -> bool:
        """A turn of ``user_id`` began at ``since``: if they chose DMs, their next digest has
        news (kept from the earliest such turn). ``True`` when it was noted."""
        row = await self._db.fetchone(
            """
            UPDATE players SET dm_due_since = COALESCE(dm_due_since, :since)
             WHERE user_id = :user AND notify = 'dm'
            RETURNING user_id
            """,
            {"user": user_id, "since": to_ms(since)},
        )
        return row is not None

    async def digests_due(self, now: float, every: float, *, limit: int = 100) -> list[DigestDue]:
        """Players who chose DMs, have news noted, and had no digest in the last ``every``
        seconds: longest waiting first."""
        rows = await self._db.fetchall(
            """
            SELECT user_id, digest_at FROM players
             WHERE dm_due_since IS NOT NULL AND notify = 'dm'
               AND (digest_at IS NULL OR digest_at <= :cut)
             ORDER BY dm_due_since LIMIT :limit
            """,
            {"cut": to_ms(now) - round(every * 1000), "limit": limit},
        )
        return [DigestDue(r["user_id"], from_ms_opt(r["digest_at"])) for r in rows]

    async def claim_digest(self, due: DigestDue, now: float, every: float) -> bool:
        """Take ``due``'s digest: ``True`` for exactly one caller (this one), recorded before
        anything is sent; ``False`` when another process (or an earlier tick) took it, the news
        is gone, or the hour is not up."""
        row = await self._db.fetchone(
            """
            UPDATE players SET digest_at = :now, dm_due_since = NULL
             WHERE user_id = :user AND digest_at IS NOT DISTINCT FROM :previous
               AND dm_due_since IS NOT NULL AND notify = 'dm'
               AND (digest_at IS NULL OR digest_at <= CAST(:now AS BIGINT) - :every)
            RETURNING user_id
            """,
            {
                "user": due.user_id,
                "previous": None if due.previous is None else to_ms(due.previous),
                "now": to_ms(now),
                "every": round(every * 1000),
            },
        )
        return row is not None

    async def ensure_players(self, user_ids: Iterable[int], now_ms: int) -> None:
        """Make sure rows exist for these users (games and matches reference players)."""
        for user_id in sorted(set(user_ids)):  # one order everywhere: no deadlock on PostgreSQL
            await self._db.execute(
                "INSERT INTO players (user_id, created_at, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO NOTHING",
                (user_id, now_ms, now_ms),
            )

    async def record_result(self, game: GameRecord, now_ms: int) -> None:
        """Add a just-finished game to every seat's player's record (the caller -- the games
        repository finishing it -- holds the transaction)."""
        if not counts_for_records(game):
            return
        for seat in sorted(game.seats, key=lambda s: s.player_id):  # one order: no deadlock
            user_id = seat.player_id
            if game.winner is None:
                column = "draws"
            elif game.winner == seat.name:
                column = "wins"
            else:
                column = "losses"
            await self._db.execute(
                f"UPDATE players SET games_played = games_played + 1, {column} = {column} + 1,"
                " updated_at = ? WHERE user_id = ?",
                (now_ms, user_id),
            )

    async def leaderboard(self, guild_id: int, limit: int = 10) -> list[LeaderboardRow]:
        """Most wins in this guild's finished games first (then fewer losses, then id)."""
        rows = await self._db.fetchall(
            _RANKED + " WHERE rank <= :limit ORDER BY rank", {"guild": guild_id, "limit": limit}
        )
        return [_leaderboard_row(row) for row in rows]

    async def guild_record(self, guild_id: int, user_id: int) -> LeaderboardRow | None:
        """One user's record and rank in this guild's leaderboard (``None``: no counted game)."""
        row = await self._db.fetchone(
            _RANKED + " WHERE user_id = :user", {"guild": guild_id, "user": user_id}
        )
        return None if row is None else _leaderboard_row(row)


    async def game_records(self, guild_id: int, user_id: int) -> list[GameTally]:
        """The user's counted results in this guild per game id (the games the leaderboard
        counts: finished, not aborted, not against themselves, not against the computer), by
        game id."""
        rows = await self._db.fetchall(
            """
            SELECT g.variant AS game,
                   SUM(CASE WHEN g.winner = s.name THEN 1 ELSE 0 END) AS wins,
                   SUM(CASE WHEN g.winner != s.name THEN 1 ELSE 0 END) AS losses,
                   SUM(CASE WHEN g.winner IS NULL THEN 1 ELSE 0 END) AS draws,
                   COUNT(*) AS games
              FROM game_seats AS s JOIN games AS g ON g.id = s.game_id
             WHERE s.player_id = :user AND s.status = 'finished' AND g.guild_id = :guild
               AND g.reason != 'aborted'
               AND NOT EXISTS (SELECT 1 FROM game_seats AS o
                                WHERE o.game_id = s.game_id AND o.seat != s.seat
                                  AND o.player_id = s.player_id)
               AND NOT EXISTS (SELECT 1 FROM game_seats AS c
                                WHERE c.game_id = s.game_id AND c.ai_level IS NOT NULL)
             GROUP BY g.variant ORDER BY g.variant
            """,
            {"user": user_id, "guild": guild_id},
        )
        return [
            GameTally(r["game"], r["wins"], r["losses"], r["draws"], r["games"]) for r in rows
        ]


_RANKED = """
    WITH results (user_id, won, lost, drawn) AS (
        SELECT s.player_id, CASE WHEN g.winner = s.name THEN 1 ELSE 0 END,
               CASE WHEN g.winner != s.name THEN 1 ELSE 0 END,
               CASE WHEN g.winner IS NULL THEN 1 ELSE 0 END
          FROM games AS g JOIN game_seats AS s ON s.game_id = g.id
         WHERE g.guild_id = :guild AND g.status = 'finished' AND g.reason != 'aborted'
           AND NOT EXISTS (SELECT 1 FROM game_seats AS a JOIN game_seats AS b
                              ON b.game_id = a.game_id AND b.seat > a.seat
                             AND b.player_id = a.player_id
                            WHERE a.game_id = g.id)
           AND NOT EXISTS (SELECT 1 FROM game_seats AS c
                            WHERE c.game_id = g.id AND c.ai_level IS NOT NULL)
    ),
    totals AS (
        SELECT r.user_id, COALESCE(p.display_name, '') AS display_name,
               SUM(r.won) AS wins, SUM(r.lost) AS losses,
               SUM(r.drawn) AS draws, COUNT(*) AS games
          FROM results AS r LEFT JOIN players AS p ON p.user_id = r.user_id
         GROUP BY r.user_id, p.display_name
    ),
    ranked AS (
        SELECT *, ROW_NUMBER() OVER (ORDER BY wins DESC, losses ASC, user_id ASC) AS rank
          FROM totals
    )
    SELECT * FROM ranked
"""
"""Every player of a guild with their counted results and leaderboard rank. Callers append a
``WHERE`` on ``rank`` or ``user_id``: the rank is computed over everyone first, so a single
player's row carries their true rank."""


def _leaderboard_row(row: Row) -> LeaderboardRow:
    return LeaderboardRow(
        rank=row["rank"],
        user_id=row["user_id"],
        display_name=row["display_name"],
        wins=row["wins"],
        losses=row["losses"],
        draws=row["draws"],
        games=row["games"],
    )
