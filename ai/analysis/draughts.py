"""English draughts positions scored at a fixed depth by the opponent's own search.

The search is :class:`ai.engines.draughts.Search` (alpha-beta over the rules' own moves, a
capture always searched past the depth) with no deadline, so a score depends on the position
and the depth only. Scores are in hundredths of a man (a man 100, a king 160).

**Calibration** (:data:`SCALE`): the win chance's slope ``k = 0.0075`` per hundredth makes a
man lost from a level position (about −100) a fall of ~18 points of win chance: a blunder
(≥ 15); half a man's worth of position (±50) ~9 points: an inaccuracy; a lost king or a missed
shot that wins a man or more: a blunder; a missed forced win (a won ending let go) falls from
~100 % to level or worse: a blunder.
"""

from __future__ import annotations

import math
from contextlib import nullcontext
from typing import Any

from rules.games import Session
from rules.games.draughts import DraughtsSession

from ..engines.draughts import WIN, Search
from .model import PositionScore
from .review import Scale, win_percent

__all__ = ["ANALYSER", "DEFAULT_DEPTH", "DraughtsAnalyser", "SCALE"]

DEFAULT_DEPTH = 6
"""Plies searched per position (captures beyond): a tenth of a second or so in Python."""

SCALE = Scale(k=0.0075, divisor=100.0, cap=20.0)


def terminal_score(session: Session[Any]) -> PositionScore | None:
    """The score of a finished game's last position (its result), else ``None``."""
    outcome = session.outcome
    if outcome is None:
        return None
    seat = session.to_move
    if outcome.winner is None:
        return PositionScore(seat=seat, value=0.0, win=50.0)
    won = outcome.winner == seat
    return PositionScore(seat=seat, value=float(WIN if won else -WIN), win=100.0 * won)


class DraughtsAnalyser:
    """The draughts family's analyser (see the module's docstring)."""

    unit = "men"
    scale = SCALE
    default_depth = DEFAULT_DEPTH

    def engine(self, depth: int) -> str:
        return f"search depth {depth}"

    def prepared(self) -> nullcontext[None]:
        return nullcontext()

    def score(self, session: Session[Any], depth: int, played: str | None = None) -> PositionScore:
        if not isinstance(session, DraughtsSession):
            raise TypeError("a draughts analysis needs a draughts session")
        done = terminal_score(session)
        if done is not None:
            return done
        moves = session.legal_moves()
        scored = Search(session, math.inf).score_moves(max(1, depth), moves)
        value, best = max(scored, key=lambda pair: pair[0])
        return PositionScore(
            seat=session.to_move,
            value=float(value),
            win=win_percent(value, SCALE.k),
            best=session.format(best),
            forced=len(moves) == 1,
        )


ANALYSER = DraughtsAnalyser()
