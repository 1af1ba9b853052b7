"""Squares and board geometry.

A square is an ``int``: ``rank * 16 + file`` (both 0-based). The encoding does not depend on the
board's width, so a move or a square can be named without knowing the board, and boards up to
16 files fit. Per-size tables (neighbours, rays) are computed once and shared.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

Square = int

FILES = "abcdefghijklmnop"
STRIDE = 16
MAX_FILES = 12
MAX_RANKS = 12

#: Direction offsets: north (towards Black), south, east, west.
NORTH, SOUTH, EAST, WEST = 0, 1, 2, 3
DIRECTIONS = (NORTH, SOUTH, EAST, WEST)
OPPOSITE = (SOUTH, NORTH, WEST, EAST)


def make_square(file: int, rank: int) -> Square:
    """The square on ``file`` and ``rank`` (both 0-based)."""
    return rank * STRIDE + file


def square_file(square: Square) -> int:
    return square % STRIDE


def square_rank(square: Square) -> int:
    return square // STRIDE


def square_name(square: Square) -> str:
    """``a1``-style name of a square."""
    return f"{FILES[square % STRIDE]}{square // STRIDE + 1}"


def parse_square(text: str) -> Square:
    """Parse ``a1``..``l12`` (case-insensitive). Raises ValueError on anything else.

    The board size is not checked here: whether the square exists is the board's business.
    """
    t = text.strip().lower()
    if len(t) < 2 or t[0] not in FILES[:MAX_FILES] or not t[1:].isdigit() or t[1] == "0":
        raise ValueError(f"{text!r} is not a square")
    rank = int(t[1:])
    if not 1 <= rank <= MAX_RANKS:
        raise ValueError(f"{text!r} is not a square")
    return make_square(FILES.index(t[0]), rank - 1)


def square_sort_key(square: Square) -> tuple[int, int]:
    """File-major order (``a1 a2 … b1``), the order square names sort in as text on 8 ranks."""
    return (square % STRIDE, square // STRIDE)


@dataclass(frozen=True)
class Geometry:
    """Precomputed tables for one board size."""

    width: int
    height: int
    squares: tuple[Square, ...] = field(init=False)
    #: ``step[d][sq]`` is the neighbour of ``sq`` in direction ``d``, or -1 off the board.
    step: tuple[tuple[int, ...], ...] = field(init=False)
    #: ``rays[sq]`` is, per direction, the squares from ``sq`` outwards to the edge.
    rays: tuple[tuple[tuple[Square, ...], ...], ...] = field(init=False)
    #: ``neighbours[sq]`` is the on-board orthogonal neighbours of ``sq``.
    neighbours: tuple[tuple[Square, ...], ...] = field(init=False)
    corners: frozenset[Square] = field(init=False)
    size: int = field(init=False)

    def __post_init__(self) -> None:
        size = self.height * STRIDE
        squares = tuple(make_square(f, r) for r in range(self.height) for f in range(self.width))
        deltas = ((0, 1), (0, -1), (1, 0), (-1, 0))
        step: list[list[int]] = [[-1] * size for _ in DIRECTIONS]
        for sq in squares:
            f, r = square_file(sq), square_rank(sq)
            for d, (df, dr) in enumerate(deltas):
                nf, nr = f + df, r + dr
                if 0 <= nf < self.width and 0 <= nr < self.height:
                    step[d][sq] = make_square(nf, nr)
        rays: list[tuple[tuple[Square, ...], ...]] = [()] * size
        neighbours: list[tuple[Square, ...]] = [()] * size
        for sq in squares:
            per_dir = []
            for d in DIRECTIONS:
                ray = []
                cur = step[d][sq]
                while cur >= 0:
                    ray.append(cur)
                    cur = step[d][cur]
                per_dir.append(tuple(ray))
            rays[sq] = tuple(per_dir)
            neighbours[sq] = tuple(step[d][sq] for d in DIRECTIONS if step[d][sq] >= 0)
        w, h = self.width - 1, self.height - 1
        corners = frozenset(make_square(f, r) for f in (0, w) for r in (0, h))
        object.__setattr__(self, "squares", squares)
        object.__setattr__(self, "step", tuple(tuple(s) for s in step))
        object.__setattr__(self, "rays", tuple(rays))
        object.__setattr__(self, "neighbours", tuple(neighbours))
        object.__setattr__(self, "corners", corners)
        object.__setattr__(self, "size", size)

    def contains(self, square: Square) -> bool:
        return 0 <= square % STRIDE < self.width and 0 <= square // STRIDE < self.height


@cache
def geometry(width: int, height: int) -> Geometry:
    """The shared tables for a ``width`` × ``height`` board."""
    return Geometry(width, height)
