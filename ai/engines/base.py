"""The interface every engine of the opponent speaks, whatever its game."""

from __future__ import annotations

import random
from typing import Any, Protocol

from rules.games import Session

from ..levels import Level


class Engine(Protocol):
    """Chooses one action for the side to act in ``session``.

    ``choose`` returns the action in canonical notation, exactly as ``session.legal_actions()``
    writes it (for a backgammon or ludo position awaiting a roll: ``roll`` or ``double``; for an
    offered cube: ``take`` or ``drop``). It may push and pop on ``session`` while it thinks but
    must leave it as it found it. ``deadline`` is a :func:`time.monotonic` value the engine
    returns by; ``rng`` is the only source of randomness, so a seed replays a game.
    """

    def choose(
        self, session: Session[Any], level: Level, deadline: float, rng: random.Random
    ) -> str: ...
