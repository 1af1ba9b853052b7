"""One presenter per game id (see :mod:`bot.presenters.base`): the bot asks
:func:`presenter_for` and never branches on a game's id."""

from __future__ import annotations

from rules.games import GameRules, all_games

from .backgammon import BackgammonPresenter
from .base import BoardView, GamePresenter, PickPath, Ply, RecordInfo, Suggestion
from .chess import ChessPresenter
from .draughts import DraughtsPresenter
from .latrunculi import LatrunculiPresenter, latrunculi_presenters
from .ludo import LudoPresenter

__all__ = [
    "BoardView",
    "GamePresenter",
    "LatrunculiPresenter",
    "PickPath",
    "Ply",
    "RecordInfo",
    "Suggestion",
    "all_presenters",
    "playable_games",
    "presenter_for",
]

_PRESENTERS: dict[str, GamePresenter] = {
    p.game_id: p
    for p in (
        *latrunculi_presenters(),
        ChessPresenter(),
        DraughtsPresenter(),
        BackgammonPresenter(),
        LudoPresenter(),
    )
}


def presenter_for(game_id: str) -> GamePresenter:
    """The presenter of a registered game id (``KeyError`` for an unknown one: storage only
    holds games the bot created)."""
    return _PRESENTERS[game_id]


def all_presenters() -> list[GamePresenter]:
    """Every game the bot plays, in the registry's order."""
    return list(_PRESENTERS.values())


def playable_games() -> list[GameRules]:
    """The registered games the bot offers: those with a presenter (a game the rules know
    but the bot cannot show yet, such as ludo while its Discord flow is missing, is not
    offered)."""
    return [g for g in all_games() if g.id in _PRESENTERS]
