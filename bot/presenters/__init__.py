"""One presenter per game id (see :mod:`bot.presenters.base`): the bot asks
:func:`presenter_for` and never branches on a game's id.

The registry is the extension point for games: the built-in games' presenters are registered
below with :func:`register_presenter`, and a game from outside (a plug-in, a test's own game)
comes in whole with :func:`register_game` (its rules and its presenter) and leaves with
:func:`unregister_game`. ``docs/adding-a-game.md`` says what a game provides."""

from __future__ import annotations

from rules.games import GameRules, all_games, register, unregister

from ..i18n import add_catalog_dir, remove_catalog_dir
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
    "register_game",
    "register_presenter",
    "unregister_game",
    "unregister_presenter",
]

_PRESENTERS: dict[str, GamePresenter] = {}


def register_presenter(presenter: GamePresenter) -> GamePresenter:
    """Show ``presenter.game_id`` in the bot with ``presenter`` (each id once): the bot then
    offers the game wherever it lists games (``/challenge``, ``/rules``, ``/stats``,
    ``/help``), as long as the rules registry (:func:`rules.games.register`) has the id too.
    Register before the bot is created: slash-command choices are built with its commands."""
    if presenter.game_id in _PRESENTERS:
        raise ValueError(f"a presenter for {presenter.game_id!r} is registered twice")
    _PRESENTERS[presenter.game_id] = presenter
    return presenter


def unregister_presenter(game_id: str) -> None:
    """Forget the presenter of ``game_id`` (an id without one is left alone)."""
    _PRESENTERS.pop(game_id, None)


def register_game(rules: GameRules, presenter: GamePresenter) -> None:
    """The one extension point for a whole game: its rules into the rules registry
    (:func:`rules.games.register`) and its presenter into the bot's (:func:`register_presenter`),
    under the same id. See ``docs/adding-a-game.md``."""
    if presenter.game_id != rules.id:
        raise ValueError(f"the presenter of {presenter.game_id!r} cannot show {rules.id!r}")
    register(rules)
    try:
        register_presenter(presenter)
    except ValueError:
        unregister(rules.id)
        raise
    if presenter.locale_dir is not None:
        add_catalog_dir(presenter.locale_dir)


def unregister_game(game_id: str) -> None:
    """Undo :func:`register_game` (a test's own game, after the test)."""
    from ..services.rules_texts import rules_text  # the services import the presenters

    presenter = _PRESENTERS.get(game_id)
    if presenter is not None and presenter.locale_dir is not None:
        remove_catalog_dir(presenter.locale_dir)
    unregister_presenter(game_id)
    unregister(game_id)
    rules_text.cache_clear()


def presenter_for(game_id: str) -> GamePresenter:
    """The presenter of a registered game id (``KeyError`` for an unknown one: storage only
    holds games the bot created)."""
    return _PRESENTERS[game_id]


def all_presenters() -> list[GamePresenter]:
    """Every game the bot plays, in the order they were registered (the built-ins first, in
    the rules registry's order)."""
    return list(_PRESENTERS.values())


def playable_games() -> list[GameRules]:
    """The registered games the bot offers: those with a presenter (a game the rules know
    but the bot cannot show yet is not offered)."""
    return [g for g in all_games() if g.id in _PRESENTERS]


for _presenter in (
    *latrunculi_presenters(),
    ChessPresenter(),
    DraughtsPresenter(),
    BackgammonPresenter(),
    LudoPresenter(),
):
    register_presenter(_presenter)
del _presenter
