"""Seats (schema 6): any registered game is stored with its 2-4 seats in turn order, any action
(moves, passes, rolls, cube actions) is a ply, and a result names a seat, a reason, places and
points — chess, draughts, a three-seat ludo game and backgammon plies on a real SQLite file."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator

import pytest

from rules.games import GameOutcome, Reason, find_game, open_session
from storage import (
    ConcurrencyError,
    Database,
    GameOver,
    GameRecord,
    NotAllowed,
    PlyToRecord,
    Seat,
)
from storage.replay import verify_game
from tests.storage.conftest import DbTarget
from tests.storage.storage_helpers import ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD


@pytest.fixture
async def db2(db: Database, db_target: DbTarget) -> AsyncIterator[Database]:
    """A second connection to the same file, like a second process."""
    other = Database(db_target)
    await other.start()
    try:
        yield other
    finally:
        await other.stop()


async def play_and_store(
    db: Database, game: GameRecord, actions: list[str] | None, *, seed: int = 0, plies: int = 0
) -> GameRecord:
    """Play ``actions`` (or ``plies`` random legal ones) through the rules core's game
    interface and store each ply as the bot does, finishing the game if the rules end it."""
    session = open_session(game.start_position)
    rng = random.Random(seed)
    for index in range(len(actions) if actions is not None else plies):
        if session.is_over:
            break
        seat = session.to_move
        text = (
            actions[index]
            if actions is not None
            else session.format(rng.choice(session.legal_moves()))
        )
        result = session.play(text)
        game = await db.games.record_move(
            game.id,
            game.ply,
            game.player_at(seat),
            result.canonical,
            session.position_text(),
            outcome=session.outcome,
            now=2000.0 + index,
        )
    return game


async def new_game(db: Database, game_id: str, seats: list[tuple[str, int]]) -> GameRecord:
    return await db.games.create_game(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game_kind=game_id,
        start_position=open_session(game_id).position_text(),
        seats=seats,
        now=1000.0,
    )


async def test_a_chess_game_is_stored_by_seats_and_replays_to_mate(db: Database) -> None:
    game = await new_game(db, "chess", [("white", ALICE), ("black", BOB)])
    assert game.seats == (Seat("white", ALICE), Seat("black", BOB))
    assert (game.white_id, game.black_id, game.player_ids) == (ALICE, BOB, (ALICE, BOB))
    game = await play_and_store(db, game, ["f3", "e5", "g4", "Qh4#"])
    assert (game.status, game.winner, game.reason, game.ply) == (
        "finished",
        "black",
        "checkmate",
        4,
    )
    assert game.outcome == GameOutcome("black", Reason.CHECKMATE)
    assert [m.move for m in await db.games.game_moves(game.id)] == ["f3", "e5", "g4", "Qh4#"]
    report = await verify_game(db, game.id)
    assert report.ok, report.problems
    assert report.rules_outcome == ("black", "checkmate")
    alice, bob = await db.players.get_player(ALICE), await db.players.get_player(BOB)
    assert alice is not None and bob is not None
    assert (alice.losses, bob.wins) == (1, 1)
    assert [g.id for g in await db.games.finished_games(ALICE)] == [game.id]
    assert await db.games.active_games(user_id=BOB) == []


async def test_a_long_chess_game_verifies_and_a_wrong_result_is_caught(db: Database) -> None:
    game = await new_game(db, "chess", [("white", CAROL), ("black", DAVE)])
    game = await play_and_store(db, game, None, seed=3, plies=60)
    assert game.ply == 60 and game.is_active
    report = await verify_game(db, game.id)
    assert report.ok, report.problems
    assert [g.id for g in await db.games.active_games(user_id=DAVE)] == [game.id]

    mated = await new_game(db, "chess", [("white", ALICE), ("black", BOB)])
    for ply, (mover, move) in enumerate([(ALICE, "f3"), (BOB, "e5"), (ALICE, "g4")]):
        session = open_session(mated.start_position)
        for earlier in ["f3", "e5", "g4"][: ply + 1]:
            session.play(earlier)
        mated = await db.games.record_move(mated.id, ply, mover, move, session.position_text())
    session.play("Qh4#")
    mated = await db.games.record_move(
        mated.id, 3, BOB, "Qh4#", session.position_text(), outcome=("white", "checkmate")
    )
    report = await verify_game(db, mated.id)
    assert report.problems == (
        "stored result ('white', 'checkmate'), rules say ('black', 'checkmate')",
    )


async def test_a_draughts_game_keeps_black_first(db: Database) -> None:
    game = await db.games.create_game(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game_kind="draughts",
        white_id=ALICE,
        black_id=BOB,
        start_position=open_session("draughts").position_text(),
    )
    assert game.seat_names == ("black", "white")
    assert (game.white_id, game.black_id, game.player_ids) == (ALICE, BOB, (BOB, ALICE))
    assert (game.seat_of(BOB), game.colour_of(ALICE), game.opponent_of(BOB)) == (
        "black",
        "white",
        ALICE,
    )
    game = await play_and_store(db, game, None, seed=11, plies=50)
    moves = await db.games.game_moves(game.id)
    assert moves[0].player_id == BOB and moves[1].player_id == ALICE
    assert any("x" in m.move for m in moves)  # captures are stored in PDN as played
    report = await verify_game(db, game.id)
    assert report.ok, report.problems
    loaded = await db.games.require_game(game.id)
    assert loaded == game


async def test_seats_are_checked_against_the_game_and_nothing_is_stored(db: Database) -> None:
    start = open_session("chess").position_text()
    bad: list[tuple[str, dict[str, object], str]] = [
        ("chess", {"seats": [("black", BOB), ("white", ALICE)]}, "turn order \\(white, black\\)"),
        ("chess", {"seats": [("white", ALICE), ("red", BOB)]}, "chess has no seat 'red'"),
        ("chess", {"seats": [("white", ALICE)]}, "chess takes 2-2 seats, not 1"),
        ("chess", {"seats": [("white", ALICE), ("white", BOB)]}, "given twice"),
        ("chess", {}, "needs its seats"),
        (
            "chess",
            {"seats": [("white", 1), ("black", 2)], "white_id": 1, "black_id": 2},
            "not both",
        ),
        ("go", {"white_id": ALICE, "black_id": BOB}, "unknown game 'go'"),
    ]
    for game_id, players, message in bad:
        with pytest.raises(ValueError, match=message):
            await db.games.create_game(
                guild_id=GUILD,
                channel_id=CHANNEL,
                game_kind=game_id,
                start_position=start,
                **players,  # type: ignore[arg-type]
            )
    assert await db.fetchval("SELECT count(*) FROM games") == 0
    assert await db.fetchval("SELECT count(*) FROM game_seats") == 0


async def test_a_three_seat_ludo_game(db: Database) -> None:
    with pytest.raises(ValueError, match="ludo has seats red, blue, yellow, green, not white"):
        await db.games.create_game(
            guild_id=GUILD,
            channel_id=CHANNEL,
            game_kind="ludo",
            white_id=1,
            black_id=2,
            start_position="L0",
        )
    with pytest.raises(ValueError, match="turn order \\(red, yellow\\)"):
        await db.games.create_game(
            guild_id=GUILD,
            channel_id=CHANNEL,
            game_kind="ludo",
            seats=[("yellow", ALICE), ("red", BOB)],
            start_position="L0",
        )
    pair = await db.games.create_game(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game_kind="ludo",
        seats=[Seat("red", DAVE), Seat("yellow", ALICE)],
        start_position="L0",
    )
    assert pair.seat_names == ("red", "yellow")

    game = await db.games.create_game(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game_kind="ludo",
        seats=[("red", ALICE), ("blue", BOB), ("yellow", CAROL)],
        start_position="L0",
        now=1000.0,
    )
    assert game.seats == (Seat("red", ALICE), Seat("blue", BOB), Seat("yellow", CAROL))
    with pytest.raises(KeyError, match="no seat 'white'"):
        _ = game.white_id
    with pytest.raises(ValueError, match="3 seats"):
        game.opponent_of(ALICE)
    assert (game.colour_of(BOB), game.seat_of(CAROL), game.seat_of(DAVE)) == (None, "yellow", None)
    for player in (ALICE, BOB, CAROL):
        assert game.id in [g.id for g in await db.games.active_games(user_id=player)]

    plies = [
        PlyToRecord(ALICE, "roll:6", "L1"),
        PlyToRecord(ALICE, "BB-0", "L2"),
        PlyToRecord(ALICE, "roll:3", "L3"),
        PlyToRecord(ALICE, "0-3", "L4"),
        PlyToRecord(BOB, "roll:2", "L5"),
        PlyToRecord(BOB, "pass", "L6"),
    ]
    game = await db.games.record_moves(game.id, 0, plies, now=1100.0)
    with pytest.raises(NotAllowed):
        await db.games.record_move(game.id, 6, DAVE, "roll:4", "L7")
    game = await db.games.record_move(game.id, 6, CAROL, "roll:1", "L7")
    stored = await db.games.game_moves(game.id)
    assert [(m.player_id, m.move) for m in stored] == [
        *((p.player_id, p.move) for p in plies),
        (CAROL, "roll:1"),
    ]

    # results must fit the seats; a bad one changes nothing
    bad = [
        GameOutcome("green", Reason.FINISHED),
        GameOutcome("blue", Reason.FINISHED, places=("blue", "red")),
        GameOutcome("blue", Reason.FINISHED, places=("red", "blue", "yellow")),
        GameOutcome("blue", Reason.FINISHED, points=0),
    ]
    for outcome in bad:
        with pytest.raises(ValueError):
            await db.games.record_move(game.id, 7, ALICE, "40-44", "L8", outcome=outcome)
        with pytest.raises(ValueError):
            await db.games.finish_game(game.id, 7, outcome)
    assert (await db.games.require_game(game.id)).ply == 7

    outcome = GameOutcome("blue", Reason.FINISHED, places=("blue", "yellow", "red"))
    game = await db.games.record_move(game.id, 7, BOB, "43-44", "L8", outcome=outcome, now=1200.0)
    assert (game.winner, game.reason, game.places, game.outcome) == (
        "blue",
        "finished",
        ("blue", "yellow", "red"),
        outcome,
    )
    assert await db.games.require_game(game.id) == game
    assert [g.id for g in await db.games.finished_games(CAROL)] == [game.id]
    records = {r.user_id: (r.wins, r.losses, r.draws) for r in await db.players.leaderboard(GUILD)}
    assert records == {BOB: (1, 0, 0), ALICE: (0, 1, 0), CAROL: (0, 1, 0)}
    for player, (wins, losses) in ((ALICE, (0, 1)), (BOB, (1, 0)), (CAROL, (0, 1))):
        record = await db.players.get_player(player)
        assert record is not None and (record.wins, record.losses, record.games_played) == (
            wins,
            losses,
            1,
        )


async def test_three_seats_race_one_transaction_per_action(db: Database, db2: Database) -> None:
    """Two seated players (on two connections) act at the same ply: exactly one ply lands; a
    resignation racing a move leaves exactly one of them."""
    game = await db.games.create_game(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game_kind="ludo",
        seats=[("red", ALICE), ("blue", BOB), ("yellow", CAROL)],
        start_position="L0",
    )
    results = await asyncio.gather(
        db.games.record_moves(game.id, 0, [PlyToRecord(ALICE, "roll:6", "A1")]),
        db2.games.record_moves(game.id, 0, [PlyToRecord(CAROL, "roll:2", "C1")]),
        return_exceptions=True,
    )
    wins = [r for r in results if isinstance(r, GameRecord)]
    losses = [r for r in results if isinstance(r, BaseException)]
    assert len(wins) == 1 and len(losses) == 1
    assert isinstance(losses[0], ConcurrencyError) and "at ply 1" in str(losses[0])
    assert len(await db.games.game_moves(game.id)) == 1

    resign = GameOutcome("red", Reason.RESIGNATION, places=("red", "yellow", "blue"))
    results = await asyncio.gather(
        db.games.finish_game(game.id, 1, resign),
        db2.games.record_moves(game.id, 1, [PlyToRecord(BOB, "roll:5", "B2")]),
        return_exceptions=True,
    )
    final = await db.games.require_game(game.id)
    if isinstance(results[0], GameRecord):
        assert isinstance(results[1], GameOver)
        assert (final.ply, final.places) == (1, ("red", "yellow", "blue"))
    else:
        assert isinstance(results[0], ConcurrencyError)
        assert (final.ply, final.status) == (2, "active")


async def test_rolls_and_cube_actions_are_plies(db: Database) -> None:
    """Storage assumes nothing of Latrunculi's syntax: any action text is a ply, and a
    backgammon result carries its points."""
    game = await db.games.create_game(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game_kind="backgammon",
        white_id=ALICE,
        black_id=BOB,
        start_position="backgammon:XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
    )
    actions = [
        PlyToRecord(ALICE, "roll:6-1", "X1"),
        PlyToRecord(ALICE, "13/7 8/7", "X2"),
        PlyToRecord(BOB, "roll:5-2", "X3"),
        PlyToRecord(BOB, "13/11 13/8", "X4"),
        PlyToRecord(ALICE, "double", "X5"),
        PlyToRecord(BOB, "take", "X6"),
        PlyToRecord(ALICE, "roll:4-4", "X7"),
        PlyToRecord(ALICE, "pass", "X8"),
    ]
    game = await db.games.record_moves(game.id, 0, actions[:6])
    game = await db.games.record_moves(game.id, 6, actions[6:])
    assert [m.move for m in await db.games.game_moves(game.id)] == [a.move for a in actions]
    assert game.current_position == "X8"
    with pytest.raises(ValueError, match="points are won by a winner"):
        await db.games.finish_game(game.id, 8, GameOutcome(None, Reason.DROP, points=2))
    game = await db.games.record_move(
        game.id, 8, BOB, "drop", "X9", outcome=GameOutcome("white", Reason.DROP, points=2)
    )
    assert (game.winner, game.reason, game.points, game.places) == ("white", "drop", 2, ())
    assert (await db.games.require_game(game.id)).outcome == GameOutcome(
        "white", Reason.DROP, points=2
    )


async def test_listed_games_name_every_seat_in_turn_order(db: Database) -> None:
    """Game suggestions carry each seat's player's name; a typed name matches another
    seat's player in one's own games, and any seat's player when spectating."""
    for user, name in ((ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol"), (DAVE, "Dave")):
        await db.players.upsert_player(user, name)
    draughts = await db.games.create_game(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game_kind="draughts",
        white_id=ALICE,
        black_id=BOB,
        start_position="D0",
    )
    ludo = await db.games.create_game(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game_kind="ludo",
        seats=[("red", ALICE), ("blue", CAROL), ("yellow", DAVE)],
        start_position="L0",
    )

    async def listed(
        user: int, needle: str = "", spectating: bool = False
    ) -> dict[int, tuple[str, ...]]:
        found = await db.games.listed_games(
            guild_id=GUILD,
            user_id=user,
            channel_id=CHANNEL + 1,
            spectating=spectating,
            active_only=True,
            needle=needle,
        )
        return {g.game.id: g.names for g in found}

    assert await listed(ALICE) == {
        draughts.id: ("Bob", "Alice"),
        ludo.id: ("Alice", "Carol", "Dave"),
    }
    [row] = [
        g
        for g in await db.games.listed_games(
            guild_id=GUILD, user_id=BOB, channel_id=CHANNEL, spectating=False, active_only=False
        )
    ]
    assert (row.white_name, row.black_name, row.name_at("black")) == ("Alice", "Bob", "Bob")
    assert await listed(ALICE, "dav") == {ludo.id: ("Alice", "Carol", "Dave")}
    assert await listed(ALICE, "ali") == {}  # one's own name matches nothing of one's own
    assert await listed(BOB, "car") == {}
    assert set(await listed(BOB, "car", spectating=True)) == set()  # another channel
    found = await db.games.listed_games(
        guild_id=GUILD,
        user_id=BOB,
        channel_id=CHANNEL,
        spectating=True,
        active_only=True,
        needle="car",
    )
    assert [g.game.id for g in found] == [ludo.id]
    assert [
        g.game.id
        for g in await db.games.listed_games(
            guild_id=GUILD,
            user_id=DAVE,
            channel_id=CHANNEL + 1,
            spectating=False,
            active_only=True,
            needle=str(ludo.id),
        )
    ] == [ludo.id]


async def store_random_game(
    db: Database,
    game_id: str,
    seats: list[tuple[str, int]],
    options: dict[str, str] | None,
    seed: int,
) -> GameRecord:
    """A whole seeded game of the rules core stored ply by ply as the bot does: dice rolls
    (``Session.roll``) and cube actions are plies, the last one carries the outcome."""
    start = find_game(game_id).start(options)
    game = await db.games.create_game(
        guild_id=GUILD, channel_id=CHANNEL, game_kind=game_id, start_position=start, seats=seats
    )
    session = open_session(start)
    rng = random.Random(seed)
    while not session.is_over:
        seat = session.to_move
        text = (
            session.roll(rng)
            if session.chance_due
            else session.format(rng.choice(session.legal_moves()))
        )
        result = session.play(text)
        game = await db.games.record_move(
            game.id,
            game.ply,
            game.player_at(seat),
            result.canonical,
            session.position_text(),
            outcome=session.outcome,
        )
    return game


async def test_backgammon_and_ludo_games_with_their_rolls_replay(db: Database) -> None:
    """Chance is an action: a stored backgammon game (rolls, cube, points) and a three-player
    ludo game (rolls, places) replay exactly through the rules core; a wrong stored result
    is caught."""
    backgammon = await store_random_game(
        db, "backgammon", [("white", ALICE), ("black", BOB)], None, 1
    )
    moves = [m.move for m in await db.games.game_moves(backgammon.id)]
    assert moves[0].startswith("roll:") and sum(m.startswith("roll:") for m in moves) > 20
    assert backgammon.outcome == GameOutcome("white", Reason.GAMMON, points=2)
    report = await verify_game(db, backgammon.id)
    assert report.ok, report.problems
    assert report.game_outcome == backgammon.outcome

    ludo = await store_random_game(
        db, "ludo", [("red", ALICE), ("blue", BOB), ("yellow", CAROL)], {"players": "3"}, 1
    )
    assert (ludo.winner, ludo.places) == ("blue", ("blue", "yellow", "red"))
    report = await verify_game(db, ludo.id)
    assert report.ok, report.problems
    record = await db.players.get_player(BOB)
    assert record is not None and record.wins == 1

    await db.execute("UPDATE games SET points = 3 WHERE id = ?", (backgammon.id,))
    report = await verify_game(db, backgammon.id)
    assert report.problems == (
        "stored result ('white', 'gammon') 3 points, rules say ('white', 'gammon') 2 points",
    )
