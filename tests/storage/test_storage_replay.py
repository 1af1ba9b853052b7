"""Rebuilding stored games through the rules core (storage.replay)."""

from __future__ import annotations

import dataclasses

import pytest

from rules import Game, square_name, start_position
from storage import Database, GameNotFound
from storage.replay import replay_game, verify_game
from tests.storage.storage_helpers import (
    ALICE,
    BOB,
    ending_game,
    make_game,
    random_game,
    store_game,
)


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_stored_random_rugen_games_replay_exactly(db: Database, seed: int) -> None:
    scripted = random_game(seed, max_plies=80)
    assert len(scripted.plies) >= 10
    game = await store_game(db, scripted)
    report = await verify_game(db, game.id)
    assert report.ok, report.problems
    assert report.plies_replayed == len(scripted.plies) == game.ply
    assert report.rebuilt_position == game.current_position == scripted.plies[-1].position_after
    assert report.rules_outcome == scripted.outcome


async def test_a_game_played_to_its_end_by_the_rules(db: Database) -> None:
    scripted = ending_game()
    game = await store_game(db, scripted)
    assert game.status == "finished" and (game.winner, game.reason) == scripted.outcome
    report = await verify_game(db, game.id)
    assert report.ok, report.problems
    assert report.rules_outcome == scripted.outcome


async def test_classic_game_black_moves_first(db: Database) -> None:
    game = await make_game(db, game_kind="classic", start=start_position("classic").to_lpn())
    rules_game = Game(start_position("classic"))
    rules_game.play("a8-a6")
    await db.games.record_move(game.id, 0, BOB, "a8-a6", rules_game.position.to_lpn())
    report = await verify_game(db, game.id)
    assert report.ok, report.problems


async def test_verify_missing_game(db: Database) -> None:
    with pytest.raises(GameNotFound):
        await verify_game(db, 404)


async def test_replay_finds_each_kind_of_disagreement(db: Database) -> None:
    scripted = random_game(7, max_plies=12)
    game = await store_game(db, scripted)
    moves = await db.games.game_moves(game.id)
    assert replay_game(game, moves).ok

    wrong_current = dataclasses.replace(game, current_position=scripted.plies[5].position_after)
    assert any("stored current position" in p for p in replay_game(wrong_current, moves).problems)

    wrong_ply = dataclasses.replace(game, ply=game.ply + 1)
    assert any("moves are stored" in p for p in replay_game(wrong_ply, moves).problems)

    altered = list(moves)
    altered[3] = dataclasses.replace(altered[3], position_after=scripted.plies[2].position_after)
    problems = replay_game(game, altered).problems
    assert len(problems) == 1 and "ply 4" in problems[0]

    illegal = list(moves)
    illegal[4] = dataclasses.replace(illegal[4], move="a1-h8")
    report = replay_game(game, illegal)
    assert not report.ok and report.rebuilt_position is None
    assert "ply 5 (a1-h8) is illegal" in report.problems[0]

    gap = moves[:2] + moves[3:]
    assert any("stored as ply" in p for p in replay_game(game, gap).problems)

    resigned_as_rules = dataclasses.replace(
        game, status="finished", winner="white", reason="eagle_captured"
    )
    assert any("rules see no end" in p for p in replay_game(resigned_as_rules, moves).problems)
    resigned = dataclasses.replace(game, status="finished", winner="white", reason="resignation")
    assert replay_game(resigned, moves).ok

    bad_start = dataclasses.replace(game, start_position="rugen:nonsense w")
    assert "does not parse" in replay_game(bad_start, moves).problems[0]

    stranger = list(moves)
    stranger[0] = dataclasses.replace(stranger[0], player_id=ALICE + BOB + 1000)
    assert any("not a player" in p for p in replay_game(game, stranger).problems)


async def test_replay_catches_a_finished_game_marked_active(db: Database) -> None:
    scripted = ending_game()
    game = await make_game(db, start=scripted.start)
    for ply in scripted.plies:  # stored without telling storage the game ended
        game = await db.games.record_move(
            game.id, game.ply, ALICE if ply.side == "white" else BOB, ply.move, ply.position_after
        )
    report = await verify_game(db, game.id)
    assert not report.ok and "but it is active" in report.problems[-1]


# A lat game stored before issue 11 moved the Queen to f2: written as the bot stored it then,
# start position and positions after each move in the old setup (Queen on f1, Berserker on f2).
OLD_LAT_START = "lat:vbvbvqvbvbv/5b5/11/11/11/11/5B5/VBVBVQVBVBV w"
OLD_LAT_PLIES = [
    (ALICE, "b1-b2", "lat:vbvbvqvbvbv/5b5/11/11/11/11/1B3B5/V1VBVQVBVBV b"),
    (BOB, "f7-c7", "lat:vbvbvqvbvbv/2b8/11/11/11/11/1B3B5/V1VBVQVBVBV w"),
]


async def test_an_old_setup_lat_game_still_replays_and_continues(db: Database) -> None:
    assert start_position("lat").to_lpn() != OLD_LAT_START  # the house setup has moved on
    game = await make_game(db, game_kind="lat", start=OLD_LAT_START)
    for ply, (player, move, after) in enumerate(OLD_LAT_PLIES):
        game = await db.games.record_move(game.id, ply, player, move, after)
    loaded = await db.games.require_game(game.id)
    assert loaded.start_position == OLD_LAT_START
    report = await verify_game(db, game.id)
    assert report.ok, report.problems
    assert report.rebuilt_position == loaded.current_position == OLD_LAT_PLIES[-1][2]

    # Continued from the stored start: White's Berserker lands on f7 and shuts in the Queen on
    # f8 between her own Valkyries (from the new setup f2-f7 would capture nothing).
    rules_game = Game(loaded.start_position)
    for stored in await db.games.game_moves(game.id):
        rules_game.play(stored.move)
    result = rules_game.play("f2-f7")
    assert [square_name(s) for s in result.captured] == ["f8"]
    assert rules_game.outcome is not None
    outcome = (rules_game.outcome.winner.value, rules_game.outcome.reason)
    assert outcome == ("white", "queen_captured")
    await db.games.record_move(
        game.id, 2, ALICE, "f2-f7", rules_game.position.to_lpn(), outcome=outcome
    )
    report = await verify_game(db, game.id)
    assert report.ok, report.problems
    assert report.rules_outcome == outcome

    # Replayed from the variant's current start instead, the same moves disagree: the stored
    # start position is what keeps the game as it was played.
    moved_on = dataclasses.replace(loaded, start_position=start_position("lat").to_lpn())
    assert not replay_game(moved_on, await db.games.game_moves(game.id)).ok
