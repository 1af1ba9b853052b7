"""What every family's analyser offers, and the registry that finds one by game id."""

from __future__ import annotations

import importlib
from contextlib import AbstractContextManager
from typing import Any, Protocol

from rules.games import Session

from ..errors import UnknownGameError
from .review import Scale

__all__ = ["ANALYSER_MODULES", "Analyser", "analyser_for", "analysable_games"]

#: The module under :mod:`ai.analysis` whose ``ANALYSER`` judges each game id.
ANALYSER_MODULES: dict[str, str] = {
    "classic": "latrunculi",
    "rugen": "latrunculi",
    "lat": "latrunculi",
    "schadler": "latrunculi",
    "chess": "chess",
    "draughts": "draughts",
    "backgammon": "backgammon",
    "ludo": "ludo",
}


class _Scored(Protocol):
    def to_json(self) -> dict[str, Any]: ...


class Analyser(Protocol):
    """Scores one position at a fixed depth (so a game's analysis is the same on every
    machine and every run, whatever the load).

    ``unit`` names what a move's loss counts (``pawns``: the text shows it as −2.4);
    ``scale`` turns scores into win chances; ``engine(depth)`` names the engine and depth that
    judge (stored with the result); ``default_depth`` is the depth used unless told another."""

    unit: str
    scale: Scale
    default_depth: int

    def engine(self, depth: int) -> str: ...

    def prepared(self) -> AbstractContextManager[None]:
        """A block in which a batch of positions is scored (an engine process kept open)."""
        ...

    def score(self, session: Session[Any], depth: int, played: str | None = None) -> _Scored:
        """The position's score; ``played``: the action played there (``None`` at the end),
        for a family that judges the decision itself (backgammon)."""
        ...


def analyser_for(game_id: str) -> Analyser:
    """The analyser of ``game_id``; :class:`UnknownGameError` for a game without one."""
    module = ANALYSER_MODULES.get(game_id)
    if module is None:
        raise UnknownGameError(f"no analysis for {game_id!r} yet")
    analyser: Analyser = importlib.import_module(f"{__package__}.{module}").ANALYSER
    return analyser


#: Games whose analyser works but is too slow to offer yet (analyses run one at a time per
#: machine, so one slow game would hold everyone's up). None since schadler's analysis search
#: was bounded (:data:`ai.analysis.latrunculi.BOUNDS`, issue 33).
NOT_OFFERED: frozenset[str] = frozenset()


def analysable_games() -> list[str]:
    """The game ids the bot offers an analysis for (the Analysis button, ``/analysis``)."""
    return [game for game in ANALYSER_MODULES if game not in NOT_OFFERED]
