"""The speed-minded parts of the Latrunculi core against plain, independent versions.

The rook-move generator of classic, rugen and lat works from shared move tables; here every
position of seeded random games is also generated square by square on a plain dictionary
board, and the two lists must be equal, order included. The reads a search makes at every node
(:attr:`Game.state`, :meth:`Game.position_key`, :meth:`Game.occurrences`,
:attr:`Game.history_restricts_moves`) are checked against the repetition rule they describe.
"""

from __future__ import annotations

import random

import pytest

from rules import Game, Move, MoveKind, Side
from rules.geometry import make_square

#: (variant, options, how far an eagle may step: None for as far as a rook).
ROOK_CASES = [
    ("classic", None, None),
    ("classic", {"size": "12x8"}, None),
    ("rugen", None, 1),
    ("rugen", {"rows": "1"}, 1),
    ("lat", None, None),
]


def _plain_slides(game: Game, eagle_step: int | None) -> list[Move]:
    """Every slide of the side to move, found on a dictionary board: squares rank by rank from
    a1, directions north, south, east, west, targets outwards; captives do not move."""
    position = game.position
    board = {
        (f, r): p
        for r in range(position.height)
        for f in range(position.width)
        if (p := position.piece_at(make_square(f, r))) is not None
    }
    moves = []
    for r in range(position.height):
        for f in range(position.width):
            p = board.get((f, r))
            if p is None or p.side is not position.turn or p.held:
                continue
            reach = eagle_step if (p.kind == "E" and eagle_step) else 99
            for df, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
                x, y, n = f + df, r + dr, 0
                while 0 <= x < position.width and 0 <= y < position.height:
                    n += 1
                    if (x, y) in board or n > reach:
                        break
                    moves.append(Move(MoveKind.MOVE, (make_square(f, r), make_square(x, y))))
                    x, y = x + df, y + dr
    return moves


@pytest.mark.parametrize(("variant_id", "options", "eagle_step"), ROOK_CASES)
@pytest.mark.parametrize("seed", range(6))
def test_rook_moves_match_a_plain_generator_in_random_games(
    variant_id: str, options: dict[str, str] | None, eagle_step: int | None, seed: int
) -> None:
    rng = random.Random(seed)
    game = Game.new(variant_id, options)
    plies = 0
    while not game.is_over and plies < 200:
        generated = game.variant.generate_moves(game.state)
        assert generated == _plain_slides(game, eagle_step)
        game.push(rng.choice(game.legal_moves()))
        plies += 1
    assert plies > 20  # the games went somewhere (the checks above ran on real midgames)


def test_position_key_and_occurrences_follow_the_repetition_rule() -> None:
    game = Game.new("rugen")
    start_key = game.position_key()
    assert game.occurrences() == 1 and not game.history_restricts_moves
    for text in ("a2-a3", "a7-a6", "a3-a2", "a6-a7"):  # back to the start position
        game.play(text)
    assert game.position_key() == start_key
    assert game.occurrences() == 2 and game.history_restricts_moves
    # The live state is the game's own: it moves with push and pop, and is never a copy.
    state = game.state
    game.play("a2-a3")
    assert game.state is state and state.turn is Side.BLACK
    assert game.occurrences() == 2  # this position, too, is here for the second time
    game.pop()
    game.pop()
    assert game.occurrences() == 1 and not game.history_restricts_moves
    assert game.position_key() != start_key
