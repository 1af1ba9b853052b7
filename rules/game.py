"""A game in progress: the current state, its history, repetition, legality and undo."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .errors import IllegalMoveError, MoveSyntaxError, Wording, mark
from .geometry import square_name
from .model import PASS, Move, MoveKind, MoveResult, Outcome, Piece, Side
from .notation import parse_move, parse_position
from .position import Position, State
from .variant import Variant, find_variant

REPETITION_LIMIT = 3
REPEAT_REASON = mark("that would repeat the position a third time")
GAME_OVER_REASON = mark("the game is over")


@dataclass(slots=True)
class _Frame:
    """What ``pop`` needs to undo one move."""

    snapshot: State.Snapshot
    result: MoveResult
    key: tuple[object, ...]
    #: How often ``key`` had occurred once this move was played (pushes and pops nest, so it
    #: still holds at ``pop``: the count need not be looked up again).
    count: int
    outcome_before: Outcome | None
    moves_before: list[Move] | None


class Game:
    """A mutable game with ``push``/``pop`` over a private snapshot stack.

    The history starts at the position the game was created from; the repetition rule counts
    positions within it. ``legal_moves`` applies the variant's board rules, the repetition rule
    and the forced pass; ``play`` checks legality and raises with a reason a player can act on.
    """

    def __init__(self, position: Position | str) -> None:
        if isinstance(position, str):
            position = parse_position(position)
        self.variant: Variant = find_variant(position.variant)
        self.start = position
        self._state = State(position)
        self._stack: list[_Frame] = []
        self._start_key = self._state.key()
        self._counts: dict[tuple[object, ...], int] = {self._start_key: 1}
        self._twice = 0  # how many positions have occurred REPETITION_LIMIT - 1 times
        self._moves: list[Move] | None = None
        self._outcome: Outcome | None = self.variant.outcome_of_position(
            self._state, self._has_real_moves
        )

    @classmethod
    def new(cls, variant_id: str, options: Mapping[str, str] | None = None) -> Game:
        """A game at the start position of ``variant_id`` with ``options``."""
        return cls(find_variant(variant_id).start_position(options))

    # ----- reading ----------------------------------------------------------------------------

    @property
    def position(self) -> Position:
        return self._state.to_position()

    @property
    def turn(self) -> Side:
        return self._state.turn

    @property
    def ply(self) -> int:
        """Moves played since the start position."""
        return len(self._stack)

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def history(self) -> list[MoveResult]:
        return [f.result for f in self._stack]

    @property
    def last_result(self) -> MoveResult | None:
        return self._stack[-1].result if self._stack else None

    def board_before(self, index: int) -> Sequence[Piece | None]:
        """The board (cells by square, as :attr:`state` has them) just before the move
        ``history[index]`` was played: what that move's pieces were. Read only; no copy."""
        return self._stack[index].snapshot[0]

    # ----- for search: reads that copy nothing ----------------------------------------------

    @property
    def state(self) -> State:
        """The live board the game plays on, for an evaluation to read at every node without the
        copy :attr:`position` makes. Read only: change it through :meth:`push` and :meth:`pop`."""
        return self._state

    def position_key(self) -> tuple[object, ...]:
        """What the repetition rule compares for the current position (placement with held marks,
        hands, side to move): equal keys mean the same position, so it also keys a search's
        transposition table."""
        return self._stack[-1].key if self._stack else self._start_key

    def occurrences(self) -> int:
        """How often the current position has occurred since the game started, now included (a
        third occurrence is illegal, so 2 means no move may come back here)."""
        return self._counts[self.position_key()]

    @property
    def history_restricts_moves(self) -> bool:
        """Whether some position has occurred twice, so that moves returning to it are illegal:
        the legal moves of a position then depend on the path that led to it (a transposition
        table must not reuse their scores)."""
        return self._twice > 0

    # ----- legal moves ------------------------------------------------------------------------

    def _real_moves(self) -> list[Move]:
        """Board-legal moves minus those that would repeat a position a third time (no pass)."""
        if self._moves is None:
            moves = self.variant.generate_moves(self._state)
            if self._twice:
                moves = [m for m in moves if not self._repeats(m)]
            self._moves = moves
        return self._moves

    def _has_real_moves(self, side: Side | None = None) -> bool:
        """Whether ``side`` (default: the side to move) has a legal move now, judging another
        side as if it were to move on the same board, with the repetition rule applied to it."""
        state = self._state
        if side is None or side is state.turn:
            if self._moves is not None or not self._twice:
                return bool(self._real_moves())
            # Asked after every push (is the game blocked?): the first move that does not repeat
            # answers it, without judging every move for repetition as the full list must.
            return any(not self._repeats(m) for m in self.variant.generate_moves(state))
        to_move = state.turn
        state.turn = side
        try:
            moves = self.variant.generate_moves(state)
            return any(not self._repeats(m) for m in moves) if self._twice else bool(moves)
        finally:
            state.turn = to_move

    def _repeats(self, move: Move) -> bool:
        state = self._state
        snap = state.snapshot()
        self.variant.apply(state, move)
        key = state.key()
        state.restore(snap)
        return self._counts.get(key, 0) >= REPETITION_LIMIT - 1

    def legal_moves(self) -> list[Move]:
        """Every legal move now, in generation order (``pass`` alone when it is forced)."""
        if self._outcome is not None:
            return []
        moves = self._real_moves()
        if not moves and self.variant.passes_when_blocked:
            return [PASS]
        return list(moves)

    def is_legal(self, move: Move) -> bool:
        return move in self.legal_moves()

    def parse_move(self, text: str) -> Move:
        """Parse ``text`` and check it is legal now.

        Raises :class:`MoveSyntaxError` when it is not a move at all, and
        :class:`IllegalMoveError` with the reason when it is a move the rules forbid here.
        """
        move = parse_move(text, self.variant.move_hint)
        if move.kind not in self.variant.move_kinds and move.kind is not MoveKind.PASS:
            raise MoveSyntaxError(
                mark("{move} is not a {variant} move; expected {hint}"),
                move=repr(text.strip()),
                variant=self.variant.id,
                hint=Wording(self.variant.move_hint),
            )
        self.check_legal(move)
        return move

    def check_legal(self, move: Move) -> None:
        """Raise :class:`IllegalMoveError` explaining why ``move`` is not legal now."""
        shown = str(move)
        if self._outcome is not None:
            raise IllegalMoveError(shown, GAME_OVER_REASON)
        geo = self._state.geometry
        for sq in move.path:
            if not geo.contains(sq):
                raise IllegalMoveError(
                    shown,
                    mark("{square} is not on this {width}x{height} board"),
                    square=square_name(sq),
                    width=geo.width,
                    height=geo.height,
                )
        legal = self.legal_moves()
        if move in legal:
            return
        if move.kind is MoveKind.PASS:
            if not self.variant.passes_when_blocked:
                raise IllegalMoveError(
                    shown, mark("there is no passing in {variant}"), variant=self.variant.id
                )
            raise IllegalMoveError(shown, mark("you may pass only when you have no other move"))
        if move in self.variant.generate_moves(self._state):
            raise IllegalMoveError(shown, REPEAT_REASON)
        if legal == [PASS]:
            raise IllegalMoveError(shown, mark("you have no legal move and must pass"))
        raise IllegalMoveError(shown, self.variant.explain_illegal(self._state, move))

    # ----- playing ------------------------------------------------------------------------------

    def play(self, move: Move | str) -> MoveResult:
        """Check and play a move given as text or as a :class:`Move`."""
        if isinstance(move, str):
            move = self.parse_move(move)
        else:
            self.check_legal(move)
        return self.push(move)

    def push(self, move: Move) -> MoveResult:
        """Play ``move`` without checking it (it must come from :meth:`legal_moves`)."""
        state = self._state
        snap = state.snapshot()
        result = self.variant.apply(state, move)
        key = state.key()
        counts = self._counts
        n = counts[key] = counts.get(key, 0) + 1
        if n == REPETITION_LIMIT - 1:
            self._twice += 1
        self._stack.append(_Frame(snap, result, key, n, self._outcome, self._moves))
        self._moves = None
        self._outcome = self.variant.outcome_after_move(state, result, self._has_real_moves)
        return result

    def pop(self) -> Move:
        """Undo the last move and return it."""
        frame = self._stack.pop()
        n = frame.count
        if n == REPETITION_LIMIT - 1:
            self._twice -= 1
        if n == 1:
            del self._counts[frame.key]
        else:
            self._counts[frame.key] = n - 1
        self._state.restore(frame.snapshot)
        self._outcome = frame.outcome_before
        self._moves = frame.moves_before
        return frame.result.move

    def preview(self, move: Move) -> MoveResult:
        """What ``move`` would do, without playing it."""
        result = self.push(move)
        self.pop()
        return result

    def perft(self, depth: int) -> int:
        """The number of legal move sequences of length ``depth``."""
        if depth <= 0:
            return 1
        moves = self.legal_moves()
        if depth == 1:
            return len(moves)
        total = 0
        for move in moves:
            self.push(move)
            total += self.perft(depth - 1)
            self.pop()
        return total
