"""How the weaker levels pick among scored moves: the classic games' engines score every
candidate, then hard takes the best and easy and medium draw from the good ones.

A softmax over scores (in the engine's own units: centipawns, pieces, equity) with a per-level
temperature makes the imperfection deliberate and graded: a small temperature almost always
plays the best move, a large one often plays the second or third best and now and then a poor
one, the way a beginner does. The draw uses the caller's ``rng`` only, so a seed replays it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def pick(scored: Sequence[tuple[float, T]], temperature: float, rng: random.Random) -> T:
    """One item of ``scored`` (score, item), higher scores likelier: the best one when
    ``temperature`` is 0, else drawn with weight ``exp((score - best) / temperature)``."""
    if not scored:
        raise ValueError("nothing to choose from")
    best = max(score for score, _ in scored)
    if temperature <= 0:
        top = [item for score, item in scored if score == best]
        return top[0] if len(top) == 1 else rng.choice(top)
    weights = [math.exp(max((score - best) / temperature, -50.0)) for score, _ in scored]
    return rng.choices([item for _, item in scored], weights=weights)[0]


__all__ = ["pick"]
