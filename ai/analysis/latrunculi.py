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

**Schadler** (:data:`SAME_POSITION`): its placement evaluation swings by ~100 with the side to
move, so a move is not judged by the next position's score but in the same position: the best
and the played move are each played and scored by the answer's search, negated; the move loses
their difference (the side-to-move bias is in both and cancels). Its capture chains make a
6-ply quiescence search explode (over a minute for one middle-game position), so its analysis
searches are bounded (:data:`BOUNDS`: one ply of captures, a node budget); the hard player's
search is not.
"""

from __future__ import annotations

import math
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any

from rules.games import LatrunculiSession, Session

from ..engines.latrunculi.evaluation import EVALUATORS
from ..engines.latrunculi.search import MATE, QUIESCENCE_PLIES, Searcher, SearchResult
from .draughts import terminal_score
from .model import PositionScore
from .review import Scale, win_percent

__all__ = ["ANALYSER", "DEFAULT_DEPTH", "SCALE", "LatrunculiAnalyser"]

DEFAULT_DEPTH = 2
"""Plies searched per position (captures beyond, up to 6; schadler's 1, :data:`BOUNDS`): about
0.1 s a position (schadler about 0.4 s: up to three searches, :data:`SAME_POSITION`)."""

SCALE = Scale(k=0.005, divisor=100.0, cap=20.0)


@dataclass(frozen=True, slots=True)
class Bounds:
    """How far an analysis search may look past its depth: ``quiescence_plies`` of captures,
    and at most ``max_nodes`` nodes per search (counted, not timed, so the same on every
    machine). The hard player's own search is not bounded: these are the analysis's only."""

    quiescence_plies: int = QUIESCENCE_PLIES
    max_nodes: int | None = None


BOUNDS: dict[str, Bounds] = {"schadler": Bounds(quiescence_plies=1, max_nodes=10_000)}
"""Per rule set, the analysis search's bounds (unlisted: the search's own, unbounded)."""

SAME_POSITION = frozenset({"schadler"})
"""Rule sets whose moves are judged in the same position: the played move's score against
the best move's, both from the mover's side at the same depth (see the module's docstring)."""


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
        legal = session.legal_actions()
        result = _search(session, depth)
        played_value = None
        if session.rules.id in SAME_POSITION and played is not None and played != str(result.move):
            lost = self._after(session, str(result.move), depth) - self._after(
                session, played, depth
            )
            played_value = float(result.score) - max(0.0, lost)
        return PositionScore(
            seat=session.to_move,
            value=float(result.score),
            win=win_percent(result.score, SCALE.k),
            best=str(result.move),
            forced=len(legal) == 1,
            played=played_value,
        )

    @staticmethod
    def _after(session: LatrunculiSession, move: str, depth: int) -> float:
        """``move``'s score for the mover: the answer's search at ``depth`` after it, negated
        (the best and the played move are scored by this same procedure, so their difference
        carries no bias of the side to move)."""
        mover = session.to_move
        session.play(move)
        try:
            done = terminal_score(session)
            if done is not None:
                value = math.copysign(MATE, done.value) if done.value else 0.0
                return value if done.seat == mover else -value
            result = _search(session, depth)
            return float(result.score if session.to_move == mover else -result.score)
        finally:
            session.pop()


def _search(session: LatrunculiSession, depth: int) -> SearchResult:
    """The analysis search of the session's position at ``depth`` (within the rule set's
    :data:`BOUNDS`)."""
    bounds = BOUNDS.get(session.rules.id, Bounds())
    return Searcher(
        session.game,
        EVALUATORS[session.rules.id],
        math.inf,
        max(1, depth),
        quiescence=True,
        quiescence_plies=bounds.quiescence_plies,
        max_nodes=bounds.max_nodes,
    ).run()


ANALYSER = LatrunculiAnalyser()
