"""Static evaluation of a Latrunculi position, one evaluator per rule set.

Every evaluator scores the board from White's side in hundredths of a soldier (a soldier,
counter or Valkyrie is 100); the search negates it for Black. What each one counts, and why:

* **material** — what is left on the board (and, in ``schadler``, in hand); a classic captive
  or a schadler alligatus counts against its owner (it cannot move and is lost or removable);
* **threats against the side to move** — its pieces the opponent can take next move (an enemy on
  one side, an empty square the opponent can reach on the other). The side to move saves one at
  most, so every threatened piece beyond the first costs most of its value. Threats against
  the side *not* to move are left to the quiescence search, which plays those captures out;
* **the eagle's / Queen's freedom** — how many of its neighbours are taken, and whether the last
  empty one can be reached by the enemy (one move from losing the game);
* **mobility** — empty neighbours of free pieces, a cheap stand-in for counting moves;
* **safe squares** (``schadler``) — empty squares flanked by two of one's counters, where the
  enemy may land only if it traps (rule 7): they shape the placement phase;
* **progress** (issue 37: a search that only counts material and safety goes round in circles
  against an equal defence) — the pressure on the eagle / Queen (enemy pieces within two
  squares of it, how few squares it can still move to), and the advance of soldiers towards
  the middle of the board (contact is where captures come from). The weights live in
  :data:`WEIGHTS`, which ``tools/latrunculi_tuner.py`` varies.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.geometry import Geometry, Square
from rules.model import Piece, Side
from rules.position import State

WHITE = Side.WHITE

Evaluator = Callable[[State], int]

#: Axes as pairs of opposite directions (rules.geometry: NORTH, SOUTH, EAST, WEST = 0..3).
_AXES = ((0, 1), (2, 3))

#: What the side to move loses per threatened piece: a little for each, most of a piece for
#: each beyond the first (it can save one).
THREAT_EACH, THREAT_EXTRA = 12, 70


@dataclass(slots=True)
class Weights:
    """The progress terms' weights (hundredths of a soldier)."""

    #: Per enemy piece next to the eagle / Queen (two squares away: half of it).
    pressure: int = 6
    #: Per square the eagle / Queen cannot move to, out of :data:`MOBILITY_CAP`.
    confinement: int = 3
    #: Per rank a soldier stands closer to the middle than its starting rank.
    advance: int = 2
    #: Trading down when ahead: a material lead counts this many percent more with every
    #: piece gone (all of them gone: the full percentage). Where captured pieces leave the board
    #: (rugen, schadler, lat) a lead is won by taking the rest, and every capture resets
    #: Rügen's fifty-move clock; the side behind avoids trades the same way.
    trade: int = 50


#: The weights the evaluators read (one set per process; the tuner swaps them between moves).
WEIGHTS = Weights()
#: Squares of eagle / Queen mobility counted (a freer one is as free as this).
MOBILITY_CAP = 8

#: Per board size: for each square, the squares one and two steps away (Manhattan distance).
_NEAR: dict[tuple[int, int], list[tuple[tuple[Square, ...], tuple[Square, ...]]]] = {}


def _near(geo: Geometry) -> list[tuple[tuple[Square, ...], tuple[Square, ...]]]:
    table = _NEAR.get((geo.width, geo.height))
    if table is None:
        table = [((), ())] * geo.size
        for sq in geo.squares:
            f, r = sq % 16, sq // 16
            one, two = [], []
            for other in geo.squares:
                d = abs(other % 16 - f) + abs(other // 16 - r)
                if d == 1:
                    one.append(other)
                elif d == 2:
                    two.append(other)
            table[sq] = (tuple(one), tuple(two))
        _NEAR[(geo.width, geo.height)] = table
    return table


def _pressure(
    cells: list[Piece | None], geo: Geometry, sq: Square, side: Side, stepper: bool
) -> int:
    """The progress term against the eagle / Queen of ``side`` on ``sq``: enemy pieces close to
    it, and the squares it can no longer move to (a stepper's are its empty neighbours)."""
    w = WEIGHTS
    enemy = side.other
    one, two = _near(geo)[sq]
    close = 0
    for n in one:
        p = cells[n]
        if p is not None and p.side is enemy and not p.held:
            close += 2
    for n in two:
        p = cells[n]
        if p is not None and p.side is enemy and not p.held:
            close += 1
    if stepper:
        mobility = 2 * sum(1 for n in geo.neighbours[sq] if cells[n] is None)
    else:
        mobility = 0
        for ray in geo.rays[sq]:
            for n in ray:
                if cells[n] is not None:
                    break
                mobility += 1
    return w.pressure * close // 2 + w.confinement * (MOBILITY_CAP - min(mobility, MOBILITY_CAP))


#: Per board size: for White and for Black, per square, the ranks it lies beyond the side's
#: back rank, up to the middle of the board.
_ADVANCE: dict[tuple[int, int], tuple[list[int], list[int]]] = {}


def _advance_tables(geo: Geometry) -> tuple[list[int], list[int]]:
    tables = _ADVANCE.get((geo.width, geo.height))
    if tables is None:
        top = geo.height // 2 - 1
        white, black = [0] * geo.size, [0] * geo.size
        for sq in geo.squares:
            white[sq] = min(sq // 16, top)
            black[sq] = min(geo.height - 1 - sq // 16, top)
        tables = _ADVANCE[(geo.width, geo.height)] = (white, black)
    return tables


def _simplify(lead: int, left: int, full: int) -> int:
    """The bonus of a material ``lead`` (White's, may be negative) when only ``left`` of ``full``
    pieces are still in play (see :attr:`Weights.trade`)."""
    gone = max(0, full - left)
    bonus = abs(lead) * WEIGHTS.trade * gone // (100 * full)
    return bonus if lead >= 0 else -bonus  # the same for either side


def _threat_penalty(count: int, value: int = 100) -> int:
    return (THREAT_EACH * count + THREAT_EXTRA * max(0, count - 1)) * value // 100


def _rook_reaches(
    cells: list[Piece | None],
    geo: Geometry,
    target: Square,
    side: Side,
    steppers: frozenset[str] = frozenset(),
    kinds: frozenset[str] | None = None,
) -> bool:
    """Whether a free piece of ``side`` (of ``kinds`` if given) can slide onto the empty
    ``target`` in one move; ``steppers`` move one square only (the Rügen eagle)."""
    for ray in geo.rays[target]:
        for i, sq in enumerate(ray):
            p = cells[sq]
            if p is None:
                continue
            if (
                p.side is side
                and not p.held
                and (i == 0 or p.kind not in steppers)
                and (kinds is None or p.kind in kinds)
            ):
                return True
            break
    return False


# ----- classic ---------------------------------------------------------------------------------

CAPTIVE = 100


def evaluate_classic(state: State) -> int:
    cells, geo = state.cells, state.geometry
    neighbours = geo.neighbours
    advance = WEIGHTS.advance
    ahead_white, ahead_black = _advance_tables(geo)
    to_move = state.turn
    score = 0
    threatened = 0
    eagles: list[tuple[Square, Piece]] = []
    for sq in geo.squares:
        p = cells[sq]
        if p is None:
            continue
        sign = 1 if p.side is WHITE else -1
        if p.kind == "E":
            eagles.append((sq, p))
            continue
        if p.held:
            score -= sign * CAPTIVE
            continue
        for n in neighbours[sq]:
            if cells[n] is None:
                score += sign * 2
        score += advance * (ahead_white[sq] if sign > 0 else -ahead_black[sq])
        if p.side is to_move and _classic_threatened(cells, geo, sq, p.side):
            threatened += 1
    for sq, eagle in eagles:
        sign = 1 if eagle.side is WHITE else -1
        score -= sign * _eagle_danger(
            cells, geo, sq, eagle.side, eagle.side is to_move, lambda q: q is not None
        )
        score -= sign * _pressure(cells, geo, sq, eagle.side, False)
    sign_to_move = 1 if to_move is WHITE else -1
    return score - sign_to_move * _threat_penalty(threatened)


def _classic_threatened(cells: list[Piece | None], geo: Geometry, sq: Square, side: Side) -> bool:
    step = geo.step
    enemy = side.other
    for d1, d2 in _AXES:
        a, b = step[d1][sq], step[d2][sq]
        if a < 0 or b < 0:
            continue
        pa, pb = cells[a], cells[b]
        if pa is None and pb is not None and pb.side is enemy and not pb.held:
            if _rook_reaches(cells, geo, a, enemy):
                return True
        elif pb is None and pa is not None and pa.side is enemy and not pa.held:
            if _rook_reaches(cells, geo, b, enemy):
                return True
    if sq in geo.corners:
        n1, n2 = geo.neighbours[sq]
        for x, y in ((n1, n2), (n2, n1)):
            px, py = cells[x], cells[y]
            if px is None and py is not None and py.side is enemy and not py.held:
                if _rook_reaches(cells, geo, x, enemy):
                    return True
    return False


def _eagle_danger(
    cells: list[Piece | None],
    geo: Geometry,
    sq: Square,
    side: Side,
    to_move: bool,
    blocks: Callable[[Piece | None], bool],
    steppers: frozenset[str] = frozenset(),
) -> int:
    """How close the eagle (or Queen) of ``side`` on ``sq`` is to being shut in: every taken
    neighbour costs a little, every empty one the enemy can reach a little more (that draws the
    enemy's pieces towards it: the hunt), the last empty one reachable by the enemy costs most
    of a game. ``blocks`` says which pieces count as shutting it in."""
    nbrs = geo.neighbours[sq]
    empty = [n for n in nbrs if cells[n] is None]
    shut = sum(1 for n in nbrs if blocks(cells[n]))
    danger = 14 * shut + 10 * (4 - len(nbrs))
    enemy = side.other
    reached = [n for n in empty if _rook_reaches(cells, geo, n, enemy, steppers)]
    danger += 6 * len(reached)
    if len(empty) == 1 and shut == len(nbrs) - 1:
        if reached:
            danger += 150 if to_move else 60
        else:
            danger += 30
    elif len(empty) == 2 and shut == len(nbrs) - 2:
        danger += 12
    return danger


# ----- rugen -----------------------------------------------------------------------------------

SOLDIER = 100
_RUGEN_STEPPERS = frozenset({"E"})


def evaluate_rugen(state: State) -> int:
    cells, geo = state.cells, state.geometry
    neighbours = geo.neighbours
    advance = WEIGHTS.advance
    ahead_white, ahead_black = _advance_tables(geo)
    to_move = state.turn
    score = 0
    threatened = 0
    soldiers = left = 0
    eagles: list[tuple[Square, Piece]] = []
    for sq in geo.squares:
        p = cells[sq]
        if p is None:
            continue
        sign = 1 if p.side is WHITE else -1
        if p.kind == "E":
            eagles.append((sq, p))
            continue
        score += sign * SOLDIER
        soldiers += sign
        left += 1
        for n in neighbours[sq]:
            if cells[n] is None:
                score += sign * 2
        score += advance * (ahead_white[sq] if sign > 0 else -ahead_black[sq])
        if p.side is to_move and _rugen_threatened(cells, geo, sq, p.side):
            threatened += 1
    for sq, eagle in eagles:
        sign = 1 if eagle.side is WHITE else -1
        enemy = eagle.side.other
        score -= sign * _pressure(cells, geo, sq, eagle.side, True)
        if any(cells[n] is not None and cells[n].side is eagle.side for n in neighbours[sq]):  # type: ignore[union-attr]
            score -= sign * 4 * (4 - len(neighbours[sq]))  # one of its own blocks enclosure
            continue
        score -= sign * _eagle_danger(
            cells,
            geo,
            sq,
            eagle.side,
            eagle.side is to_move,
            lambda q, enemy=enemy: q is not None and q.side is enemy,  # type: ignore[misc]
            _RUGEN_STEPPERS,
        )
    score += _simplify(SOLDIER * soldiers, left, 32)
    sign_to_move = 1 if to_move is WHITE else -1
    return score - sign_to_move * _threat_penalty(threatened)


def _rugen_threatened(cells: list[Piece | None], geo: Geometry, sq: Square, side: Side) -> bool:
    step = geo.step
    enemy = side.other
    for d1, d2 in _AXES:
        a, b = step[d1][sq], step[d2][sq]
        if a < 0 or b < 0:
            continue
        pa, pb = cells[a], cells[b]
        if pa is None and pb is not None and pb.side is enemy:
            if _rook_reaches(cells, geo, a, enemy, _RUGEN_STEPPERS):
                return True
        elif pb is None and pa is not None and pa.side is enemy:
            if _rook_reaches(cells, geo, b, enemy, _RUGEN_STEPPERS):
                return True
    return False


# ----- schadler --------------------------------------------------------------------------------

COUNTER = 100
ALLIGATUS = 70  # on top of the counter: one the enemy can remove at its next turn


def evaluate_schadler(state: State) -> int:
    cells, geo = state.cells, state.geometry
    step, neighbours = geo.step, geo.neighbours
    to_move = state.turn
    score = COUNTER * (state.hand[0] - state.hand[1])
    lead = score
    left = state.hand[0] + state.hand[1]
    threatened = 0
    for sq in geo.squares:
        p = cells[sq]
        if p is None:
            for d1, d2 in _AXES:  # safe squares: flanked by two counters of one side
                a, b = step[d1][sq], step[d2][sq]
                if a >= 0 and b >= 0:
                    pa, pb = cells[a], cells[b]
                    if pa is not None and pb is not None and pa.side is pb.side:
                        score += 4 if pa.side is WHITE else -4
            continue
        sign = 1 if p.side is WHITE else -1
        score += sign * COUNTER
        lead += sign * COUNTER
        left += 1
        if p.held:
            score -= sign * ALLIGATUS
            lead -= sign * ALLIGATUS
            continue
        for n in neighbours[sq]:
            if cells[n] is None:
                score += sign * 2
        if p.side is to_move and _schadler_threatened(cells, geo, sq, p.side):
            threatened += 1
    score += _simplify(lead, left, 32)
    sign_to_move = 1 if to_move is WHITE else -1
    return score - sign_to_move * _threat_penalty(threatened)


def _schadler_reaches(cells: list[Piece | None], geo: Geometry, target: Square, side: Side) -> bool:
    """Whether a free counter of ``side`` can step or jump onto ``target`` (one jump)."""
    step = geo.step
    for d in range(4):
        n = step[d][target]
        if n < 0:
            continue
        p = cells[n]
        if p is None:
            continue
        if p.side is side and not p.held:
            return True
        far = step[d][n]
        if far >= 0:
            q = cells[far]
            if q is not None and q.side is side and not q.held:
                return True
    return False


def _schadler_threatened(cells: list[Piece | None], geo: Geometry, sq: Square, side: Side) -> bool:
    step = geo.step
    enemy = side.other
    pairs = [(step[d1][sq], step[d2][sq]) for d1, d2 in _AXES]
    if sq in geo.corners:
        pairs.append(geo.neighbours[sq])  # type: ignore[arg-type]
    for a, b in pairs:
        if a < 0 or b < 0:
            continue
        for x, y in ((a, b), (b, a)):
            px, py = cells[x], cells[y]
            if px is None and py is not None and py.side is enemy and not py.held:
                if _schadler_reaches(cells, geo, x, enemy):
                    return True
    return False


# ----- lat -------------------------------------------------------------------------------------

LAT_VALUES = {"V": 100, "B": 120, "Q": 0}
_BQ = frozenset({"B", "Q"})


def evaluate_lat(state: State) -> int:
    cells, geo = state.cells, state.geometry
    neighbours = geo.neighbours
    advance = WEIGHTS.advance
    ahead_white, ahead_black = _advance_tables(geo)
    to_move = state.turn
    score = 0
    threatened_value = 0
    lead = 0
    queens: list[tuple[Square, Piece]] = []
    counts = {Side.WHITE: 0, Side.BLACK: 0}
    for sq in geo.squares:
        p = cells[sq]
        if p is None:
            continue
        counts[p.side] += 1
        sign = 1 if p.side is WHITE else -1
        if p.kind == "Q":
            queens.append((sq, p))
            continue
        score += sign * LAT_VALUES[p.kind]
        lead += sign * LAT_VALUES[p.kind]
        for n in neighbours[sq]:
            if cells[n] is None:
                score += sign * 2
        score += advance * (ahead_white[sq] if sign > 0 else -ahead_black[sq])
        if p.side is to_move and _lat_threatened(cells, geo, sq, p):
            threatened_value += LAT_VALUES[p.kind]
    weakened = min(counts.values()) <= 3
    score += _simplify(lead, counts[Side.WHITE] + counts[Side.BLACK] - 2, 22)
    for sq, queen in queens:
        sign = 1 if queen.side is WHITE else -1
        danger = _eagle_danger(
            cells, geo, sq, queen.side, queen.side is to_move, lambda q: q is not None
        )
        if weakened and _valkyrie_threatened(cells, geo, sq, queen.side):
            danger += 150 if queen.side is to_move else 60
        score -= sign * (danger + _pressure(cells, geo, sq, queen.side, False))
    sign_to_move = 1 if to_move is WHITE else -1
    if threatened_value:
        # Scale the count-based penalty by the average value of the threatened pieces.
        n = max(1, threatened_value // 100)
        score -= sign_to_move * _threat_penalty(n, threatened_value // n)
    return score


def _valkyrie_threatened(cells: list[Piece | None], geo: Geometry, sq: Square, side: Side) -> bool:
    """Taken like a Valkyrie: an enemy lands on one side, any piece stands on the other."""
    step = geo.step
    enemy = side.other
    for d1, d2 in _AXES:
        a, b = step[d1][sq], step[d2][sq]
        if a < 0 or b < 0:
            continue
        if cells[a] is None and cells[b] is not None and _rook_reaches(cells, geo, a, enemy):
            return True
        if cells[b] is None and cells[a] is not None and _rook_reaches(cells, geo, b, enemy):
            return True
    return False


def _lat_threatened(cells: list[Piece | None], geo: Geometry, sq: Square, p: Piece) -> bool:
    enemy = p.side.other
    if p.kind == "V" and _valkyrie_threatened(cells, geo, sq, p.side):
        return True
    if p.kind == "B":
        step = geo.step
        for d1, d2 in _AXES:
            a, b = step[d1][sq], step[d2][sq]
            if a < 0 or b < 0:
                continue
            for x, y in ((a, b), (b, a)):
                py = cells[y]
                if (
                    cells[x] is None
                    and py is not None
                    and py.side is enemy
                    and py.kind in _BQ
                    and _rook_reaches(cells, geo, x, enemy, kinds=_BQ)
                ):
                    return True
    if sq in geo.corners:
        n1, n2 = geo.neighbours[sq]
        for x, y in ((n1, n2), (n2, n1)):
            py = cells[y]
            if cells[x] is None and py is not None and py.side is enemy:
                if _rook_reaches(cells, geo, x, enemy):
                    return True
    return False


EVALUATORS: dict[str, Evaluator] = {
    "classic": evaluate_classic,
    "rugen": evaluate_rugen,
    "schadler": evaluate_schadler,
    "lat": evaluate_lat,
}


# ----- material (for the contempt) -------------------------------------------------------------


def material_classic(state: State) -> int:
    """White's material lead in classic: nothing is ever removed, so it is the captives (each
    one a soldier its owner cannot use)."""
    score = 0
    for p in state.cells:
        if p is not None and p.held:
            score += -CAPTIVE if p.side is WHITE else CAPTIVE
    return score


def material_rugen(state: State) -> int:
    score = 0
    for p in state.cells:
        if p is not None and p.kind != "E":
            score += SOLDIER if p.side is WHITE else -SOLDIER
    return score


def material_schadler(state: State) -> int:
    score = COUNTER * (state.hand[0] - state.hand[1])
    for p in state.cells:
        if p is not None:
            value = COUNTER - (ALLIGATUS if p.held else 0)
            score += value if p.side is WHITE else -value
    return score


def material_lat(state: State) -> int:
    score = 0
    for p in state.cells:
        if p is not None:
            value = LAT_VALUES[p.kind]
            score += value if p.side is WHITE else -value
    return score


#: White's material lead per rule set, in the evaluation's units: what the contempt scales by.
MATERIAL: dict[str, Evaluator] = {
    "classic": material_classic,
    "rugen": material_rugen,
    "schadler": material_schadler,
    "lat": material_lat,
}


# ----- contact (hard's taste for tension) ------------------------------------------------------


def contacts(state: State) -> int:
    """How many pairs of free enemy pieces stand side by side (orthogonal neighbours).

    Every capture of every rule set lands next to its victim, so contact is where captures come
    from. The count is the same for both sides: it is no part of the evaluation proper but
    a taste of the searching side (:attr:`ai.engines.latrunculi.Style.tension`, issue 37):
    the deeper player keeps the fight close, where a one-ply player misses the double threat,
    instead of both sides building walls until a draw."""
    cells, geo = state.cells, state.geometry
    east, north = geo.step[2], geo.step[0]
    count = 0
    for sq in geo.squares:
        p = cells[sq]
        if p is None or p.held:
            continue
        for n in (east[sq], north[sq]):
            if n >= 0:
                q = cells[n]
                if q is not None and q.side is not p.side and not q.held:
                    count += 1
    return count


# ----- hooks (hard's preparation of double threats) --------------------------------------------

#: Pieces that are never taken by being flanked (Rügen's eagles; LAT's Queen has a rule of her
#: own): no hook on them counts.
_UNHOOKABLE = frozenset({"E", "Q"})


def hooks(state: State, side: Side) -> int:
    """How many free enemy pieces of ``side`` are *hooked*: on some line, one neighbour holds a
    free piece of ``side`` and the other neighbour is empty.

    A hooked piece is half of a capture: one landing on the empty square takes it (the exact
    captor each rule set needs aside). One hooked piece is no danger against a defender who
    sees the next move — it steps away or covers the square — but a move that brings a piece
    onto the lines of two such squares at once is a double threat, which a one-ply defender
    (medium) cannot parry. So the searching side counts the hooks it holds
    (:attr:`ai.engines.latrunculi.Style.hooks`, issue 37), as a taste of its own like the
    tension, not as part of the shared evaluation."""
    cells, geo = state.cells, state.geometry
    step = geo.step
    enemy = side.other
    count = 0
    for sq in geo.squares:
        p = cells[sq]
        if p is None or p.side is not enemy or p.held or p.kind in _UNHOOKABLE:
            continue
        for d1, d2 in _AXES:
            a, b = step[d1][sq], step[d2][sq]
            if a < 0 or b < 0:
                continue
            pa, pb = cells[a], cells[b]
            if (pa is None and pb is not None and pb.side is side and not pb.held) or (
                pb is None and pa is not None and pa.side is side and not pa.held
            ):
                count += 1
                break
    return count


def hooks_lat(state: State, side: Side) -> int:
    """:func:`hooks` with LAT's own anvils: a Valkyrie is taken against *any* piece beyond it
    (its own included), a Berserker only against an enemy Berserker or Queen."""
    cells, geo = state.cells, state.geometry
    step = geo.step
    enemy = side.other
    count = 0
    for sq in geo.squares:
        p = cells[sq]
        if p is None or p.side is not enemy or p.kind == "Q":
            continue
        valkyrie = p.kind == "V"
        for d1, d2 in _AXES:
            a, b = step[d1][sq], step[d2][sq]
            if a < 0 or b < 0:
                continue
            pa, pb = cells[a], cells[b]
            anvil = pb if pa is None else pa if pb is None else None
            if anvil is not None and (valkyrie or (anvil.side is side and anvil.kind in _BQ)):
                count += 1
                break
    return count


#: The hooks count per rule set that uses it. Classic and schadler are left out: hard already
#: wins ≥ 75 % there without it (issue 37, third round) and the term was measured only in
#: rugen and LAT, where the games were drawn.
HOOKS: dict[str, Callable[[State, Side], int]] = {
    "rugen": hooks,
    "lat": hooks_lat,
}
