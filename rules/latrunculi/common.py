"""Pieces that slide like a chess rook: the movement shared by classic, rugen and lat."""

from __future__ import annotations

from typing import ClassVar

from ..geometry import Square, square_file, square_name, square_rank
from ..model import Move, MoveKind, Piece, Side
from ..position import State
from ..variant import Variant

UNLIMITED = 99


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
        side = state.turn
        rays = state.geometry.rays
        limits = self.step_limits
        moves: list[Move] = []
        append = moves.append
        for sq in state.geometry.squares:
            p = cells[sq]
            if p is None or p.side is not side or p.held:
                continue
            limit = limits.get(p.kind, UNLIMITED)
            for ray in rays[sq]:
                for i, target in enumerate(ray):
                    if i >= limit or cells[target] is not None:
                        break
                    append(Move(MoveKind.MOVE, (sq, target)))
        return moves

    def explain_illegal(self, state: State, move: Move) -> str:
        if move.kind is not MoveKind.MOVE:
            return f"{move} is not a kind of move this variant has"
        if len(move.path) != 2:
            return "a piece moves in one straight line: name its start and end squares, like a2-a5"
        origin, target = move.path
        p = state.cells[origin]
        return self.explain_slide(state, origin, target, p)

    def explain_slide(self, state: State, origin: Square, target: Square, p: Piece | None) -> str:
        """The reason a single slide ``origin``-``target`` is illegal."""
        o, t = square_name(origin), square_name(target)
        if p is None:
            return f"there is no piece on {o}"
        if p.side is not state.turn:
            return f"{o} holds a {describe_piece(p)}; it is {state.turn.value}'s turn"
        if p.held:
            return f"{o} is captive and cannot move"
        if origin == target:
            return "the piece must move to another square"
        df = square_file(target) - square_file(origin)
        dr = square_rank(target) - square_rank(origin)
        if df and dr:
            return "pieces move along a rank or a file, never diagonally"
        if state.cells[target] is not None:
            return f"{t} is occupied"
        limit = self.step_limits.get(p.kind, UNLIMITED)
        if max(abs(df), abs(dr)) > limit:
            return f"the {p.name} moves exactly one square at a time"
        for ray in state.geometry.rays[origin]:
            if target in ray:
                for sq in ray[: ray.index(target)]:
                    if state.cells[sq] is not None:
                        return f"the path is blocked at {square_name(sq)}"
        return "that move is not legal here"


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
