"""Ratings (schema 13): one rating per server, game id and player, and every change.

A rated result enters the ratings in the transaction that finishes it (:meth:`rate_finished`,
called by the games repository as it settles a game), so a finished game is rated exactly
once whatever races or restarts happen: the game is flagged ``rating_pending`` and the flag is
taken back with one guarded ``UPDATE ... WHERE rating_pending = 1`` before its rating is
applied, all inside that one transaction. Games finished before schema 13 were flagged by the
migration; :meth:`rate_pending` (run by ``Database.start``, and before each new result) rates
them oldest finish first, so the backlog is rated in the order the games were played.

What is rated: a game created rated (a ``/challenge`` option, on by default), in a server, not
aborted, not started from a custom position, with a different player in every seat. A
backgammon match is one result, rated when its last game ends the match; its other games
change nothing. Two-player games use Glicko-2
with lichess's settings, games of more seats (ludo) openskill's Plackett-Luce model by place
(:mod:`storage.rating_maths`).

Why per server: the leaderboard is per server, and a rating that moved with games in other
servers would show members here the results of games they may not see (a game is seen only in
its own server). A player's rating in a server is what they earned there.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from rules.games import find_game

from ._convert import from_ms, to_ms
from .backends.base import Row
from .models import GameRecord, RatingChange, RatingRecord
from .players import counts_for_records
from .rating_maths import (
    DEFAULT_RATING,
    DEFAULT_RD,
    DEFAULT_VOLATILITY,
    Glicko,
    lichess_update,
    placed_update,
)

if TYPE_CHECKING:
    from .database import Database

__all__ = ["RatingRepository", "uses_placed_model"]

log = logging.getLogger(__name__)

_DAY_MS = 86_400_000


def uses_placed_model(game_id: str) -> bool:
    """Games of more than two seats (ludo) are rated by place with openskill."""
    return len(find_game(game_id).seats) > 2


def _rating_from_row(row: Row) -> RatingRecord:
    return RatingRecord(
        guild_id=row["guild_id"],
        game=row["game"],
        player_id=row["player_id"],
        rating=row["rating"],
        rd=row["rd"],
        volatility=row["volatility"],
        results=row["results"],
        rated_at=from_ms(row["rated_at"]),
    )


def _change_from_row(row: Row) -> RatingChange:
    return RatingChange(
        game_id=row["game_id"],
        player_id=row["player_id"],
        guild_id=row["guild_id"],
        game=row["game"],
        rating_before=row["rating_before"],
        rd_before=row["rd_before"],
        rating_after=row["rating_after"],
        rd_after=row["rd_after"],
        rated_at=from_ms(row["rated_at"]),
    )


class RatingRepository:
    """``db.ratings``: rating finished games, and reading ratings and their history."""

    def __init__(self, db: Database) -> None:
        self._db = db

    # ------------------------------------------------------------------ rating

    async def rate_finished(self, game: GameRecord) -> None:
        """Rate a just-finished game if it counts (the caller -- the games repository
        finishing it -- holds the transaction)."""
        if not await self._counts(game):
            return
        await self._db.execute("UPDATE games SET rating_pending = 1 WHERE id = ?", (game.id,))
        await self.rate_pending()

    async def rate_pending(self) -> int:
        """Rate every finished game still waiting for its rating, oldest finish first (the
        backlog of games finished before ratings existed, then the game just finished).
        Each is claimed with a guarded update in the same transaction as its rating, so two
        processes never rate one game twice. Returns how many were rated."""
        rated = 0
        async with self._db.transaction():
            rows = await self._db.fetchall(
                "SELECT id FROM games WHERE rating_pending = 1 AND finished_at IS NOT NULL"
                " ORDER BY finished_at, id"
            )
            for row in rows:
                claimed = await self._db.fetchone(
                    "UPDATE games SET rating_pending = 0"
                    " WHERE id = ? AND rating_pending = 1 RETURNING id",
                    (row["id"],),
                )
                if claimed is None:  # another process rated it meanwhile (PostgreSQL)
                    continue
                await self._rate(await self._db.games.require_game(row["id"]))
                rated += 1
        if rated:
            log.info("rated %d finished game(s)", rated)
        return rated

    async def _counts(self, game: GameRecord) -> bool:
        if not (game.rated and game.guild_id is not None and counts_for_records(game)):
            return False
        if game.custom_start:  # a game from a position a player gave is casual
            return False
        if game.match_id is None:
            return True
        status = await self._db.fetchval(
            "SELECT status FROM matches WHERE id = ?", (game.match_id,)
        )
        return bool(status == "finished")

    async def _standings(self, game: GameRecord) -> list[tuple[int, float]]:
        """The result to rate: each player with their score (two seats: 1, 0.5 or 0) or,
        for placed games, the players from first place to last (score = place)."""
        if game.match_id is not None:
            match = await self._db.matches.require_match(game.match_id)
            return [(s.player_id, 1.0 if s.name == match.winner else 0.0) for s in match.seats]
        if uses_placed_model(game.game_kind):
            return [
                (game.player_at(name), float(place))
                for place, name in enumerate(game.places, start=1)
            ]
        return [
            (
                s.player_id,
                0.5 if game.winner is None else 1.0 if s.name == game.winner else 0.0,
            )
            for s in game.seats
        ]

    async def _rate(self, game: GameRecord) -> None:
        assert game.guild_id is not None and game.finished_at is not None
        at_ms = to_ms(game.finished_at)
        standings = await self._standings(game)
        players = [player for player, _ in standings]
        marks = ", ".join("?" * len(players))
        # Read-then-write: another process finishing another game of these players must wait
        # (PostgreSQL; SQLite's write lock already serialises). The players' rows always exist,
        # unlike a first rating's row, and are taken in id order, as every writer takes them.
        await self._db.lock(
            f"SELECT user_id FROM players WHERE user_id IN ({marks}) ORDER BY user_id",
            tuple(players),
        )
        rows = await self._db.fetchall(
            f"SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND player_id IN ({marks})",
            (game.guild_id, game.game_kind, *players),
        )
        known = {row["player_id"]: _rating_from_row(row) for row in rows}
        before: dict[int, tuple[float, float]] = {}
        after: dict[int, tuple[float, float, float | None]] = {}
        if uses_placed_model(game.game_kind):
            ordered = [
                (known[p].rating, known[p].rd) if p in known else (DEFAULT_RATING, DEFAULT_RD)
                for p in players
            ]
            for player, old, placed in zip(players, ordered, placed_update(ordered), strict=True):
                before[player] = old
                after[player] = (placed[0], placed[1], None)
        else:
            glicko = {
                p: Glicko(known[p].rating, known[p].rd, known[p].volatility or DEFAULT_VOLATILITY)
                if p in known
                else Glicko()
                for p in players
            }
            idle = {
                p: (at_ms - to_ms(known[p].rated_at)) / _DAY_MS if p in known else 0.0
                for p in players
            }
            (first, first_score), (second, _) = standings
            for me, other, score in (
                (first, second, first_score),
                (second, first, 1.0 - first_score),
            ):
                new = lichess_update(
                    glicko[me],
                    glicko[other],
                    score,
                    idle_days=idle[me],
                    opponent_idle_days=idle[other],
                )
                before[me] = (glicko[me].rating, glicko[me].rd)
                after[me] = (new.rating, new.rd, new.volatility)
        for player in players:
            rating, rd, volatility = after[player]
            await self._db.execute(
                """
                INSERT INTO ratings (guild_id, game, player_id, rating, rd, volatility, results,
                                     rated_at)
                VALUES (:guild, :game, :player, :rating, :rd, :volatility, 1, :at)
                ON CONFLICT (guild_id, game, player_id) DO UPDATE
                   SET rating = excluded.rating, rd = excluded.rd,
                       volatility = excluded.volatility, results = ratings.results + 1,
                       rated_at = excluded.rated_at
                """,
                {
                    "guild": game.guild_id,
                    "game": game.game_kind,
                    "player": player,
                    "rating": rating,
                    "rd": rd,
                    "volatility": volatility,
                    "at": at_ms,
                },
            )
            await self._db.execute(
                """
                INSERT INTO rating_history (game_id, player_id, guild_id, game, rating_before,
                                            rd_before, rating_after, rd_after, rated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                (
                    game.id,
                    player,
                    game.guild_id,
                    game.game_kind,
                    *before[player],
                    rating,
                    rd,
                    at_ms,
                ),
            )
        log.info(
            "game %d rated: %s",
            game.id,
            ", ".join(f"{p} {before[p][0]:.0f}->{after[p][0]:.0f}" for p in players),
        )

    # ------------------------------------------------------------------ reading

    async def rating(self, guild_id: int, game: str, player_id: int) -> RatingRecord | None:
        """The player's rating for ``game`` in this server (``None``: no rated result yet)."""
        row = await self._db.fetchone(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND player_id = ?",
            (guild_id, game, player_id),
        )
        return None if row is None else _rating_from_row(row)

    async def player_ratings(self, guild_id: int, player_id: int) -> list[RatingRecord]:
        """Every rating the player has in this server, by game id."""
        rows = await self._db.fetchall(
            "SELECT * FROM ratings WHERE player_id = ? AND guild_id = ? ORDER BY game",
            (player_id, guild_id),
        )
        return [_rating_from_row(row) for row in rows]

    async def leaderboard(self, guild_id: int, game: str) -> list[RatingRecord]:
        """Everyone rated for ``game`` in this server, highest rating first (then by
        player id, for a stable order). The caller splits off provisional ones."""
        rows = await self._db.fetchall(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ? ORDER BY rating DESC, player_id",
            (guild_id, game),
        )
        return [_rating_from_row(row) for row in rows]

    async def rated_games(self, guild_id: int) -> list[str]:
        """The game ids with at least one rating in this server."""
        rows = await self._db.fetchall(
            "SELECT DISTINCT game FROM ratings WHERE guild_id = ? ORDER BY game", (guild_id,)
        )
        return [row["game"] for row in rows]

    async def history(
        self, guild_id: int, player_id: int, game: str, *, limit: int = 200
    ) -> list[RatingChange]:
        """The player's last ``limit`` rating changes for ``game`` here, oldest first."""
        rows = await self._db.fetchall(
            """
            SELECT * FROM (SELECT * FROM rating_history
                            WHERE guild_id = ? AND player_id = ? AND game = ?
                            ORDER BY rated_at DESC, game_id DESC LIMIT ?) AS latest
             ORDER BY rated_at, game_id
            """,
            (guild_id, player_id, game, limit),
        )
        return [_change_from_row(row) for row in rows]

    async def changes_for_game(self, game_id: int) -> list[RatingChange]:
        """The rating changes a game's result made (empty: casual, or not rated)."""
        rows = await self._db.fetchall(
            "SELECT * FROM rating_history AS h WHERE game_id = ? ORDER BY (SELECT min(seat)"
            " FROM game_seats AS s WHERE s.game_id = h.game_id AND s.player_id = h.player_id)",
            (game_id,),
        )
        return [_change_from_row(row) for row in rows]
