"""The Latrunculi engine for all four rule sets (classic, rugen, schadler, lat).

For now a greedy player; the search replaces it.
"""

from __future__ import annotations

import random
from typing import Any

from rules.games import Session

from ..levels import Level
from .simple import greedy_action

#: The Latrunculi game ids this engine plays.
LATRUNCULI_IDS = ("classic", "rugen", "schadler", "lat")


class LatrunculiEngine:
    """Chooses a move in any Latrunculi rule set."""

    def choose(
        self, session: Session[Any], level: Level, deadline: float, rng: random.Random
    ) -> str:
        return greedy_action(session, rng)


def _register() -> None:
    from . import register_engine

    engine = LatrunculiEngine()
    for game_id in LATRUNCULI_IDS:
        register_engine(game_id, engine)


_register()
