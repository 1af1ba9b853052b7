"""``schadler``: Ludus latrunculorum after Ulrich Schädler: placement, jumps and alligatus.

Rules: shared/spec/rules.md section 3. Each side places its 16 counters, then counters step or
jump (checkers-like sequences, jumping removes nothing); an enemy counter flanked on a line (or
shut in a corner) at any landing square becomes *alligatus*: it stays on the board, immobilised,
until it is no longer held or its owner's opponent removes it (``xd5``). A side left with one
counter loses; two passes in succession draw.

How the spec's rules map onto the engine, and the decisions the spec leaves open:

- **Phases.** The placement phase lasts while either hand holds counters; the movement phase
  begins when both hands are empty. A side with counters in hand must place one (any empty square;
  rule 7 does not apply, nothing is trapped). In a position given as LPN where the side to move
  has an empty hand while the other side still has counters, the side to move has no legal action
  and so passes (the ordinary forced pass) until the other side has placed everything. From the
  start position this never happens: the hands are emptied alternately.
- **Trapping** is judged at every landing square of a step or jump, on the board at that landing
  (the moving counter there, its start square and earlier landings empty); counters trapped at one
  landing are alligatus for the rest of the action, so they cannot be trapped again and do not
  count as "newly trapped" for rule 7 at a later landing. The mover's own alligatus stay alligatus
  until the action ends (released counters hold nothing during the action that frees them).
- **Release** runs once after every action (placement, step, jump sequence, removal, not a pass)
  over the whole board: every alligatus that is not held then becomes free, all together. In a
  position reached by play every alligatus is held, so only the action's neighbourhood changes;
  an alligatus given in LPN that nobody holds is freed by the next action.
- **Removal** ``xd5`` takes any enemy alligatus standing on the board when the turn begins: each of
  them was trapped on an earlier turn. Removal is a movement-phase action.
- **What a move reports** is its net effect: ``captured`` = removed counter, or counters alligatus
  after the action that were free before it; ``released`` = counters free after it that were
  alligatus before it. A counter trapped at an intermediate landing and freed by the end of the
  same sequence is in neither list.
- **One counter left** is judged only in the movement phase (both hands empty), after each action
  and for a given position: a side with at most one counter on the board loses. If both sides are
  so reduced (possible only in LPN), the side to move loses.
- **Passes**: ``passes`` counts consecutive passes; any action resets it. The second pass in
  succession ends the game drawn with reason ``blocked`` (a position given with ``passes=2`` is
  already over).
- **Validation**: counters on the board plus counters in hand may not exceed 16 per side.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache

from ..errors import PositionError, Wording, mark, seat_word
from ..geometry import (
    EAST,
    NORTH,
    OPPOSITE,
    Square,
    geometry,
    square_file,
    square_name,
    square_rank,
    square_sort_key,
)
from ..model import PASS, Move, MoveKind, MoveResult, Outcome, Piece, Side, Termination, piece
from ..position import Position, State
from ..variant import NOT_LEGAL, HasMoves, Variant, register

COUNTER = "C"
COUNTERS_PER_SIDE = 16

_MOVE, _PLACE, _REMOVE = MoveKind.MOVE, MoveKind.PLACE, MoveKind.REMOVE

Pair = tuple[Square, Square]


@dataclass(frozen=True, slots=True)
class _Tables:
    """Per-board lookup tables, indexed by square."""

    #: On-board squares, rank by rank from a1.
    squares: tuple[Square, ...]
    #: ``holds[x]``: the pairs of squares that hold a counter on ``x`` when both carry free
    #: enemies of it: the two opposite neighbours on each line, and a corner's two neighbours.
    holds: tuple[tuple[Pair, ...], ...]
    #: ``flanks[x]``: the opposite-neighbour pairs of ``x`` (rule 7 looks at these).
    flanks: tuple[tuple[Pair, ...], ...]
    #: ``traps[l]``: ``(victim, partner)``: a counter landing on ``l`` traps an enemy free counter
    #: on ``victim`` when ``partner`` holds a free counter of the mover.
    traps: tuple[tuple[Pair, ...], ...]
    #: Shared move values (moves are immutable, and one object per move spares generation an
    #: allocation per move): ``@sq`` and ``xsq``.
    place_moves: tuple[Move, ...]
    remove_moves: tuple[Move, ...]
    #: ``reach[x]``, per direction off ``x``: ``(next, x-next, landing, x-landing, d)``: the
    #: neighbour a step goes to (or a jump goes over) and the square beyond it, where a jump
    #: lands, with both moves as shared values; ``landing`` is -1 (and its move a placeholder)
    #: where the board ends after ``next``; ``d`` is the direction.
    reach: tuple[tuple[tuple[Square, Move, Square, Move, int], ...], ...]
    #: ``onward[x][d]``: ``(over, landing, direction)`` for every jump from ``x`` but the one
    #: straight back against ``d``, the direction of the jump that landed on ``x`` (it would
    #: land on a square the sequence has already visited).
    onward: tuple[tuple[tuple[tuple[Square, Square, int], ...], ...], ...]
    #: ``doubles[x][d]``: the second jumps after the single jump from ``x`` in direction ``d``:
    #: ``(over, landing, direction, x-first landing-landing)``, the move a shared value (most
    #: sequences are one or two jumps long; longer ones are built as they are found).
    doubles: tuple[tuple[tuple[tuple[Square, Square, int, Move], ...], ...], ...]
    #: ``spans[x]``: ``(middle, far)`` going north and going east from ``x``: counters on ``x``
    #: and ``far`` flank ``middle`` (each flanked pair of squares is listed once).
    spans: tuple[tuple[Pair, ...], ...]


@cache
def _tables(width: int, height: int) -> _Tables:
    geo = geometry(width, height)
    step = geo.step
    size = geo.size
    holds: list[tuple[Pair, ...]] = [()] * size
    flanks: list[tuple[Pair, ...]] = [()] * size
    traps: list[tuple[Pair, ...]] = [()] * size
    axes = ((0, 1), (2, 3))  # (NORTH, SOUTH), (EAST, WEST)
    for sq in geo.squares:
        lines = tuple(
            (step[a][sq], step[b][sq]) for a, b in axes if step[a][sq] >= 0 and step[b][sq] >= 0
        )
        flanks[sq] = lines
        if sq in geo.corners:
            n1, n2 = geo.neighbours[sq]
            lines = lines + ((n1, n2),)
        holds[sq] = lines
    for sq in geo.squares:
        traps[sq] = tuple(
            (victim, b if a == sq else a)
            for victim in geo.neighbours[sq]
            for a, b in holds[victim]
            if sq in (a, b)
        )
    place: list[Move] = [PASS] * size  # PASS only fills the slots of squares off the board
    remove: list[Move] = [PASS] * size
    reach: list[tuple[tuple[Square, Move, Square, Move, int], ...]] = [()] * size
    onward: list[tuple[tuple[tuple[Square, Square, int], ...], ...]] = [()] * size
    doubles: list[tuple[tuple[tuple[Square, Square, int, Move], ...], ...]] = [()] * size
    spans: list[tuple[Pair, ...]] = [()] * size
    for sq in geo.squares:
        place[sq] = Move(_PLACE, (sq,))
        remove[sq] = Move(_REMOVE, (sq,))
        reach[sq] = tuple(
            (n, Move(_MOVE, (sq, n)), far, Move(_MOVE, (sq, far)) if far >= 0 else PASS, d)
            for d in range(4)
            if (n := step[d][sq]) >= 0
            for far in (step[d][n],)
        )
        onward[sq] = tuple(
            tuple(
                (step[d][sq], step[d][step[d][sq]], d)
                for d in range(4)
                if d != OPPOSITE[came] and step[d][sq] >= 0 and step[d][step[d][sq]] >= 0
            )
            for came in range(4)
        )
        spans[sq] = tuple(
            (step[d][sq], step[d][step[d][sq]])
            for d in (NORTH, EAST)
            if step[d][sq] >= 0 and step[d][step[d][sq]] >= 0
        )
    for sq in geo.squares:
        doubles[sq] = tuple(
            tuple(
                (over, landing, d2, Move(_MOVE, (sq, first, landing)))
                for over, landing, d2 in onward[first][d]
            )
            if (first := _beyond(step, d, sq)) >= 0
            else ()
            for d in range(4)
        )
    return _Tables(
        geo.squares,
        tuple(holds),
        tuple(flanks),
        tuple(traps),
        tuple(place),
        tuple(remove),
        tuple(reach),
        tuple(onward),
        tuple(doubles),
        tuple(spans),
    )


def _beyond(step: tuple[tuple[int, ...], ...], d: int, sq: Square) -> Square:
    """The square two steps from ``sq`` in direction ``d`` (-1 off the board)."""
    n = step[d][sq]
    return step[d][n] if n >= 0 else -1


@cache
def _counters(side: Side) -> tuple[Piece, Piece, Piece]:
    """``side``'s free counter, the enemy's free counter and the enemy's alligatus (interned)."""
    return piece(COUNTER, side), piece(COUNTER, side.other), piece(COUNTER, side.other, True)


def _trapped_at(
    cells: list[Piece | None],
    landing: Square,
    tables: _Tables,
    mine: Piece,
    enemy: Piece,
    enemy_held: Piece,
) -> list[Square] | None:
    """The enemy free counters a counter landing on ``landing`` traps, on the board as it is
    (the moving counter is not on the board: it can be neither a partner nor a flanker of its own
    landing square). ``None`` when rule 7 forbids the landing."""
    trapped = [v for v, p in tables.traps[landing] if cells[v] is enemy and cells[p] is mine]
    if not trapped:
        for a, b in tables.flanks[landing]:
            x, y = cells[a], cells[b]
            if (x is enemy or x is enemy_held) and (y is enemy or y is enemy_held):
                return None
    return trapped


def _may_land(
    cells: list[Piece | None], traps: tuple[Pair, ...], mine: Piece, enemy: Piece
) -> bool:
    """Rule 7 at a landing between two enemy counters (``traps`` are its ``(victim, partner)``
    pairs): allowed only if it traps one.

    Counters trapped at earlier landings of the same jump sequence need no marking here: a jump
    keeps the parity of both file and rank, so the only squares next to such a victim that the
    jumper can still reach are the landing it was trapped from (never landed on twice) and its
    partner's square (occupied for the whole sequence). A victim can therefore never be counted
    again at a later landing. (``apply`` and ``explain_illegal`` mark them anyway; the tests
    compare all three with a brute force that marks them.)
    """
    for v, p in traps:
        if cells[v] is enemy and cells[p] is mine:
            return True
    return False


def _jump_on(
    cells: list[Piece | None],
    tables: _Tables,
    flanked: set[Square],
    mine: Piece,
    enemy: Piece,
    append: Callable[[Move], None],
    square: Square,
    path: tuple[Square, ...],
    came: int,
) -> None:
    """Append every continuation of the jump sequence ``path`` (which landed on ``square``
    going in direction ``came``), depth first: each longer sequence, then its own."""
    for over, landing, d in tables.onward[square][came]:
        if (
            cells[over] is not None
            and cells[landing] is None
            and landing not in path
            and (landing not in flanked or _may_land(cells, tables.traps[landing], mine, enemy))
        ):
            longer = path + (landing,)
            append(Move(_MOVE, longer))
            _jump_on(cells, tables, flanked, mine, enemy, append, landing, longer, d)


@register
class Schadler(Variant):
    id = "schadler"
    name = "Ludus latrunculorum (Schädler)"
    summary = "Place 16 counters, then step or jump like checkers; trap to take."
    description = (
        "Ulrich Schädler's reconstruction. Each side places its 16 counters one by one, then "
        "counters step to a neighbouring square or jump over counters (several jumps in one "
        "move, like checkers). Shut an enemy counter between two of yours (or in a corner) to "
        "make it alligatus: it cannot move, and on a later turn you may remove it. You may move "
        "between two enemies only if that move traps one. Leave the opponent one counter to win; "
        "two passes in a row draw. White moves first."
    )
    piece_limits = {COUNTER: COUNTERS_PER_SIDE}
    holdable_kinds = frozenset({COUNTER})
    held_word = "alligatus"
    state_keys = frozenset({"hand", "passes"})
    move_kinds = frozenset({_MOVE, _PLACE, _REMOVE})
    passes_when_blocked = True
    first_player = Side.WHITE
    move_hint = mark(
        "a placement like @d4, a step like d4-d5, a jump like c3-c5-e5 or a removal like xd5"
    )

    # ----- set-up -----------------------------------------------------------------------------

    def start_position(self, options: Mapping[str, str] | None = None) -> Position:
        self.resolve_options(options)
        return Position(
            self.id,
            8,
            8,
            (None,) * (8 * 16),
            self.first_player,
            hand=(COUNTERS_PER_SIDE, COUNTERS_PER_SIDE),
        )

    def validate_position(self, position: Position) -> None:
        for side in Side:
            on_board = sum(1 for _, p in position.pieces() if p.side is side)
            in_hand = position.hand[side.index]
            if on_board + in_hand > COUNTERS_PER_SIDE:
                raise PositionError(
                    mark(
                        "{side} has {board} counters on the board and {hand} in hand; "
                        "a {game} side has {count} counters"
                    ),
                    side=seat_word(side.value),
                    board=on_board,
                    hand=in_hand,
                    game=self.id,
                    count=COUNTERS_PER_SIDE,
                )

    # ----- moves ------------------------------------------------------------------------------

    def generate_moves(self, state: State) -> list[Move]:
        cells = state.cells
        side = state.turn
        hand = state.hand
        tables = _tables(state.geometry.width, state.geometry.height)
        if hand[0] or hand[1]:
            if not hand[side.index]:
                return []  # the other side is still placing: this side passes
            place = tables.place_moves
            return [place[sq] for sq in tables.squares if cells[sq] is None]

        mine, enemy, enemy_held = _counters(side)
        remove, spans = tables.remove_moves, tables.spans
        moves: list[Move] = []
        append = moves.append
        origins: list[Square] = []
        # Rule 7 only bites on a square between two enemy counters. Enemies never move while
        # the side to move's moves are generated, so those squares are found once, here, in the
        # one pass over the board that also lists the removals and the side's free counters.
        flanked: set[Square] = set()
        for sq in tables.squares:
            p = cells[sq]
            if p is None:
                continue
            if p is mine:
                origins.append(sq)
                continue
            if p is enemy_held:
                append(remove[sq])
            elif p is not enemy:
                continue
            for middle, far in spans[sq]:
                x = cells[far]
                if x is enemy or x is enemy_held:
                    flanked.add(middle)
        traps, reach, doubles = tables.traps, tables.reach, tables.doubles

        lifted = -1
        try:
            for origin in origins:
                # One look at each neighbour: empty, a step goes there; occupied, a jump may go
                # over it (every step of a counter comes before its jumps, as the order is).
                jumps_here: list[tuple[Square, Move, int]] = []
                for near, step_move, landing, jump_move, d in reach[origin]:
                    if cells[near] is None:
                        # The moving counter may stay on its start square for a step: next to the
                        # landing, it is never a trap partner of it.
                        if near not in flanked or _may_land(cells, traps[near], mine, enemy):
                            append(step_move)
                    elif landing >= 0 and cells[landing] is None:
                        jumps_here.append((landing, jump_move, d))
                if not jumps_here:
                    continue
                # For jumps the counter is lifted off the board: it neither blocks, nor is
                # jumped over, nor helps to trap a counter it jumps over.
                cells[origin] = None
                lifted = origin
                for landing, jump_move, d in jumps_here:
                    if landing in flanked and not _may_land(cells, traps[landing], mine, enemy):
                        continue
                    append(jump_move)
                    # Second jumps from the table; no second jump lands on the start square (only
                    # the jump straight back would, and it is not listed).
                    for over, second, d2, double_move in doubles[origin][d]:
                        if (
                            cells[over] is not None
                            and cells[second] is None
                            and (
                                second not in flanked
                                or _may_land(cells, traps[second], mine, enemy)
                            )
                        ):
                            append(double_move)
                            _jump_on(
                                cells,
                                tables,
                                flanked,
                                mine,
                                enemy,
                                append,
                                second,
                                double_move.path,
                                d2,
                            )
                cells[origin] = mine
                lifted = -1
        finally:
            if lifted >= 0:
                cells[lifted] = mine
        return moves

    def apply(self, state: State, move: Move) -> MoveResult:
        side = state.turn
        kind = move.kind
        if kind is MoveKind.PASS:
            state.passes += 1
            state.turn = side.other
            return MoveResult(move, side)
        cells = state.cells
        tables = _tables(state.geometry.width, state.geometry.height)
        mine, enemy, enemy_held = _counters(side)
        removed: list[Square] = []
        newly: list[Square] = []
        if kind is _PLACE:
            cells[move.path[0]] = mine
            state.hand[side.index] -= 1
        elif kind is _REMOVE:
            cells[move.path[0]] = None
            removed.append(move.path[0])
        else:
            path = move.path
            traps = tables.traps
            cells[path[0]] = None
            for landing in path[1:]:
                # One board per landing: judge every neighbour, then mark them together.
                trapped = [v for v, p in traps[landing] if cells[v] is enemy and cells[p] is mine]
                if trapped:
                    for v in trapped:
                        cells[v] = enemy_held
                    newly.extend(trapped)
            cells[path[-1]] = mine
        freed = self._release(cells, tables)
        state.passes = 0
        state.turn = side.other
        if freed and newly:
            # Net effects: a counter trapped during this action and freed at its end is in
            # neither list.
            trapped_now, gone = set(newly), set(freed)
            newly = [s for s in newly if s not in gone]
            freed = [s for s in freed if s not in trapped_now]
        captured = removed + newly
        return MoveResult(
            move,
            side,
            tuple(sorted(captured, key=square_sort_key)) if captured else (),
            tuple(sorted(freed, key=square_sort_key)) if freed else (),
        )

    @staticmethod
    def _release(cells: list[Piece | None], tables: _Tables) -> list[Square]:
        """Free every alligatus that is no longer held, all together; return their squares."""
        freed: list[Square] = []
        holds = tables.holds
        white, black, black_held = _counters(Side.WHITE)
        white_held = _counters(Side.BLACK)[2]
        for sq in tables.squares:
            p = cells[sq]
            if p is white_held:
                holder = black
            elif p is black_held:
                holder = white
            else:
                continue
            if not any(cells[a] is holder and cells[b] is holder for a, b in holds[sq]):
                freed.append(sq)
        for sq in freed:
            p = cells[sq]
            assert p is not None
            cells[sq] = p.with_held(False)
        return freed

    def explain_illegal(self, state: State, move: Move) -> Wording:
        side = state.turn
        cells = state.cells
        hand = state.hand
        placing = bool(hand[0] or hand[1])
        if move.kind is _PLACE:
            sq = move.path[0]
            if not placing:
                return Wording(mark("placement is over: all counters are on the board"))
            if not hand[side.index]:
                return Wording(mark("you have no counters left in hand"))
            if cells[sq] is not None:
                return Wording(mark("{square} is occupied"), square=square_name(sq))
            return Wording(mark("that placement is not legal here"))
        if placing:
            if hand[side.index]:
                return Wording(
                    mark("you still have counters to place (place one with a move like @d4)")
                )
            return Wording(mark("movement begins only when both hands are empty"))
        if move.kind is _REMOVE:
            sq = move.path[0]
            p = cells[sq]
            name = square_name(sq)
            if p is None:
                return Wording(
                    mark("{square} is not an enemy alligatus (it is empty)"), square=name
                )
            if p.side is side:
                return Wording(
                    mark("{square} is not an enemy alligatus (it is your own counter)"), square=name
                )
            if not p.held:
                return Wording(
                    mark("{square} is not an enemy alligatus (it is a free counter)"), square=name
                )
            return Wording(mark("that removal is not legal here"))
        if move.kind is not _MOVE:
            return Wording(mark("{move} is not a kind of move this variant has"), move=str(move))
        return self._explain_path(state, move.path)

    def _explain_path(self, state: State, path: tuple[Square, ...]) -> Wording:
        side = state.turn
        origin = path[0]
        p = state.cells[origin]
        o = square_name(origin)
        if p is None:
            return Wording(mark("there is no counter on {square}"), square=o)
        if p.side is not side:
            return Wording(mark("{square} is not your counter"), square=o)
        if p.held:
            return Wording(mark("{square} is alligatus and cannot move"), square=o)
        tables = _tables(state.geometry.width, state.geometry.height)
        mine = piece(COUNTER, side)
        enemy = piece(COUNTER, side.other)
        enemy_held = piece(COUNTER, side.other, True)
        work = list(state.cells)
        work[origin] = None
        visited = {origin}
        here = origin
        for landing in path[1:]:
            name = square_name(landing)
            df = square_file(landing) - square_file(here)
            dr = square_rank(landing) - square_rank(here)
            distance = abs(df) + abs(dr)
            if (df and dr) or distance not in (1, 2):
                return Wording(
                    mark(
                        "counters step to a neighbouring square or jump over a neighbouring counter"
                    )
                )
            if distance == 1:
                if len(path) > 2:
                    return Wording(
                        mark(
                            "{step} is a step: a step is a whole move, only jumps can follow "
                            "one another"
                        ),
                        step=f"{square_name(here)}-{name}",
                    )
            else:
                over = (here + landing) // 2
                if work[over] is None:
                    return Wording(
                        mark("there is no counter on {square} to jump over"),
                        square=square_name(over),
                    )
            if landing in visited:
                if landing == origin:
                    return Wording(
                        mark(
                            "{square}: a jump sequence cannot land twice on the same square "
                            "(its start square)"
                        ),
                        square=name,
                    )
                return Wording(
                    mark("{square}: a jump sequence cannot land twice on the same square"),
                    square=name,
                )
            if work[landing] is not None:
                return Wording(mark("{square} is occupied"), square=name)
            trapped = _trapped_at(work, landing, tables, mine, enemy, enemy_held)
            if trapped is None:
                return Wording(
                    mark(
                        "landing on {square} between two enemy counters is allowed only if it "
                        "traps one (rule 7)"
                    ),
                    square=name,
                )
            for v in trapped:
                work[v] = enemy_held
            visited.add(landing)
            here = landing
        return Wording(NOT_LEGAL)

    # ----- end of game ------------------------------------------------------------------------

    def outcome_after_move(
        self, state: State, result: MoveResult, has_moves: HasMoves
    ) -> Outcome | None:
        return self._end(state)

    def outcome_of_position(self, state: State, has_moves: HasMoves) -> Outcome | None:
        return self._end(state)

    @staticmethod
    def _end(state: State) -> Outcome | None:
        cells = state.cells
        # A side has at most COUNTERS_PER_SIDE counters, so with more than one more than that on
        # the board neither side is down to one (counting the empty cells is the cheap count:
        # ``None`` matches ``None`` by identity, a piece only through a slower comparison).
        if (
            not state.hand[0]
            and not state.hand[1]
            and len(cells) - cells.count(None) <= COUNTERS_PER_SIDE + 1
        ):
            for side in (state.turn, state.turn.other):
                on_board = cells.count(piece(COUNTER, side)) + cells.count(
                    piece(COUNTER, side, True)
                )
                if on_board <= 1:
                    return Outcome(side.other, Termination.ONE_COUNTER_LEFT)
        if state.passes >= 2:
            return Outcome(None, Termination.BLOCKED)
        return None
