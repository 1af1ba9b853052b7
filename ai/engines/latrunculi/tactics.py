"""Which moves may capture, judged without playing them.

The search plays captures first and extends only captures past its depth (quiescence), but
playing a move is the expensive step of the rules core. This filter names the moves that
*can* capture or win: a landing next to an enemy piece whose far side is occupied or off the
board (a flank, a corner, an edge enclosure, a row), next to the enemy eagle or Queen, or a
schadler removal. It is a superset: the search still plays each one and keeps it only if the
rules say it captured or won. Ordinary moves score 0.
"""

from __future__ import annotations

from rules.model import Move, MoveKind
from rules.position import State

#: Kinds whose enclosure ends the game.
ROYAL = frozenset({"E", "Q"})

REMOVAL_SCORE = 300
ROYAL_SCORE = 1_000


def tactical_score(state: State, move: Move) -> int:
    """How promising ``move`` is as a capture (0: it cannot capture or win)."""
    kind = move.kind
    if kind is MoveKind.REMOVE:
        return REMOVAL_SCORE
    if kind is not MoveKind.MOVE:
        return 0
    cells = state.cells
    step = state.geometry.step
    side = state.turn
    path = move.path
    origin = path[0]
    score = 0
    for landing in path[1:]:
        for d in range(4):
            x = step[d][landing]
            if x < 0:
                continue
            victim = cells[x]
            if victim is None or victim.side is side or victim.held:
                continue
            if victim.kind in ROYAL:
                score += ROYAL_SCORE
                continue
            beyond = step[d][x]
            if beyond < 0 or (beyond != origin and cells[beyond] is not None):
                score += 100
    return score
