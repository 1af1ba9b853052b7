"""``rugen``: the Rügen version: soldiers are removed when captured; eagles step one square.

Rules: shared/spec/rules.md section 2, including the optional row capture (``rows=1``).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..geometry import DIRECTIONS, Square, make_square, square_sort_key
from ..model import Move, MoveResult, Outcome, Piece, Side, Termination, piece
from ..position import Position, State
from ..variant import HasMoves, VariantOption, register
from .common import RookVariant, piece_of

SOLDIER, EAGLE = "S", "E"
FIFTY_MOVE_PLIES = 100


def _has_soldiers(state: State, side: Side) -> bool:
    """Whether ``side`` has a soldier on the board (none is ever held in rugen). Pieces are
    interned, so a set of the cells, built in C, answers faster than a count by square."""
    return piece(SOLDIER, side) in set(state.cells)


@register
class Rugen(RookVariant):
    id = "rugen"
    name = "Latrunculi (Rügen)"
    summary = "Two rows a side, rook moves; flanked soldiers are removed; take them all."
    description = (
        "The Rügen version on 8×8 with two rows of soldiers a side. Soldiers move like rooks, "
        "eagles step one square. Flank an enemy soldier on two opposite sides, or shut it in "
        "completely against edges and your pieces, to remove it; eagles cannot be taken. Win by "
        "taking every enemy soldier, by enclosing the enemy eagle, or when the opponent cannot "
        "move; fifty moves each without a capture is a draw. White moves first."
    )
    options = (
        VariantOption(
            key="rows",
            label="Row capture",
            description="also capture whole rows of soldiers flanked at both ends",
            choices=(("0", "off"), ("1", "on")),
            default="0",
            in_lpn=True,
        ),
    )
    piece_limits = {SOLDIER: 16, EAGLE: 1}
    state_keys = frozenset({"clock"})
    step_limits = {EAGLE: 1}
    first_player = Side.WHITE

    def start_position(self, options: Mapping[str, str] | None = None) -> Position:
        resolved = self.resolve_options(options)
        cells: list[Piece | None] = [None] * (8 * 16)
        for f in range(8):
            for r in (0, 1):
                cells[make_square(f, r)] = piece(SOLDIER, Side.WHITE)
            for r in (6, 7):
                cells[make_square(f, r)] = piece(SOLDIER, Side.BLACK)
        cells[make_square(3, 2)] = piece(EAGLE, Side.WHITE)  # d3
        cells[make_square(4, 5)] = piece(EAGLE, Side.BLACK)  # e6
        return Position(
            self.id, 8, 8, tuple(cells), self.first_player, options=self.lpn_options(resolved)
        )

    def _enclosed(self, state: State, squares: list[Square], side: Side) -> bool:
        """Whether every neighbour of ``squares`` (other than the squares themselves) holds a
        piece of ``side``; the board edge counts as enclosing."""
        inside = set(squares)
        for s in squares:
            for n in state.geometry.neighbours[s]:
                if n not in inside and not piece_of(state.cells, n, side):
                    return False
        return True

    def apply(self, state: State, move: Move) -> MoveResult:
        side = state.turn
        origin, target = move.path
        cells = state.cells
        step = state.geometry.step
        cells[target] = cells[origin]
        cells[origin] = None
        rows = state.options.get("rows") == "1"

        # A single soldier next to the landing square, or with rows=1 the whole straight run of
        # enemy soldiers starting there, is captured when flanked beyond its far end or enclosed.
        captured: set[Square] = set()
        for d in DIRECTIONS:
            run: list[Square] = []
            s = step[d][target]
            while s >= 0:
                x = cells[s]
                if x is None or x.side is side or x.kind != SOLDIER:
                    break
                run.append(s)
                if not rows:
                    break
                s = step[d][s]
            if run and (
                piece_of(cells, step[d][run[-1]], side) or self._enclosed(state, run, side)
            ):
                captured.update(run)
        for s in captured:
            cells[s] = None
        state.clock = 0 if captured else state.clock + 1
        state.turn = side.other
        return MoveResult(move, side, tuple(sorted(captured, key=square_sort_key)))

    def outcome_after_move(
        self, state: State, result: MoveResult, has_moves: HasMoves
    ) -> Outcome | None:
        mover = result.side
        opponent = mover.other
        if not _has_soldiers(state, opponent):
            return Outcome(mover, Termination.NO_SOLDIERS)
        landing = result.move.path[-1]
        for n in state.geometry.neighbours[landing]:
            p = state.cells[n]
            if p is not None and p.kind == EAGLE and p.side is opponent:
                if all(piece_of(state.cells, m, mover) for m in state.geometry.neighbours[n]):
                    return Outcome(mover, Termination.EAGLE_CAPTURED)
        return self._static_end(state, has_moves)

    def outcome_of_position(self, state: State, has_moves: HasMoves) -> Outcome | None:
        if not _has_soldiers(state, state.turn):
            return Outcome(state.turn.other, Termination.NO_SOLDIERS)
        return self._static_end(state, has_moves)

    def _static_end(self, state: State, has_moves: HasMoves) -> Outcome | None:
        if not has_moves():
            return Outcome(state.turn.other, Termination.NO_LEGAL_MOVES)
        if state.clock >= FIFTY_MOVE_PLIES:
            return Outcome(None, Termination.FIFTY_MOVE_RULE)
        return None
