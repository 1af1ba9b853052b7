"""Two weak players for any game of the house: a random one and a one-ply greedy one.

They are the yardsticks of ``bench/ai_bench.py`` (the issue's "1-ply greedy player: captures
first, then random") and the fallback of the easy level. Both speak only the house interface.
"""

from __future__ import annotations

import random
from typing import Any

from rules.games import Session

from ..levels import Level

#: The action text a session shows for a due roll (backgammon, ludo).
ROLL = "roll"


class RandomEngine:
    """Plays a uniformly random legal action."""

    def choose(
        self, session: Session[Any], level: Level, deadline: float, rng: random.Random
    ) -> str:
        return rng.choice(session.legal_actions())


class GreedyEngine:
    """One ply deep: a move that wins at once, else one that captures most, else random."""

    def choose(
        self, session: Session[Any], level: Level, deadline: float, rng: random.Random
    ) -> str:
        return greedy_action(session, rng)


def greedy_action(session: Session[Any], rng: random.Random) -> str:
    """The greedy choice in ``session`` (ties broken by ``rng``)."""
    if session.chance_due:
        return ROLL
    me = session.to_move
    best: list[str] = []
    best_score = -1
    for move in sorted(session.legal_moves(), key=session.format):
        text = session.format(move)
        result = session.push(move)
        outcome = session.outcome
        session.pop()
        if outcome is not None and outcome.winner == me:
            score = 1_000
        else:
            score = len(result.captured)
        if score > best_score:
            best, best_score = [text], score
        elif score == best_score:
            best.append(text)
    return rng.choice(best)
