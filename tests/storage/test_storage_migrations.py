"""Upgrading real database files, and the indexes the bot's hot queries rely on."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from rules.games import GameOutcome, Reason
from storage import SCHEMA_VERSION, Database, PlyToRecord, Seat, StorageError, migrations
from storage.migrations import MIGRATIONS
from storage.rating_maths import Glicko, lichess_update
from storage.replay import verify_game
from tests.storage.storage_helpers import ALICE, BOB, CAROL, CHANNEL, GUILD, make_game

pytestmark = pytest.mark.sqlite_only  # old schema files, query plans: SQLite itself

# Written by the schema-1 code (commit 8d48a2a) through its public API: an active rugen game
# of 20 plies in a thread (id 1), a resigned game (id 2), a directed and an open challenge.
SCHEMA_V1_FILE = Path(__file__).parent / "fixtures" / "schema-v1.db"
# Written by the schema-2 code (commit 6eb5453) through its public API: game 1 (Alice–Bob,
# rugen, thread 3000) from an accepted challenge at t=1000 with 3 plies at t=1100/1200/1300;
# game 2 (Bob–Carol) created at 1500, no moves; game 3 (Alice–Carol) resigned at 2000; a
# pending classic 12x8 challenge from Carol to Alice.
SCHEMA_V2_FILE = Path(__file__).parent / "fixtures" / "schema-v2.db"
# Written by the schema-3 code (commit 523dc81) through its public API: game 1 (Alice–Bob,
# rugen, thread 3000, 4 real plies at t=1001..1004, board message 9001, reminded at ply 4);
# game 2 (Bob–Carol) ended by the rules at ply 123 (fifty-move rule, t=5123, board 9002);
# game 3 (Alice–Carol) resigned at t=6000 with no moves; a pending rematch of game 3.
SCHEMA_V3_FILE = Path(__file__).parent / "fixtures" / "schema-v3.db"
# Written by the schema-4 code (commit 471a7cf) through its public API: game 1 (Alice–Bob,
# from accepted challenge 1 with message 8001; one ply, board 9001; a draw offer by Bob at
# ply 1); challenge 2 (Carol→Alice, classic 12x8, message 8002) expired at t=2000 by that
# code's sweep, which edited its message; challenge 3 (Bob→Carol, lat, message 8003) pending
# until t=10000; challenge 4 (Carol's open schadler challenge, no message) pending too.
SCHEMA_V4_FILE = Path(__file__).parent / "fixtures" / "schema-v4.db"
# Written by the schema-5 code (commit 541dcb7) through its public API: game 1 (Alice–Bob,
# rugen, thread 3000) with plies a2-a3 (t=1001, board 9001 announcing it) and a7-a6 (t=1002,
# never posted); game 2 (Bob–Carol) resigned at t=2000, final board 9002 posted; game 3
# (Alice–Carol) resigned at t=2500, its final board never posted.
SCHEMA_V5_FILE = Path(__file__).parent / "fixtures" / "schema-v5.db"
# Written by the schema-6 code (commit 83b556e) through its public API: game 1 (Alice–Bob,
# rugen, thread 3000) with a2-a3 at t=1001 (board 9001) and a draw offer by Bob at ply 1;
# game 2 (Bob–Carol): Carol offered a draw at ply 0, then Bob played b2-b3 (t=1501, board
# 9002), which the schema-6 code recorded by clearing the offer.
SCHEMA_V6_FILE = Path(__file__).parent / "fixtures" / "schema-v6.db"
# Written by the schema-7 code (commit f6f562e) through its public API: Alice, Bob and Carol
# (named at t=900); game 1 (Alice–Bob, rugen, thread 3000) with Alice's a2-a3 at t=1001 (board
# 9001); game 2 (Carol–Bob) created at t=1500 (board 9002); a draw ping claimed for Bob in game
# 1 at t=1600.
SCHEMA_V7_FILE = Path(__file__).parent / "fixtures" / "schema-v7.db"
# Written by the schema-8 code (commit 4a68d19) through its public API, players Alice 11,
# Bob 12, Carol 13, Dave 14 with display names; games (white, black):
# 1 classic (Alice, Bob) from accepted challenge 1 (message 8001), 7 real plies, thread 3001,
#   board 9001, reminded at ply 7, then Bob's draw offer (buttons 8101) lapsed by Alice's
#   ply 8; 2 rugen (Bob, Carol) drawn by the rules at ply 123 (fifty-move rule); 3 lat
#   (Carol, Alice) resigned by Carol after 4 plies; 4 schadler (Dave, Bob) drawn by agreement
#   after 2 plies; 5 rugen (Alice, Dave) aborted at ply 0; 6 classic (Carol, Dave) won by
#   White (eagle captured) at ply 22; 7 chess (Bob, Alice) in guild 1001, 6 plies and a draw
#   offer by Alice (buttons 8707); 8 draughts (Carol, Bob) 5 plies, the last one unannounced
#   and its board claimed until t=8400; 9 rugen (Alice, Alice) resigned, not counted.
#   Challenges: a pending rematch of game 3, an open schadler one, an expired classic 12x8
#   one with message 8003; a draw ping in game 7. Carol chose DMs (a turn noted at t=8005),
#   Dave silence.
SCHEMA_V8_FILE = Path(__file__).parent / "fixtures" / "schema-v8.db"
# Written by the schema-9 code (commit eb25970) through its public API, players Alice 11,
# Bob 12, Carol 13, Dave 14: challenge 1 pending (Alice -> Bob, chess, message 8001),
# 2 an open draughts one expired at t=2000 (message 8002, still to be edited), 3 accepted
# (Bob -> Dave, backgammon: game 1). Game 2: ludo of three (red Alice, blue Carol, yellow
# Dave) after the roll for the first player (roll:6-2-3); game 3: ludo of two (red Bob,
# yellow Dave), Dave resigned after the first roll: places red, yellow.
SCHEMA_V9_FILE = Path(__file__).parent / "fixtures" / "schema-v9.db"
# Written by the schema-10 code (commit 5ad91bb) through its public API: players Alice 11,
# Bob 12, Carol 13 (named at t=900; Carol chose DMs at t=950); game 1 backgammon (Alice
# White, Bob Black, thread 3001) with 7 plies at t=1001 (rolls and turns, White to play 2-1);
# game 2 chess (Carol, Alice) resigned by Carol at t=2000 with no moves.
SCHEMA_V10_FILE = Path(__file__).parent / "fixtures" / "schema-v10.db"
# Written by the schema-11 code (commit 12b6f6f) through its public API: as the schema-10 file
# (players Alice 11, Bob 12, Carol 13 with DMs; backgammon game 1 with 7 plies, chess game 2
# resigned), and Bob opted in to having his only legal turns played (t=960).
SCHEMA_V11_FILE = Path(__file__).parent / "fixtures" / "schema-v11.db"
# Written by the schema-12 code (commit 72be27a) through its public API, players Alice 11,
# Bob 12, Carol 13, Dave 14; guild 1000 unless said; games (white, black), finished at t=:
# 1 chess (Alice, Bob) White resigned-won at 2000; 2 chess (Carol, Alice) created first, Black
# won on time at 3000; 3 chess (Bob, Carol) drawn by agreement at 2500; 4 rugen (Alice, Dave)
# Black won at 4000; 5 chess (Alice, Bob) aborted at 4100; 6 chess (Alice, Alice) resigned at
# 4300; 7 chess (Alice, Bob) in guild 1001, Black won at 4400; 8 chess (Bob, Dave) active;
# 9-11 a backgammon match to 3 (Carol, Dave): Dave 2 at 5000, Carol 1 at 5100, Carol 2 at
# 5200 (Carol wins it 3-2); 12 game 1 of an unfinished match to 5 (Alice, Bob), Alice 1 at
# 5300; 13 a single backgammon game (Bob, Carol), Bob 1 at 5400. A pending chess challenge
# Dave -> Alice.
SCHEMA_V12_FILE = Path(__file__).parent / "fixtures" / "schema-v12.db"
# Written by the schema-13 code (commit 4784aa2) through its public API: players Alice 11,
# Bob 12, Carol 13 (named at t=900), Bob opted in to having his only legal turns played
# (t=960); game 1 (Alice-Bob, rugen) created at t=1000.
SCHEMA_V13_FILE = Path(__file__).parent / "fixtures" / "schema-v13.db"
# Written by the schema-14 code (commit 9cdc3de) through its public API, players Alice 11,
# Bob 12, Carol 13, Dave 14: game 1 rugen (Alice White, Bob) from accepted challenge 1, plies
# a2-a3 (t=1002) and a7-a6 (t=1003); game 2 chess (Bob, Carol) resigned by Carol at t=1200;
# game 3 ludo, 3 seats (red Alice, blue Bob, yellow Carol); game 4 backgammon, game 1 of
# match 1 to 3 (Carol White, Dave) from accepted challenge 2; challenge 3 (Dave -> Alice,
# classic) pending; challenge 4 a ludo table of 3 hosted by Bob, Carol seated.
SCHEMA_V14_FILE = Path(__file__).parent / "fixtures" / "schema-v14.db"
# Written by the schema-15 code (commit 802e850) through its public API, players Alice 11,
# Bob 12, Carol 13 and the bot 99 (t=900): game 1 rugen (Alice White, Bob) from accepted
# challenge 1, plies a2-a3 (t=1002) and a7-a6 (t=1003); game 2 rugen (Carol White, the bot
# at hard) from accepted challenge 2, ply b2-b3 (t=1102); game 3 chess (Bob, Carol) resigned
# by Carol at t=1201; challenge 3 (Alice -> Carol, classic) pending.
SCHEMA_V15_FILE = Path(__file__).parent / "fixtures" / "schema-v15.db"
# Written by the schema-16 code (commit d0e41aa) through its public API, players Alice 11,
# Bob 12, Carol 13 and the bot 99 (t=900): game 1 rugen (Alice White, Bob) from accepted
# challenge 1, plies a2-a3 (t=1002) and a7-a6 (t=1003); game 2 rugen (Carol White, the bot
# at hard) from accepted challenge 2, ply b2-b3 (t=1102); game 3 chess (Bob, Carol, rated)
# resigned by Carol at t=1201; challenge 3 (Alice -> Carol, classic) pending; a reminder
# claim on game 1 by process-a (t=1400, 60 s).
SCHEMA_V16_FILE = Path(__file__).parent / "fixtures" / "schema-v16.db"
# The schema-17 file (the schema-16 one upgraded by the schema-17 code) upgraded by the
# schema-18 code (issue 33: the analyses table, empty).
SCHEMA_V18_FILE = Path(__file__).parent / "fixtures" / "schema-v18.db"


_TABLES = {
    "games",
    "moves",
    "challenges",
    "players",
    "pings",
    "game_seats",
    "matches",
    "ratings",
    "rating_history",
    "claims",
}


async def _index_names(db: Database) -> set[str]:
    rows = await db.fetchall("SELECT name FROM sqlite_master WHERE type = 'index'")
    return {r["name"] for r in rows}


async def test_a_schema_1_file_upgrades_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    shutil.copyfile(SCHEMA_V1_FILE, path)
    async with Database(path) as db:
        assert SCHEMA_VERSION >= 2
        assert await db.schema_version() == SCHEMA_VERSION
        assert await db.integrity_check() == ["ok"]
        indexes = await _index_names(db)
        assert {"games_thread_status", "challenges_guild_pending"} <= indexes
        assert "games_thread" not in indexes
        game = await db.games.require_game(1)
        assert (game.ply, game.thread_id, game.status) == (20, 3000, "active")
        report = await verify_game(db, 1)
        assert report.ok, report.problems
        assert (await db.games.require_game(2)).reason == "resignation"
        assert [g.id for g in await db.games.active_games(channel_id=3000)] == [1]
        pending = await db.challenges.pending_challenges(GUILD, now=1001.0)
        assert [c.game_kind for c in pending] == ["rugen", "classic"]
        assert pending[1].options == {"size": "12x8"}
        # the upgraded file takes new writes
        moved = await db.games.record_moves(
            1, 20, [PlyToRecord(ALICE, "x", "P21"), PlyToRecord(BOB, "pass", "P22")]
        )
        assert moved.ply == 22
    async with Database(path) as db:  # reopening does not migrate again
        assert await db.schema_version() == SCHEMA_VERSION
        assert (await db.games.require_game(1)).ply == 22


async def test_a_schema_2_file_upgrades_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    shutil.copyfile(SCHEMA_V2_FILE, path)
    async with Database(path) as db:
        assert SCHEMA_VERSION >= 3
        assert await db.schema_version() == SCHEMA_VERSION
        assert await db.integrity_check() == ["ok"]
        assert {"games_turn_active", "challenges_rematch"} <= await _index_names(db)
        # each active game's turn began at its last move, or at its start
        g1, g2, g3 = [await db.games.require_game(i) for i in (1, 2, 3)]
        assert (g1.ply, g1.turn_since, g1.reminded_ply) == (3, 1300.0, None)
        assert (g2.ply, g2.turn_since) == (0, 1500.0)
        assert g3.reason == "resignation"
        assert (await verify_game(db, 1)).ok
        assert [g.id for g in await db.games.turns_started_before(1400.0)] == [1]
        assert [g.id for g in await db.games.reminders_due(2000.0, 0.0)] == [1, 2]
        [pending] = await db.challenges.pending_challenges(GUILD, now=2000.0)
        assert (pending.game_kind, pending.rematch_of) == ("classic", None)
        assert (await db.challenges.get_challenge(1)).game_id == 1  # type: ignore[union-attr]
        # the new columns take writes
        assert await db.games.mark_reminded(2, 0)
        rematch = await db.challenges.create_challenge(
            guild_id=GUILD,
            channel_id=CHANNEL,
            challenger_id=ALICE,
            challenged_id=CAROL,
            game_kind="rugen",
            rematch_of=3,
        )
        assert rematch.rematch_of == 3
    async with Database(path) as db:
        assert await db.schema_version() == SCHEMA_VERSION
        assert (await db.games.require_game(2)).reminded_ply == 0


async def test_a_schema_3_file_upgrades_cleanly_and_announces_nothing_old(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.sqlite3"
    shutil.copyfile(SCHEMA_V3_FILE, path)
    async with Database(path) as db:
        assert SCHEMA_VERSION >= 4
        assert await db.schema_version() == SCHEMA_VERSION
        assert await db.integrity_check() == ["ok"]
        assert "games_unannounced" in await _index_names(db)
        g1, g2, g3 = [await db.games.require_game(i) for i in (1, 2, 3)]
        # every existing game counts as announced: an upgrade re-announces nothing
        assert (g1.ply, g1.announced_ply, g1.announced_over, g1.board_message_id) == (
            4,
            4,
            False,
            9001,
        )
        assert (g2.ply, g2.announced_ply, g2.announced_over, g2.reason) == (
            123,
            123,
            True,
            "fifty_move_rule",
        )
        assert (g3.ply, g3.announced_ply, g3.announced_over) == (0, 0, True)
        assert not any(g.needs_announcement for g in (g1, g2, g3))
        assert await db.games.unannounced_games(1e9, 0.0) == []
        assert (g1.turn_since, g1.reminded_ply, g1.thread_id) == (1004.0, 4, 3000)
        for game_id in (1, 2):
            report = await verify_game(db, game_id)
            assert report.ok, report.problems
        [pending] = await db.challenges.pending_challenges(GUILD, now=6200.0)
        assert pending.rematch_of == 3
        # a new move is unannounced until its board is stored
        moved = await db.games.record_moves(1, 4, [PlyToRecord(ALICE, "x", "P5")], now=7000.0)
        assert (moved.ply, moved.announced_ply, moved.needs_announcement) == (5, 4, True)
        assert [g.id for g in await db.games.unannounced_games(7100.0, 0.0)] == [1]
        await db.games.set_board_message(1, 3000, 9003, ply=5)
    async with Database(path) as db:
        assert await db.schema_version() == SCHEMA_VERSION
        assert await db.games.unannounced_games(1e9, 0.0) == []
        assert (await db.games.require_game(1)).announced_ply == 5


async def test_a_schema_4_file_upgrades_with_no_stale_messages_and_no_pings(
    tmp_path: Path,
) -> None:
    """Challenges expired by the old code had their message edited: none is edited again.
    A challenge expiring after the upgrade is handed out once; the ping table is new."""
    path = tmp_path / "old.sqlite3"
    shutil.copyfile(SCHEMA_V4_FILE, path)
    async with Database(path) as db:
        assert SCHEMA_VERSION >= 5
        assert await db.schema_version() == SCHEMA_VERSION
        assert await db.integrity_check() == ["ok"]
        assert "challenges_message_stale" in await _index_names(db)
        assert await db.challenges.stale_message_count() == 0
        assert await db.challenges.claim_stale_messages() == []
        g1 = await db.games.require_game(1)
        assert (g1.ply, g1.board_message_id, g1.draw_offer_by) == (1, 9001, BOB)
        assert [c.id for c in await db.challenges.pending_challenges(GUILD, now=3000.0)] == [3, 4]
        expired = await db.challenges.expire_challenges(now=10_000.0)
        assert [c.id for c in expired] == [3, 4]
        assert await db.challenges.stale_message_count() == 1  # 4 has no message
        [stale] = await db.challenges.claim_stale_messages()
        assert (stale.id, stale.message_id, stale.status) == (3, 8003, "expired")
        assert await db.pings.claim("draw", 1, ALICE, every=3600, now=10_000.0)
    async with Database(path) as db:
        assert await db.challenges.claim_stale_messages() == []
        assert not await db.pings.claim("draw", 1, ALICE, every=3600, now=10_001.0)


async def test_a_schema_5_file_upgrades_with_its_missed_boards_unclaimed(tmp_path: Path) -> None:
    """The boards the old code never posted are still due after the upgrade, claimable once
    (schema 6's claim), and nothing already announced becomes due."""
    path = tmp_path / "old.sqlite3"
    shutil.copyfile(SCHEMA_V5_FILE, path)
    async with Database(path) as db:
        assert SCHEMA_VERSION >= 6
        assert await db.schema_version() == SCHEMA_VERSION
        assert await db.integrity_check() == ["ok"]
        g1 = await db.games.require_game(1)
        assert (g1.ply, g1.announced_ply, g1.board_message_id) == (2, 1, 9001)
        assert g1.announce_claimed_until is None
        report = await verify_game(db, 1)
        assert report.ok, report.problems
        due = await db.games.unannounced_games(10_000.0, 0.0, now=10_000.0)
        assert [g.id for g in due] == [1, 3]
        assert await db.games.claim_announcement(1, now=10_000.0, lease=300.0) is not None
        assert await db.games.claim_announcement(1, now=10_001.0, lease=300.0) is None
        due = await db.games.unannounced_games(10_000.0, 0.0, now=10_001.0)
        assert [g.id for g in due] == [3]
        await db.games.set_board_message(1, 3000, 9003, ply=2)
    async with Database(path) as db:
        due = await db.games.unannounced_games(10_000.0, 0.0, now=10_002.0)
        assert [g.id for g in due] == [3]
        assert not (await db.games.require_game(2)).needs_announcement


async def test_a_schema_6_file_upgrades_with_its_draw_offer_still_pending(tmp_path: Path) -> None:
    """Bob's pending offer can be accepted after the upgrade; it has no message on record
    (the old code did not keep one); a move makes it lapse as schema 7 records lapses."""
    path = tmp_path / "old.sqlite3"
    shutil.copyfile(SCHEMA_V6_FILE, path)
    async with Database(path) as db:
        assert SCHEMA_VERSION >= 7
        assert await db.schema_version() == SCHEMA_VERSION
        assert await db.integrity_check() == ["ok"]
        g1 = await db.games.require_game(1)
        assert (g1.ply, g1.pending_draw_offer, g1.draw_offer_message_id) == (1, BOB, None)
        g2 = await db.games.require_game(2)
        assert (g2.ply, g2.pending_draw_offer, g2.lapsed_draw_offer) == (1, None, None)
        assert await db.games.set_draw_offer_message(1, 1, 7001)
        moved = await db.games.record_move(1, 1, BOB, "a7-a6", "P2", now=1010.0)
        assert (moved.lapsed_draw_offer, moved.draw_offer_message_id) == (BOB, 7001)
        report = await verify_game(db, 2)
        assert report.ok, report.problems
    async with Database(path) as db:
        assert (await db.games.require_game(1)).lapsed_draw_offer == BOB


async def test_a_schema_7_file_upgrades_with_everyone_mentioned_and_no_digest_due(
    tmp_path: Path,
) -> None:
    """Every existing player keeps being mentioned (the default) and is owed no DM digest; a
    player who then chooses DMs gets one for a turn noted after the upgrade, once."""
    path = tmp_path / "old.sqlite3"
    shutil.copyfile(SCHEMA_V7_FILE, path)
    async with Database(path) as db:
        assert SCHEMA_VERSION >= 8
        assert await db.schema_version() == SCHEMA_VERSION
        assert await db.integrity_check() == ["ok"]
        assert "players_dm_due" in await _index_names(db)
        for uid, name in ((ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol")):
            player = await db.players.get_player(uid)
            assert (player.display_name, player.notify, player.digest_at) == (name, "mention", None)
        assert await db.players.digests_due(1e9, 3600.0) == []
        g1 = await db.games.require_game(1)
        assert (g1.ply, g1.board_message_id, g1.turn_since) == (1, 9001, 1001.0)
        assert not await db.pings.claim("draw", 1, BOB, every=3600.0, now=1700.0)  # kept
        await db.players.set_notify(BOB, "Bob", "dm", now=2000.0)
        assert await db.players.note_turn(BOB, g1.turn_since)
    async with Database(path) as db:
        [due] = await db.players.digests_due(3000.0, 3600.0)
        assert due.user_id == BOB and due.previous is None
        assert await db.players.claim_digest(due, 3000.0, 3600.0)
        assert await db.players.digests_due(9000.0, 3600.0) == []


def _rows(path: Path, sql: str) -> list[dict[str, object]]:
    """The rows, less schema 17's pace (issue 36): a game or challenge of an older file has
    none (it plays at the bot's default), checked here for every table read."""
    with sqlite3.connect(path) as conn:
        conn.row_factory = sqlite3.Row
        rows = [dict(r) for r in conn.execute(sql)]
    for row in rows:
        assert row.pop("pace_hours", None) is None
    return rows


async def test_a_schema_8_file_moves_every_game_to_seats_losing_nothing(tmp_path: Path) -> None:
    """Every game, ply, result, challenge, record and ping of a real schema-8 file survives
    the rebuild of the games table identically; white_id / black_id become seats in each
    game's turn order (Black first in classic and draughts)."""
    path = tmp_path / "old.sqlite3"
    shutil.copyfile(SCHEMA_V8_FILE, path)
    old_games = _rows(path, "SELECT * FROM games ORDER BY id")
    untouched = {
        table: _rows(path, f"SELECT * FROM {table} ORDER BY 1, 2, 3")
        for table in ("moves", "challenges", "players", "pings")
    }
    assert len(old_games) == 9 and len(untouched["moves"]) == 8 + 123 + 4 + 2 + 22 + 6 + 5
    async with Database(path) as db:
        assert SCHEMA_VERSION >= 9
        assert await db.schema_version() == SCHEMA_VERSION
        assert await db.integrity_check() == ["ok"]
        assert {"game_seats_player", "games_match", "games_unannounced"} <= await _index_names(db)
        assert not {"games_white", "games_black"} & await _index_names(db)
        for table, rows in untouched.items():
            now_rows = _rows(path, f"SELECT * FROM {table} ORDER BY 1, 2, 3")
            for row in now_rows:  # the columns schema 10 added, for tables
                assert (row.get("max_seats"), row.get("invited", "[]")) == (None, "[]")
                assert row.get("play_only_turn", 0) == 0  # schema 11: nobody opted in
                assert row.get("vacation_until") is None  # schema 12: nobody away
                assert (row.get("vacation_month"), row.get("vacation_days", 0)) == (None, 0)
            # later schemas add columns (10: tables; 13: challenges.rated); the old ones stay
            assert [{k: r[k] for k in rows[0]} for r in now_rows] == rows, table
        new_games = {g["id"]: g for g in _rows(path, "SELECT * FROM games")}
        for old in old_games:
            new = new_games[old["id"]]
            white, black = old.pop("white_id"), old.pop("black_id")
            assert {k: new[k] for k in old} == old
            assert (new["points"], new["match_id"], new["match_game"]) == (None, None, None)
            game = await db.games.require_game(int(old["id"]))  # type: ignore[call-overload]
            black_first = old["variant"] in ("classic", "draughts")
            seats = (Seat("white", white), Seat("black", black))  # type: ignore[arg-type]
            assert game.seats == (seats[::-1] if black_first else seats)
            assert (game.white_id, game.black_id, game.places) == (white, black, ())
            if game.ply:
                report = await verify_game(db, game.id)
                assert report.ok, (game.id, report.problems)
        g1, g3, g6, g7, g8 = [await db.games.require_game(i) for i in (1, 3, 6, 7, 8)]
        assert g8.announce_claimed_until == 8400.0
        assert (g1.ply, g1.lapsed_draw_offer, g1.draw_offer_message_id) == (8, 12, 8101)
        assert (g7.draw_offer_message_id, g7.draw_offer_by) == (8707, 11)
        assert (g1.game_kind, g1.seat_names, g1.thread_id, g1.reminded_ply) == (
            "classic",
            ("black", "white"),
            3001,
            7,
        )
        assert g3.outcome == GameOutcome("black", Reason.RESIGNATION)
        assert g6.outcome == GameOutcome("white", Reason.EAGLE_CAPTURED)
        assert (g7.guild_id, g7.pending_draw_offer, g7.seat_names) == (
            1001,
            11,
            ("white", "black"),
        )
        # a player's active and finished games now come from the seats
        assert [g.id for g in await db.games.active_games(user_id=12)] == [8, 7, 1]
        assert [g.id for g in await db.games.active_games(user_id=13, guild_id=GUILD)] == [8]
        assert [g.id for g in await db.games.finished_games(11)] == [9, 5, 3]
        unannounced = [
            g["id"]
            for g in sorted(old_games, key=lambda g: (g["updated_at"], g["id"]))  # type: ignore[arg-type, return-value]
            if g["announced_ply"] < g["ply"]  # type: ignore[operator]
            or (g["status"] == "finished" and not g["announced_over"])
        ]
        assert 2 not in unannounced and 8 in unannounced
        assert [g.id for g in await db.games.unannounced_games(1e9, 0.0)] == unannounced
        # the records and the leaderboard the schema-8 code computed
        board = [
            (r.user_id, r.wins, r.losses, r.draws, r.games)
            for r in await db.players.leaderboard(GUILD)
        ]
        assert board == [(11, 1, 0, 0, 1), (13, 1, 1, 1, 3), (12, 0, 0, 2, 2), (14, 0, 1, 1, 2)]
        # the moved games take new plies and results
        g7 = await db.games.record_move(7, 6, 12, "Nc3", "chess:after", now=9500.0)
        g1 = await db.games.finish_game(1, 8, "white", "timeout", now=9600.0)
        assert (g1.status, g1.winner) == ("finished", "white")
        carol = await db.players.get_player(13)
        assert carol is not None and (carol.notify, carol.display_name) == ("dm", "Carol")
        bob = await db.players.get_player(12)
        assert bob is not None and (bob.losses, bob.games_played) == (1, 3)
    async with Database(path) as db:
        assert await db.schema_version() == SCHEMA_VERSION
        assert [g.id for g in await db.games.active_games(user_id=12)] == [7, 8]


async def test_a_schema_9_file_keeps_its_challenges_as_two_sided_ones(tmp_path: Path) -> None:
    """Schema 10 adds tables (multi-seat challenges): every challenge of a schema-9 file
    stays a two-sided one, nothing else changes, and a table can be opened and started."""
    path = tmp_path / "old.sqlite3"
    shutil.copyfile(SCHEMA_V9_FILE, path)
    before = {
        table: _rows(path, f"SELECT * FROM {table} ORDER BY 1, 2")
        for table in ("games", "moves", "challenges", "players", "game_seats")
    }
    async with Database(path) as db:
        assert SCHEMA_VERSION >= 10
        assert await db.schema_version() == SCHEMA_VERSION
        assert await db.integrity_check() == ["ok"]
        for table, rows in before.items():
            after = _rows(path, f"SELECT * FROM {table} ORDER BY 1, 2")
            if table == "challenges":
                assert [(r.pop("max_seats"), r.pop("invited")) for r in after] == [(None, "[]")] * 3
            if table == "players":  # schema 11: nobody opted in; 12: nobody away
                assert {r.pop("play_only_turn") for r in after} == {0}
                assert {(r.pop("vacation_until"), r.pop("vacation_days")) for r in after} == {
                    (None, 0)
                }
                assert {r.pop("vacation_month") for r in after} == {None}
            for r in after:  # the columns of schema 13 (ratings) and 14 (languages: none set)
                r.pop("rated", None), r.pop("rating_pending", None)
                assert r.pop("language", None) is None
                assert r.pop("ai_level", None) is None  # schema 15: nobody is the computer
            assert after == rows, table
        c1, c2, c3 = [await db.challenges.get_challenge(i) for i in (1, 2, 3)]
        assert c1 is not None and c2 is not None and c3 is not None
        assert not any(c.is_table or c.seated or c.invited for c in (c1, c2, c3))
        assert (c1.status, c1.challenged_id, c2.status, c3.game_id) == (
            "pending",
            12,
            "expired",
            1,
        )
        [stale] = await db.challenges.claim_stale_messages()
        assert (stale.id, stale.message_id) == (2, 8002)
        g2, g3 = await db.games.require_game(2), await db.games.require_game(3)
        assert g2.seats == (Seat("red", 11), Seat("blue", 13), Seat("yellow", 14))
        assert g3.outcome == GameOutcome("red", Reason.RESIGNATION, ("red", "yellow"))
        table = await db.challenges.create_table(
            guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, game_kind="ludo", max_seats=4
        )
        table = await db.challenges.join_table(table.id, BOB)
        assert (table.id, table.seated) == (4, (ALICE, BOB))
        game = await db.challenges.start_table(
            table.id, ALICE, seat_names=("red", "yellow"), start_position="ludo:start"
        )
        assert (game.id, game.player_ids) == (4, (ALICE, BOB))


async def test_a_schema_10_file_upgrades_with_nobody_playing_only_turns(
    tmp_path: Path,
) -> None:
    """Schema 11 adds the opt-in "play my only legal turn": off for every existing player
    (never by default); every other row of a real schema-10 file is unchanged."""
    path = tmp_path / "old.sqlite3"
    shutil.copyfile(SCHEMA_V10_FILE, path)
    before = {
        table: _rows(path, f"SELECT * FROM {table} ORDER BY 1, 2")
        for table in ("games", "moves", "challenges", "players", "game_seats")
    }
    assert len(before["players"]) == 3 and len(before["moves"]) == 7
    async with Database(path) as db:
        assert SCHEMA_VERSION >= 11
        assert await db.schema_version() == SCHEMA_VERSION
        assert await db.integrity_check() == ["ok"]
        for table, rows in before.items():
            after = _rows(path, f"SELECT * FROM {table} ORDER BY 1, 2")
            if table == "players":
                assert [r.pop("play_only_turn") for r in after] == [0, 0, 0]
                for r in after:  # schema 12: nobody on vacation
                    assert (r.pop("vacation_until"), r.pop("vacation_days")) == (None, 0)
                    assert r.pop("vacation_month") is None
            for r in after:  # the columns of schema 13 (ratings) and 14 (languages: none set)
                r.pop("rated", None), r.pop("rating_pending", None)
                assert r.pop("language", None) is None
                assert r.pop("ai_level", None) is None  # schema 15: nobody is the computer
            assert after == rows, table
        assert await db.players.playing_only_turns([11, 12, 13]) == set()
        carol = await db.players.get_player(13)
        assert carol is not None and (carol.notify, carol.play_only_turn) == ("dm", False)
        report = await verify_game(db, 1)
        assert report.ok, report.problems
        await db.players.set_play_only_turn(12, "Bob", True, now=3000.0)
        assert await db.players.playing_only_turns([11, 12]) == {12}
    async with Database(path) as db:
        assert await db.players.playing_only_turns([11, 12, 13]) == {12}


async def test_a_schema_11_file_upgrades_with_nobody_on_vacation(tmp_path: Path) -> None:
    """Schema 12 adds vacations: nobody of a real schema-11 file is away, the opt-in and every
    other row are kept, and a vacation can be booked after the upgrade."""
    path = tmp_path / "old.sqlite3"
    shutil.copyfile(SCHEMA_V11_FILE, path)
    before = {
        table: _rows(path, f"SELECT * FROM {table} ORDER BY 1, 2")
        for table in ("games", "moves", "challenges", "players", "game_seats")
    }
    async with Database(path) as db:
        assert SCHEMA_VERSION >= 12
        assert await db.schema_version() == SCHEMA_VERSION
        assert await db.integrity_check() == ["ok"]
        for table, rows in before.items():
            after = _rows(path, f"SELECT * FROM {table} ORDER BY 1, 2")
            if table == "players":
                assert {(r.pop("vacation_until"), r.pop("vacation_days")) for r in after} == {
                    (None, 0)
                }
                assert {r.pop("vacation_month") for r in after} == {None}
            for r in after:  # the columns of schema 13 (ratings) and 14 (languages: none set)
                r.pop("rated", None), r.pop("rating_pending", None)
                assert r.pop("language", None) is None
                assert r.pop("ai_level", None) is None  # schema 15: nobody is the computer
            assert after == rows, table
        assert await db.players.playing_only_turns([11, 12, 13]) == {12}
        assert await db.players.vacations([11, 12, 13], 3000.0) == {}
        start, until = await db.players.book_vacation(11, "Alice", 3, now=3000.0)
        assert await db.players.vacations([11, 12], 3000.0) == {11: until}
        report = await verify_game(db, 1)
        assert report.ok, report.problems


async def test_a_schema_12_file_rates_its_finished_games_once_in_the_order_they_ended(
    tmp_path: Path,
) -> None:
    """Upgrading to ratings: every game between different people in a server becomes rated;
    the finished ones (not aborted, not self-played; a match once, by the game that ended
    it) are rated at start, in the order they finished -- and never again on a restart."""
    path = tmp_path / "old.sqlite3"
    shutil.copyfile(SCHEMA_V12_FILE, path)
    async with Database(path) as db:
        assert await db.schema_version() == SCHEMA_VERSION >= 13
        assert await db.integrity_check() == ["ok"]
        rated = {g["id"]: g["rated"] for g in _rows(path, "SELECT id, rated FROM games")}
        assert [i for i, r in sorted(rated.items()) if not r] == [6]  # Alice against herself
        rated_games = [
            r["game_id"]
            for r in _rows(
                path,
                "SELECT DISTINCT game_id, rated_at FROM rating_history ORDER BY rated_at, game_id",
            )
        ]
        assert rated_games == [1, 3, 2, 4, 7, 11, 13]
        # chess in guild 1000, in finish order: 1 (Alice beats Bob), 3 (Bob-Carol draw),
        # 2 (Alice beats Carol); the deviations grew over the seconds between them
        new = Glicko()
        alice = lichess_update(new, new, 1, idle_days=0, opponent_idle_days=0)
        bob = lichess_update(new, new, 0, idle_days=0, opponent_idle_days=0)
        carol = lichess_update(new, bob, 0.5, idle_days=0, opponent_idle_days=500 / 86400)
        alice = lichess_update(alice, carol, 1, idle_days=1000 / 86400, opponent_idle_days=0)
        stored = await db.ratings.rating(GUILD, "chess", ALICE)
        assert stored is not None and stored.results == 2
        assert (stored.rating, stored.rd) == (pytest.approx(alice.rating), pytest.approx(alice.rd))
        other = await db.ratings.rating(1001, "chess", BOB)
        assert other is not None and other.rating > 1500 and other.results == 1
        carol_bg = await db.ratings.rating(GUILD, "backgammon", CAROL)
        assert carol_bg is not None and carol_bg.results == 2  # the match and game 13
        assert [c.player_id for c in await db.ratings.changes_for_game(11)] == [CAROL, 14]
        assert await db.ratings.changes_for_game(12) == []  # its match goes on
        assert await db.ratings.rating(GUILD, "rugen", 14) is not None
        # the active game and the pending challenge are rated when they finish
        (pending,) = await db.challenges.pending_challenges(GUILD, now=6000.0)
        assert pending.rated
        g8 = await db.games.finish_game(8, 1, "white", "resignation", now=7000.0)
        assert g8.rated and len(await db.ratings.changes_for_game(8)) == 2
    async with Database(path) as db:
        assert await db.fetchval("SELECT count(*) FROM rating_history") == 16


async def test_a_schema_13_file_upgrades_with_every_language_unset(tmp_path: Path) -> None:
    """Schema 14 adds languages: nobody of a real schema-13 file chose one and no server has a
    default (so everyone keeps English unless their client says otherwise); every other row is
    kept; a player's and a server's language can be set after the upgrade."""
    path = tmp_path / "old.sqlite3"
    shutil.copyfile(SCHEMA_V13_FILE, path)
    before = {
        table: _rows(path, f"SELECT * FROM {table} ORDER BY 1, 2")
        for table in ("games", "moves", "challenges", "players", "game_seats")
    }
    async with Database(path) as db:
        assert SCHEMA_VERSION >= 14
        assert await db.schema_version() == SCHEMA_VERSION
        assert await db.integrity_check() == ["ok"]
        for table, rows in before.items():
            after = _rows(path, f"SELECT * FROM {table} ORDER BY 1, 2")
            if table == "players":
                assert {r.pop("language") for r in after} == {None}
            if table in ("challenges", "game_seats"):  # schema 15: nobody is the computer
                assert all(r.pop("ai_level") is None for r in after)
            assert after == rows, table
        assert [await db.players.language(u) for u in (11, 12, 13)] == [None, None, None]
        assert await db.guilds.language(GUILD) is None
        assert await db.players.playing_only_turns([11, 12, 13]) == {12}
        await db.players.set_language(13, "Carol", "ar", now=2000.0)
        await db.guilds.set_language(GUILD, "bg", now=2000.0)
        assert await db.players.language(13) == "ar"
        assert await db.guilds.language(GUILD) == "bg"
        player = await db.players.get_player(13)
        assert player is not None and player.language == "ar"


async def test_a_schema_14_file_upgrades_with_nobody_a_computer(tmp_path: Path) -> None:
    """Schema 15 marks the seats the computer plays: every seat, challenge and table seat of
    a schema-14 file is a person's, nothing else changes, and the new marker takes writes (a
    game against the computer, which then counts for nobody's record)."""
    path = tmp_path / "old.sqlite3"
    shutil.copyfile(SCHEMA_V14_FILE, path)
    marked = ("game_seats", "challenges", "challenge_seats")
    before = {
        table: _rows(path, f"SELECT * FROM {table} ORDER BY 1, 2")
        for table in ("games", "moves", "players", "matches", *marked)
    }
    async with Database(path) as db:
        assert SCHEMA_VERSION >= 15
        assert await db.schema_version() == SCHEMA_VERSION
        assert await db.integrity_check() == ["ok"]
        assert "game_seats_computer" in await _index_names(db)
        for table, rows in before.items():
            after = _rows(path, f"SELECT * FROM {table} ORDER BY 1, 2")
            if table in marked:
                assert all(row.pop("ai_level") is None for row in after), table
            assert after == rows, table
        games = [await db.games.require_game(i) for i in (1, 2, 3, 4)]
        assert not any(g.against_computer for g in games)
        assert games[2].seat_names == ("red", "blue", "yellow")
        assert (games[0].ply, games[3].match_id) == (2, 1)
        assert (await verify_game(db, 1)).ok
        table = await db.challenges.get_challenge(4)
        assert table is not None and table.seated == (BOB, CAROL)
        assert await db.games.computer_games() == []
        assert [(r.user_id, r.wins, r.losses) for r in await db.players.leaderboard(GUILD)] == [
            (12, 1, 0),
            (13, 0, 1),
        ]
        # a challenge to the computer, accepted by it: its seat carries the level
        ch = await db.challenges.create_challenge(
            guild_id=GUILD,
            channel_id=CHANNEL,
            challenger_id=BOB,
            challenged_id=99,
            game_kind="rugen",
            colour="white",
            ai_level="easy",
            now=2000.0,
        )
        assert ch.ai_level == "easy"
        game = await db.challenges.accept_challenge(ch.id, 99, start_position="P0", now=2001.0)
        assert game.seats == (Seat("white", BOB), Seat("black", 99, "easy"))
        assert not game.rated  # the computer: never rated
        assert [g.id for g in await db.games.computer_games()] == [game.id]
        await db.games.finish_game(game.id, 0, GameOutcome("black", Reason.RESIGNATION), now=2002.0)
        assert [(r.user_id, r.wins, r.losses) for r in await db.players.leaderboard(GUILD)] == [
            (12, 1, 0),
            (13, 0, 1),
        ]
        bob = await db.players.get_player(BOB)
        assert bob is not None and (bob.games_played, bob.losses) == (1, 0)


async def test_a_schema_15_file_upgrades_with_no_claims(tmp_path: Path) -> None:
    """Schema 16 adds the claims table (empty: nobody holds any work) and the index of moves
    by time; every row of a schema-15 file stays as it was, and claims take writes."""
    path = tmp_path / "old.sqlite3"
    shutil.copyfile(SCHEMA_V15_FILE, path)
    tables = ("games", "moves", "players", "challenges", "game_seats")
    before = {t: _rows(path, f"SELECT * FROM {t} ORDER BY 1, 2") for t in tables}
    assert "claims" not in {
        r["name"] for r in _rows(path, "SELECT name FROM sqlite_master WHERE type = 'table'")
    }
    async with Database(path) as db:
        assert SCHEMA_VERSION >= 16
        assert await db.schema_version() == SCHEMA_VERSION
        assert await db.integrity_check() == ["ok"]
        assert "moves_created" in await _index_names(db)
        for table, rows in before.items():
            assert _rows(path, f"SELECT * FROM {table} ORDER BY 1, 2") == rows, table
        assert await db.fetchval("SELECT count(*) FROM claims") == 0
        assert [g.id for g in await db.games.computer_games()] == [2]
        assert (await db.games.require_game(1)).ply == 2
        assert await db.claims.claim("computer", 2, "process-a", lease=60, now=2000.0)
        assert not await db.claims.claim("computer", 2, "process-b", lease=60, now=2001.0)
        assert await db.claims.holder("computer", 2, now=2001.0) == "process-a"


async def test_hot_queries_use_indexes(db: Database) -> None:
    """Every statement the bot's lookups run is an index search, never a table scan."""
    for i in range(3):
        game = await make_game(db, ALICE, BOB if i else CAROL)
        await db.games.set_thread(game.id, 5000 + i)
    await db.challenges.create_challenge(
        guild_id=GUILD, channel_id=CHANNEL, challenger_id=ALICE, game_kind="rugen", now=1000.0
    )
    statements: list[str] = []
    await db.connection.set_trace_callback(statements.append)
    try:
        await db.games.active_games(user_id=ALICE)
        await db.games.active_games(user_id=ALICE, channel_id=5001)
        await db.games.active_games(user_id=ALICE, guild_id=GUILD)
        await db.games.active_games(channel_id=5002)
        await db.games.finished_games(ALICE, guild_id=GUILD)
        await db.games.game_moves(1)
        await db.challenges.pending_challenges(GUILD, now=1000.0)
        await db.challenges.pending_challenges(channel_id=CHANNEL, now=1000.0)
        await db.challenges.expire_challenges(now=1000.0)
        await db.players.leaderboard(GUILD)
        await db.games.turns_started_before(5000.0)
        await db.games.reminders_due(5000.0, 100.0)
        await db.games.turns_started_before(5000.0, unclaimed="timeout", now=5000.0)
        await db.games.reminders_due(5000.0, 100.0, unclaimed="reminder", now=5000.0)
        await db.health.moves_since(1000.0)
        await db.health.oldest_overdue_challenge(5000.0)
        await db.health.oldest_stale_message()
        await db.games.unannounced_games(5000.0, 100.0)
        await db.challenges.claim_stale_messages(10)
        await db.pings.claim("draw", 1, ALICE, every=3600.0, now=1000.0)
        await db.players.digests_due(5000.0, 3600.0)
        await db.players.notify_mode(ALICE)
        await db.games.active_games(channel_id=CHANNEL, guild_id=GUILD, limit=2)
        await db.games.games_here(guild_id=GUILD, channel_id=5001, user_id=ALICE)
        await db.games.games_here(guild_id=GUILD, channel_id=CHANNEL, user_id=ALICE)
        for spectating in (False, True):
            for active_only in (False, True):
                for needle in ("", "12"):
                    await db.games.listed_games(
                        guild_id=GUILD,
                        user_id=ALICE,
                        channel_id=CHANNEL,
                        spectating=spectating,
                        active_only=active_only,
                        needle=needle,
                    )
        await db.games.load_game(1)
        await db.players.guild_record(GUILD, ALICE)
        await db.matches.get_match(1)
        await db.matches.match_games(1)
        await db.ratings.rate_pending()
        await db.ratings.rating(GUILD, "chess", ALICE)
        await db.ratings.player_ratings(GUILD, ALICE)
        await db.ratings.leaderboard(GUILD, "chess")
        await db.ratings.history(GUILD, ALICE, "chess")
        await db.ratings.changes_for_game(1)
        await db.ratings.rated_games(GUILD)
    finally:
        await db.connection.set_trace_callback(None)
    reads = [s for s in statements if s.lstrip().upper().startswith(("SELECT", "WITH"))]
    assert len(reads) >= 12
    for sql in reads:
        plan = [r["detail"] for r in await db.fetchall("EXPLAIN QUERY PLAN " + sql)]
        # "SCAN <table>" reads a whole table (or a whole index); CTE scans are fine
        scans = [step for step in plan if step.split(" ")[:2][-1] in _TABLES and "SCAN" in step]
        assert not scans, (sql, plan)


async def test_game_suggestions_scan_no_games_when_a_name_is_typed(db: Database) -> None:
    """Typed text is matched against players' names anywhere in the name, which no index can
    serve: the players table (one row a person) is read once, never the games table."""
    await make_game(db, ALICE, BOB)
    statements: list[str] = []
    await db.connection.set_trace_callback(statements.append)
    try:
        for spectating in (False, True):
            await db.games.listed_games(
                guild_id=GUILD,
                user_id=ALICE,
                channel_id=CHANNEL,
                spectating=spectating,
                active_only=False,
                needle="bo",
            )
    finally:
        await db.connection.set_trace_callback(None)
    assert len(statements) == 2
    for sql in statements:
        plan = [r["detail"] for r in await db.fetchall("EXPLAIN QUERY PLAN " + sql)]
        scans = [step for step in plan if step.split(" ")[:2][-1] in _TABLES and "SCAN" in step]
        assert scans == ["SCAN players"], plan


async def test_a_migration_that_breaks_foreign_keys_is_rolled_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Migrations run with foreign keys off (to rebuild tables); a migration leaving a dangling
    reference is refused before it commits and the file stays at its old schema."""
    path = tmp_path / "old.sqlite3"
    async with Database(path) as db:
        game = await make_game(db)
    broken = ["INSERT INTO game_seats (game_id, seat, name, player_id) VALUES (999, 0, 'x', 11)"]
    monkeypatch.setattr(migrations, "MIGRATIONS", (*MIGRATIONS, broken))
    monkeypatch.setattr(migrations, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    with pytest.raises(StorageError, match=f"migration to schema {SCHEMA_VERSION + 1} breaks"):
        async with Database(path):
            pass
    monkeypatch.undo()
    async with Database(path) as db:
        assert await db.schema_version() == SCHEMA_VERSION
        assert await db.fetchval("SELECT count(*) FROM game_seats") == 2
        assert await db.fetchval("PRAGMA foreign_keys") == 1
        assert (await db.games.require_game(game.id)).seats == game.seats


async def test_a_schema_16_file_upgrades_with_every_game_at_the_default_pace(
    tmp_path: Path,
) -> None:
    """Schema 17 (issue 36) adds each game's and challenge's pace: none in an older file (the
    bot's default); every row stays as it was, and a paced game can be made after."""
    path = tmp_path / "old.sqlite3"
    shutil.copyfile(SCHEMA_V16_FILE, path)
    tables = ("games", "moves", "players", "challenges", "game_seats", "claims")
    before = {t: _rows(path, f"SELECT * FROM {t} ORDER BY 1, 2") for t in tables}
    async with Database(path) as db:
        assert SCHEMA_VERSION >= 17
        assert await db.schema_version() == SCHEMA_VERSION
        assert await db.integrity_check() == ["ok"]
        for table, rows in before.items():  # _rows checks every pace is unset
            assert _rows(path, f"SELECT * FROM {table} ORDER BY 1, 2") == rows, table
        assert [(await db.games.require_game(i)).pace_hours for i in (1, 2, 3)] == [None] * 3
        due = await db.games.paced_turns_due(1102.0 + 3600.0, 3600.0)
        assert [g.id for g in due] == [1, 2]  # at the default pace, oldest turn first
        ch = await db.challenges.create_challenge(
            guild_id=GUILD, channel_id=1, challenger_id=ALICE, challenged_id=BOB,
            game_kind="rugen", pace_hours=72, now=2000.0,
        )  # fmt: skip
        game = await db.challenges.accept_challenge(ch.id, BOB, start_position="P0", now=2001.0)
        assert (ch.pace_hours, game.pace_hours) == (72, 72)


async def test_a_schema_18_file_upgrades_with_waiting_replies_and_activity_launches(
    tmp_path: Path,
) -> None:
    """Schema 19 adds ``analysis_replies`` (issue 33) and the Activity's launches (issue 35;
    none in an older file): every older row stays, a finished game's analysis can then be
    begun with a reply waiting for it, and a launch is stored and found."""
    path = tmp_path / "old.sqlite3"
    shutil.copyfile(SCHEMA_V18_FILE, path)
    tables = ("games", "moves", "players", "challenges", "game_seats", "claims")
    before = {t: _rows(path, f"SELECT * FROM {t} ORDER BY 1, 2") for t in tables}
    async with Database(path) as db:
        assert SCHEMA_VERSION >= 19
        assert await db.schema_version() == SCHEMA_VERSION
        assert await db.integrity_check() == ["ok"]
        for table, rows in before.items():
            assert _rows(path, f"SELECT * FROM {table} ORDER BY 1, 2") == rows, table
        await db.analyses.begin(3, total=2, depth=1, language="en", now=2000.0)
        await db.analyses.add_reply(3, token="t", message_id=5, language="de", expires_at=2900.0)
        [reply] = await db.analyses.replies(3, now=2001.0)
        assert (reply.game_id, reply.message_id, reply.language) == (3, 5, "de")
        assert await db.fetchval("SELECT count(*) FROM activity_launches") == 0
        game = await db.games.require_game(1)
        assert game.guild_id is not None
        await db.launches.record(
            "i-1-gc-1-1", game_id=1, user_id=ALICE, guild_id=game.guild_id, channel_id=1
        )
        assert await db.launches.game_for("i-1-gc-1-1", game.guild_id) == 1
