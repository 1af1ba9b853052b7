"""Ratings in storage (schema 13): rated in the transaction that finishes a game, exactly
once; casual, self-played and aborted games never; a backgammon match once, at its end; ludo
by places; per server and per game id; their history."""

from __future__ import annotations

import asyncio

import pytest

from rules.games import GameOutcome, Reason
from storage import Database, GameRecord, PlyToRecord, Seat
from storage.rating_maths import Glicko, lichess_update, placed_update
from tests.storage.conftest import DbTarget
from tests.storage.storage_helpers import ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD

BG = "backgammon:XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
DAY = 86400.0


async def chess(
    db: Database,
    white: int,
    black: int,
    *,
    rated: bool = True,
    guild: int | None = GUILD,
    now: float = 1000.0,
) -> GameRecord:
    return await db.games.create_game(
        guild_id=guild,
        channel_id=CHANNEL,
        game_kind="chess",
        white_id=white,
        black_id=black,
        start_position="chess:start",
        rated=rated,
        now=now,
    )


async def test_a_rated_game_moves_both_ratings_in_its_finishing_transaction(db: Database) -> None:
    game = await chess(db, ALICE, BOB)
    assert game.rated
    done = await db.games.finish_game(game.id, 0, "black", "resignation", now=2000.0)
    expected = lichess_update(Glicko(), Glicko(), 1.0, idle_days=0, opponent_idle_days=0)
    bob = await db.ratings.rating(GUILD, "chess", BOB)
    alice = await db.ratings.rating(GUILD, "chess", ALICE)
    assert bob is not None and alice is not None
    assert bob.rating == pytest.approx(expected.rating) and bob.rd == pytest.approx(expected.rd)
    assert alice.rating == pytest.approx(3000 - expected.rating)
    assert (bob.results, bob.rated_at, bob.volatility) == (1, 2000.0, pytest.approx(0.09, abs=1e-3))
    assert bob.is_provisional(2000.0)
    changes = await db.ratings.changes_for_game(done.id)
    assert [(c.player_id, round(c.rating_before), c.delta) for c in changes] == [
        (ALICE, 1500, round(3000 - expected.rating) - 1500),
        (BOB, 1500, round(expected.rating) - 1500),
    ]
    # other game ids and other servers are untouched
    assert await db.ratings.rating(GUILD, "rugen", BOB) is None
    assert await db.ratings.rating(GUILD + 1, "chess", BOB) is None
    assert [r.game for r in await db.ratings.player_ratings(GUILD, BOB)] == ["chess"]


async def test_casual_self_played_aborted_serverless_and_custom_start_games_are_never_rated(
    db: Database,
) -> None:
    casual = await chess(db, ALICE, BOB, rated=False)
    await db.games.finish_game(casual.id, 0, "white", "resignation", now=2000.0)
    alone = await chess(db, ALICE, ALICE)
    await db.games.finish_game(alone.id, 0, "white", "resignation", now=2100.0)
    aborted = await chess(db, ALICE, BOB)
    await db.games.finish_game(aborted.id, 0, None, "aborted", now=2200.0)
    nowhere = await chess(db, ALICE, BOB, guild=None)
    await db.games.finish_game(nowhere.id, 0, "white", "resignation", now=2300.0)
    custom = await db.games.create_game(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game_kind="chess",
        white_id=ALICE,
        black_id=BOB,
        start_position="chess:8/8/8/8/8/8/8/K6k w - - 0 1",
        rated=True,
        options={"position": "8/8/8/8/8/8/8/K6k w - - 0 1"},
        now=2350.0,
    )
    await db.games.finish_game(custom.id, 0, "white", "resignation", now=2400.0)
    assert await db.ratings.player_ratings(GUILD, ALICE) == []
    assert await db.fetchval("SELECT count(*) FROM rating_history") == 0
    # casual games still count in the win/loss records
    alice = await db.players.get_player(ALICE)
    assert alice is not None and alice.wins == 3


async def test_a_draw_and_a_second_game_build_on_the_first(db: Database) -> None:
    first = await chess(db, ALICE, BOB)
    await db.games.finish_game(first.id, 0, "white", "resignation", now=DAY)
    second = await chess(db, CAROL, ALICE)
    await db.games.finish_game(second.id, 0, None, "agreement", now=11 * DAY)
    after_first = lichess_update(Glicko(), Glicko(), 1.0, idle_days=0, opponent_idle_days=0)
    expected = lichess_update(after_first, Glicko(), 0.5, idle_days=10, opponent_idle_days=0)
    alice = await db.ratings.rating(GUILD, "chess", ALICE)
    assert alice is not None and alice.results == 2
    assert alice.rating == pytest.approx(expected.rating)
    assert alice.rd == pytest.approx(expected.rd)
    history = await db.ratings.history(GUILD, ALICE, "chess")
    assert [h.game_id for h in history] == [first.id, second.id]
    assert history[1].rating_before == pytest.approx(after_first.rating)


async def test_a_backgammon_match_is_rated_once_when_it_ends(db: Database) -> None:
    """A rated match=3 challenge: games 1 and 2 change no rating, game 3 ends the match and
    rates it as one result (Alice won the match, though Bob won game 1)."""
    challenge = await db.challenges.create_challenge(
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger_id=ALICE,
        challenged_id=BOB,
        game_kind="backgammon",
        colour="white",
        now=100.0,
    )
    game = await db.challenges.accept_challenge(
        challenge.id, BOB, start_position=BG, match_length=3, now=200.0
    )
    assert game.match_id is not None
    results = [
        ("black", 2, Reason.GAMMON),
        ("white", 1, Reason.SINGLE),
        ("white", 2, Reason.GAMMON),
    ]
    games = []
    for n, (seat, points, reason) in enumerate(results):
        if n:
            game = await db.matches.add_game(game.match_id, channel_id=CHANNEL, start_position=BG)
        mover = game.player_at(seat)
        game = await db.games.record_moves(
            game.id,
            0,
            [PlyToRecord(mover, "roll:6-5", "R"), PlyToRecord(mover, "6/off", "E")],
            outcome=GameOutcome(seat, reason, points=points),
            now=1000.0 + n,
        )
        games.append(game)
        rated_so_far = await db.fetchval("SELECT count(*) FROM rating_history")
        assert rated_so_far == (2 if n == 2 else 0), n
    assert all(g.rated for g in games)
    assert [len(await db.ratings.changes_for_game(g.id)) for g in games] == [0, 0, 2]
    alice = await db.ratings.rating(GUILD, "backgammon", ALICE)
    assert alice is not None and alice.results == 1 and alice.rating > 1500  # won the match
    bob = await db.ratings.rating(GUILD, "backgammon", BOB)
    assert bob is not None and bob.rating < 1500


async def test_ludo_is_rated_by_places(db: Database) -> None:
    game = await db.games.create_game(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game_kind="ludo",
        seats=[Seat("red", ALICE), Seat("blue", BOB), Seat("yellow", CAROL), Seat("green", DAVE)],
        start_position="ludo:start",
        rated=True,
        now=1000.0,
    )
    places = ("yellow", "red", "green", "blue")
    await db.games.finish_game(
        game.id, 0, GameOutcome("yellow", Reason.FINISHED, places=places), now=2000.0
    )
    expected = placed_update([(1500.0, 500.0)] * 4)
    by_place = [CAROL, ALICE, DAVE, BOB]
    for player, (mu, sigma) in zip(by_place, expected, strict=True):
        rating = await db.ratings.rating(GUILD, "ludo", player)
        assert rating is not None and rating.volatility is None
        assert (rating.rating, rating.rd) == (pytest.approx(mu), pytest.approx(sigma))
    board = await db.ratings.leaderboard(GUILD, "ludo")
    assert [r.player_id for r in board] == by_place


async def test_a_pending_backlog_is_rated_once_in_finish_order_by_racing_processes(
    db: Database, db_target: DbTarget
) -> None:
    """Games flagged rating_pending (as the schema-13 migration flags old ones) are rated
    oldest finish first; two processes starting at once rate each exactly once."""
    late = await chess(db, ALICE, BOB, rated=False)
    await db.games.finish_game(late.id, 0, "white", "resignation", now=3000.0)
    early = await chess(db, BOB, ALICE, rated=False)
    await db.games.finish_game(early.id, 0, "white", "resignation", now=2000.0)
    await db.execute("UPDATE games SET rated = 1, rating_pending = 1")
    await db.stop()
    first, second = Database(db_target), Database(db_target)
    await asyncio.gather(first.start(), second.start())
    try:
        history = await first.ratings.history(GUILD, ALICE, "chess")
        assert [h.game_id for h in history] == [early.id, late.id]  # finish order, not id
        assert await first.fetchval("SELECT count(*) FROM rating_history") == 4
        assert await first.fetchval("SELECT count(*) FROM games WHERE rating_pending = 1") == 0
        alice = await second.ratings.rating(GUILD, "chess", ALICE)
        assert alice is not None and alice.results == 2
    finally:
        await first.stop()
        await second.stop()
    async with Database(db_target) as again:  # a restart rates nothing twice
        assert await again.fetchval("SELECT count(*) FROM rating_history") == 4


async def test_a_rejected_finish_rates_nothing(db: Database) -> None:
    """The rating is part of the finishing transaction: a finish that fails writes none."""
    game = await chess(db, ALICE, BOB)
    with pytest.raises(ValueError):
        await db.games.finish_game(game.id, 0, "green", "resignation", now=2000.0)
    assert await db.ratings.player_ratings(GUILD, ALICE) == []
    assert (await db.games.require_game(game.id)).is_active


async def test_a_challenge_carries_rated_or_casual_into_its_game(db: Database) -> None:
    rated = await db.challenges.create_challenge(
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger_id=ALICE,
        challenged_id=BOB,
        game_kind="chess",
        now=100.0,
    )
    casual = await db.challenges.create_challenge(
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger_id=ALICE,
        challenged_id=CAROL,
        game_kind="chess",
        rated=False,
        now=100.0,
    )
    assert (rated.rated, casual.rated) == (True, False)
    g1 = await db.challenges.accept_challenge(rated.id, BOB, start_position="S", now=200.0)
    g2 = await db.challenges.accept_challenge(casual.id, CAROL, start_position="S", now=200.0)
    assert (g1.rated, g2.rated) == (True, False)


async def test_a_ludo_table_starts_a_rated_game_and_a_casual_one_stays_casual(
    db: Database,
) -> None:
    """A table (ludo's lobby) is rated by default, like a challenge: its game is rated by
    places when it ends."""
    games = []
    for rated in (True, False):
        table = await db.challenges.create_table(
            guild_id=GUILD,
            channel_id=CHANNEL,
            host_id=ALICE,
            game_kind="ludo",
            max_seats=3,
            rated=rated,
            now=100.0,
        )
        assert table.rated is rated
        await db.challenges.join_table(table.id, BOB, now=110.0)
        await db.challenges.join_table(table.id, CAROL, now=120.0)
        game = await db.challenges.start_table(
            table.id,
            ALICE,
            seat_names=("red", "blue", "yellow"),
            start_position="ludo:s",
            now=130.0,
        )
        assert game.rated is rated
        places = ("blue", "yellow", "red")
        await db.games.finish_game(
            game.id, 0, GameOutcome("blue", Reason.FINISHED, places=places), now=200.0
        )
        games.append(game)
    changes = await db.ratings.changes_for_game(games[0].id)
    assert [c.player_id for c in changes] == [ALICE, BOB, CAROL]
    bob = await db.ratings.rating(GUILD, "ludo", BOB)
    assert bob is not None and bob.results == 1 and bob.rating > 1500  # first place
    assert await db.ratings.changes_for_game(games[1].id) == []
