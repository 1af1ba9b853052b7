"""Games and their append-only move lists.

Every write that depends on the game's state is a single guarded ``UPDATE ... WHERE status =
'active' AND ply = :expected`` inside a transaction: if another task or process got there first,
the guard matches no row, nothing is written, and the caller gets a :class:`ConcurrencyError`
telling them the game moved on. The ``(game_id, ply)`` primary key of ``moves`` is a second,
independent guard against two moves for one ply.

Positions and actions (moves, passes, dice rolls, cube actions) are opaque strings here; the bot
validates them with the rules core before calling, and :mod:`storage.replay` can re-check a
stored game afterwards. A game's seats (2-4, in turn order) live in ``game_seats``; they and the
results are checked against the rules core's game registry (:mod:`storage.seats`).
"""

from __future__ import annotations

import dataclasses
import json
import logging
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from rules.games import GameOutcome

from ._convert import dump_options, from_ms, from_ms_opt, load_options, to_ms
from .backends.base import Row
from .errors import (
    ConcurrencyError,
    ConstraintViolation,
    GameNotFound,
    GameOver,
    NoDrawOffer,
    NotAllowed,
)
from .models import (
    GameRecord,
    GameSettings,
    GameStatus,
    ListedGame,
    MoveRecord,
    PlayerSettings,
    PlyToRecord,
    Seat,
    Winner,
    WinnerAndReason,
)
from .seats import check_result, game_seats, result_columns

if TYPE_CHECKING:
    from .database import Database

__all__ = ["GAME_COLUMNS", "SELECT_GAMES", "GameRepository", "game_from_row"]

log = logging.getLogger(__name__)

GAME_COLUMNS = """games.*,
           (SELECT json_group_array(json_array(seat, name, player_id, place, ai_level))
              FROM game_seats WHERE game_seats.game_id = games.id) AS seats_json"""
"""A ``games`` row's columns with its seats (for :func:`game_from_row`)."""
SELECT_GAMES = f"SELECT {GAME_COLUMNS} FROM games"
"""Games with their seats, in one statement (one consistent read); append a ``WHERE``."""
SETTINGS_COLUMNS = """
           (SELECT json_group_array(json_array(p.user_id, p.display_name, p.language, p.notify,
                                               p.play_only_turn, p.vacation_until))
              FROM players AS p
             WHERE p.user_id IN (SELECT player_id FROM game_seats
                                  WHERE game_seats.game_id = games.id)) AS players_json,
           (SELECT language FROM guild_settings
             WHERE guild_settings.guild_id = games.guild_id) AS guild_language"""
"""The settings an interaction reads with its game (:class:`GameSettings`)."""
SELECT_GAMES_WITH_SETTINGS = f"SELECT {GAME_COLUMNS}, {SETTINGS_COLUMNS} FROM games"
"""Games with their seats and settings, in one statement; append a ``WHERE``."""

_HOUR_MS = 3_600_000
"""An hour in the stored milliseconds (a game's ``pace_hours``)."""

_MAX_GAME_DIGITS = 12
"""Game numbers are looked up by prefix up to this many digits (the bot's ``#N`` allows 12)."""


def _seats_from_json(text: str | None) -> tuple[tuple[Seat, ...], tuple[str, ...]]:
    """The seats in turn order and the names by place (only seats with a place)."""
    rows = sorted(json.loads(text or "[]"))
    seats = tuple(Seat(row[1], row[2], row[4]) for row in rows)
    placed = sorted((row[3], row[1]) for row in rows if row[3] is not None)
    return seats, tuple(name for _, name in placed)


def _settings_from_row(row: Row) -> GameSettings:
    """The :data:`SETTINGS_COLUMNS` of a row."""
    players = {}
    for user_id, name, language, notify, only_turn, vacation in json.loads(
        row["players_json"] or "[]"
    ):
        players[user_id] = PlayerSettings(
            user_id=user_id,
            display_name=name,
            language=language,
            notify=notify,
            play_only_turn=bool(only_turn),
            vacation_until=from_ms_opt(vacation),
        )
    return GameSettings(row["guild_language"], players)


def game_from_row(row: Row, *, known: GameRecord | None = None) -> GameRecord:
    """A :data:`SELECT_GAMES` row as a record (with its settings for a
    :data:`SELECT_GAMES_WITH_SETTINGS` row), or a ``games`` row alone (``RETURNING *``) of a
    game whose seats and settings were ``known`` (a move changes neither)."""
    if known is not None:
        seats, places, settings = known.seats, known.places, known.settings
    else:
        seats, places = _seats_from_json(row["seats_json"])
        settings = _settings_from_row(row) if "players_json" in row.keys() else None
    return GameRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        board_channel_id=row["board_channel_id"],
        board_message_id=row["board_message_id"],
        game_kind=row["variant"],
        options=load_options(row["options"]),
        seats=seats,
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
        places=places,
        points=row["points"],
        match_id=row["match_id"],
        match_game=row["match_game"],
        rated=bool(row["rated"]),
        pace_hours=row["pace_hours"],
        settings=settings,
    )


def move_from_row(row: Row) -> MoveRecord:
    return MoveRecord(
        game_id=row["game_id"],
        ply=row["ply"],
        player_id=row["player_id"],
        move=row["move"],
        position_after=row["position_after"],
        created_at=from_ms(row["created_at"]),
    )


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
        game_kind: str,
        start_position: str,
        seats: Iterable[Seat | tuple[str, int]] | None = None,
        white_id: int | None = None,
        black_id: int | None = None,
        options: Mapping[str, str] | None = None,
        thread_id: int | None = None,
        rated: bool = False,
        pace_hours: int | None = None,
        now: float | None = None,
    ) -> GameRecord:
        """Start a ``variant`` game (any registered game id) at ``start_position`` (ply 0).
        ``rated`` games enter their players' ratings when they finish (casual by default here;
        a challenge is rated by default).

        The players come as ``seats`` -- ``Seat(name, player_id)`` or ``(name, player_id)`` in
        the game's turn order, 2-4 of the game's seat names (``[("red", a), ("blue", b),
        ("yellow", c)]``) -- or, for the two-colour games, as ``white_id`` and ``black_id``.
        Bad seats raise :class:`ValueError` and store nothing. A game stored here counts as
        announced at its start (tests, tools); the bot's own starts -- accepting a challenge,
        starting a table, a match's next game -- wait for their first board.
        """
        chosen = game_seats(game_kind, seats, white_id=white_id, black_id=black_id)
        async with self._db.transaction():
            return await self.insert_game(
                guild_id=guild_id,
                channel_id=channel_id,
                game_kind=game_kind,
                options=options,
                seats=chosen,
                start_position=start_position,
                thread_id=thread_id,
                now_ms=to_ms(now),
                rated=rated,
                pace_hours=pace_hours,
            )

    async def insert_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game_kind: str,
        options: Mapping[str, str] | None,
        seats: Sequence[Seat],
        start_position: str,
        thread_id: int | None,
        now_ms: int,
        match_id: int | None = None,
        match_game: int | None = None,
        rated: bool = False,
        start_announced: bool = True,
        pace_hours: int | None = None,
    ) -> GameRecord:
        """Insert a game and its seats (already checked by :func:`storage.seats.game_seats`).

        For the other repositories (accepting a challenge, a table, a match's next game): the
        caller holds the transaction. The bot's own starts pass ``start_announced=False``:
        the game is stored with ``announced_ply = -1`` until its first board is posted, so a
        start a crash kept from being posted (no board, no opening roll) is found by the
        catch-up like any other missed board (:attr:`GameRecord.start_announced`).
        """
        await self._db.players.ensure_players((s.player_id for s in seats), now_ms)
        rated = rated and not any(s.ai_level is not None for s in seats)  # the computer: never
        game_id = await self._db.fetchval(
            """
            INSERT INTO games (guild_id, channel_id, thread_id, variant, options, status,
                               start_position, current_position, ply, created_at, updated_at,
                               turn_since, match_id, match_game, rated, announced_ply,
                               pace_hours)
            VALUES (?, ?, ?, ?, ?, 'active', ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?)
            RETURNING id
            """,
            (
                guild_id,
                channel_id,
                thread_id,
                game_kind,
                dump_options(options),
                start_position,
                start_position,
                now_ms,
                now_ms,
                now_ms,
                match_id,
                match_game,
                int(rated),
                0 if start_announced else -1,
                pace_hours,
            ),
        )
        await self._db.executemany(
            "INSERT INTO game_seats (game_id, seat, name, player_id, ai_level)"
            " VALUES (?, ?, ?, ?, ?)",
            [
                (game_id, index, seat.name, seat.player_id, seat.ai_level)
                for index, seat in enumerate(seats)
            ],
        )
        game = await self.require_game(game_id)
        log.info(
            "game %d created: %s, %s",
            game.id,
            game_kind,
            ", ".join(f"{s.name} {s.player_id}" for s in seats),
        )
        return game

    # ------------------------------------------------------------------ reading

    async def load_game(self, game_id: int, *, settings: bool = False) -> GameRecord | None:
        """The game as stored now, or ``None``; with ``settings``, the server's and the
        players' settings read in the same statement (:attr:`GameRecord.settings`)."""
        select = SELECT_GAMES_WITH_SETTINGS if settings else SELECT_GAMES
        row = await self._db.fetchone(select + " WHERE games.id = ?", (game_id,))
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
        settings: bool = False,
    ) -> list[GameRecord]:
        """Active games, filtered by any combination of player, channel and guild (with
        ``settings``, each with its :attr:`GameRecord.settings`).

        ``channel_id`` matches the channel a game was set up in or its thread. Newest activity
        first; at most ``limit`` (a caller that only needs to know "one, or several?" asks for
        two, not for every game of a busy channel).
        """
        where = ["status = 'active'"]
        params: dict[str, Any] = {}
        if user_id is not None:
            where.append(
                "games.id IN (SELECT game_id FROM game_seats"
                " WHERE player_id = :user AND status = 'active')"
            )
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
        select = SELECT_GAMES_WITH_SETTINGS if settings else SELECT_GAMES
        rows = await self._db.fetchall(
            f"{select} WHERE {' AND '.join(where)} ORDER BY updated_at DESC, id DESC" + tail,
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
            f"""
            SELECT parts.part, {GAME_COLUMNS} FROM (
                SELECT 0 AS part, id FROM (
                    SELECT id FROM games WHERE thread_id = :channel AND +guild_id = :guild
                     ORDER BY status = 'active' DESC, id DESC LIMIT 1) AS thread_game
                UNION ALL
                SELECT 1, id FROM (
                    SELECT id FROM games WHERE channel_id = :channel AND status = 'active'
                       AND EXISTS (SELECT 1 FROM game_seats AS s
                                    WHERE s.game_id = games.id AND +s.player_id = :user)
                       AND +guild_id = :guild LIMIT 2) AS mine
                UNION ALL
                SELECT 2, id FROM (
                    SELECT id FROM games WHERE channel_id = :channel AND status = 'active'
                       AND +guild_id = :guild LIMIT 2) AS anyone
            ) AS parts JOIN games ON games.id = parts.id
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
        game_kinds: Sequence[str] = (),
        limit: int = 25,
    ) -> list[ListedGame]:
        """Games of ``guild_id`` to offer ``user_id`` by name, with every seat's player's name,
        in ONE query whose work does not grow with the number of games (a busy server has
        thousands: a query per game, or sorting them all, is too slow for autocomplete).

        ``user_id``'s games (active ones, or all), and with ``spectating`` also the games of
        the thread ``channel_id`` and the active games of the channel ``channel_id`` (without
        it, only ``user_id``'s games among those). The games
        of ``channel_id`` come first, then the newest. ``needle`` (lowercase, ``""`` = all):
        digits keep the games whose number starts with them; other text keeps the games of
        ``variants`` (the variant ids the caller found the text in) or whose players' names
        contain it (for ``user_id``'s own games: another seat's player).

        How: every source of games is one index range read newest first and cut at ``limit``
        (so only ``limit`` rows per source are read when nothing is typed): the user's seats
        by ``game_seats_player``, the thread's and channel's games by theirs; a number is
        looked up as ranges of game ids (``12`` → 12, 120–129, 1200–1299, …).
        """
        params: dict[str, Any] = {
            "user": user_id,
            "channel": channel_id,
            "guild": guild_id,
            "needle": needle,
            "limit": limit,
        }
        seated = (
            "EXISTS (SELECT 1 FROM game_seats AS m"
            " WHERE m.game_id = {game} AND +m.player_id = :user)"
        )  # the game's own seats (its primary key), not every seat the user ever held
        mine = "" if spectating else " AND " + seated.format(game="games.id")
        statuses = ["active"] if active_only else ["active", "finished"]
        # (one index range of game ids, and the seats whose players' names a needle may match)
        sources = [
            (
                "SELECT s.game_id AS id FROM game_seats AS s JOIN games ON games.id = s.game_id"
                f" WHERE s.player_id = :user AND s.status = '{status}'",
                "o.seat != s.seat",
                "s.game_id",
            )
            for status in statuses
        ] + [
            (f"SELECT id FROM games WHERE thread_id = :channel{mine}", "1 = 1", "id"),
            (
                f"SELECT id FROM games WHERE channel_id = :channel AND status = 'active'{mine}",
                "1 = 1",
                "id",
            ),
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
            whose = [seated.format(game="g.id")]
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
            by_game_kind = ""
            for i, game_kind in enumerate(game_kinds):
                params[f"variant{i}"] = game_kind
            if game_kinds:
                listed = ", ".join(f":variant{i}" for i in range(len(game_kinds)))
                by_game_kind = f"games.variant IN ({listed}) OR "
            selects: list[str] = []
            for source, others, order in sources:
                match = ""
                if needle:
                    by_name = (
                        f"EXISTS (SELECT 1 FROM game_seats AS o WHERE o.game_id = games.id"
                        f" AND {others} AND o.player_id IN (SELECT user_id FROM named))"
                    )
                    match = f" AND ({by_game_kind}{by_name})"
                selects.append(
                    f"SELECT * FROM ({source}{match}"
                    f" AND +games.guild_id = :guild ORDER BY {order} DESC LIMIT :limit)"
                    f" AS source{len(selects)}"
                )
            ids = " UNION ".join(selects)
        rows = await self._db.fetchall(
            f"""
            {named}SELECT g.*,
                   (SELECT json_group_array(json_array(s.seat, s.name, s.player_id, s.place,
                                                       s.ai_level, coalesce(p.display_name, '')))
                      FROM game_seats AS s LEFT JOIN players AS p ON p.user_id = s.player_id
                     WHERE s.game_id = g.id) AS seats_json
              FROM games AS g
             WHERE g.id IN ({ids}) AND +g.guild_id = :guild{status}
             ORDER BY (g.channel_id = :channel
                       OR g.thread_id IS NOT DISTINCT FROM :channel) DESC, g.id DESC
             LIMIT :limit
            """,
            params,
        )
        found = []
        for row in rows:
            names = [seat[5] for seat in sorted(json.loads(row["seats_json"] or "[]"))]
            found.append(ListedGame(game_from_row(row), tuple(names)))
        return found

    async def player_games_page(
        self,
        user_id: int,
        *,
        guild_id: int | None,
        offset: int,
        limit: int,
    ) -> tuple[int, list[ListedGame]]:
        """One page of ``user_id``'s active games in ``guild_id`` (any server for ``None``),
        newest activity first, each with every seat's player's name, and how many such games
        there are: ``(count, page)``.

        ONE query however many games the player has (``/games`` for a player with 5,000
        games once took a query per name, 10,000 of them, past Discord's 3 seconds): their
        game ids come from ``game_seats_player`` (player, status), the count is a window over
        them, and only the page's rows are joined to their seats and names.
        """
        where = ["status = 'active'"]
        params: dict[str, Any] = {"user": user_id, "offset": offset, "limit": limit}
        if guild_id is not None:
            where.append("guild_id = :guild")
            params["guild"] = guild_id
        rows = await self._db.fetchall(
            f"""
            SELECT g.*, page.total,
                   (SELECT json_group_array(json_array(s.seat, s.name, s.player_id, s.place,
                                                       s.ai_level, coalesce(p.display_name, '')))
                      FROM game_seats AS s LEFT JOIN players AS p ON p.user_id = s.player_id
                     WHERE s.game_id = g.id) AS seats_json
              FROM (SELECT id, updated_at, count(*) OVER () AS total FROM games
                     WHERE id IN (SELECT game_id FROM game_seats
                                   WHERE player_id = :user AND status = 'active')
                       AND {" AND ".join(where)}
                     ORDER BY updated_at DESC, id DESC LIMIT :limit OFFSET :offset) AS page
              JOIN games AS g ON g.id = page.id
             ORDER BY page.updated_at DESC, g.id DESC
            """,
            params,
        )
        listed = []
        for row in rows:
            names = [seat[5] for seat in sorted(json.loads(row["seats_json"] or "[]"))]
            listed.append(ListedGame(game_from_row(row), tuple(names)))
        if rows:
            return int(rows[0]["total"]), listed
        if offset == 0:
            return 0, []
        # past the end: the count alone (the caller shows the last page instead)
        total = await self._db.fetchval(
            "SELECT count(*) FROM games WHERE id IN (SELECT game_id FROM game_seats"
            f" WHERE player_id = :user AND status = 'active') AND {' AND '.join(where)}",
            params,
        )
        return int(total), []

    async def finished_games(
        self,
        user_id: int,
        *,
        guild_id: int | None = None,
        limit: int = 25,
        offset: int = 0,
    ) -> list[GameRecord]:
        """A user's finished games, most recently finished first."""
        where = (
            "status = 'finished' AND games.id IN (SELECT game_id FROM game_seats"
            " WHERE player_id = :user AND status = 'finished')"
        )
        params: dict[str, Any] = {"user": user_id, "limit": limit, "offset": offset}
        if guild_id is not None:
            where += " AND guild_id = :guild"
            params["guild"] = guild_id
        rows = await self._db.fetchall(
            f"{SELECT_GAMES} WHERE {where} "
            "ORDER BY finished_at DESC, id DESC LIMIT :limit OFFSET :offset",
            params,
        )
        return [game_from_row(r) for r in rows]

    async def computer_games(self, *, limit: int = 100) -> list[GameRecord]:
        """Active games in which the computer plays a seat, longest waiting first (the bot
        reads from each one's position whether the computer is to move: after a restart it
        plays the turns it had not finished)."""
        rows = await self._db.fetchall(
            SELECT_GAMES + " WHERE games.id IN (SELECT game_id FROM game_seats"
            " WHERE ai_level IS NOT NULL AND status = 'active')"
            " AND games.status = 'active' ORDER BY games.turn_since, games.id LIMIT ?",
            (limit,),
        )
        return [game_from_row(row) for row in rows]

    async def turns_started_before(
        self,
        before: float,
        *,
        limit: int = 100,
        unclaimed: str | None = None,
        now: float | None = None,
    ) -> list[GameRecord]:
        """Active games whose side to move got the turn at or before ``before``, oldest first:
        the games a move timeout is due for (``before = now - timeout``). With ``unclaimed``
        (a claim kind, see :mod:`storage.claims`), games someone holds an unexpired claim of
        that kind on at ``now`` are left out, so several processes take different games."""
        skip, params = _unclaimed(unclaimed, now)
        rows = await self._db.fetchall(
            SELECT_GAMES + f" WHERE status = 'active' AND turn_since <= ?{skip}"
            " ORDER BY turn_since, id LIMIT ?",
            (to_ms(before), *params, limit),
        )
        return [game_from_row(r) for r in rows]

    async def reminders_due(
        self,
        started_before: float,
        started_after: float,
        *,
        limit: int = 100,
        unclaimed: str | None = None,
        now: float | None = None,
    ) -> list[GameRecord]:
        """Active games whose turn started in ``(started_after, started_before]`` and whose
        current turn has not been reminded yet, oldest first (``unclaimed``: as for
        :meth:`turns_started_before`)."""
        skip, params = _unclaimed(unclaimed, now)
        rows = await self._db.fetchall(
            SELECT_GAMES + " WHERE status = 'active' AND turn_since <= ? AND turn_since > ?"
            f" AND reminded_ply IS DISTINCT FROM ply{skip} ORDER BY turn_since, id LIMIT ?",
            (to_ms(started_before), to_ms(started_after), *params, limit),
        )
        return [game_from_row(r) for r in rows]

    async def paced_turns_due(
        self,
        now: float,
        default_timeout: float | None,
        *,
        reminders: bool = False,
        limit: int = 100,
        unclaimed: str | None = None,
    ) -> list[GameRecord]:
        """Active games whose move deadline has passed at ``now`` (``reminders``: whose
        reminder is due and not yet sent, before the deadline), oldest turn first, each at its
        own pace (issue 36): a game's deadline is ``turn_since + pace_hours``, or
        ``turn_since + default_timeout`` (seconds; ``None``: no timeout) for a game without
        one; its reminder lead is a quarter of that, at most 24 hours. ``unclaimed``: as for
        :meth:`turns_started_before`."""
        timeout = f"coalesce(pace_hours * {_HOUR_MS}, :default)"
        deadline = f"turn_since + {timeout}"
        if reminders:
            lead = f"min({timeout} / 4, {24 * _HOUR_MS})"
            when = (
                f"{deadline} - {lead} <= :now AND {deadline} > :now"
                " AND reminded_ply IS DISTINCT FROM ply"
            )
        else:
            when = f"{deadline} <= :now"
        skip = (
            " AND NOT EXISTS (SELECT 1 FROM claims WHERE claims.kind = :kind"
            " AND claims.item = games.id AND claims.expires_at > :now)"
            if unclaimed is not None
            else ""
        )
        params: dict[str, Any] = {
            "now": to_ms(now),
            "default": None if default_timeout is None else round(default_timeout * 1000),
            "limit": limit,
        }
        if unclaimed is not None:
            params["kind"] = unclaimed
        rows = await self._db.fetchall(
            SELECT_GAMES + f" WHERE status = 'active' AND {when}{skip}"
            " ORDER BY turn_since, id LIMIT :limit",
            params,
        )
        return [game_from_row(r) for r in rows]

    async def mark_reminded(self, game_id: int, ply: int) -> bool:
        """Claim the reminder for the turn at ``ply``; ``False`` if the game moved on, finished,
        or the reminder was claimed already (by this or another process). Claimed *before*
        sending, so a reminder goes out at most once."""
        row = await self._db.fetchone(
            "UPDATE games SET reminded_ply = ply WHERE id = ? AND status = 'active' AND ply = ?"
            " AND reminded_ply IS DISTINCT FROM ply RETURNING id",
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
            SELECT_GAMES
            + " WHERE (announced_ply < ply OR (status = 'finished' AND announced_over = 0))"
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
        async with self._db.transaction():
            row = await self._db.fetchone(
                """
                UPDATE games SET announce_claimed_until = :until
                 WHERE id = :id
                   AND (announced_ply < ply OR (status = 'finished' AND announced_over = 0))
                   AND (announce_claimed_until IS NULL OR announce_claimed_until <= :now)
                RETURNING id
                """,
                {"id": game_id, "now": to_ms(now), "until": to_ms(now + lease)},
            )
            return None if row is None else await self.require_game(game_id)

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
                   announced_over = CASE WHEN :over = 1 AND status = 'finished' AND ply = :ply
                                         THEN 1 ELSE announced_over END,
                   announce_claimed_until = NULL
             WHERE id = :id
               AND (announced_ply < min(:ply, ply)
                    OR (:over = 1 AND status = 'finished' AND ply = :ply
                        AND announced_over = 0))
            RETURNING id
            """,
            {"id": game_id, "ply": ply, "over": int(over)},
        )
        return row is not None

    # ------------------------------------------------------------------ writing

    async def _stale(self, game_id: int, expected_ply: int, user_id: int | None) -> Exception:
        """Explain why a guarded update matched nothing (called inside the transaction)."""
        row = await self._db.fetchone(
            "SELECT status, ply, reason, variant, EXISTS (SELECT 1 FROM game_seats"
            " WHERE game_id = :id AND +player_id = :user) AS seated FROM games WHERE id = :id",
            {"id": game_id, "user": user_id},
        )
        if row is None:
            return GameNotFound(game_id)
        if row["status"] != "active":
            return GameOver(game_id, expected_ply, row["ply"], row["reason"], row["variant"])
        if row["ply"] != expected_ply:
            return ConcurrencyError(game_id, expected_ply, row["ply"])
        if user_id is not None and not row["seated"]:
            return NotAllowed(
                "user {user} is not a player of game {game}", user=user_id, game=game_id
            )
        return ConcurrencyError(game_id, expected_ply, row["ply"])  # pragma: no cover

    async def record_move(
        self,
        game_id: int,
        expected_ply: int,
        player_id: int,
        move: str,
        position_after: str,
        *,
        outcome: GameOutcome | WinnerAndReason | None = None,
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
        outcome: GameOutcome | WinnerAndReason | None = None,
        now: float | None = None,
        turn_since: float | None = None,
        known: GameRecord | None = None,
    ) -> GameRecord:
        """Append consecutive plies (a move and the forced passes after it; a roll and the
        move it allows) in ONE transaction.

        ``expected_ply`` is the game's ply the caller validated the first ply against; the plies
        become ``expected_ply + 1 ...`` and the last ``position_after`` becomes current. If the
        game is no longer active at that ply, or any ply's player is not in the game, nothing at
        all is written and :class:`ConcurrencyError` (:class:`GameOver`, :class:`NotAllowed`)
        is raised -- so a move the bot confirmed can never be stored without its passes. With
        ``outcome`` (a :class:`rules.games.GameOutcome`, or ``(winner, reason)``) the same
        transaction finishes the game, updates every player's record and, for a match game,
        the match score. An outcome that does not fit the game's seats is a
        :class:`ValueError`, and nothing is written. A pending draw offer lapses; it stays
        recorded as lapsed (behind ``ply``, see :attr:`GameRecord.lapsed_draw_offer`) until the
        next move. The next turn's clock starts at ``now``, or at ``turn_since`` when given
        (later: the player to move is on vacation). Returns the updated game: with ``known``
        (the game as the caller read it), its seats and settings are taken from there rather
        than read again (a move changes neither).
        """
        if not plies:
            raise ValueError("record_moves needs at least one ply")
        winner, reason, places, points = (
            result_columns(outcome) if outcome is not None else (None, None, (), None)
        )
        now_ms = to_ms(now)
        first = expected_ply + 1
        async with self._db.transaction():
            row = await self._db.fetchone(
                """
                UPDATE games
                   SET current_position = :position,
                       ply = ply + :count,
                       updated_at = :now,
                       turn_since = :turn_since,
                       draw_offer_by = CASE WHEN draw_offer_ply = ply THEN draw_offer_by END,
                       draw_offer_ply = CASE WHEN draw_offer_ply = ply THEN draw_offer_ply END,
                       draw_offer_message_id
                           = CASE WHEN draw_offer_ply = ply THEN draw_offer_message_id END,
                       status = CASE WHEN CAST(:reason AS TEXT) IS NULL THEN 'active'
                                     ELSE 'finished' END,
                       winner = :winner,
                       reason = :reason,
                       points = :points,
                       finished_at = CASE WHEN CAST(:reason AS TEXT) IS NULL THEN NULL
                                          ELSE CAST(:now AS BIGINT) END
                 WHERE id = :id AND status = 'active' AND ply = :expected
                   AND EXISTS (SELECT 1 FROM game_seats
                                WHERE game_id = :id AND +player_id = :player)
                RETURNING *
                """,
                {
                    "position": plies[-1].position_after,
                    "count": len(plies),
                    "now": now_ms,
                    "turn_since": now_ms if turn_since is None else to_ms(turn_since),
                    "winner": winner,
                    "reason": reason,
                    "points": points,
                    "id": game_id,
                    "expected": expected_ply,
                    "player": plies[0].player_id,
                },
            )
            if row is None:
                raise await self._stale(game_id, expected_ply, plies[0].player_id)
            if known is not None and known.id == game_id:
                game = game_from_row(row, known=known)
            else:
                game = await self.require_game(game_id)
            if reason is not None:  # a bad outcome rolls the update back
                game = await self._settle(game, places, now_ms)
                if known is not None:
                    game = dataclasses.replace(game, settings=known.settings)
            for ply in plies[1:]:
                if game.seat_of(ply.player_id) is None:  # rolls the update back
                    raise NotAllowed(
                        "user {user} is not a player of game {game}",
                        user=ply.player_id,
                        game=game_id,
                    )
            try:
                await self._db.executemany(
                    "INSERT INTO moves (game_id, ply, player_id, move, position_after, created_at)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    [
                        (game_id, first + i, p.player_id, p.move, p.position_after, now_ms)
                        for i, p in enumerate(plies)
                    ],
                )
            except ConstraintViolation as exc:
                # The game row said ply N but a move N+1 exists: never overwrite history.
                raise ConcurrencyError(
                    game_id,
                    expected_ply,
                    first,
                    f"the game moved on: ply {first} is already recorded",
                ) from exc
        await self._db.changes.changed(game_id)
        if reason is not None:
            log.info(
                "game %d finished by %s: %s (%s)",
                game_id,
                " ".join(p.move for p in plies),
                winner,
                reason,
            )
        return game

    async def pause_turn(self, game_id: int, expected_ply: int, turn_since: float) -> bool:
        """Move the clock of the turn at ``expected_ply`` to start at ``turn_since`` (the player
        to move went on vacation: their remaining time waits for their return). Only later,
        never earlier; ``False`` when the game moved on or ended meanwhile (nothing changes)."""
        row = await self._db.fetchone(
            "UPDATE games SET turn_since = :since WHERE id = :id AND status = 'active'"
            " AND ply = :ply AND turn_since < :since RETURNING id",
            {"id": game_id, "ply": expected_ply, "since": to_ms(turn_since)},
        )
        if row is not None:
            await self._db.changes.changed(game_id)
        return row is not None

    async def take_back(
        self, game_id: int, expected_ply: int, to_ply: int, *, now: float | None = None
    ) -> GameRecord:
        """Remove the plies after ``to_ply`` (a takeback both players agreed), in ONE
        transaction guarded like a move: only while the game is active at ``expected_ply``
        (else :class:`ConcurrencyError` / :class:`GameOver`, and nothing changes). The game
        goes back to the position after ``to_ply`` (the start for 0); its clock restarts, a
        draw offer and the turn's reminder are dropped, and the announcement mark goes back
        too, so the catch-up sees the plies played later as new."""
        if not 0 <= to_ply < expected_ply:
            raise ValueError(f"cannot take back from ply {expected_ply} to ply {to_ply}")
        now_ms = to_ms(now)
        async with self._db.transaction():
            row = await self._db.fetchone(
                """
                UPDATE games
                   SET current_position = COALESCE(
                           (SELECT position_after FROM moves WHERE game_id = :id AND ply = :to),
                           start_position),
                       ply = :to,
                       updated_at = :now,
                       turn_since = :now,
                       reminded_ply = NULL,
                       draw_offer_by = NULL,
                       draw_offer_ply = NULL,
                       draw_offer_message_id = NULL,
                       announced_ply = min(announced_ply, :to)
                 WHERE id = :id AND status = 'active' AND ply = :expected
                RETURNING id
                """,
                {"id": game_id, "to": to_ply, "now": now_ms, "expected": expected_ply},
            )
            if row is None:
                raise await self._stale(game_id, expected_ply, None)
            await self._db.execute(
                "DELETE FROM moves WHERE game_id = ? AND ply > ?", (game_id, to_ply)
            )
        await self._db.changes.changed(game_id)
        log.info("game %d: plies %d-%d taken back", game_id, to_ply + 1, expected_ply)
        return await self.require_game(game_id)

    async def finish_game(
        self,
        game_id: int,
        expected_ply: int,
        winner: Winner | GameOutcome,
        reason: str | None = None,
        *,
        now: float | None = None,
    ) -> GameRecord:
        """Finish an active game without a move (resignation, agreement, timeout, abort).

        The result is a :class:`rules.games.GameOutcome` (``finish_game(id, ply, outcome)``)
        or the winning seat and a reason id (``finish_game(id, ply, "white",
        "resignation")``). Guarded by ``expected_ply`` like :meth:`record_move`, so resigning
        while a move lands leaves exactly one of the two. Players' records (not for
        ``'aborted'`` games) and a match's score are updated in the same transaction.
        """
        if isinstance(winner, GameOutcome):
            if reason is not None:
                raise ValueError("give an outcome, or a winner and a reason, not both")
            columns = result_columns(winner)
        else:
            columns = result_columns((winner, reason or ""))
        won_by, reason_id, places, points = columns
        now_ms = to_ms(now)
        async with self._db.transaction():
            row = await self._db.fetchone(
                """
                UPDATE games
                   SET status = 'finished', winner = ?, reason = ?, points = ?,
                       finished_at = ?, updated_at = ?, draw_offer_by = NULL,
                       draw_offer_ply = NULL, draw_offer_message_id = NULL
                 WHERE id = ? AND status = 'active' AND ply = ?
                RETURNING id
                """,
                (
                    won_by,
                    reason_id,
                    points,
                    now_ms,
                    now_ms,
                    game_id,
                    expected_ply,
                ),
            )
            if row is None:
                raise await self._stale(game_id, expected_ply, None)
            game = await self._settle(await self.require_game(game_id), places, now_ms)
        await self._db.changes.changed(game_id)
        log.info("game %d finished: %s (%s)", game_id, won_by, reason_id)
        return game

    async def _settle(self, game: GameRecord, places: Sequence[str], now_ms: int) -> GameRecord:
        """The rest of finishing ``game`` (its row just marked finished, in the caller's
        transaction): check the result against its seats (a :class:`ValueError` rolls all of
        it back), store the places, count it in the players' records and its match."""
        check_result(game.seat_names, game.winner, places)
        if places:
            await self._db.executemany(
                "UPDATE game_seats SET place = ? WHERE game_id = ? AND name = ?",
                [(rank, game.id, name) for rank, name in enumerate(places, start=1)],
            )
            game = await self.require_game(game.id)
        await self._db.players.record_result(game, now_ms)
        if game.match_id is not None:
            await self._db.matches.record_points(game, now_ms)
        await self._db.ratings.rate_finished(game)
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
                UPDATE games SET draw_offer_by = :user, draw_offer_ply = ply, updated_at = :now,
                       draw_offer_message_id = NULL
                 WHERE id = :id AND status = 'active' AND ply = :ply
                   AND EXISTS (SELECT 1 FROM game_seats WHERE game_id = :id AND +player_id = :user)
                RETURNING id
                """,
                {"user": by_user, "now": to_ms(now), "id": game_id, "ply": at_ply},
            )
            if row is None:
                raise await self._stale(game_id, at_ply, by_user)
            game = await self.require_game(game_id)
        await self._db.changes.changed(game_id)
        return game

    async def clear_draw_offer(self, game_id: int) -> None:
        """Withdraw or decline the pending draw offer, if any."""
        await self._db.execute(
            "UPDATE games SET draw_offer_by = NULL, draw_offer_ply = NULL,"
            " draw_offer_message_id = NULL WHERE id = ?",
            (game_id,),
        )
        await self._db.changes.changed(game_id)

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
            # read-then-write: the offer read here must still stand when the game finishes
            await self._db.lock("SELECT id FROM games WHERE id = ?", (game_id,))
            game = await self.require_game(game_id)
            if not game.is_active:
                raise GameOver(game_id, at_ply, game.ply, game.reason, game.game_kind)
            if game.ply != at_ply:
                raise ConcurrencyError(game_id, at_ply, game.ply)
            if game.seat_of(user_id) is None:
                raise NotAllowed(
                    "user {user} is not a player of game {game}", user=user_id, game=game_id
                )
            if len(game.seats) != 2:
                raise NotAllowed(
                    "game {game} has {seats} seats: no draw by two",
                    game=game_id,
                    seats=len(game.seats),
                )
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
            " announced_over = CASE WHEN ? = 1 AND status = 'finished' AND ply = ?"
            " THEN 1 ELSE announced_over END,"
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


def _unclaimed(kind: str | None, now: float | None) -> tuple[str, tuple[Any, ...]]:
    """The condition (and its parameters) leaving out games with an unexpired claim of
    ``kind`` (one primary-key probe of ``claims`` per game); nothing without a kind."""
    if kind is None:
        return "", ()
    return (
        " AND NOT EXISTS (SELECT 1 FROM claims WHERE claims.kind = ?"
        " AND claims.item = games.id AND claims.expires_at > ?)",
        (kind, to_ms(now)),
    )
