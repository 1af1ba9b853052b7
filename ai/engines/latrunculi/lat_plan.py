"""Hard's plan for converting a LAT lead (issue 37, fifth round): the Queen hunt and trading down.

Against the one-ply medium, hard wins material in LAT but converted it at about one piece per
50 plies, so most games reached the bench's 300-ply cap with hard ahead (docs/ai.md, fourth
round). Two ways end a LAT game sooner, and this module scores how near the searching side is
to each. Like the tension and the hooks, it is a *taste of the searching side* (added in
``Searcher._static`` for the root's side only, cached by position key), not part of the shared
evaluation: medium and easy never see it.

* **The Queen hunt.** The enemy Queen falls when every on-board neighbour of hers holds *any*
  piece (her own count, shared/spec/rules.md section 4) and the last one arrives as an enemy
  move. So every one of her neighbours already taken is progress, every empty one that a free
  piece of the hunter can reach in one move is a square it can close, and the last two
  missing squares are worth most (a double threat on them is what a one-ply defender cannot
  parry). When either side is down to three pieces she is *weakened* and also falls like a
  Valkyrie (two sides, any piece beyond): a line through her with one side held and the other
  empty and reachable is then one move from winning.
* **Berserkers are worth more than the shared evaluation's 120** (sixth round): a Valkyrie
  falls to any enemy landing next to it with any piece beyond, a Berserker only to the enemy's
  Berserker or Queen landing with the other of them beyond (or a full ring of Valkyries). The
  side left with Valkyries against Berserkers can hardly take them, so hard's plan counts
  :data:`BERSERKER_EXTRA` more per Berserker, its own and the enemy's, in the lead it trades
  on too.
* **Trading down.** A side ahead wins by taking the Queen or everything else
  (``only_queen_left``), and the weakened-Queen endgame comes once the enemy is down to three
  pieces: each one-for-one trade brings both nearer. The shared evaluation's trade bonus is a
  percentage of the lead (about 5 for a one-piece lead and one trade), too small to steer; here
  the side ahead by at least a Valkyrie gets :data:`TRADE_EACH` per piece gone from the board,
  and the side behind loses it (it should keep pieces on). A side level or ahead by less gets
  :data:`LEVEL_TRADE_EACH` per piece gone (sixth round, as Rügen's hard): a level board that
  empties is harder to hold, so trades stop hard's games being drawn at the ply cap.

The weights were set by hard-vs-medium trials at the bench's 0.3 CPU s a move (docs/ai.md,
fifth round): one scale for all of them, doubled twice from a first guess (at the first
guess the plan won no more games; at twice the final weights the wins came later).
"""

from __future__ import annotations

from rules.model import Side, piece
from rules.position import State

from .evaluation import LAT_VALUES, _rook_reaches

#: Per neighbour of the enemy Queen that holds a piece (any side).
HUNT_SHUT = 20
#: Per empty neighbour of hers a free piece of the hunter reaches in one move.
HUNT_REACH = 12
#: When only two of her neighbours are still empty (one: twice this).
HUNT_CLOSE = 80
#: Weakened (either side at three pieces or fewer, or the enemy at four): per line through her
#: with one neighbour held and the other empty and reachable by the hunter.
HUNT_FLANK = 100
#: Per piece gone from the board (of 24) when ahead by at least :data:`TRADE_LEAD`.
TRADE_EACH = 40
TRADE_LEAD = 100
#: Per piece gone from the board while level or ahead by less than :data:`TRADE_LEAD`: a taste
#: for trades that grows as the board empties (a contempt for the draw at the ply cap).
LEVEL_TRADE_EACH = 20
#: Per enemy piece below five (her Queen counted): the last few are worth more than their
#: value, since taking them all wins (``only_queen_left``) and at three she is weakened.
LAST_PIECES = 80
#: On top of a Berserker's 120 (either side's): only the enemy's Berserkers and Queen together
#: (one landing, the other beyond) or a full ring of Valkyries take one, while anything takes a
#: Valkyrie against any piece. Traced games (sixth round) ended with medium's Berserkers against
#: hard's Valkyries, which the plan's trading had paid for: a Berserker for a Valkyrie counted
#: as a fair trade, and the Valkyries left could neither take those Berserkers nor stay safe.
BERSERKER_EXTRA = 60

_AXES = ((0, 1), (2, 3))
_FULL = 24


def plan_lat(state: State, side: Side) -> int:
    """How far ``side`` has come in hunting the enemy Queen and trading down (≥ 0 when ahead)."""
    cells, geo = state.cells, state.geometry
    enemy = side.other
    their_queen = piece("Q", enemy)
    queen_sq = -1
    counts = {Side.WHITE: 0, Side.BLACK: 0}
    lead = 0
    berserkers = 0  # the side's Berserkers less the enemy's
    for sq in geo.squares:
        p = cells[sq]
        if p is None:
            continue
        counts[p.side] += 1
        if p is their_queen:
            queen_sq = sq
        value = LAT_VALUES[p.kind]
        if p.kind == "B":
            value += BERSERKER_EXTRA
            berserkers += 1 if p.side is side else -1
        lead += value if p.side is side else -value
    score = BERSERKER_EXTRA * berserkers
    if queen_sq >= 0:
        score += _hunt(state, side, queen_sq, min(counts.values()) <= 3 or counts[enemy] <= 4)
    gone = _FULL - counts[Side.WHITE] - counts[Side.BLACK]
    if lead >= TRADE_LEAD:
        score += TRADE_EACH * gone
    elif lead <= -TRADE_LEAD:
        score -= TRADE_EACH * gone
    elif lead >= 0:
        score += LEVEL_TRADE_EACH * gone
    if counts[enemy] <= 5:
        score += LAST_PIECES * (5 - counts[enemy])
    return score


def _hunt(state: State, side: Side, sq: int, weak: bool) -> int:
    """The hunt term against the enemy Queen on ``sq`` (see the module's docstring)."""
    cells, geo = state.cells, state.geometry
    nbrs = geo.neighbours[sq]
    empty = [n for n in nbrs if cells[n] is None]
    reached = {n for n in empty if _rook_reaches(cells, geo, n, side)}
    score = HUNT_SHUT * (len(nbrs) - len(empty)) + HUNT_REACH * len(reached)
    if len(empty) <= 2:
        score += HUNT_CLOSE * (3 - len(empty))
    if weak:
        step = geo.step
        for d1, d2 in _AXES:
            a, b = step[d1][sq], step[d2][sq]
            if a < 0 or b < 0:
                continue
            if (cells[a] is None and a in reached and cells[b] is not None) or (
                cells[b] is None and b in reached and cells[a] is not None
            ):
                score += HUNT_FLANK
    return score
