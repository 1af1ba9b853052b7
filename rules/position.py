"""Immutable positions (what LPN describes) and the mutable board state the engine works on."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .geometry import Geometry, Square, geometry
from .model import Piece, Side

Cells = tuple[Piece | None, ...]


@dataclass(frozen=True, slots=True)
class Position:
    """A complete game position: everything LPN records, and nothing about history.

    ``cells`` is indexed by square (``rank * 16 + file``); ``hand`` is (White, Black) counters
    still in hand; ``clock`` counts plies since the last capture; ``passes`` counts consecutive
    passes just made; ``options`` holds the variant options that live in the position
    (e.g. ``(("rows", "1"),)``), sorted by key.
    """

    variant: str
    width: int
    height: int
    cells: Cells
    turn: Side
    hand: tuple[int, int] = (0, 0)
    clock: int = 0
    passes: int = 0
    options: tuple[tuple[str, str], ...] = ()

    @property
    def geometry(self) -> Geometry:
        return geometry(self.width, self.height)

    def piece_at(self, square: Square) -> Piece | None:
        """The piece on ``square`` (``None`` when empty or off the board)."""
        if not self.geometry.contains(square):
            return None
        return self.cells[square]

    def pieces(self) -> Iterator[tuple[Square, Piece]]:
        """Every piece on the board with its square, rank by rank from a1."""
        for sq in self.geometry.squares:
            p = self.cells[sq]
            if p is not None:
                yield sq, p

    def to_lpn(self) -> str:
        from .notation import format_position

        return format_position(self)

    def __str__(self) -> str:
        return self.to_lpn()


class State:
    """The mutable state a :class:`~rules.game.Game` plays on.

    Variants read and change it in place; the game snapshots it before each move so ``pop`` can
    restore it exactly (python-chess's snapshot stack, without pickling anything).
    """

    __slots__ = ("variant", "geometry", "cells", "turn", "hand", "clock", "passes", "options")

    def __init__(self, position: Position) -> None:
        self.variant = position.variant
        self.geometry = position.geometry
        self.cells: list[Piece | None] = list(position.cells)
        self.turn = position.turn
        self.hand = list(position.hand)
        self.clock = position.clock
        self.passes = position.passes
        self.options = dict(position.options)

    Snapshot = tuple[list[Piece | None], Side, tuple[int, ...], int, int]

    def snapshot(self) -> State.Snapshot:
        return (self.cells[:], self.turn, tuple(self.hand), self.clock, self.passes)

    def restore(self, snap: State.Snapshot) -> None:
        """Go back to ``snap``. The snapshot is consumed: its cells are taken over, not copied."""
        self.cells, self.turn, hand, self.clock, self.passes = snap
        self.hand = list(hand)

    def key(self) -> tuple[object, ...]:
        """What the repetition rule compares: placement with held marks, hands, side to move."""
        return (tuple(self.cells), self.turn, tuple(self.hand))

    def to_position(self) -> Position:
        return Position(
            variant=self.variant,
            width=self.geometry.width,
            height=self.geometry.height,
            cells=tuple(self.cells),
            turn=self.turn,
            hand=(self.hand[0], self.hand[1]),
            clock=self.clock,
            passes=self.passes,
            options=tuple(sorted(self.options.items())),
        )

    def count(self, side: Side, kind: str | None = None) -> int:
        """How many pieces of ``side`` (of ``kind`` if given) stand on the board."""
        n = 0
        for sq in self.geometry.squares:
            p = self.cells[sq]
            if p is not None and p.side is side and (kind is None or p.kind == kind):
                n += 1
        return n
