"""Backgammon matches: a series of games between the same seats until one reaches ``length``
points.

A match's games are ordinary games (``games.match_id``, ``games.match_game`` = 1, 2, ...); the
match holds the seats, the score per seat, the Crawford state and its own end. A game's points
are added in the same transaction that finishes the game (:meth:`MatchRepository.record_points`,
called by the games repository), guarded by the number of games already scored: a result is
never stored without its score, and never scored twice.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, cast

from ._convert import dump_options, from_ms, from_ms_opt, load_options, to_ms
from .backends.base import Row
from .errors import MatchNotFound, NotAllowed, StorageError
from .games import SELECT_GAMES, game_from_row
from .models import AILevel, GameRecord, MatchRecord, MatchSeat, MatchStatus, Seat
from .seats import game_seats

if TYPE_CHECKING:
    from .database import Database

__all__ = ["MAX_MATCH_LENGTH", "MatchRepository"]

log = logging.getLogger(__name__)

MAX_MATCH_LENGTH = 25
"""The longest match (games.md: ``match=N``, N = 1-25)."""

_SELECT_MATCHES = """
    SELECT matches.*,
           (SELECT json_group_array(json_array(seat, name, player_id, score))
              FROM match_seats WHERE match_seats.match_id = matches.id) AS seats_json
      FROM matches"""


def match_from_row(row: Row) -> MatchRecord:
    seats = sorted(json.loads(row["seats_json"] or "[]"))
    return MatchRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        game=row["game"],
        options=load_options(row["options"]),
        length=row["length"],
        seats=tuple(MatchSeat(name, player_id, score) for _, name, player_id, score in seats),
        status=cast(MatchStatus, row["status"]),
        winner=row["winner"],
        games_scored=row["games_scored"],
        crawford_game=row["crawford_game"],
        created_at=from_ms(row["created_at"]),
        updated_at=from_ms(row["updated_at"]),
        finished_at=from_ms_opt(row["finished_at"]),
    )


class MatchRepository:
    """``db.matches``: create a match, start its games, score them."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def create_match(
        self,
        *,
        guild_id: int | None,
        length: int,
        seats: Iterable[Seat | tuple[str, int]],
        game: str = "backgammon",
        options: Mapping[str, str] | None = None,
        now: float | None = None,
    ) -> MatchRecord:
        """A new match to ``length`` points (1-25) between ``seats`` (in the game's turn
        order, checked like a game's), every score 0. ``options`` are the games' options.
        Its games are started with :meth:`add_game`."""
        chosen = game_seats(game, seats)
        now_ms = to_ms(now)
        async with self._db.transaction():
            match = await self.insert_match(
                guild_id=guild_id,
                length=length,
                seats=chosen,
                game=game,
                options=options,
                now_ms=now_ms,
            )
        return match

    async def insert_match(
        self,
        *,
        guild_id: int | None,
        length: int,
        seats: Sequence[Seat],
        game: str,
        options: Mapping[str, str] | None,
        now_ms: int,
    ) -> MatchRecord:
        """Insert a match and its seats (already checked by :func:`storage.seats.game_seats`).
        For :meth:`create_match` and for accepting a match challenge: the caller holds the
        transaction."""
        if isinstance(length, bool) or not isinstance(length, int):
            raise ValueError(f"a match length is a whole number, not {length!r}")
        if not 1 <= length <= MAX_MATCH_LENGTH:
            raise ValueError(f"a match is played to 1-{MAX_MATCH_LENGTH} points, not {length}")
        await self._db.players.ensure_players((s.player_id for s in seats), now_ms)
        match_id = await self._db.fetchval(
            "INSERT INTO matches (guild_id, game, options, length, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
            (guild_id, game, dump_options(options), length, now_ms, now_ms),
        )
        await self._db.executemany(
            "INSERT INTO match_seats (match_id, seat, name, player_id) VALUES (?, ?, ?, ?)",
            [(match_id, i, s.name, s.player_id) for i, s in enumerate(seats)],
        )
        match = await self.require_match(match_id)
        log.info("match %d created: %s to %d", match.id, game, length)
        return match

    async def get_match(self, match_id: int) -> MatchRecord | None:
        """The match as stored now, or ``None``."""
        row = await self._db.fetchone(_SELECT_MATCHES + " WHERE matches.id = ?", (match_id,))
        return None if row is None else match_from_row(row)

    async def require_match(self, match_id: int) -> MatchRecord:
        """Like :meth:`get_match` but raises :class:`MatchNotFound`."""
        match = await self.get_match(match_id)
        if match is None:
            raise MatchNotFound(match_id)
        return match

    async def match_games(self, match_id: int) -> list[GameRecord]:
        """The match's games in order (game 1 first)."""
        rows = await self._db.fetchall(
            SELECT_GAMES + " WHERE match_id = ? ORDER BY match_game", (match_id,)
        )
        return [game_from_row(r) for r in rows]

    async def add_game(
        self,
        match_id: int,
        *,
        channel_id: int,
        start_position: str,
        thread_id: int | None = None,
        now: float | None = None,
    ) -> GameRecord:
        """Start the match's next game (number ``games_scored + 1``) with the match's seats,
        game id and options at ``start_position`` (the caller's rules-core start: its XGID
        carries the score and the Crawford flag). :class:`NotAllowed` when the match is over
        or its current game is not finished yet; of two racing calls one wins."""
        now_ms = to_ms(now)
        async with self._db.transaction():
            # read-then-write: a second caller waits here, then sees the game started
            await self._db.lock("SELECT id FROM matches WHERE id = ?", (match_id,))
            match = await self.require_match(match_id)
            if not match.is_active:
                why = f"{match.winner} won" if match.winner is not None else "called off"
                raise NotAllowed(f"match {match_id} is over ({why})")
            started = int(
                await self._db.fetchval(
                    "SELECT count(*) FROM games WHERE match_id = ?", (match_id,)
                )
            )
            if started != match.games_scored:
                raise NotAllowed(f"game {started} of match {match_id} is still being played")
            # a match is rated or casual as a whole: as its first game was created
            first = await self._db.fetchone(
                "SELECT rated, pace_hours FROM games WHERE match_id = ? AND match_game = 1",
                (match_id,),
            )
            rated = first is not None and bool(first["rated"])
            pace = None if first is None else first["pace_hours"]
            computer = await self._computer_levels(match_id)
            game = await self._db.games.insert_game(
                guild_id=match.guild_id,
                channel_id=channel_id,
                game_kind=match.game,
                options=match.options,
                seats=[Seat(s.name, s.player_id, computer.get(s.name)) for s in match.seats],
                start_position=start_position,
                thread_id=thread_id,
                now_ms=now_ms,
                match_id=match_id,
                match_game=started + 1,
                rated=rated,
                pace_hours=pace,  # at the pace of its first game
                start_announced=False,  # until the bot posts its first board
            )
        return game

    async def stalled_matches(
        self, settled_before: float, forgotten_before: float, *, limit: int = 100
    ) -> list[GameRecord]:
        """The last game of every match still on whose next game was never started, oldest
        first: the bot starts it below the game's final board, and a bot that died in between
        left the match waiting for good. Only games finished at or before ``settled_before``
        (the normal path may be starting the next one right now) whose end was announced --
        or, finished before ``forgotten_before``, never will be: the catch-up of a missed
        final board starts the next game itself.

        Active matches are few (a scan of ``matches``); each one's games are read through
        ``games_match`` (match, game number).
        """
        rows = await self._db.fetchall(
            SELECT_GAMES
            + """
             WHERE games.id IN (
                   SELECT g.id FROM matches AS m
                     JOIN games AS g ON g.match_id = m.id AND g.match_game = m.games_scored
                    WHERE m.status = 'active' AND m.games_scored > 0
                      AND NOT EXISTS (SELECT 1 FROM games AS later WHERE later.match_id = m.id
                                         AND later.match_game > m.games_scored))
               AND games.status = 'finished' AND games.finished_at <= ?
               AND (games.announced_over = 1 OR games.finished_at <= ?)
             ORDER BY games.finished_at, games.id LIMIT ?
            """,
            (to_ms(settled_before), to_ms(forgotten_before), limit),
        )
        return [game_from_row(row) for row in rows]

    async def _computer_levels(self, match_id: int) -> dict[str, AILevel]:
        """The seats the computer plays in the match (as in its first game), by name: a
        match against the bot stays one in every game."""
        rows = await self._db.fetchall(
            "SELECT s.name, s.ai_level FROM game_seats AS s JOIN games AS g ON g.id = s.game_id"
            " WHERE g.match_id = ? AND g.match_game = 1 AND s.ai_level IS NOT NULL",
            (match_id,),
        )
        return {row["name"]: row["ai_level"] for row in rows}

    async def record_points(self, game: GameRecord, now_ms: int) -> MatchRecord:
        """Count a just-finished match game: its winner's seat gets the game's points, the
        Crawford game is set when a seat first reaches ``length - 1``, and the match ends when
        a seat reaches ``length``. A game without a winner (aborted) scores nothing and calls
        the match off as a whole: it is over with no winner, and no next game starts (an
        aborted game had started the next one at the same score, so a match could never be
        called off).

        Called by the games repository inside the transaction that finishes the game (the
        caller holds it). A winner without points is a :class:`ValueError`; a game already
        scored (or out of turn) a :class:`StorageError` -- either rolls the finish back.
        """
        if game.match_id is None or game.match_game is None:
            raise ValueError(f"game {game.id} is not part of a match")
        if game.winner is not None and game.points is None:
            raise ValueError(f"game {game.id} is a match game: its result needs its points")
        await self._db.lock("SELECT id FROM matches WHERE id = ?", (game.match_id,))
        match = await self.require_match(game.match_id)
        claimed = await self._db.fetchone(
            "UPDATE matches SET games_scored = games_scored + 1, updated_at = ?"
            " WHERE id = ? AND status = 'active' AND games_scored = ? RETURNING id",
            (now_ms, match.id, game.match_game - 1),
        )
        if claimed is None:
            raise StorageError(
                f"match {match.id} has scored {match.games_scored} games; "
                f"game {game.match_game} cannot be scored now"
            )
        if game.winner is None:
            await self._db.execute(
                "UPDATE matches SET status = 'finished', finished_at = ? WHERE id = ?",
                (now_ms, match.id),
            )
            log.info("match %d called off with game %d aborted", match.id, game.match_game)
        elif game.points is not None:
            score = match.scores[game.winner] + game.points
            await self._db.execute(
                "UPDATE match_seats SET score = ? WHERE match_id = ? AND name = ?",
                (score, match.id, game.winner),
            )
            if score >= match.length:
                await self._db.execute(
                    "UPDATE matches SET status = 'finished', winner = ?, finished_at = ?"
                    " WHERE id = ?",
                    (game.winner, now_ms, match.id),
                )
                log.info("match %d won by %s, %d points", match.id, game.winner, score)
            elif score == match.length - 1 and match.crawford_game is None:
                await self._db.execute(
                    "UPDATE matches SET crawford_game = ? WHERE id = ?",
                    (game.match_game + 1, match.id),
                )
        return await self.require_match(match.id)
