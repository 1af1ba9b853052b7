"""Which moves capture or win, judged without playing them.

The search plays captures first and extends only captures past its depth (quiescence), but
playing a move is the expensive step of the rules core. These predictors follow each rule
set's capture rules (shared/spec/rules.md) on the board as it stands before the move, with the
mover on its landing square and its start square empty. They are for ordering and for choosing
what quiescence plays: the search still plays each move and believes only what the rules
report, so a predictor that errs makes the search slower or blinder, never wrong. Ordinary
moves score 0; a capture scores by what it takes, a win most.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.geometry import Geometry
from rules.model import Move, MoveKind, Piece, Side
from rules.position import State

REMOVAL_SCORE = 300
WIN_SCORE = 10_000

Predictor = Callable[[State, Move], int]

_AXES = ((0, 1), (2, 3))


def _is_mine(p: Piece | None, side: Side) -> bool:
    return p is not None and p.side is side


def _is_free_mine(p: Piece | None, side: Side) -> bool:
    return p is not None and p.side is side and not p.held


def classic_captures(state: State, move: Move) -> int:
    if move.kind is not MoveKind.MOVE:
        return 0
    cells, geo = state.cells, state.geometry
    step = geo.step
    side = state.turn
    origin, landing = move.path
    score = 0
    for d in range(4):
        x = step[d][landing]
        if x < 0:
            continue
        victim = cells[x]
        if victim is None or victim.side is side or victim.held:
            continue
        if victim.kind == "E":
            nbrs = geo.neighbours[x]
            if all(n == landing or (n != origin and cells[n] is not None) for n in nbrs):
                return WIN_SCORE
            continue
        beyond = step[d][x]
        if beyond >= 0 and beyond != origin and _is_free_mine(cells[beyond], side):
            score += 100
        elif x in geo.corners:
            other = [n for n in geo.neighbours[x] if n != landing][0]
            if other != origin and _is_free_mine(cells[other], side):
                score += 100
    return score


def rugen_captures(state: State, move: Move) -> int:
    cells, geo = state.cells, state.geometry
    step, neighbours = geo.step, geo.neighbours
    side = state.turn
    origin, landing = move.path
    rows = state.options.get("rows") == "1"

    def mine(sq: int) -> bool:
        return sq == landing or (sq != origin and _is_mine(cells[sq], side))

    score = 0
    for d in range(4):
        run: list[int] = []
        s = step[d][landing]
        while s >= 0:
            x = cells[s]
            if x is None or x.side is side:
                break
            if x.kind == "E":
                if not run and all(mine(n) for n in neighbours[s]):
                    return WIN_SCORE
                break
            run.append(s)
            if not rows:
                break
            s = step[d][s]
        if not run:
            continue
        beyond = step[d][run[-1]]
        inside = set(run)
        if (beyond >= 0 and beyond != origin and _is_mine(cells[beyond], side)) or all(
            n in inside or mine(n) for r in run for n in neighbours[r]
        ):
            score += 100 * len(run)
    return score


def schadler_captures(state: State, move: Move) -> int:
    kind = move.kind
    if kind is MoveKind.REMOVE:
        return REMOVAL_SCORE
    if kind is not MoveKind.MOVE:
        return 0
    cells, geo = state.cells, state.geometry
    step = geo.step
    side = state.turn
    path = move.path
    left = set(path[:-1])  # the start and the earlier landings are empty at each landing
    score = 0
    for landing in path[1:]:
        for d in range(4):
            x = step[d][landing]
            if x < 0:
                continue
            victim = cells[x]
            if victim is None or victim.side is side or victim.held:
                continue
            beyond = step[d][x]
            if beyond >= 0 and beyond not in left and _is_free_mine(cells[beyond], side):
                score += 100
            elif x in geo.corners:
                other = [n for n in geo.neighbours[x] if n != landing][0]
                if other not in left and _is_free_mine(cells[other], side):
                    score += 100
    return score


_LAT_VALUES = {"V": 100, "B": 120}
_BQ = frozenset({"B", "Q"})
_VQ = frozenset({"V", "Q"})


def lat_captures(state: State, move: Move) -> int:
    cells, geo = state.cells, state.geometry
    step, neighbours = geo.step, geo.neighbours
    side = state.turn
    origin, landing = move.path
    mover = cells[origin]
    assert mover is not None

    def occupied(sq: int) -> bool:
        return sq == landing or (sq != origin and cells[sq] is not None)

    def enemy_of_victim(sq: int, kinds: frozenset[str] | None = None) -> bool:
        if sq == landing:
            return kinds is None or mover.kind in kinds
        p = cells[sq] if sq != origin else None
        return p is not None and p.side is side and (kinds is None or p.kind in kinds)

    score = 0
    for d in range(4):
        x = step[d][landing]
        if x < 0:
            continue
        victim = cells[x]
        if victim is None or victim.side is side:
            continue
        beyond = step[d][x]
        if x in geo.corners and all(enemy_of_victim(n) for n in neighbours[x]):
            taken = True
        elif victim.kind == "Q":
            taken = all(occupied(n) for n in neighbours[x]) or (beyond >= 0 and occupied(beyond))
            if taken:
                return WIN_SCORE  # possibly only when weakened; the rules will say
        elif victim.kind == "V":
            taken = beyond >= 0 and occupied(beyond)
        else:
            taken = (mover.kind in _BQ and beyond >= 0 and enemy_of_victim(beyond, _BQ)) or (
                mover.kind in _VQ and all(enemy_of_victim(n, _VQ) for n in neighbours[x])
            )
        if taken:
            score += _LAT_VALUES.get(victim.kind, 100)
    return score


def lat_capture_moves(state: State) -> list[tuple[int, Move]]:
    """Every board-legal LAT move of the side to move that :func:`lat_captures` scores above 0,
    with its score, found without the full move list (about a hundred rook moves a side).

    Every capture and every win lands next to its victim, so the landings are the empty squares
    next to an enemy piece (:func:`contact`), and the pieces that can land on one are the first
    piece on each of its four rays (rook moves are symmetric). The quiescence search, which
    looks at nothing but captures, asks this instead of scoring every move (issue 37, fifth
    round); it is right only while the repetition rule forbids no move
    (``Game.history_restricts_moves``), which the caller checks. A test compares it with the
    predictor over every legal move of random games."""
    cells, geo = state.cells, state.geometry
    side = state.turn
    marks = contact(state)
    found = []
    for target in geo.squares:
        if not marks[target] or cells[target] is not None:
            continue
        if not _lat_landing_may_capture(cells, geo, target, side):
            continue
        for ray in geo.rays[target]:
            for sq in ray:
                p = cells[sq]
                if p is None:
                    continue
                if p.side is side:
                    move = Move(MoveKind.MOVE, (sq, target))
                    gain = lat_captures(state, move)
                    if gain > 0:
                        found.append((gain, move))
                break
    return found


def _lat_landing_may_capture(
    cells: list[Piece | None], geo: Geometry, target: int, side: Side
) -> bool:
    """Whether some piece of ``side`` landing on the empty ``target`` might capture, judged on
    the board before the move with the mover counted as every type: the mover leaving its
    square only takes a piece away from an enclosure, so this is never false where
    :func:`lat_captures` finds a capture (most landings next to an enemy are not captures, and
    this spares the per-mover look at them)."""
    step, neighbours, corners = geo.step, geo.neighbours, geo.corners
    for d in range(4):
        x = step[d][target]
        if x < 0:
            continue
        victim = cells[x]
        if victim is None or victim.side is side:
            continue
        beyond = step[d][x]
        far = cells[beyond] if beyond >= 0 else None
        kind = victim.kind
        if kind == "V":
            if far is not None:
                return True
        elif kind == "Q":
            if far is not None or all(cells[n] is not None for n in neighbours[x] if n != target):
                return True
        elif (far is not None and far.side is side and far.kind in _BQ) or all(
            (p := cells[n]) is not None and p.side is side and p.kind in _VQ
            for n in neighbours[x]
            if n != target
        ):
            return True
        if x in corners and all(
            (p := cells[n]) is not None and p.side is side for n in neighbours[x] if n != target
        ):
            return True
    return False


#: Per rule set, a generator of the capturing moves alone (see :func:`lat_capture_moves`).
CAPTURE_MOVES: dict[str, Callable[[State], list[tuple[int, Move]]]] = {"lat": lat_capture_moves}


def _no_captures(state: State, move: Move) -> int:
    return 0


_PREDICTORS: dict[str, Predictor] = {
    "classic": classic_captures,
    "rugen": rugen_captures,
    "schadler": schadler_captures,
    "lat": lat_captures,
}


def contact(state: State) -> bytearray:
    """The squares next to a piece of the side not to move, marked 1. Every capture and every
    win of every rule set needs a landing next to its victim (or next to the enemy eagle or
    Queen), so a move that lands on none of these captures nothing and needs no prediction: a
    search node calls the predictor for the few moves that touch the enemy only."""
    cells, geo = state.cells, state.geometry
    neighbours = geo.neighbours
    enemy = state.turn.other
    marks = bytearray(geo.size)
    for sq in geo.squares:
        p = cells[sq]
        if p is not None and p.side is enemy:
            for n in neighbours[sq]:
                marks[n] = 1
    return marks


def gains(predict: Predictor, state: State, moves: list[Move]) -> list[int]:
    """``predict`` for each of ``moves``, skipping the moves that land next to no enemy piece
    (see :func:`contact`): the same answers, a fraction of the work."""
    return gains_and_touches(predict, state, moves)[0]


def gains_and_touches(
    predict: Predictor, state: State, moves: list[Move]
) -> tuple[list[int], list[bool]]:
    """:func:`gains`, and for each move whether it lands next to an enemy piece (a removal
    counts): the quiet moves that can threaten something, which the search orders before the
    other quiet moves (a double threat is a quiet move that touches two enemies)."""
    marks = contact(state)
    out = []
    touches = []
    for move in moves:
        kind = move.kind
        if kind is MoveKind.REMOVE:
            out.append(predict(state, move))
            touches.append(True)
        elif kind is MoveKind.MOVE:
            path = move.path
            if marks[path[1]] if len(path) == 2 else any(marks[sq] for sq in path[1:]):
                out.append(predict(state, move))
                touches.append(True)
            else:
                out.append(0)
                touches.append(False)
        else:
            out.append(0)
            touches.append(False)
    return out, touches


def predictor_for(variant_id: str) -> Predictor:
    """The capture predictor of a rule set; passes (``pass``) never capture."""
    inner = _PREDICTORS.get(variant_id, _no_captures)

    def predict(state: State, move: Move) -> int:
        if move.kind is MoveKind.PASS:
            return 0
        return inner(state, move)

    return predict
