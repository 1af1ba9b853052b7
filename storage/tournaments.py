"""Tournaments (issue 36): entrants, rounds and their boards, each board an ordinary game.

A tournament is ``open`` while players join, ``running`` from its first round, then
``finished`` or ``cancelled``. Each round's boards are written in one transaction together
with their games and the round counter's guarded bump (``UPDATE ... WHERE round = :expected``):
two processes (or a restart racing the sweep) that both try to start round ``n`` leave exactly
one round ``n`` and one set of games -- the other gets ``None``. Results are not copied here:
a board's scores are read from its game when it finishes (a board without a game -- a bye, a
forfeit -- carries its fixed scores), so nothing can fall out of step with the games table.
Pairing and scoring are the bot's (``bot/services/tournament_*.py``); storage keeps the facts.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, cast

from ._convert import dump_options, from_ms, from_ms_opt, load_options, to_ms
from .backends.base import Row
from .errors import StorageError
from .games import SELECT_GAMES, game_from_row
from .models import GameRecord, MatchRecord
from .seats import game_seats

if TYPE_CHECKING:
    from .database import Database

__all__ = [
    "FORMATS",
    "BoardPlan",
    "TournamentNotFound",
    "TournamentBoard",
    "TournamentEntrant",
    "TournamentRecord",
    "TournamentRepository",
]

log = logging.getLogger(__name__)

TournamentFormat = Literal["round-robin", "double-round-robin", "swiss", "tables"]
TournamentStatus = Literal["open", "running", "finished", "cancelled"]
FORMATS: tuple[str, ...] = ("round-robin", "double-round-robin", "swiss", "tables")
"""``tables``: multi-seat games (ludo), tables of 3-4 re-seated by standing each round."""


class TournamentNotFound(StorageError):
    """No tournament has this id."""


@dataclass(frozen=True, slots=True)
class TournamentEntrant:
    player_id: int
    seed: int
    """Join order, from 1: the pairing number."""
    withdrawn_round: int | None = None
    """Withdrawn after this many rounds had started (their later games are forfeited)."""

    @property
    def active(self) -> bool:
        return self.withdrawn_round is None


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    thread_id: int | None
    organiser_id: int
    game: str
    """The rules core's game id, as ``games.variant``."""
    options: Mapping[str, str]
    format: TournamentFormat
    rounds: int | None
    """Rounds planned (Swiss, tables); a round-robin's follow from its entrants."""
    pace_hours: int | None
    rated: bool
    status: TournamentStatus
    round: int
    """Rounds started so far (0 while open)."""
    round_started_at: float | None
    starts_at: float | None
    created_at: float
    finished_at: float | None
    entrants: tuple[TournamentEntrant, ...] = ()

    @property
    def active_entrants(self) -> tuple[TournamentEntrant, ...]:
        return tuple(e for e in self.entrants if e.active)

    def entrant(self, player_id: int) -> TournamentEntrant | None:
        return next((e for e in self.entrants if e.player_id == player_id), None)


@dataclass(frozen=True, slots=True)
class BoardPlan:
    """One board of a round to start: its players in seat order (White first; a ludo
    table's in turn order) and, for a board without a game (a bye, a forfeit), the fixed
    score of each."""

    players: tuple[int, ...]
    scores: tuple[float, ...] | None = None


@dataclass(frozen=True, slots=True)
class TournamentBoard:
    round: int
    board: int
    players: tuple[int, ...]
    """In seat order: the game's seats, White first."""
    fixed: tuple[float | None, ...]
    """A score per seat given without a game (bye, forfeit), else ``None`` (from the game)."""
    game: GameRecord | None
    """Its game; for a match (backgammon ``match=N``), the match's latest game."""
    match: MatchRecord | None = None
    """The match a board is played as, whose winner decides its scores."""


def tournament_from_row(row: Row, entrants: Sequence[TournamentEntrant] = ()) -> TournamentRecord:
    return TournamentRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        thread_id=row["thread_id"],
        organiser_id=row["organiser_id"],
        game=row["game"],
        options=load_options(row["options"]),
        format=cast(TournamentFormat, row["format"]),
        rounds=row["rounds"],
        pace_hours=row["pace_hours"],
        rated=bool(row["rated"]),
        status=cast(TournamentStatus, row["status"]),
        round=row["round"],
        round_started_at=from_ms_opt(row["round_started_at"]),
        starts_at=from_ms_opt(row["starts_at"]),
        created_at=from_ms(row["created_at"]),
        finished_at=from_ms_opt(row["finished_at"]),
        entrants=tuple(entrants),
    )


class TournamentRepository:
    """``db.tournaments``: create, join, leave, withdraw, start rounds, finish, read."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser_id: int,
        game: str,
        format: str,
        options: Mapping[str, str] | None = None,
        rounds: int | None = None,
        pace_hours: int | None = None,
        rated: bool = True,
        starts_at: float | None = None,
        now: float | None = None,
    ) -> TournamentRecord:
        """Open a tournament for sign-ups (nobody entered yet: the organiser joins like
        anyone)."""
        if format not in FORMATS:
            raise ValueError(f"format must be one of {FORMATS}, not {format!r}")
        tid = await self._db.fetchval(
            """
            INSERT INTO tournaments (guild_id, channel_id, organiser_id, game, options, format,
                                     rounds, pace_hours, rated, status, round, starts_at,
                                     created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', 0, ?, ?)
            RETURNING id
            """,
            (
                guild_id,
                channel_id,
                organiser_id,
                game,
                dump_options(options),
                format,
                rounds,
                pace_hours,
                int(rated),
                None if starts_at is None else to_ms(starts_at),
                to_ms(now),
            ),
        )
        log.info("tournament %d: %s %s by %d", tid, format, game, organiser_id)
        return await self.require(int(tid))

    async def get(self, tournament_id: int) -> TournamentRecord | None:
        row = await self._db.fetchone("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
        if row is None:
            return None
        rows = await self._db.fetchall(
            "SELECT player_id, seed, withdrawn_round FROM tournament_entrants"
            " WHERE tournament_id = ? ORDER BY seed",
            (tournament_id,),
        )
        entrants = [
            TournamentEntrant(r["player_id"], r["seed"], r["withdrawn_round"]) for r in rows
        ]
        return tournament_from_row(row, entrants)

    async def require(self, tournament_id: int) -> TournamentRecord:
        record = await self.get(tournament_id)
        if record is None:
            raise TournamentNotFound(f"tournament {tournament_id} not found")
        return record

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        await self._db.execute(
            "UPDATE tournaments SET message_id = ? WHERE id = ?", (message_id, tournament_id)
        )

    async def set_thread(self, tournament_id: int, thread_id: int) -> None:
        await self._db.execute(
            "UPDATE tournaments SET thread_id = ? WHERE id = ?", (thread_id, tournament_id)
        )

    async def join(
        self,
        tournament_id: int,
        player_id: int,
        *,
        most: int | None = None,
        now: float | None = None,
    ) -> bool:
        """Enter ``player_id`` while the tournament is open (``most``: its cap); ``False``
        when they are in already, it is full, or it is no longer open."""
        async with self._db.transaction():
            await self._db.lock("SELECT id FROM tournaments WHERE id = ?", (tournament_id,))
            status = await self._db.fetchval(
                "SELECT status FROM tournaments WHERE id = ?", (tournament_id,)
            )
            if status != "open":
                return False
            count = int(
                await self._db.fetchval(
                    "SELECT count(*) FROM tournament_entrants WHERE tournament_id = ?",
                    (tournament_id,),
                )
            )
            if most is not None and count >= most:
                return False
            row = await self._db.fetchone(
                "INSERT INTO tournament_entrants (tournament_id, player_id, seed, joined_at)"
                " SELECT ?, ?, coalesce(max(seed), 0) + 1, ? FROM tournament_entrants"
                " WHERE tournament_id = ?"
                " ON CONFLICT (tournament_id, player_id) DO NOTHING RETURNING player_id",
                (tournament_id, player_id, to_ms(now), tournament_id),
            )
        return row is not None

    async def leave(self, tournament_id: int, player_id: int) -> bool:
        """Take ``player_id`` off an open tournament (the seeds after them move up)."""
        async with self._db.transaction():
            await self._db.lock("SELECT id FROM tournaments WHERE id = ?", (tournament_id,))
            row = await self._db.fetchone(
                "DELETE FROM tournament_entrants WHERE tournament_id = ? AND player_id = ?"
                " AND (SELECT status FROM tournaments WHERE id = ?) = 'open' RETURNING seed",
                (tournament_id, player_id, tournament_id),
            )
            if row is None:
                return False
            await self._db.execute(
                "UPDATE tournament_entrants SET seed = seed - 1"
                " WHERE tournament_id = ? AND seed > ?",
                (tournament_id, row["seed"]),
            )
        return True

    async def withdraw(self, tournament_id: int, player_id: int) -> bool:
        """Withdraw an entrant of a running tournament (once): they are paired no more and
        their remaining scheduled games are forfeited by the bot."""
        row = await self._db.fetchone(
            "UPDATE tournament_entrants SET withdrawn_round ="
            " (SELECT round FROM tournaments WHERE id = :id)"
            " WHERE tournament_id = :id AND player_id = :player AND withdrawn_round IS NULL"
            " AND (SELECT status FROM tournaments WHERE id = :id) = 'running'"
            " RETURNING player_id",
            {"id": tournament_id, "player": player_id},
        )
        return row is not None

    async def cancel(self, tournament_id: int, *, now: float | None = None) -> bool:
        """Call the tournament off (open or running); its games in progress play on as
        ordinary games."""
        row = await self._db.fetchone(
            "UPDATE tournaments SET status = 'cancelled', finished_at = ?"
            " WHERE id = ? AND status IN ('open', 'running') RETURNING id",
            (to_ms(now), tournament_id),
        )
        return row is not None

    async def finish(self, tournament_id: int, rounds: int, *, now: float | None = None) -> bool:
        """Mark it finished after ``rounds`` rounds; ``False`` if that was done already (by
        another process) or the tournament moved on."""
        row = await self._db.fetchone(
            "UPDATE tournaments SET status = 'finished', finished_at = ?"
            " WHERE id = ? AND status = 'running' AND round = ? RETURNING id",
            (to_ms(now), tournament_id, rounds),
        )
        return row is not None

    async def start_round(
        self,
        tournament_id: int,
        expected_round: int,
        boards: Sequence[BoardPlan],
        *,
        seat_names: Mapping[int, Sequence[str]],
        start_positions: Mapping[int, str],
        options: Mapping[int, Mapping[str, str]] | None = None,
        now: float | None = None,
    ) -> list[GameRecord] | None:
        """Start round ``expected_round + 1``: its boards, and a game for each board without
        fixed scores (seats named ``seat_names[player count]``, from
        ``start_positions[player count]``, with ``options[player count]`` or the tournament's), all
        in one transaction with the round counter's
        guarded bump. ``None`` (nothing written) when the tournament is no longer at
        ``expected_round`` or not open or running: another process started the round."""
        now_ms = to_ms(now)
        games: list[GameRecord] = []
        async with self._db.transaction():
            row = await self._db.fetchone(
                "UPDATE tournaments SET round = round + 1, status = 'running',"
                " round_started_at = ? WHERE id = ? AND round = ?"
                " AND status IN ('open', 'running') RETURNING *",
                (now_ms, tournament_id, expected_round),
            )
            if row is None:
                return None
            t = tournament_from_row(row)
            number = expected_round + 1
            for index, plan in enumerate(boards, start=1):
                game_id = None
                if plan.scores is None:
                    count = len(plan.players)
                    seats = game_seats(t.game, zip(seat_names[count], plan.players, strict=True))
                    chosen = t.options if options is None else options[count]
                    match_id = None
                    if int(chosen.get("match", "0") or 0):  # each pairing a match to N
                        match = await self._db.matches.insert_match(
                            guild_id=t.guild_id,
                            length=int(chosen["match"]),
                            seats=seats,
                            game=t.game,
                            options=chosen,
                            now_ms=now_ms,
                        )
                        match_id = match.id
                    game = await self._db.games.insert_game(
                        guild_id=t.guild_id,
                        channel_id=t.channel_id,
                        game_kind=t.game,
                        options=chosen,
                        match_id=match_id,
                        match_game=None if match_id is None else 1,
                        seats=seats,
                        start_position=start_positions[count],
                        thread_id=None,
                        now_ms=now_ms,
                        rated=t.rated,
                        pace_hours=t.pace_hours,
                        start_announced=False,  # the bot posts its first board
                    )
                    games.append(game)
                    game_id = game.id
                elif len(plan.scores) != len(plan.players):
                    raise ValueError("one fixed score per player of a board without a game")
                await self._db.execute(
                    "INSERT INTO tournament_boards (tournament_id, round, board, game_id)"
                    " VALUES (?, ?, ?, ?)",
                    (tournament_id, number, index, game_id),
                )
                await self._db.executemany(
                    "INSERT INTO tournament_seats (tournament_id, round, board, seat, player_id,"
                    " score) VALUES (?, ?, ?, ?, ?, ?)",
                    [
                        (
                            tournament_id,
                            number,
                            index,
                            seat,
                            player,
                            None if plan.scores is None else plan.scores[seat],
                        )
                        for seat, player in enumerate(plan.players)
                    ],
                )
        log.info("tournament %d: round %d started, %d games", tournament_id, number, len(games))
        return games

    async def boards(self, tournament_id: int) -> list[TournamentBoard]:
        """Every board of every round so far, with its game as stored now."""
        seat_rows = await self._db.fetchall(
            "SELECT round, board, seat, player_id, score FROM tournament_seats"
            " WHERE tournament_id = ? ORDER BY round, board, seat",
            (tournament_id,),
        )
        board_rows = await self._db.fetchall(
            "SELECT round, board, game_id FROM tournament_boards WHERE tournament_id = ?"
            " ORDER BY round, board",
            (tournament_id,),
        )
        game_rows = await self._db.fetchall(
            SELECT_GAMES + " WHERE games.id IN (SELECT game_id FROM tournament_boards"
            " WHERE tournament_id = ? AND game_id IS NOT NULL)",
            (tournament_id,),
        )
        games = {r["id"]: game_from_row(r) for r in game_rows}
        matches: dict[int, MatchRecord] = {}
        for game in list(games.values()):  # a match's board shows its latest game
            if game.match_id is not None:
                matches[game.id] = await self._db.matches.require_match(game.match_id)
                latest = (await self._db.matches.match_games(game.match_id))[-1]
                games[game.id] = latest
        seats: dict[tuple[int, int], list[Row]] = {}
        for r in seat_rows:
            seats.setdefault((r["round"], r["board"]), []).append(r)
        return [
            TournamentBoard(
                round=b["round"],
                board=b["board"],
                players=tuple(s["player_id"] for s in seats.get((b["round"], b["board"]), [])),
                fixed=tuple(s["score"] for s in seats.get((b["round"], b["board"]), [])),
                game=games.get(b["game_id"]) if b["game_id"] is not None else None,
                match=matches.get(b["game_id"]) if b["game_id"] is not None else None,
            )
            for b in board_rows
        ]

    async def of_game(self, game_id: int) -> int | None:
        """The tournament a game was played in, if any (a match's later games too)."""
        value = await self._db.fetchval(
            "SELECT tournament_id FROM tournament_boards WHERE game_id = ?"
            " OR game_id = (SELECT first.id FROM games AS g JOIN games AS first"
            " ON first.match_id = g.match_id AND first.match_game = 1 WHERE g.id = ?)",
            (game_id, game_id),
        )
        return None if value is None else int(value)

    async def running(self, *, limit: int = 100) -> list[int]:
        """Running tournaments (the sweep looks whether their round is complete)."""
        rows = await self._db.fetchall(
            "SELECT id FROM tournaments WHERE status = 'running' ORDER BY id LIMIT ?", (limit,)
        )
        return [r["id"] for r in rows]

    async def due_to_start(self, now: float, *, limit: int = 100) -> list[int]:
        """Open tournaments whose ``starts`` time has come."""
        rows = await self._db.fetchall(
            "SELECT id FROM tournaments WHERE status = 'open' AND starts_at IS NOT NULL"
            " AND starts_at <= ? ORDER BY starts_at, id LIMIT ?",
            (to_ms(now), limit),
        )
        return [r["id"] for r in rows]
