"""Perft counts of the start positions, with the shallow ones checked by an independent count."""

from __future__ import annotations

from rules import Game, Side, start_position
from rules.geometry import make_square


def _naive_rook_moves(
    position_cells: dict[tuple[int, int], tuple[Side, str, bool]],
    side: Side,
    width: int,
    height: int,
    eagle_step: int | None,
) -> int:
    """Count slides with a plain dictionary board: an implementation independent of the core."""
    count = 0
    for (f, r), (owner, kind, held) in position_cells.items():
        if owner is not side or held:
            continue
        limit = eagle_step if (kind == "E" and eagle_step) else 99
        for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            x, y, steps = f + df, r + dr, 0
            while 0 <= x < width and 0 <= y < height and (x, y) not in position_cells:
                steps += 1
                if steps > limit:
                    break
                count += 1
                x, y = x + df, y + dr
    return count


def _cells(game: Game) -> dict[tuple[int, int], tuple[Side, str, bool]]:
    pos = game.position
    return {
        (f, r): (p.side, p.kind, p.held)
        for f in range(pos.width)
        for r in range(pos.height)
        if (p := pos.piece_at(make_square(f, r))) is not None
    }


def _naive_perft2(
    variant_id: str, eagle_step: int | None, options: dict[str, str] | None = None
) -> int:
    """Depth 2 where no first move can capture (true of these start positions)."""
    game = Game(start_position(variant_id, options))
    pos = game.position
    total = 0
    for move in game.legal_moves():
        result = game.push(move)
        assert result.captured == ()
        total += _naive_rook_moves(_cells(game), game.turn, pos.width, pos.height, eagle_step)
        game.pop()
    return total


def test_classic_start_perft() -> None:
    game = Game.new("classic")
    # Black: six soldiers with six squares down their file, e8 with five (White's eagle on e2),
    # d8 blocked by its own eagle; the eagle: five down, three left, four right.
    assert game.perft(1) == 6 * 6 + 5 + 12 == 53
    assert game.perft(2) == _naive_perft2("classic", None) == 2637
    assert game.perft(3) == 145394


def test_classic_wide_start_perft() -> None:
    game = Game.new("classic", {"size": "12x8"})
    assert game.perft(2) == _naive_perft2("classic", None, {"size": "12x8"})
    assert game.perft(1) == 10 * 6 + 5 + (5 + 5 + 6)


def test_rugen_start_perft() -> None:
    game = Game.new("rugen")
    # Seven free soldiers on rank 2 (d2 sits behind the eagle); e2 stops below Black's eagle.
    assert game.perft(1) == 6 * 4 + 3 + 3 == 30
    assert game.perft(2) == _naive_perft2("rugen", 1) == 838
    assert game.perft(3) == 29887
