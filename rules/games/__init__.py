"""Every game of the house behind one interface (:mod:`rules.games.base`) and one registry.

    >>> from rules.games import open_session
    >>> session = open_session("rugen")
    >>> session.play("a2a3").canonical
    'a2-a3'

Importing this package registers the games, in the order ``python -m rules variants`` lists
them: the four Latrunculi rule sets, then chess, draughts, backgammon and ludo.
"""

from __future__ import annotations

from .backgammon import BackgammonRules, BackgammonSession
from .base import (
    GAME_OVER_REASON,
    ActionResult,
    GameOption,
    GameOutcome,
    GameRules,
    Reason,
    Session,
    UnknownGameError,
)
from .chess import ChessRules, ChessSession
from .draughts import DraughtsMove, DraughtsRules, DraughtsSession
from .latrunculi import LatrunculiRules, LatrunculiSession, latrunculi_games
from .ludo import LudoAction, LudoRules, LudoSession
from .registry import (
    all_games,
    find_game,
    game_of_position,
    open_session,
    register,
    replay,
)

for _game in (*latrunculi_games(), ChessRules(), DraughtsRules(), BackgammonRules(), LudoRules()):
    register(_game)

__all__ = [
    "GAME_OVER_REASON",
    "ActionResult",
    "BackgammonRules",
    "BackgammonSession",
    "DraughtsMove",
    "DraughtsRules",
    "DraughtsSession",
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
    "Reason",
    "Session",
    "UnknownGameError",
    "all_games",
    "find_game",
    "game_of_position",
    "open_session",
    "replay",
]
