"""Backgammon matches (schema 6): a series of games to N points between the same seats, each
game's points counted in the transaction that finishes it, the Crawford game, the match's end."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from rules.games import GameOutcome, Reason
from storage import Database, GameRecord, MatchSeat, NotAllowed, PlyToRecord
from tests.storage.conftest import DbTarget
from tests.storage.storage_helpers import ALICE, BOB, CAROL, CHANNEL, GUILD

START = "backgammon:XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


@pytest.fixture
async def db2(db: Database, db_target: DbTarget) -> AsyncIterator[Database]:
    other = Database(db_target)
    await other.start()
    try:
        yield other
    finally:
        await other.stop()


async def win(db: Database, game: GameRecord, seat: str, points: int, reason: Reason) -> GameRecord:
    """End a match game: a last move that bears off (or a drop), with the points won."""
    mover = game.player_at(seat)
    return await db.games.record_moves(
        game.id,
        game.ply,
        [PlyToRecord(mover, "roll:6-5", "R"), PlyToRecord(mover, "6/off 5/off", "E")],
        outcome=GameOutcome(seat, reason, points=points),
        now=5000.0 + game.id,
    )


async def test_a_match_to_five_points_with_its_crawford_game(db: Database) -> None:
    match = await db.matches.create_match(
        guild_id=GUILD, length=5, seats=[("white", ALICE), ("black", BOB)], now=100.0
    )
    assert (match.game, match.length, match.status, match.games_scored) == (
        "backgammon",
        5,
        "active",
        0,
    )
    assert match.seats == (MatchSeat("white", ALICE, 0), MatchSeat("black", BOB, 0))
    assert await db.matches.get_match(match.id) == match
    assert await db.matches.get_match(match.id + 1) is None

    first = await db.matches.add_game(match.id, channel_id=CHANNEL, start_position=START, now=110.0)
    assert (first.match_id, first.match_game, first.game_kind, first.seat_names) == (
        match.id,
        1,
        "backgammon",
        ("white", "black"),
    )
    with pytest.raises(NotAllowed, match="game 1 of match 1 is still being played"):
        await db.matches.add_game(match.id, channel_id=CHANNEL, start_position=START)

    await win(db, first, "black", 2, Reason.GAMMON)  # the gammon: 2 x cube 1
    match = await db.matches.require_match(match.id)
    assert (match.scores, match.games_scored, match.crawford_game) == (
        {"white": 0, "black": 2},
        1,
        None,
    )

    second = await db.matches.add_game(match.id, channel_id=CHANNEL, start_position=START)
    assert second.match_game == 2
    await win(db, second, "black", 2, Reason.DROP)  # a double dropped: 4 points, N - 1
    match = await db.matches.require_match(match.id)
    assert (match.scores, match.crawford_game, match.next_game_is_crawford) == (
        {"white": 0, "black": 4},
        3,
        True,
    )

    third = await db.matches.add_game(match.id, channel_id=CHANNEL, start_position=START)
    assert match.is_crawford(third.match_game or 0)
    await win(db, third, "white", 1, Reason.SINGLE)
    match = await db.matches.require_match(match.id)
    assert (match.scores, match.crawford_game, match.next_game_is_crawford) == (
        {"white": 1, "black": 4},
        3,
        False,
    )

    fourth = await db.matches.add_game(match.id, channel_id=CHANNEL, start_position=START)
    await db.games.finish_game(fourth.id, 0, GameOutcome("black", Reason.RESIGNATION, points=1))
    match = await db.matches.require_match(match.id)
    assert (match.status, match.winner, match.scores, match.games_scored) == (
        "finished",
        "black",
        {"white": 1, "black": 5},
        4,
    )
    assert match.finished_at is not None
    with pytest.raises(NotAllowed, match="match 1 is over \\(black won\\)"):
        await db.matches.add_game(match.id, channel_id=CHANNEL, start_position=START)
    games = await db.matches.match_games(match.id)
    assert [(g.match_game, g.winner, g.points) for g in games] == [
        (1, "black", 2),
        (2, "black", 2),
        (3, "white", 1),
        (4, "black", 1),
    ]
    bob = await db.players.get_player(BOB)
    assert bob is not None and (bob.wins, bob.losses) == (3, 1)  # games count in records


async def test_a_match_game_needs_its_points_and_bad_matches_are_refused(db: Database) -> None:
    match = await db.matches.create_match(
        guild_id=GUILD, length=3, seats=[("white", ALICE), ("black", BOB)]
    )
    game = await db.matches.add_game(match.id, channel_id=CHANNEL, start_position=START)
    with pytest.raises(ValueError, match="needs its points"):
        await db.games.finish_game(game.id, 0, "white", "resignation")
    assert (await db.games.require_game(game.id)).is_active  # the finish was rolled back
    # an aborted game scores nothing and calls the match off: over, no winner, no next game
    await db.games.finish_game(game.id, 0, None, "aborted")
    match = await db.matches.require_match(match.id)
    assert (match.scores, match.games_scored) == ({"white": 0, "black": 0}, 1)
    assert (match.status, match.winner, match.is_active) == ("finished", None, False)
    assert match.finished_at is not None
    with pytest.raises(NotAllowed, match="is over"):
        await db.matches.add_game(match.id, channel_id=CHANNEL, start_position=START)

    for length, message in ((0, "1-25 points, not 0"), (26, "not 26"), (2.5, "whole number")):
        with pytest.raises(ValueError, match=message):
            await db.matches.create_match(
                guild_id=GUILD,
                length=length,  # type: ignore[arg-type]
                seats=[("white", ALICE), ("black", BOB)],
            )
    with pytest.raises(ValueError, match="turn order"):
        await db.matches.create_match(
            guild_id=GUILD, length=3, seats=[("black", ALICE), ("white", CAROL)]
        )
    assert await db.fetchval("SELECT count(*) FROM matches") == 1


async def test_two_processes_start_the_next_game_once(db: Database, db2: Database) -> None:
    match = await db.matches.create_match(
        guild_id=GUILD, length=1, seats=[("white", ALICE), ("black", BOB)]
    )
    results = await asyncio.gather(
        db.matches.add_game(match.id, channel_id=CHANNEL, start_position=START),
        db2.matches.add_game(match.id, channel_id=CHANNEL, start_position=START),
        return_exceptions=True,
    )
    started = [r for r in results if isinstance(r, GameRecord)]
    refused = [r for r in results if isinstance(r, NotAllowed)]
    assert len(started) == 1 and len(refused) == 1
    [game] = await db.matches.match_games(match.id)
    # a one-point match is over with its first game (and has no Crawford game)
    await win(db, game, "white", 1, Reason.SINGLE)
    match = await db.matches.require_match(match.id)
    assert (match.status, match.winner, match.crawford_game) == ("finished", "white", None)


async def test_accepting_a_match_challenge_starts_game_one_of_a_new_match(db: Database) -> None:
    ch = await db.challenges.create_challenge(
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger_id=ALICE,
        challenged_id=BOB,
        game_kind="backgammon",
        options={"match": "3"},
        colour="black",
        expires_in=600,
        now=100.0,
    )
    game = await db.challenges.accept_challenge(
        ch.id, BOB, start_position=START, match_length=3, now=110.0
    )
    assert game.match_id is not None and game.match_game == 1
    match = await db.matches.require_match(game.match_id)
    assert (match.length, match.status, match.games_scored) == (3, "active", 0)
    assert match.seats == (MatchSeat("white", BOB, 0), MatchSeat("black", ALICE, 0))
    assert match.options == {"match": "3"}
    # game 1's points are scored, and the match's next game follows it
    await win(db, game, "black", 2, Reason.GAMMON)
    match = await db.matches.require_match(game.match_id)
    assert match.scores == {"white": 0, "black": 2} and match.crawford_game == 2
    second = await db.matches.add_game(
        match.id, channel_id=CHANNEL, start_position=START, now=120.0
    )
    assert second.match_game == 2
    # a plain challenge starts no match
    ch = await db.challenges.create_challenge(
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger_id=ALICE,
        challenged_id=BOB,
        game_kind="backgammon",
        options={"match": "0"},
        colour="white",
        expires_in=600,
        now=130.0,
    )
    single = await db.challenges.accept_challenge(ch.id, BOB, start_position=START, now=140.0)
    assert single.match_id is None and single.match_game is None


async def test_a_match_against_the_computer_stays_one_in_every_game(db: Database) -> None:
    """A match=N challenge to the computer: its seat carries the level in game 1 and in the
    games the match goes on with, so none of them ever counts for the records."""
    computer = 99
    ch = await db.challenges.create_challenge(
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger_id=ALICE,
        challenged_id=computer,
        game_kind="backgammon",
        options={"match": "3"},
        colour="white",
        ai_level="hard",
        now=100.0,
    )
    first = await db.challenges.accept_challenge(
        ch.id, computer, start_position=START, match_length=3, now=101.0
    )
    assert first.match_id is not None
    assert [(s.name, s.ai_level) for s in first.seats] == [("white", None), ("black", "hard")]
    await win(db, first, "white", 1, Reason.SINGLE)
    second = await db.matches.add_game(first.match_id, channel_id=CHANNEL, start_position=START)
    assert [(s.name, s.ai_level) for s in second.seats] == [("white", None), ("black", "hard")]
    alice = await db.players.get_player(ALICE)
    assert alice is not None and alice.games_played == 0
