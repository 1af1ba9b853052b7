"""Games and their append-only move lists.

Every write that depends on the game's state is a single guarded ``UPDATE ... WHERE status =
'active' AND ply = :expected`` inside a transaction: if another task or process got there first,
the guard matches no row, nothing is written, and the caller gets a :class:`ConcurrencyError`
telling them the game moved on. The ``(game_id, ply)`` primary key of ``moves`` is a second,
independent guard against two moves for one ply.

Positions and moves are opaque strings here; the bot validates them with the rules core before
calling, and :mod:`storage.replay` can re-check a stored game afterwards.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from ._convert import dump_options, from_ms, from_ms_opt, load_options, to_ms
from .errors import ConcurrencyError, GameNotFound, GameOver, NoDrawOffer, NotAllowed
from .models import GameRecord, GameStatus, ListedGame, MoveRecord, PlyToRecord, Winner

if TYPE_CHECKING:
    from .database import Database

__all__ = ["GameRepository", "Outcome"]

log = logging.getLogger(__name__)

Outcome = tuple[Winner, str]
"""``(winner, reason)``: winner ``"white"``, ``"black"`` or ``None`` (draw); a reason id."""

_WINNERS = (None, "white", "black")
_MAX_GAME_DIGITS = 12
"""Game numbers are looked up by prefix up to this many digits (the bot's ``#N`` allows 12)."""


def game_from_row(row: sqlite3.Row) -> GameRecord:
    return GameRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        board_channel_id=row["board_channel_id"],
        board_message_id=row["board_message_id"],
        variant=row["variant"],
        options=load_options(row["options"]),
        white_id=row["white_id"],
        black_id=row["black_id"],
        status=cast(GameStatus, row["status"]),
        winner=cast(Winner, row["winner"]),
        reason=row["reason"],
        start_position=row["start_position"],
        current_position=row["current_position"],
        ply=row["ply"],
        draw_offer_by=row["draw_offer_by"],
        draw_offer_ply=row["draw_offer_ply"],
        created_at=from_ms(row["created_at"]),
        updated_at=from_ms(row["updated_at"]),
        finished_at=from_ms_opt(row["finished_at"]),
        turn_since=from_ms(row["turn_since"]),
        reminded_ply=row["reminded_ply"],
        announced_ply=row["announced_ply"],
        announced_over=bool(row["announced_over"]),
        announce_claimed_until=from_ms_opt(row["announce_claimed_until"]),
        draw_offer_message_id=row["draw_offer_message_id"],
    )


def move_from_row(row: sqlite3.Row) -> MoveRecord:
    return MoveRecord(
        game_id=row["game_id"],
        ply=row["ply"],
        player_id=row["player_id"],
        move=row["move"],
        position_after=row["position_after"],
        created_at=from_ms(row["created_at"]),
    )


def _check_outcome(winner: Winner, reason: str) -> None:
    if winner not in _WINNERS:
        raise ValueError(f"winner must be 'white', 'black' or None, not {winner!r}")
    if not isinstance(reason, str) or not reason:
        raise ValueError(f"a finished game needs a reason id, not {reason!r}")


class GameRepository:
    """``db.games``: create, load, move, finish and list games."""

    def __init__(self, db: Database) -> None:
        self._db = db

    # ------------------------------------------------------------------ creating

    async def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        variant: str,
        white_id: int,
        black_id: int,
        start_position: str,
        options: Mapping[str, str] | None = None,
        thread_id: int | None = None,
        now: float | None = None,
    ) -> GameRecord:
        """Start a game at ``start_position`` (ply 0). Challenges use this via accept."""
        async with self._db.transaction():
            return await self._insert_game(
                guild_id=guild_id,
                channel_id=channel_id,
                variant=variant,
                options=options,
                white_id=white_id,
                black_id=black_id,
                start_position=start_position,
                thread_id=thread_id,
                now_ms=to_ms(now),
            )

    async def _insert_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        variant: str,
        options: Mapping[str, str] | None,
        white_id: int,
        black_id: int,
        start_position: str,
        thread_id: int | None,
        now_ms: int,
    ) -> GameRecord:
        """Insert a game row; the caller holds the transaction."""
        await self._db.players._ensure((white_id, black_id), now_ms)
        row = await self._db.fetchone(
            """
            INSERT INTO games (guild_id, channel_id, thread_id, variant, options,
                               white_id, black_id, status, start_position, current_position,
                               ply, created_at, updated_at, turn_since)
            VALUES (?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, 0, ?, ?, ?)
            RETURNING *
            """,
            (
                guild_id,
                channel_id,
                thread_id,
                variant,
                dump_options(options),
                white_id,
                black_id,
                start_position,
                start_position,
                now_ms,
                now_ms,
                now_ms,
            ),
        )
        assert row is not None
        game = game_from_row(row)
        log.info("game %d created: %s, white %d, black %d", game.id, variant, white_id, black_id)
        return game

    # ------------------------------------------------------------------ reading

    async def load_game(self, game_id: int) -> GameRecord | None:
        """The game as stored now, or ``None``."""
        row = await self._db.fetchone("SELECT * FROM games WHERE id = ?", (game_id,))
        return None if row is None else game_from_row(row)

    async def require_game(self, game_id: int) -> GameRecord:
        """Like :meth:`load_game` but raises :class:`GameNotFound`."""
        game = await self.load_game(game_id)
        if game is None:
            raise GameNotFound(game_id)
        return game

    async def game_moves(self, game_id: int) -> list[MoveRecord]:
        """Every move of the game in ply order (the source of truth for its position)."""
        rows = await self._db.fetchall(
            "SELECT * FROM moves WHERE game_id = ? ORDER BY ply", (game_id,)
        )
        return [move_from_row(r) for r in rows]

    async def active_games(
        self,
        *,
        user_id: int | None = None,
        channel_id: int | None = None,
        guild_id: int | None = None,
        limit: int | None = None,
    ) -> list[GameRecord]:
        """Active games, filtered by any combination of player, channel and guild.

        ``channel_id`` matches the channel a game was set up in or its thread. Newest activity
        first; at most ``limit`` (a caller that only needs to know "one, or several?" asks for
        two, not for every game of a busy channel).
        """
        where = ["status = 'active'"]
        params: dict[str, Any] = {}
        if user_id is not None:
            where.append("(white_id = :user OR black_id = :user)")
            params["user"] = user_id
        if channel_id is not None:
            where.append("(channel_id = :channel OR thread_id = :channel)")
            params["channel"] = channel_id
        if guild_id is not None:
            # With a player or a channel, unary + keeps SQLite on their indexes (a few rows)
            # rather than the guild's index (every active game of the server).
            narrow = user_id is not None or channel_id is not None
            where.append(("+" if narrow else "") + "guild_id = :guild")
            params["guild"] = guild_id
        tail = ""
        if limit is not None:
            tail = " LIMIT :limit"
            params["limit"] = limit
        rows = await self._db.fetchall(
            f"SELECT * FROM games WHERE {' AND '.join(where)} ORDER BY updated_at DESC, id DESC"
            + tail,
            params,
        )
        return [game_from_row(r) for r in rows]

    async def games_here(
        self, *, guild_id: int, channel_id: int, user_id: int
    ) -> tuple[GameRecord | None, list[GameRecord], list[GameRecord]]:
        """What a command used in ``channel_id`` without naming a game may mean, in ONE query
        that reads a handful of rows however many games the channel has:

        ``(thread game, mine, any)``: the game of the thread ``channel_id`` whatever its status
        (the active one, else the latest; a finished game's thread still shows that game), up
        to two of ``user_id``'s active games in the channel, and up to two of anyone's.
        """
        rows = await self._db.fetchall(
            """
            SELECT 0 AS part, * FROM (
                SELECT * FROM games WHERE thread_id = :channel AND +guild_id = :guild
                 ORDER BY status = 'active' DESC, id DESC LIMIT 1)
            UNION ALL
            SELECT 1, * FROM (
                SELECT * FROM games WHERE channel_id = :channel AND status = 'active'
                   AND :user IN (white_id, black_id) AND +guild_id = :guild LIMIT 2)
            UNION ALL
            SELECT 2, * FROM (
                SELECT * FROM games WHERE channel_id = :channel AND status = 'active'
                   AND +guild_id = :guild LIMIT 2)
            """,
            {"channel": channel_id, "guild": guild_id, "user": user_id},
        )
        parts: list[list[GameRecord]] = [[], [], []]
        for row in rows:
            parts[row["part"]].append(game_from_row(row))
        thread = parts[0][0] if parts[0] else None
        return thread, parts[1], parts[2]

    async def listed_games(
        self,
        *,
        guild_id: int,
        user_id: int,
        channel_id: int,
        spectating: bool,
        active_only: bool,
        needle: str = "",
        variants: Sequence[str] = (),
        limit: int = 25,
    ) -> list[ListedGame]:
        """Games of ``guild_id`` to offer ``user_id`` by name, with both players' names, in ONE
        query whose work does not grow with the number of games (a busy server has thousands:
        a query per game, or sorting them all, is too slow for autocomplete).

        ``user_id``'s games (active ones, or all), and with ``spectating`` also the games of
        the thread ``channel_id`` and the active games of the channel ``channel_id`` (without
        it, only ``user_id``'s games among those). The games
        of ``channel_id`` come first, then the newest. ``needle`` (lowercase, ``""`` = all):
        digits keep the games whose number starts with them; other text keeps the games of
        ``variants`` (the variant ids the caller found the text in) or whose players' names
        contain it.

        How: every source of games is one index range read newest first and cut at ``limit``
        (so only ``limit`` rows per source are read when nothing is typed); a number is looked
        up as ranges of game ids (``12`` → 12, 120–129, 1200–1299, …).
        """
        params: dict[str, Any] = {
            "user": user_id,
            "channel": channel_id,
            "guild": guild_id,
            "needle": needle,
            "limit": limit,
        }
        mine = "AND :user IN (white_id, black_id)" if not spectating else ""
        sources = [  # (rows of one index range, the columns naming its players)
            ("white_id = :user AND status = 'active'", "black_id"),
            ("black_id = :user AND status = 'active'", "white_id"),
            (f"thread_id = :channel {mine}", "white_id, black_id"),
            (f"channel_id = :channel AND status = 'active' {mine}", "white_id, black_id"),
        ]
        if not active_only:
            sources += [
                ("white_id = :user AND status = 'finished'", "black_id"),
                ("black_id = :user AND status = 'finished'", "white_id"),
            ]
        status = " AND g.status = 'active'" if active_only else ""
        named = ""
        if needle.isdigit():
            if len(needle) > _MAX_GAME_DIGITS:
                return []
            number = int(needle)
            ranges = ["g.id = :number"] + [
                f"g.id BETWEEN {number * 10**more} AND {(number + 1) * 10**more - 1}"
                for more in range(1, _MAX_GAME_DIGITS - len(needle) + 1)
            ]
            params["number"] = number
            whose = ["+g.white_id = :user", "+g.black_id = :user"]
            if spectating:
                whose += [
                    "+g.thread_id = :channel",
                    "(+g.channel_id = :channel AND g.status = 'active')",
                ]
            ids = (
                f"SELECT g.id FROM games AS g WHERE ({' OR '.join(ranges)})"
                f" AND ({' OR '.join(whose)}){status}"
            )
        else:
            if needle:
                named = (
                    "WITH named AS (SELECT user_id FROM players"
                    " WHERE instr(lower(display_name), :needle) > 0) "
                )
            by_variant = ""
            for i, variant in enumerate(variants):
                params[f"variant{i}"] = variant
            if variants:
                listed = ", ".join(f":variant{i}" for i in range(len(variants)))
                by_variant = f"variant IN ({listed}) OR "
            selects = []
            for where, players in sources:
                match = ""
                if needle:
                    by_name = " OR ".join(f"{c.strip()} IN named" for c in players.split(","))
                    match = f" AND ({by_variant}{by_name})"
                selects.append(
                    f"SELECT * FROM (SELECT id FROM games WHERE {where}{match}"
                    " AND +guild_id = :guild ORDER BY id DESC LIMIT :limit)"
                )
            ids = " UNION ".join(selects)
        rows = await self._db.fetchall(
            f"""
            {named}SELECT g.*, coalesce(w.display_name, '') AS white_name,
                   coalesce(b.display_name, '') AS black_name
              FROM games AS g
              LEFT JOIN players AS w ON w.user_id = g.white_id
              LEFT JOIN players AS b ON b.user_id = g.black_id
             WHERE g.id IN ({ids}) AND +g.guild_id = :guild{status}
             ORDER BY (g.channel_id = :channel OR g.thread_id IS :channel) DESC, g.id DESC
             LIMIT :limit
            """,
            params,
        )
        return [ListedGame(game_from_row(r), r["white_name"], r["black_name"]) for r in rows]

    async def finished_games(
        self,
        user_id: int,
        *,
        guild_id: int | None = None,
        limit: int = 25,
        offset: int = 0,
    ) -> list[GameRecord]:
        """A user's finished games, most recently finished first."""
        where = "status = 'finished' AND (white_id = :user OR black_id = :user)"
        params: dict[str, Any] = {"user": user_id, "limit": limit, "offset": offset}
        if guild_id is not None:
            where += " AND guild_id = :guild"
            params["guild"] = guild_id
        rows = await self._db.fetchall(
            f"SELECT * FROM games WHERE {where} "
            "ORDER BY finished_at DESC, id DESC LIMIT :limit OFFSET :offset",
            params,
        )
        return [game_from_row(r) for r in rows]

    async def turns_started_before(self, before: float, *, limit: int = 100) -> list[GameRecord]:
        """Active games whose side to move got the turn at or before ``before``, oldest first:
        the games a move timeout is due for (``before = now - timeout``)."""
        rows = await self._db.fetchall(
            "SELECT * FROM games WHERE status = 'active' AND turn_since <= ?"
            " ORDER BY turn_since, id LIMIT ?",
            (to_ms(before), limit),
        )
        return [game_from_row(r) for r in rows]

    async def reminders_due(
        self, started_before: float, started_after: float, *, limit: int = 100
    ) -> list[GameRecord]:
        """Active games whose turn started in ``(started_after, started_before]`` and whose
        current turn has not been reminded yet, oldest first."""
        rows = await self._db.fetchall(
            "SELECT * FROM games WHERE status = 'active' AND turn_since <= ? AND turn_since > ?"
            " AND reminded_ply IS NOT ply ORDER BY turn_since, id LIMIT ?",
            (to_ms(started_before), to_ms(started_after), limit),
        )
        return [game_from_row(r) for r in rows]

    async def mark_reminded(self, game_id: int, ply: int) -> bool:
        """Claim the reminder for the turn at ``ply``; ``False`` if the game moved on, finished,
        or the reminder was claimed already (by this or another process). Claimed *before*
        sending, so a reminder goes out at most once."""
        row = await self._db.fetchone(
            "UPDATE games SET reminded_ply = ply WHERE id = ? AND status = 'active' AND ply = ?"
            " AND reminded_ply IS NOT ply RETURNING id",
            (game_id, ply),
        )
        return row is not None

    async def unannounced_games(
        self,
        settled_before: float,
        finished_after: float,
        *,
        limit: int = 100,
        now: float | None = None,
    ) -> list[GameRecord]:
        """Games with a stored move or end whose board was never posted (see
        :attr:`GameRecord.needs_announcement`), least recently changed first.

        Only games last changed at or before ``settled_before`` (so a board being posted right
        now is not announced twice) and, for finished games, finished after ``finished_after``
        (an old loss is not worth reviving). With ``now``, games another process has claimed
        (:meth:`claim_announcement`, claim not yet expired) are left out.
        """
        claimed = ""
        params: tuple[Any, ...] = (to_ms(settled_before), to_ms(finished_after))
        if now is not None:
            claimed = " AND (announce_claimed_until IS NULL OR announce_claimed_until <= ?)"
            params += (to_ms(now),)
        rows = await self._db.fetchall(
            "SELECT * FROM games"
            " WHERE (announced_ply < ply OR (status = 'finished' AND announced_over = 0))"
            " AND updated_at <= ? AND (status = 'active' OR finished_at > ?)"
            f"{claimed} ORDER BY updated_at, id LIMIT ?",
            (*params, limit),
        )
        return [game_from_row(r) for r in rows]

    async def claim_announcement(
        self, game_id: int, *, now: float, lease: float
    ) -> GameRecord | None:
        """Claim posting ``game_id``'s missed board for ``lease`` seconds; the game as stored,
        or ``None`` if nothing is due (announced meanwhile) or another claim is still running.

        One guarded UPDATE, so of two processes (or machines) on this database exactly one
        gets the claim. The claimer marks the board announced (:meth:`set_board_message` with
        ``ply``, or :meth:`mark_announced`), which ends the claim, or gives it back with
        :meth:`release_announcement`; a claimer that died leaves the claim to expire, and the
        board is claimed and posted again after ``lease``.
        """
        row = await self._db.fetchone(
            """
            UPDATE games SET announce_claimed_until = :until
             WHERE id = :id
               AND (announced_ply < ply OR (status = 'finished' AND announced_over = 0))
               AND (announce_claimed_until IS NULL OR announce_claimed_until <= :now)
            RETURNING *
            """,
            {"id": game_id, "now": to_ms(now), "until": to_ms(now + lease)},
        )
        return None if row is None else game_from_row(row)

    async def release_announcement(self, game_id: int) -> None:
        """Give back a claim taken with :meth:`claim_announcement` (the post failed: the next
        sweep, of any process, may try again)."""
        await self._db.execute(
            "UPDATE games SET announce_claimed_until = NULL WHERE id = ?", (game_id,)
        )

    async def mark_announced(self, game_id: int, ply: int, *, over: bool = False) -> bool:
        """Record that a public board announced the game at ``ply`` (and, with ``over``, its
        end). Never moves backwards; ``over`` counts only if the game is finished at ``ply``.
        ``False`` if nothing changed (announced already)."""
        row = await self._db.fetchone(
            """
            UPDATE games
               SET announced_ply = max(announced_ply, min(:ply, ply)),
                   announced_over = announced_over
                                    OR (:over AND status = 'finished' AND ply = :ply),
                   announce_claimed_until = NULL
             WHERE id = :id
               AND (announced_ply < min(:ply, ply)
                    OR (:over AND status = 'finished' AND ply = :ply AND announced_over = 0))
            RETURNING id
            """,
            {"id": game_id, "ply": ply, "over": int(over)},
        )
        return row is not None

    # ------------------------------------------------------------------ writing

    async def _stale(self, game_id: int, expected_ply: int, user_id: int | None) -> Exception:
        """Explain why a guarded update matched nothing (called inside the transaction)."""
        row = await self._db.fetchone(
            "SELECT status, ply, reason, white_id, black_id FROM games WHERE id = ?", (game_id,)
        )
        if row is None:
            return GameNotFound(game_id)
        if row["status"] != "active":
            return GameOver(game_id, expected_ply, row["ply"], row["reason"])
        if row["ply"] != expected_ply:
            return ConcurrencyError(game_id, expected_ply, row["ply"])
        if user_id is not None and user_id not in (row["white_id"], row["black_id"]):
            return NotAllowed(f"user {user_id} is not a player of game {game_id}")
        return ConcurrencyError(game_id, expected_ply, row["ply"])  # pragma: no cover

    async def record_move(
        self,
        game_id: int,
        expected_ply: int,
        player_id: int,
        move: str,
        position_after: str,
        *,
        outcome: Outcome | None = None,
        now: float | None = None,
    ) -> GameRecord:
        """Append one move as ply ``expected_ply + 1``: :meth:`record_moves` with one ply."""
        return await self.record_moves(
            game_id,
            expected_ply,
            (PlyToRecord(player_id, move, position_after),),
            outcome=outcome,
            now=now,
        )

    async def record_moves(
        self,
        game_id: int,
        expected_ply: int,
        plies: Sequence[PlyToRecord],
        *,
        outcome: Outcome | None = None,
        now: float | None = None,
    ) -> GameRecord:
        """Append consecutive plies (a move and the forced passes after it) in ONE transaction.

        ``expected_ply`` is the game's ply the caller validated the first ply against; the plies
        become ``expected_ply + 1 ...`` and the last ``position_after`` becomes current. If the
        game is no longer active at that ply, or any ply's player is not in the game, nothing at
        all is written and :class:`ConcurrencyError` (:class:`GameOver`, :class:`NotAllowed`)
        is raised -- so a move the bot confirmed can never be stored without its passes. With
        ``outcome`` the same transaction finishes the game and updates both players' records.
        A pending draw offer lapses; it stays recorded as lapsed (behind ``ply``, see
        :attr:`GameRecord.lapsed_draw_offer`) until the next move. Returns the updated game.
        """
        if not plies:
            raise ValueError("record_moves needs at least one ply")
        if outcome is not None:
            _check_outcome(*outcome)
        winner, reason = outcome if outcome is not None else (None, None)
        now_ms = to_ms(now)
        first = expected_ply + 1
        async with self._db.transaction():
            row = await self._db.fetchone(
                """
                UPDATE games
                   SET current_position = :position,
                       ply = ply + :count,
                       updated_at = :now,
                       turn_since = :now,
                       draw_offer_by = CASE WHEN draw_offer_ply = ply THEN draw_offer_by END,
                       draw_offer_ply = CASE WHEN draw_offer_ply = ply THEN draw_offer_ply END,
                       draw_offer_message_id
                           = CASE WHEN draw_offer_ply = ply THEN draw_offer_message_id END,
                       status = CASE WHEN :reason IS NULL THEN 'active' ELSE 'finished' END,
                       winner = :winner,
                       reason = :reason,
                       finished_at = CASE WHEN :reason IS NULL THEN NULL ELSE :now END
                 WHERE id = :id AND status = 'active' AND ply = :expected
                   AND :player IN (white_id, black_id)
                RETURNING *
                """,
                {
                    "position": plies[-1].position_after,
                    "count": len(plies),
                    "now": now_ms,
                    "winner": winner,
                    "reason": reason,
                    "id": game_id,
                    "expected": expected_ply,
                    "player": plies[0].player_id,
                },
            )
            if row is None:
                raise await self._stale(game_id, expected_ply, plies[0].player_id)
            game = game_from_row(row)
            for ply in plies[1:]:
                if game.colour_of(ply.player_id) is None:  # rolls the update back
                    raise NotAllowed(f"user {ply.player_id} is not a player of game {game_id}")
            try:
                await self._db.executemany(
                    "INSERT INTO moves (game_id, ply, player_id, move, position_after, created_at)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    [
                        (game_id, first + i, p.player_id, p.move, p.position_after, now_ms)
                        for i, p in enumerate(plies)
                    ],
                )
            except sqlite3.IntegrityError as exc:
                # The game row said ply N but a move N+1 exists: never overwrite history.
                raise ConcurrencyError(
                    game_id,
                    expected_ply,
                    first,
                    f"the game moved on: ply {first} is already recorded",
                ) from exc
            if reason is not None:
                await self._db.players._record_result(game, now_ms)
        if reason is not None:
            log.info(
                "game %d finished by %s: %s (%s)",
                game_id,
                " ".join(p.move for p in plies),
                winner,
                reason,
            )
        return game

    async def finish_game(
        self,
        game_id: int,
        expected_ply: int,
        winner: Winner,
        reason: str,
        *,
        now: float | None = None,
    ) -> GameRecord:
        """Finish an active game without a move (resignation, agreement, timeout, abort).

        Guarded by ``expected_ply`` like :meth:`record_move`, so resigning while a move lands
        leaves exactly one of the two. Players' records are updated in the same transaction
        (not for ``'aborted'`` games).
        """
        _check_outcome(winner, reason)
        now_ms = to_ms(now)
        async with self._db.transaction():
            row = await self._db.fetchone(
                """
                UPDATE games
                   SET status = 'finished', winner = ?, reason = ?, finished_at = ?,
                       updated_at = ?, draw_offer_by = NULL, draw_offer_ply = NULL,
                       draw_offer_message_id = NULL
                 WHERE id = ? AND status = 'active' AND ply = ?
                RETURNING *
                """,
                (winner, reason, now_ms, now_ms, game_id, expected_ply),
            )
            if row is None:
                raise await self._stale(game_id, expected_ply, None)
            game = game_from_row(row)
            await self._db.players._record_result(game, now_ms)
        log.info("game %d finished: %s (%s)", game_id, winner, reason)
        return game

    async def offer_draw(
        self, game_id: int, by_user: int, at_ply: int, *, now: float | None = None
    ) -> GameRecord:
        """Record ``by_user``'s draw offer, valid only while the game stays at ``at_ply``.

        Replaces any earlier offer (also one by the opponent: the bot should call
        :meth:`accept_draw` when the opponent has a pending offer).
        """
        async with self._db.transaction():
            row = await self._db.fetchone(
                """
                UPDATE games SET draw_offer_by = ?, draw_offer_ply = ply, updated_at = ?,
                       draw_offer_message_id = NULL
                 WHERE id = ? AND status = 'active' AND ply = ? AND ? IN (white_id, black_id)
                RETURNING *
                """,
                (by_user, to_ms(now), game_id, at_ply, by_user),
            )
            if row is None:
                raise await self._stale(game_id, at_ply, by_user)
        return game_from_row(row)

    async def clear_draw_offer(self, game_id: int) -> None:
        """Withdraw or decline the pending draw offer, if any."""
        await self._db.execute(
            "UPDATE games SET draw_offer_by = NULL, draw_offer_ply = NULL,"
            " draw_offer_message_id = NULL WHERE id = ?",
            (game_id,),
        )

    async def set_draw_offer_message(self, game_id: int, at_ply: int, message_id: int) -> bool:
        """Remember the message with the buttons of the offer made at ``at_ply`` (``False``
        if that offer is gone already: answered, lapsed past recall, or replaced)."""
        row = await self._db.fetchone(
            "UPDATE games SET draw_offer_message_id = ?"
            " WHERE id = ? AND draw_offer_by IS NOT NULL AND draw_offer_ply = ? RETURNING id",
            (message_id, game_id, at_ply),
        )
        return row is not None

    async def forget_lapsed_draw_offer(self, game_id: int, offered_by: int, at_ply: int) -> bool:
        """Drop the record of ``offered_by``'s offer made at ``at_ply`` once a player was told
        it lapsed, so their next ``/draw`` makes an offer. ``False`` if it was not (or no
        longer) a lapsed offer."""
        row = await self._db.fetchone(
            "UPDATE games SET draw_offer_by = NULL, draw_offer_ply = NULL,"
            " draw_offer_message_id = NULL"
            " WHERE id = ? AND draw_offer_by = ? AND draw_offer_ply = ? AND ply > draw_offer_ply"
            " RETURNING id",
            (game_id, offered_by, at_ply),
        )
        return row is not None

    async def accept_draw(
        self, game_id: int, user_id: int, at_ply: int, *, now: float | None = None
    ) -> GameRecord:
        """Finish the game as a draw by agreement if the opponent's offer is still valid.

        Raises :class:`NoDrawOffer` if there is no offer by the other player at this ply, and
        :class:`ConcurrencyError` if a move landed since ``at_ply``.
        """
        async with self._db.transaction():
            game = await self.require_game(game_id)
            if not game.is_active:
                raise GameOver(game_id, at_ply, game.ply, game.reason)
            if game.ply != at_ply:
                raise ConcurrencyError(game_id, at_ply, game.ply)
            opponent = game.opponent_of(user_id)
            if opponent is None:
                raise NotAllowed(f"user {user_id} is not a player of game {game_id}")
            offer = game.pending_draw_offer
            if offer is None or offer == user_id:
                raise NoDrawOffer(f"there is no draw offer from your opponent in game {game_id}")
            return await self.finish_game(game_id, at_ply, None, "agreement", now=now)

    async def set_board_message(
        self,
        game_id: int,
        channel_id: int,
        message_id: int,
        *,
        ply: int | None = None,
        over: bool = False,
    ) -> None:
        """Remember where the latest board picture is, so it can be edited after a restart.

        With ``ply`` the message (already sent) announced the game at that ply — and with
        ``over`` its end: the same write marks it announced, as :meth:`mark_announced` does.
        """
        if ply is None:
            await self._set(
                game_id, "board_channel_id = ?, board_message_id = ?", (channel_id, message_id)
            )
            return
        await self._set(
            game_id,
            "board_channel_id = ?, board_message_id = ?,"
            " announced_ply = max(announced_ply, min(?, ply)),"
            " announced_over = announced_over OR (? AND status = 'finished' AND ply = ?),"
            " announce_claimed_until = NULL",
            (channel_id, message_id, ply, int(over), ply),
        )

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        """Attach the thread the game is played in (listed with the channel's games)."""
        await self._set(game_id, "thread_id = ?", (thread_id,))

    async def _set(self, game_id: int, assignments: str, values: tuple[Any, ...]) -> None:
        row = await self._db.fetchone(
            f"UPDATE games SET {assignments} WHERE id = ? RETURNING id", (*values, game_id)
        )
        if row is None:
            raise GameNotFound(game_id)
