"""Latrunculi positions (all four rule sets) scored at a fixed depth by the opponent's search.

The search is :class:`ai.engines.latrunculi.search.Searcher` with the rule set's evaluation
(:data:`ai.engines.latrunculi.evaluation.EVALUATORS`), a fixed depth, quiescence, no noise, no
contempt and no deadline: the score depends on the position and the depth only. Scores are in
hundredths of a soldier from the side to move's view; a won game (an eagle or Queen enclosed,
the enemy without moves) scores ±100,000.

**Calibration** (:data:`SCALE`): ``k = 0.005`` per hundredth makes a soldier lost from a level
position (−100) a fall of ~12 points of win chance: a mistake (10–15); two soldiers, or a
soldier and the position, ~23 points: a blunder; ±50 of position ~6 points: an inaccuracy.
Leaving the eagle (Queen) to be enclosed turns the score into a lost game (win chance ~0): a
blunder whatever came before, and so is a missed forced win (a found enclosure let go).
"""

from __future__ import annotations

import math
from contextlib import nullcontext
from typing import Any

from rules.games import LatrunculiSession, Session

from ..engines.latrunculi.evaluation import EVALUATORS
from ..engines.latrunculi.search import MATE, Searcher
from .draughts import terminal_score
from .model import PositionScore
from .review import Scale, win_percent

__all__ = ["ANALYSER", "DEFAULT_DEPTH", "SCALE", "LatrunculiAnalyser"]

DEFAULT_DEPTH = 2
"""Plies searched per position (captures beyond, up to 6): about 0.1 s a position."""

SCALE = Scale(k=0.005, divisor=100.0, cap=20.0)


class LatrunculiAnalyser:
    """The Latrunculi family's analyser (see the module's docstring)."""

    unit = "soldiers"
    scale = SCALE
    default_depth = DEFAULT_DEPTH

    def engine(self, depth: int) -> str:
        return f"search depth {depth}"

    def prepared(self) -> nullcontext[None]:
        return nullcontext()

    def score(self, session: Session[Any], depth: int, played: str | None = None) -> PositionScore:
        if not isinstance(session, LatrunculiSession):
            raise TypeError("a Latrunculi analysis needs a Latrunculi session")
        done = terminal_score(session)
        if done is not None:
            return PositionScore(
                done.seat, math.copysign(MATE, done.value) if done.value else 0.0, done.win
            )
        game = session.game
        legal = session.legal_actions()
        result = Searcher(
            game, EVALUATORS[session.rules.id], math.inf, max(1, depth), quiescence=True
        ).run()
        return PositionScore(
            seat=session.to_move,
            value=float(result.score),
            win=win_percent(result.score, SCALE.k),
            best=str(result.move),
            forced=len(legal) == 1,
        )


ANALYSER = LatrunculiAnalyser()
