"""Seeded random games for every variant: undo restores every earlier position exactly, LPN
round-trips everywhere, every legal move can be typed back in, and games end or stay legal."""

from __future__ import annotations

import random

import pytest

from rules import Game, Move, Position, parse_position, variants

VARIANTS = [v.id for v in variants()]
MAX_PLIES = 160


def _play_random_game(variant_id: str, seed: int) -> tuple[Game, list[Position]]:
    rng = random.Random(seed)
    options = {o.key: rng.choice(o.values) for o in Game.new(variant_id).variant.options}
    game = Game.new(variant_id, options)
    seen = [game.position]
    for _ in range(MAX_PLIES):
        moves = game.legal_moves()
        if game.outcome is not None:
            assert moves == []
            break
        assert moves, "a game that is not over always has a move (a pass at least)"
        assert len(set(moves)) == len(moves), "no move is generated twice"
        move: Move = rng.choice(moves)
        game.play(str(move))  # the canonical text is accepted and legal
        position = game.position
        assert parse_position(position.to_lpn()) == position
        seen.append(position)
    return game, seen


@pytest.mark.parametrize("variant_id", VARIANTS)
@pytest.mark.parametrize("seed", range(8))
def test_random_game_undo_restores_every_position(variant_id: str, seed: int) -> None:
    game, seen = _play_random_game(variant_id, seed)
    for expected in reversed(seen[:-1]):
        game.pop()
        assert game.position == expected
    assert game.ply == 0


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_replaying_a_random_game_gives_the_same_results(variant_id: str) -> None:
    game, _ = _play_random_game(variant_id, 1234)
    replay = Game(game.start)
    for result in game.history:
        assert replay.play(str(result.move)) == result
    assert replay.position == game.position and replay.outcome == game.outcome
