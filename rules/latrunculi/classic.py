"""``classic``: Latrunculi after the museum sheet: reversible captures (captives) and an eagle.

Rules: shared/spec/rules.md section 1. Captives stay on the board, immobilised, for as long as
they are held; the game is won by enclosing the enemy eagle, or on captives when nobody can move.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import PositionError, mark, seat_word
from ..geometry import EAST, NORTH, SOUTH, WEST, Square, make_square, square_sort_key
from ..model import Move, MoveKind, MoveResult, Outcome, Piece, Side, Termination, piece
from ..position import Position, State
from ..variant import HasMoves, VariantOption, register
from .common import RookVariant, free_piece_of

SOLDIER, EAGLE = "S", "E"
_AXES = ((NORTH, SOUTH), (EAST, WEST))


@register
class Classic(RookVariant):
    id = "classic"
    name = "Latrunculi (classic)"
    summary = "Rook moves; flanked soldiers are held captive till freed; trap the eagle."
    description = (
        "The museum-sheet game. Every piece moves like a chess rook. A soldier flanked on a line "
        "by the enemy (or shut in a corner) becomes captive: it cannot move and holds nothing, "
        "and it goes free again as soon as it is no longer held. Enclose the enemy eagle on all "
        "sides, with the last blocking move your own, to win; if nobody can move, the side "
        "holding more captives wins. Black moves first."
    )
    sizes = ((8, 8), (12, 8))
    options = (
        VariantOption(
            key="size",
            label="Board size",
            description="8×8 (standard) or the wide 12×8 board",
            choices=(("8x8", "8×8"), ("12x8", "12×8")),
            default="8x8",
        ),
    )
    piece_limits = {SOLDIER: 12, EAGLE: 1}
    holdable_kinds = frozenset({SOLDIER})
    held_word = "captive"
    passes_when_blocked = True
    first_player = Side.BLACK

    def start_position(self, options: Mapping[str, str] | None = None) -> Position:
        resolved = self.resolve_options(options)
        width, height = (12, 8) if resolved["size"] == "12x8" else (8, 8)
        cells: list[Piece | None] = [None] * (height * 16)
        for f in range(width):
            cells[make_square(f, 0)] = piece(SOLDIER, Side.WHITE)
            cells[make_square(f, height - 1)] = piece(SOLDIER, Side.BLACK)
        # Each eagle stands right of the centre of its second rank, from its owner's view.
        cells[make_square(width // 2, 1)] = piece(EAGLE, Side.WHITE)
        cells[make_square(width // 2 - 1, height - 2)] = piece(EAGLE, Side.BLACK)
        return Position(self.id, width, height, tuple(cells), self.first_player)

    def validate_position(self, position: Position) -> None:
        for side in Side:
            n = sum(1 for _, p in position.pieces() if p.side is side and p.kind == SOLDIER)
            if n > position.width:
                raise PositionError(
                    mark("{side} has {count} soldiers; a {files}-file board has at most {files}"),
                    side=seat_word(side.value),
                    count=n,
                    files=position.width,
                )

    # ----- captivity ---------------------------------------------------------------------------

    @staticmethod
    def is_held(state: State, square: Square) -> bool:
        """Whether the captive on ``square`` is held: flanked on a line by two free enemies, or
        in a corner with both neighbours free enemies."""
        cells, step = state.cells, state.geometry.step
        captive = cells[square]
        assert captive is not None
        enemy = captive.side.other
        for a, b in _AXES:
            if free_piece_of(cells, step[a][square], enemy) and free_piece_of(
                cells, step[b][square], enemy
            ):
                return True
        if square in state.geometry.corners:
            return all(free_piece_of(cells, n, enemy) for n in state.geometry.neighbours[square])
        return False

    def apply(self, state: State, move: Move) -> MoveResult:
        side = state.turn
        if move.kind is MoveKind.PASS:
            state.turn = side.other
            return MoveResult(move, side)
        origin, target = move.path
        cells = state.cells
        geo = state.geometry
        cells[target] = cells[origin]
        cells[origin] = None

        # One board for all captures: judge every neighbour first, then mark them together.
        newly: list[Square] = []
        for d in (NORTH, SOUTH, EAST, WEST):
            s = geo.step[d][target]
            if s < 0:
                continue
            x = cells[s]
            if x is None or x.side is side or x.kind != SOLDIER or x.held:
                continue
            if free_piece_of(cells, geo.step[d][s], side) or (
                s in geo.corners and all(free_piece_of(cells, n, side) for n in geo.neighbours[s])
            ):
                newly.append(s)
        for s in newly:
            p = cells[s]
            assert p is not None
            cells[s] = p.with_held(True)

        # Release once, all together: every captive on the board that is not held now (in play
        # only one next to the square just left or to a new captive can have lost a holder, but
        # a given position may mark a captive that nothing holds).
        released = []
        for s in geo.squares:
            p = cells[s]
            if p is not None and p.held and not self.is_held(state, s):
                released.append(s)
        for s in released:
            p = cells[s]
            assert p is not None
            cells[s] = p.with_held(False)
        state.turn = side.other
        return MoveResult(
            move,
            side,
            tuple(sorted(newly, key=square_sort_key)),
            tuple(sorted(released, key=square_sort_key)),
        )

    # ----- end of game ---------------------------------------------------------------------------

    def outcome_after_move(
        self, state: State, result: MoveResult, has_moves: HasMoves
    ) -> Outcome | None:
        mover = result.side
        if result.move.kind is MoveKind.MOVE:
            landing = result.move.path[-1]
            for n in state.geometry.neighbours[landing]:
                p = state.cells[n]
                if p is not None and p.kind == EAGLE and p.side is not mover:
                    if all(state.cells[m] is not None for m in state.geometry.neighbours[n]):
                        return Outcome(mover, Termination.EAGLE_CAPTURED)
        return self._blocked(state, has_moves)

    def outcome_of_position(self, state: State, has_moves: HasMoves) -> Outcome | None:
        return self._blocked(state, has_moves)

    def _blocked(self, state: State, has_moves: HasMoves) -> Outcome | None:
        """Neither side can move: more captives wins. The side not to move is judged on the same
        board as if it were to move, by the same rules (the repetition rule included), so two
        sides whose every move would repeat a position end the game instead of passing for ever."""
        if has_moves() or has_moves(state.turn.other):
            return None
        held_by = {side: 0 for side in Side}
        for sq in state.geometry.squares:
            p = state.cells[sq]
            if p is not None and p.held:
                held_by[p.side.other] += 1
        w, b = held_by[Side.WHITE], held_by[Side.BLACK]
        winner = Side.WHITE if w > b else Side.BLACK if b > w else None
        return Outcome(winner, Termination.BLOCKED)
