"""Pieces that slide like a chess rook: the movement shared by classic, rugen and lat."""

from __future__ import annotations

from functools import cache
from typing import ClassVar

from ..errors import Wording, mark
from ..geometry import Square, geometry, square_file, square_name, square_rank
from ..model import Move, MoveKind, Piece, Side, piece, piece_word, side_word
from ..position import State
from ..variant import NOT_LEGAL, Variant

UNLIMITED = 99

#: Per square, per direction: the squares outwards to the edge, each with its (shared) move.
SlideTable = tuple[tuple[tuple[tuple[Square, Move], ...], ...], ...]


@cache
def slide_table(width: int, height: int, limit: int) -> SlideTable:
    """Every slide of a piece going at most ``limit`` squares, as shared :class:`Move` values.

    Moves are immutable, so one object per (origin, target) serves every position: generating a
    move is then a list append, not an allocation (generation dominates perft and search).
    """
    geo = geometry(width, height)
    table: list[tuple[tuple[tuple[Square, Move], ...], ...]] = [()] * geo.size
    for sq in geo.squares:
        table[sq] = tuple(
            tuple((t, Move(MoveKind.MOVE, (sq, t))) for t in ray[:limit]) for ray in geo.rays[sq]
        )
    return tuple(table)


def describe_piece(p: Piece) -> str:
    return f"{p.side.value} {p.name}"


class RookVariant(Variant):
    """A variant whose pieces slide along ranks and files over empty squares, no jumping.

    ``step_limits`` caps how far a kind may go (rugen's eagle steps one square); held pieces
    (captives) never move.
    """

    step_limits: ClassVar[dict[str, int]] = {}

    def generate_moves(self, state: State) -> list[Move]:
        cells = state.cells
        geo = state.geometry
        tables = self._slide_tables(geo.width, geo.height, state.turn)
        moves: list[Move] = []
        append = moves.append
        for sq in geo.squares:
            table = tables.get(cells[sq])  # only the side's free pieces have a table
            if table is None:
                continue
            for ray in table[sq]:
                for target, move in ray:
                    if cells[target] is not None:
                        break
                    append(move)
        return moves

    @cache  # noqa: B019 - variants are registry singletons: the cache lives as long as they do
    def _slide_tables(self, width: int, height: int, side: Side) -> dict[Piece | None, SlideTable]:
        """The slide table of each free piece of ``side`` by its (interned) piece object, so one
        dictionary lookup per square both filters the movers and picks their reach."""
        return {
            piece(kind, side): slide_table(width, height, self.step_limits.get(kind, UNLIMITED))
            for kind in self.piece_limits
        }

    def explain_illegal(self, state: State, move: Move) -> Wording:
        if move.kind is not MoveKind.MOVE:
            return Wording(mark("{move} is not a kind of move this variant has"), move=str(move))
        if len(move.path) != 2:
            return Wording(
                mark(
                    "a piece moves in one straight line: name its start and end squares, like a2-a5"
                )
            )
        origin, target = move.path
        p = state.cells[origin]
        return self.explain_slide(state, origin, target, p)

    def explain_slide(
        self, state: State, origin: Square, target: Square, p: Piece | None
    ) -> Wording:
        """The reason a single slide ``origin``-``target`` is illegal."""
        o, t = square_name(origin), square_name(target)
        if p is None:
            return Wording(mark("there is no piece on {square}"), square=o)
        if p.side is not state.turn:
            return Wording(
                mark("{square} holds a {side} {piece}; it is {turn}'s turn"),
                square=o,
                side=side_word(p.side),
                piece=piece_word(p.kind),
                turn=side_word(state.turn),
            )
        if p.held:
            return Wording(mark("{square} is captive and cannot move"), square=o)
        if origin == target:
            return Wording(mark("the piece must move to another square"))
        df = square_file(target) - square_file(origin)
        dr = square_rank(target) - square_rank(origin)
        if df and dr:
            return Wording(mark("pieces move along a rank or a file, never diagonally"))
        if state.cells[target] is not None:
            return Wording(mark("{square} is occupied"), square=t)
        limit = self.step_limits.get(p.kind, UNLIMITED)
        if max(abs(df), abs(dr)) > limit:
            return Wording(
                mark("the {piece} moves exactly one square at a time"), piece=piece_word(p.kind)
            )
        for ray in state.geometry.rays[origin]:
            if target in ray:
                for sq in ray[: ray.index(target)]:
                    if state.cells[sq] is not None:
                        return Wording(
                            mark("the path is blocked at {square}"), square=square_name(sq)
                        )
        return Wording(NOT_LEGAL)


def free_piece_of(cells: list[Piece | None], square: int, side: Side) -> bool:
    """Whether ``square`` is on the board and holds a free (not held) piece of ``side``."""
    if square < 0:
        return False
    p = cells[square]
    return p is not None and p.side is side and not p.held


def piece_of(cells: list[Piece | None], square: int, side: Side) -> bool:
    """Whether ``square`` is on the board and holds any piece of ``side``."""
    if square < 0:
        return False
    p = cells[square]
    return p is not None and p.side is side
