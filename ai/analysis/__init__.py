"""After the game: every position scored at a fixed depth, every move judged (issue 33).

The work is split so that it can be stored as it goes and resumed after a restart:
:func:`score_positions` scores a few positions of a game (the slow part; the bot runs it in
the analysis worker process, :mod:`ai.analysis.worker`), :func:`summarise` turns all the
scores into the :class:`Analysis` (instant). Both take and give plain JSON-able values, so
they cross the process boundary as the opponent's calls do.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.games import replay

from .base import Analyser, analysable_games, analyser_for
from .model import CLASSES, Analysis, MoveReview, PlayerReport, PositionScore
from .review import review

__all__ = [
    "CLASSES",
    "Analyser",
    "Analysis",
    "MoveReview",
    "PlayerReport",
    "PositionScore",
    "analysable_games",
    "analyser_for",
    "score_positions",
    "summarise",
]


def score_positions(
    position: str,
    moves: Sequence[str],
    first: int,
    count: int,
    depth: int | None = None,
) -> list[dict[str, Any]]:
    """The scores (as JSON) of positions ``first`` to ``first + count − 1`` of the game that
    starts at ``position`` and plays ``moves`` (position ``i`` is the one before move ``i``;
    the last, ``len(moves)``, the final one), at ``depth`` (default: the family's)."""
    session = replay(position, list(moves[:first]))
    analyser = analyser_for(session.rules.id)
    chosen = depth or analyser.default_depth
    out: list[dict[str, Any]] = []
    with analyser.prepared():
        for index in range(first, min(first + count, len(moves) + 1)):
            played = moves[index] if index < len(moves) else None
            out.append(analyser.score(session, chosen, played).to_json())
            if index < len(moves):
                session.play(moves[index])
    return out


def summarise(
    position: str,
    moves: Sequence[str],
    scores: Sequence[dict[str, Any]],
    depth: int | None = None,
) -> Analysis:
    """The whole analysis from every position's score (one more than the moves)."""
    session = replay(position, [])
    game_id = session.rules.id
    analyser = analyser_for(game_id)
    chosen = depth or analyser.default_depth
    own = getattr(analyser, "review", None)
    if own is not None:  # a family with its own review (backgammon: equity and PR)
        result: Analysis = own(game_id, session.seats, list(moves), list(scores), chosen)
        return result
    return review(
        game_id,
        analyser.engine(chosen),
        analyser.unit,
        session.seats,
        list(moves),
        [PositionScore.from_json(s) for s in scores],
        analyser.scale,
    )
