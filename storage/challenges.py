"""Challenges: pending → accepted | declined | cancelled | expired.

Every transition is a guarded ``UPDATE ... WHERE status = 'pending'``, so of two racing actions
(two accepts, an accept and a cancel, an accept and the expiry sweep) exactly one wins and the
other gets :class:`ChallengeNotPending`. Accepting creates the game in the same transaction:
there is never an accepted challenge without its game, or a game without its accepted challenge.
"""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from ._convert import dump_options, from_ms, from_ms_opt, load_options, to_ms
from .backends.base import Row
from .errors import (
    ChallengeExpired,
    ChallengeNotFound,
    ChallengeNotPending,
    ConstraintViolation,
    NotAllowed,
    RematchExists,
)
from .models import (
    AI_LEVELS,
    AILevel,
    ChallengeRecord,
    ChallengeStatus,
    ColourChoice,
    GameRecord,
    Seat,
)
from .seats import MAX_SEATS, MIN_SEATS, game_seats

if TYPE_CHECKING:
    from .database import Database

__all__ = ["ChallengeRepository", "DEFAULT_CHALLENGE_TTL"]

log = logging.getLogger(__name__)

DEFAULT_CHALLENGE_TTL = 15 * 60.0
"""Seconds a challenge stays open unless the caller says otherwise."""

_COLOURS = ("white", "black", "random")


def challenge_from_row(row: Row) -> ChallengeRecord:
    return ChallengeRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        challenger_id=row["challenger_id"],
        challenged_id=row["challenged_id"],
        game_kind=row["variant"],
        options=load_options(row["options"]),
        colour=cast(ColourChoice, row["colour"]),
        status=cast(ChallengeStatus, row["status"]),
        created_at=from_ms(row["created_at"]),
        expires_at=from_ms(row["expires_at"]),
        resolved_at=from_ms_opt(row["resolved_at"]),
        accepted_by=row["accepted_by"],
        game_id=row["game_id"],
        rematch_of=row["rematch_of"],
        max_seats=row["max_seats"],
        seated=_ids(row["seated_json"]) if "seated_json" in row.keys() else (),
        seated_levels=(
            tuple(json.loads(row["seated_levels_json"] or "[]"))
            if "seated_levels_json" in row.keys()
            else ()
        ),
        invited=_ids(row["invited"]),
        rated=bool(row["rated"]),
        ai_level=row["ai_level"],
        pace_hours=row["pace_hours"],
    )


def _ids(text: str | None) -> tuple[int, ...]:
    return tuple(int(i) for i in json.loads(text or "[]"))


_WITH_SEATS = """
    SELECT c.*,
           (SELECT json_group_array(player_id)
              FROM (SELECT player_id FROM challenge_seats
                     WHERE challenge_id = c.id ORDER BY seat) AS seated) AS seated_json,
           (SELECT json_group_array(ai_level)
              FROM (SELECT ai_level FROM challenge_seats
                     WHERE challenge_id = c.id ORDER BY seat) AS levels) AS seated_levels_json
      FROM challenges AS c
"""
"""Challenges with a table's seated players (in seat order), read in the same query."""


class ChallengeRepository:
    """``db.challenges``: create, accept, decline, cancel, expire and list challenges."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def create_challenge(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        challenger_id: int,
        game_kind: str,
        challenged_id: int | None = None,
        options: Mapping[str, str] | None = None,
        colour: ColourChoice = "random",
        message_id: int | None = None,
        expires_in: float = DEFAULT_CHALLENGE_TTL,
        rematch_of: int | None = None,
        rated: bool = True,
        ai_level: AILevel | None = None,
        pace_hours: int | None = None,
        now: float | None = None,
    ) -> ChallengeRecord:
        """Store a pending challenge; ``challenged_id=None`` makes it open to anyone.
        ``rated=False`` makes its game casual (never rated).

        ``colour`` is the colour the challenger wants. It expires ``expires_in`` seconds
        after ``now``. With ``rematch_of`` (a game id) it is that game's rematch: if one is
        already pending or was accepted, nothing is stored and :class:`RematchExists` is
        raised -- decided by a unique index, so two processes cannot both offer one.

        With ``ai_level`` the challenge is addressed to the computer (``challenged_id`` is the
        bot's own user id), which plays at that level: its seat carries the level once it
        accepts (:meth:`accept_challenge`).
        """
        if ai_level is not None and ai_level not in AI_LEVELS:
            raise ValueError(f"ai_level must be one of {AI_LEVELS}, not {ai_level!r}")
        if ai_level is not None and challenged_id is None:
            raise ValueError("a challenge to the computer names it as the challenged player")
        if colour not in _COLOURS:
            raise ValueError(f"colour must be one of {_COLOURS}, not {colour!r}")
        if challenged_id == challenger_id:
            raise NotAllowed("you cannot challenge yourself")
        if expires_in <= 0:
            raise ValueError(f"expires_in must be positive, not {expires_in!r}")
        now_ms = to_ms(now)
        try:
            # its own transaction (a savepoint inside a caller's): on PostgreSQL a failed
            # statement spoils the transaction it runs in, and we go on to read the winner
            async with self._db.transaction():
                row = await self._db.fetchone(
                    """
                    INSERT INTO challenges (guild_id, channel_id, message_id, challenger_id,
                                            challenged_id, variant, options, colour, status,
                                            created_at, expires_at, rematch_of, rated, ai_level,
                                            pace_hours)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?)
                    RETURNING *
                    """,
                    (
                        guild_id,
                        channel_id,
                        message_id,
                        challenger_id,
                        challenged_id,
                        game_kind,
                        dump_options(options),
                        colour,
                        now_ms,
                        now_ms + round(expires_in * 1000),
                        rematch_of,
                        int(rated),
                        ai_level,
                        pace_hours,
                    ),
                )
        except ConstraintViolation as exc:
            if rematch_of is None or "rematch_of" not in str(exc):
                raise
            existing = await self._db.fetchval(
                "SELECT id FROM challenges WHERE rematch_of = ?"
                " AND status IN ('pending', 'accepted') ORDER BY id DESC LIMIT 1",
                (rematch_of,),
            )
            raise RematchExists(rematch_of, existing) from exc
        assert row is not None
        challenge = challenge_from_row(row)
        log.info(
            "challenge %d: %d -> %s, %s", challenge.id, challenger_id, challenged_id, game_kind
        )
        return challenge

    async def get_challenge(self, challenge_id: int) -> ChallengeRecord | None:
        row = await self._db.fetchone(f"{_WITH_SEATS} WHERE c.id = ?", (challenge_id,))
        return None if row is None else challenge_from_row(row)

    async def challenge_of_game(self, game_id: int, channel_id: int) -> ChallengeRecord | None:
        """The accepted challenge (or started table) that made game ``game_id``, set up in
        ``channel_id`` (a match's later games, and games stored otherwise, have none). For a
        start whose board was never posted: its thread is made from that challenge's message,
        as when it started. Read through the channel's index (channel, status)."""
        row = await self._db.fetchone(
            f"{_WITH_SEATS} WHERE c.channel_id = ? AND c.status = 'accepted' AND c.game_id = ?",
            (channel_id, game_id),
        )
        return None if row is None else challenge_from_row(row)

    async def _require(self, challenge_id: int) -> ChallengeRecord:
        challenge = await self.get_challenge(challenge_id)
        if challenge is None:
            raise ChallengeNotFound(challenge_id)
        return challenge

    async def _with_seats(self, challenges: list[ChallengeRecord]) -> list[ChallengeRecord]:
        """``challenges`` with their tables' seats read again (``RETURNING *`` has none)."""
        return [await self._require(c.id) if c.is_table else c for c in challenges]

    # ----- tables: multi-seat lobbies ---------------------------------------------------------

    async def create_table(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        game_kind: str,
        max_seats: int,
        options: Mapping[str, str] | None = None,
        invited: Sequence[int] = (),
        seated: Sequence[int] | None = None,
        seated_levels: Sequence[AILevel | None] | None = None,
        message_id: int | None = None,
        expires_in: float = DEFAULT_CHALLENGE_TTL,
        rematch_of: int | None = None,
        rated: bool = True,
        pace_hours: int | None = None,
        now: float | None = None,
    ) -> ChallengeRecord:
        """Open a table for a multi-seat game: a pending challenge that players join (up to
        ``max_seats``, 2-4) and the host starts (:meth:`start_table`). The host sits first;
        ``seated`` (a rematch: the same players in the same order, host first) seats several
        at once, ``seated_levels`` (one per seat, ``None`` for a person) the computer's seats
        among them, as :meth:`join_table` does one at a time. ``invited`` are the players the
        host named. Expires like a challenge; ``rematch_of`` as in :meth:`create_challenge`
        (:class:`RematchExists`); ``rated`` as there (the game is rated by places when every
        seat is a different person and none is the computer's)."""
        if not MIN_SEATS <= max_seats <= MAX_SEATS:
            raise ValueError(f"a table has {MIN_SEATS}-{MAX_SEATS} seats, not {max_seats}")
        players = list(seated) if seated is not None else [host_id]
        if not players or players[0] != host_id or len(players) > max_seats:
            raise ValueError("the host sits first, and at most max_seats sit at a table")
        levels = list(seated_levels) if seated_levels is not None else [None] * len(players)
        if len(levels) != len(players) or levels[0] is not None:
            raise ValueError("one level per seated player, and the host is a person")
        if any(level is not None and level not in AI_LEVELS for level in levels):
            raise ValueError(f"a seat's ai_level must be one of {AI_LEVELS} or None")
        if expires_in <= 0:
            raise ValueError(f"expires_in must be positive, not {expires_in!r}")
        now_ms = to_ms(now)
        async with self._db.transaction():
            try:
                async with self._db.transaction():  # a savepoint: see create_challenge
                    row = await self._db.fetchone(
                        """
                    INSERT INTO challenges (guild_id, channel_id, message_id, challenger_id,
                                            challenged_id, variant, options, colour, status,
                                            created_at, expires_at, rematch_of, max_seats,
                                                invited, rated, pace_hours)
                        VALUES (?, ?, ?, ?, NULL, ?, ?, 'random', 'pending', ?, ?, ?, ?, ?, ?,
                                ?)
                        RETURNING id
                        """,
                        (
                            guild_id,
                            channel_id,
                            message_id,
                            host_id,
                            game_kind,
                            dump_options(options),
                            now_ms,
                            now_ms + round(expires_in * 1000),
                            rematch_of,
                            max_seats,
                            json.dumps([int(i) for i in dict.fromkeys(invited)]),
                            int(rated),
                            pace_hours,
                        ),
                    )
            except ConstraintViolation as exc:
                if rematch_of is None or "rematch_of" not in str(exc):
                    raise
                existing = await self._db.fetchval(
                    "SELECT id FROM challenges WHERE rematch_of = ?"
                    " AND status IN ('pending', 'accepted') ORDER BY id DESC LIMIT 1",
                    (rematch_of,),
                )
                raise RematchExists(rematch_of, existing) from exc
            assert row is not None
            table_id = int(row["id"])
            await self._db.executemany(
                "INSERT INTO challenge_seats (challenge_id, seat, player_id, joined_at, ai_level)"
                " VALUES (?, ?, ?, ?, ?)",
                [
                    (table_id, seat, player, now_ms, level)
                    for seat, (player, level) in enumerate(zip(players, levels, strict=True))
                ],
            )
        log.info("table %d: %s by %d, %d seats", table_id, game_kind, host_id, max_seats)
        return await self._require(table_id)

    async def _pending_table(self, challenge_id: int, now_ms: int) -> ChallengeRecord:
        """The table, still open (in the caller's transaction), or the error saying why not.
        Locked until the transaction ends: joins, leaves and the start are read-then-write."""
        await self._db.lock("SELECT id FROM challenges WHERE id = ?", (challenge_id,))
        table = await self._require(challenge_id)
        if not table.is_table:
            raise NotAllowed("that is a challenge, not a table: it is accepted, not joined")
        if table.status != "pending" or to_ms(table.expires_at) <= now_ms:
            raise await self._not_pending(challenge_id, now_ms)
        return table

    async def join_table(
        self,
        challenge_id: int,
        user_id: int,
        *,
        ai_level: AILevel | None = None,
        now: float | None = None,
    ) -> ChallengeRecord:
        """Seat ``user_id`` at the open table (last, in turn order). :class:`NotAllowed` when
        they sit there already or every seat is taken; :class:`ChallengeNotPending` once it
        has started, was cancelled or expired. Two joins for the last seat: one wins.

        With ``ai_level`` the seat is the computer's (``user_id`` is the bot's own id), which
        may fill several seats; :meth:`start_table` gives the game's seat that level."""
        if ai_level is not None and ai_level not in AI_LEVELS:
            raise ValueError(f"ai_level must be one of {AI_LEVELS}, not {ai_level!r}")
        now_ms = to_ms(now)
        async with self._db.transaction():
            table = await self._pending_table(challenge_id, now_ms)
            if ai_level is None and user_id in table.seated:
                raise NotAllowed("you are already seated at this table")
            if len(table.seated) >= (table.max_seats or MAX_SEATS):
                raise NotAllowed(
                    "the table is full: all {seats} seats are taken", seats=table.max_seats
                )
            await self._db.execute(
                "INSERT INTO challenge_seats (challenge_id, seat, player_id, joined_at, ai_level)"
                " VALUES (?, (SELECT coalesce(max(seat), -1) + 1 FROM challenge_seats"
                " WHERE challenge_id = ?), ?, ?, ?)",
                (challenge_id, challenge_id, user_id, now_ms, ai_level),
            )
        log.info("table %d: %d sat down", challenge_id, user_id)
        return await self._require(challenge_id)

    async def leave_table(
        self, challenge_id: int, user_id: int, *, now: float | None = None
    ) -> ChallengeRecord:
        """``user_id`` gets up from the open table (their last seat). When the host leaves,
        the table is cancelled. :class:`NotAllowed` for someone not seated there."""
        now_ms = to_ms(now)
        async with self._db.transaction():
            table = await self._pending_table(challenge_id, now_ms)
            if user_id not in table.seated:
                raise NotAllowed("you are not seated at this table")
            if user_id == table.challenger_id:
                await self._db.execute(
                    "UPDATE challenges SET status = 'cancelled', resolved_at = ? WHERE id = ?",
                    (now_ms, challenge_id),
                )
            else:
                await self._db.execute(
                    "DELETE FROM challenge_seats WHERE challenge_id = ? AND seat = (SELECT"
                    " max(seat) FROM challenge_seats WHERE challenge_id = ? AND player_id = ?)",
                    (challenge_id, challenge_id, user_id),
                )
        log.info("table %d: %d left", challenge_id, user_id)
        return await self._require(challenge_id)

    async def start_table(
        self,
        challenge_id: int,
        user_id: int,
        *,
        seat_names: Sequence[str],
        start_position: str,
        options: Mapping[str, str] | None = None,
        host_only: bool = True,
        now: float | None = None,
    ) -> GameRecord:
        """Start the open table's game, atomically: ``seat_names`` (the game's seats for as
        many players as are seated, in turn order) go to the seated players in the order they
        sat down. ``user_id`` must be the host unless ``host_only`` is off (the table fills
        up and starts by itself). :class:`NotAllowed` when fewer than two sit there, or when
        the number seated is no longer ``len(seat_names)`` (someone joined or left: read the
        table again)."""
        now_ms = to_ms(now)
        async with self._db.transaction():
            table = await self._pending_table(challenge_id, now_ms)
            if host_only and user_id != table.challenger_id:
                raise NotAllowed(
                    "only the host, {host}, can start the game",
                    host=f"<@{table.challenger_id}>",
                )
            if len(table.seated) < MIN_SEATS:
                raise NotAllowed(
                    "a game needs at least {count} players at the table", count=MIN_SEATS
                )
            if len(table.seated) != len(seat_names):
                raise NotAllowed("the table changed just now: look at it again")
            seats = game_seats(table.game_kind, zip(seat_names, table.seated, strict=True))
            levels = table.seated_levels or (None,) * len(seats)
            seats = tuple(
                Seat(s.name, s.player_id, level) for s, level in zip(seats, levels, strict=True)
            )
            game = await self._db.games.insert_game(
                guild_id=table.guild_id,
                channel_id=table.channel_id,
                game_kind=table.game_kind,
                options=options if options is not None else table.options,
                seats=seats,
                start_position=start_position,
                thread_id=None,
                now_ms=now_ms,
                rated=table.rated,
                pace_hours=table.pace_hours,
                start_announced=False,  # until the bot posts its first board
            )
            await self._db.execute(
                "UPDATE challenges SET status = 'accepted', resolved_at = ?, accepted_by = ?,"
                " game_id = ? WHERE id = ? AND status = 'pending'",
                (now_ms, user_id, game.id, challenge_id),
            )
        log.info("table %d started by %d: game %d", challenge_id, user_id, game.id)
        return game

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        """Remember the message showing the challenge (sent after the row was created)."""
        row = await self._db.fetchone(
            "UPDATE challenges SET message_id = ? WHERE id = ? RETURNING id",
            (message_id, challenge_id),
        )
        if row is None:
            raise ChallengeNotFound(challenge_id)

    async def pending_challenges(
        self,
        guild_id: int | None = None,
        channel_id: int | None = None,
        *,
        user_id: int | None = None,
        now: float | None = None,
    ) -> list[ChallengeRecord]:
        """Pending, unexpired challenges, oldest first.

        ``user_id`` keeps those the user made, was challenged to, or may accept (open ones).
        """
        where = ["status = 'pending'", "expires_at > :now"]
        params: dict[str, Any] = {"now": to_ms(now)}
        if guild_id is not None:
            where.append("guild_id = :guild")
            params["guild"] = guild_id
        if channel_id is not None:
            where.append("channel_id = :channel")
            params["channel"] = channel_id
        if user_id is not None:
            where.append(
                "(challenger_id = :user OR challenged_id = :user OR challenged_id IS NULL)"
            )
            params["user"] = user_id
        rows = await self._db.fetchall(
            f"{_WITH_SEATS} WHERE {' AND '.join(where)} ORDER BY created_at, id",
            params,
        )
        return [challenge_from_row(r) for r in rows]

    async def _not_pending(self, challenge_id: int, now_ms: int) -> Exception:
        row = await self._db.fetchone(
            "SELECT status, expires_at FROM challenges WHERE id = ?", (challenge_id,)
        )
        if row is None:
            return ChallengeNotFound(challenge_id)
        if row["status"] == "pending" and row["expires_at"] <= now_ms:
            return ChallengeExpired(challenge_id)
        return ChallengeNotPending(challenge_id, row["status"])

    async def accept_challenge(
        self,
        challenge_id: int,
        accepter_id: int,
        *,
        start_position: str,
        thread_id: int | None = None,
        rng: random.Random | None = None,
        match_length: int = 0,
        now: float | None = None,
    ) -> GameRecord:
        """Accept a pending challenge and create its game, atomically.

        With ``match_length`` (1-25; a backgammon ``match=N`` challenge) the game is game 1 of
        a new match to that many points between the same seats, created in the same
        transaction (:meth:`MatchRepository.add_game` starts the next ones).

        ``start_position`` is the rules core's start position for the challenge's variant and
        options (storage does not compute positions). A ``'random'`` colour is drawn with
        ``rng`` (pass a seeded one in tests). Raises :class:`ChallengeNotPending` (or
        :class:`ChallengeExpired`) if someone else resolved it first or it timed out, and
        :class:`NotAllowed` if ``accepter_id`` may not accept it.
        """
        now_ms = to_ms(now)
        async with self._db.transaction():
            await self._db.lock("SELECT id FROM challenges WHERE id = ?", (challenge_id,))
            row = await self._db.fetchone("SELECT * FROM challenges WHERE id = ?", (challenge_id,))
            if row is None:
                raise ChallengeNotFound(challenge_id)
            challenge = challenge_from_row(row)
            if challenge.status != "pending":
                raise ChallengeNotPending(challenge_id, challenge.status)
            if row["expires_at"] <= now_ms:
                raise ChallengeExpired(challenge_id)
            if challenge.is_table:
                raise NotAllowed("a table is joined and started, not accepted")
            if accepter_id == challenge.challenger_id:
                raise NotAllowed("you cannot accept your own challenge")
            if challenge.challenged_id is not None and challenge.challenged_id != accepter_id:
                raise NotAllowed("this challenge is for someone else")

            colour = challenge.colour
            if colour == "random":
                colour = (rng or random.SystemRandom()).choice(("white", "black"))
            if colour == "white":
                white_id, black_id = challenge.challenger_id, accepter_id
            else:
                white_id, black_id = accepter_id, challenge.challenger_id

            seats = game_seats(challenge.game_kind, white_id=white_id, black_id=black_id)
            if challenge.ai_level is not None:  # the computer accepts: its seat says so
                level = challenge.ai_level
                seats = tuple(
                    Seat(s.name, s.player_id, level if s.player_id == accepter_id else None)
                    for s in seats
                )
            match_id = None
            if match_length:
                match = await self._db.matches.insert_match(
                    guild_id=challenge.guild_id,
                    length=match_length,
                    seats=seats,
                    game=challenge.game_kind,
                    options=challenge.options,
                    now_ms=now_ms,
                )
                match_id = match.id
            game = await self._db.games.insert_game(
                guild_id=challenge.guild_id,
                channel_id=challenge.channel_id,
                game_kind=challenge.game_kind,
                options=challenge.options,
                seats=seats,
                start_position=start_position,
                thread_id=thread_id,
                now_ms=now_ms,
                match_id=match_id,
                match_game=1 if match_id is not None else None,
                rated=challenge.rated,
                pace_hours=challenge.pace_hours,
                start_announced=False,  # until the bot posts its first board
            )
            flipped = await self._db.fetchone(
                """
                UPDATE challenges
                   SET status = 'accepted', resolved_at = ?, accepted_by = ?, game_id = ?
                 WHERE id = ? AND status = 'pending'
                RETURNING id
                """,
                (now_ms, accepter_id, game.id, challenge_id),
            )
            if flipped is None:  # cannot happen under the lock; guard anyway
                raise await self._not_pending(challenge_id, now_ms)
        log.info("challenge %d accepted by %d: game %d", challenge_id, accepter_id, game.id)
        return game

    async def decline_challenge(
        self, challenge_id: int, user_id: int, *, now: float | None = None
    ) -> ChallengeRecord:
        """The challenged user says no. Open challenges cannot be declined (only cancelled)."""
        return await self._resolve(
            challenge_id, "declined", "challenged_id = :user", user_id, now, "decline"
        )

    async def cancel_challenge(
        self, challenge_id: int, user_id: int, *, now: float | None = None
    ) -> ChallengeRecord:
        """The challenger withdraws their challenge."""
        return await self._resolve(
            challenge_id, "cancelled", "challenger_id = :user", user_id, now, "cancel"
        )

    async def _resolve(
        self,
        challenge_id: int,
        status: ChallengeStatus,
        who: str,
        user_id: int,
        now: float | None,
        verb: str,
    ) -> ChallengeRecord:
        now_ms = to_ms(now)
        async with self._db.transaction():
            row = await self._db.fetchone(
                f"""
                UPDATE challenges SET status = :status, resolved_at = :now
                 WHERE id = :id AND status = 'pending' AND expires_at > :now AND {who}
                RETURNING *
                """,
                {"status": status, "now": now_ms, "id": challenge_id, "user": user_id},
            )
            if row is None:
                error = await self._not_pending(challenge_id, now_ms)
                if isinstance(error, ChallengeNotPending) and error.status == "pending":
                    raise NotAllowed("you cannot {verb} this challenge", verb=verb)
                raise error
        log.info("challenge %d %s by %d", challenge_id, status, user_id)
        return challenge_from_row(row)

    async def expire_challenges(self, now: float | None = None) -> list[ChallengeRecord]:
        """Mark every pending challenge past its expiry as expired and return them.

        The bot calls this periodically (and at start-up). Those with a message are flagged
        as showing a stale message: :meth:`claim_stale_messages` hands them out a few at a
        time for editing, so a backlog is one write here and many small batches of edits.
        """
        now_ms = to_ms(now)
        async with self._db.transaction():
            rows = await self._db.fetchall(
                """
                UPDATE challenges SET status = 'expired', resolved_at = :now,
                                      message_stale = CASE WHEN message_id IS NULL THEN 0 ELSE 1 END
                 WHERE status = 'pending' AND expires_at <= :now
                RETURNING *
                """,
                {"now": now_ms},
            )
        expired = await self._with_seats(
            sorted((challenge_from_row(r) for r in rows), key=lambda c: c.id)
        )
        if expired:
            log.info("expired %d challenge(s)", len(expired))
        return expired

    async def claim_stale_messages(self, limit: int = 100) -> list[ChallengeRecord]:
        """Up to ``limit`` expired challenges whose message still shows them open, oldest
        first, unflagged in the same write: each is handed out once, across processes and
        restarts (a failed edit is not retried, like a reminder).

        The flag is tested again outside the sub-select: on PostgreSQL a second process's
        UPDATE that waited for the first re-checks only the outer condition on the committed
        row, so without it both would hand out the same messages."""
        rows = await self._db.fetchall(
            """
            UPDATE challenges SET message_stale = 0
             WHERE id IN (SELECT id FROM challenges WHERE message_stale = 1
                           ORDER BY resolved_at, id LIMIT ?)
               AND message_stale = 1
            RETURNING *
            """,
            (limit,),
        )
        claimed = sorted((challenge_from_row(r) for r in rows), key=lambda c: (c.resolved_at, c.id))
        return await self._with_seats(claimed)

    async def stale_message_count(self) -> int:
        """How many expired challenges' messages still wait for their edit."""
        return int(
            await self._db.fetchval("SELECT count(*) FROM challenges WHERE message_stale = 1")
        )
