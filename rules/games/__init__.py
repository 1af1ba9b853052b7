"""Every game of the house behind one interface (:mod:`rules.games.base`) and one registry.

    >>> from rules.games import open_session
    >>> session = open_session("rugen")
    >>> session.play("a2a3").canonical
    'a2-a3'

Importing this package registers the games, in the order ``python -m rules variants`` lists
them: the four Latrunculi rule sets, then chess, draughts, backgammon and ludo. It registers
their ids only: a game's module (python-chess behind chess, …) is imported when that game is
first asked for (:mod:`.registry`), so a fresh process working on one game pays for that one.
The classes of each game (``ChessSession``, ``LudoAction``, …) are still importable from here;
each is looked up in its game's module on first use (:func:`__getattr__`, PEP 562).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import latrunculi as _rule_sets  # noqa: F401  (the Latrunculi variants, in their order)
from ..lazy import lazy_names
from ..variant import variants
from .base import (
    GAME_OVER_REASON,
    ActionResult,
    GameOption,
    GameOutcome,
    GameRules,
    Reason,
    Seating,
    Session,
    TakebackPlan,
    TakebackRefusal,
    UnknownGameError,
    is_automatic,
    is_chance,
)
from .effects import Effect
from .registry import (
    Loader,
    all_games,
    find_game,
    game_ids,
    game_of_position,
    open_session,
    register,
    register_lazy,
    replay,
    unregister,
)
from .view import ActionView, Cube, PieceView, PositionView

if TYPE_CHECKING:  # what __getattr__ hands out, for the type checkers
    from .backgammon import BackgammonRules, BackgammonSession
    from .chess import ChessRules, ChessSession
    from .draughts import DraughtsMove, DraughtsRules, DraughtsSession
    from .latrunculi import LatrunculiRules, LatrunculiSession
    from .ludo import LudoAction, LudoRules, LudoSession

#: The names re-exported from one game's modules, and the module (relative to this package)
#: that defines each.
_LAZY_NAMES = {
    "LatrunculiRules": ".latrunculi",
    "LatrunculiSession": ".latrunculi",
    "latrunculi_games": ".latrunculi",
    "ChessRules": ".chess",
    "ChessSession": ".chess",
    "DraughtsMove": ".draughts",
    "DraughtsRules": ".draughts",
    "DraughtsSession": ".draughts",
    "BackgammonRules": ".backgammon",
    "BackgammonSession": ".backgammon",
    "LudoAction": ".ludo",
    "LudoRules": ".ludo",
    "LudoSession": ".ludo",
}


__getattr__, __dir__ = lazy_names(__name__, globals(), _LAZY_NAMES)


def _latrunculi(variant_id: str) -> Loader:
    """The loader of one Latrunculi rule set's game."""

    def load() -> GameRules:
        from ..variant import find_variant
        from .latrunculi import LatrunculiRules

        return LatrunculiRules(find_variant(variant_id))

    return load


def _chess() -> GameRules:
    from .chess import ChessRules

    return ChessRules()


def _draughts() -> GameRules:
    from .draughts import DraughtsRules

    return DraughtsRules()


def _backgammon() -> GameRules:
    from .backgammon import BackgammonRules

    return BackgammonRules()


def _ludo() -> GameRules:
    from .ludo import LudoRules

    return LudoRules()


for _variant in variants():
    register_lazy(_variant.id, _latrunculi(_variant.id))
for _game_id, _loader in (
    ("chess", _chess),
    ("draughts", _draughts),
    ("backgammon", _backgammon),
    ("ludo", _ludo),
):
    register_lazy(_game_id, _loader)
del _variant, _game_id, _loader

__all__ = [
    "GAME_OVER_REASON",
    "ActionResult",
    "ActionView",
    "BackgammonRules",
    "BackgammonSession",
    "Cube",
    "DraughtsMove",
    "DraughtsRules",
    "DraughtsSession",
    "Effect",
    "GameOption",
    "GameOutcome",
    "ChessRules",
    "ChessSession",
    "GameRules",
    "LatrunculiRules",
    "LatrunculiSession",
    "LudoAction",
    "LudoRules",
    "LudoSession",
    "PieceView",
    "PositionView",
    "Reason",
    "Seating",
    "Session",
    "TakebackPlan",
    "TakebackRefusal",
    "UnknownGameError",
    "all_games",
    "find_game",
    "game_ids",
    "game_of_position",
    "is_automatic",
    "is_chance",
    "open_session",
    "register",
    "register_lazy",
    "replay",
    "unregister",
]
