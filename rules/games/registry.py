"""The registry of game ids: one :class:`~rules.games.base.GameRules` per id, in the order
``python -m rules variants`` lists them.

An id is registered with a loader (:func:`register_lazy`), and the game's module is imported
the first time that id is asked for: a command line about one game does not import the seven
others (python-chess alone costs a fresh process more than the rules of a Latrunculi game).
The ids themselves are known without loading anything, so an unknown id is still answered with
the list of every game. :func:`all_games` loads every game, since it hands out their objects.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import Any

from ..errors import Quoted, mark
from .base import GameRules, Session, UnknownGameError

#: Makes the game of one id; called once, when the id is first asked for.
Loader = Callable[[], GameRules]

_LOADERS: dict[str, Loader] = {}
_LOADED: dict[str, GameRules] = {}
#: Loading imports a module: one thread does it, the others wait for the same object.
_LOCK = threading.RLock()


def _key(game_id: str) -> str:
    return game_id.strip().lower()


def register_lazy(game_id: str, loader: Loader) -> None:
    """Add ``game_id``, whose game ``loader`` makes when it is first asked for (each id
    once). The loader should import the game's module itself, so that nothing is imported
    before then."""
    key = _key(game_id)
    if key in _LOADERS:
        raise ValueError(f"game id {key!r} is registered twice")
    _LOADERS[key] = loader


def register(game: GameRules) -> GameRules:
    """Add ``game``, already made, under its id (each id once)."""
    register_lazy(game.id, lambda: game)
    return game


def unregister(game_id: str) -> None:
    """Remove ``game_id`` and its game (a game registered for a while: a test's own game, or
    an extension unloaded); an id that is not registered is left alone."""
    key = _key(game_id)
    with _LOCK:
        _LOADERS.pop(key, None)
        _LOADED.pop(key, None)


def game_ids() -> list[str]:
    """Every registered game id, in registration order, without loading any game."""
    return list(_LOADERS)


def _load(key: str) -> GameRules:
    """The game of a registered id, made by its loader the first time."""
    game = _LOADED.get(key)
    if game is not None:
        return game
    with _LOCK:
        game = _LOADED.get(key)
        if game is None:
            game = _LOADERS[key]()
            if game.id != key:
                raise ValueError(f"the loader of game id {key!r} made the game {game.id!r}")
            _LOADED[key] = game
    return game


def find_game(game_id: str) -> GameRules:
    """The registered game with this id (case-insensitive); :class:`UnknownGameError` names
    the ids there are."""
    key = _key(game_id)
    if key not in _LOADERS:
        shown = game_id if len(game_id) <= 40 else game_id[:40] + "…"
        raise UnknownGameError(
            mark("unknown game {game} (expected one of {games})"),
            game=Quoted(shown),
            games=", ".join(_LOADERS),
        )
    return _load(key)


def all_games() -> list[GameRules]:
    """Every registered game, in registration order (which loads them all)."""
    return [_load(key) for key in list(_LOADERS)]


def game_of_position(text: str) -> GameRules:
    """The game a position text belongs to: the id before the first ``:``, or a bare id."""
    game_id, _, _ = text.strip().partition(":")
    return find_game(game_id)


def open_session(text: str) -> Session[Any]:
    """A session at a position text (``chess:<FEN>``, an LPN string, …) or, for a bare id, at
    that game's default start."""
    text = text.strip()
    game = game_of_position(text)
    return game.session(text if ":" in text else None)


def replay(start: str, actions: Iterable[str]) -> Session[Any]:
    """A session at ``start`` (a position text or a bare id) with ``actions`` played in order,
    each checked: the one way to rebuild a stored game. Raises the first refusal, as
    :meth:`Session.play` does (a chance action such as ``roll:5-2`` is replayed like any other,
    so nothing random happens)."""
    session = open_session(start)
    for action in actions:
        session.play(action)
    return session
