"""The registry of game ids: one :class:`~rules.games.base.GameRules` per id, in the order
``python -m rules variants`` lists them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..errors import Quoted, mark
from .base import GameRules, Session, UnknownGameError

_REGISTRY: dict[str, GameRules] = {}


def register(game: GameRules) -> GameRules:
    """Add ``game`` under its id (each id once)."""
    if game.id in _REGISTRY:
        raise ValueError(f"game id {game.id!r} is registered twice")
    _REGISTRY[game.id] = game
    return game


def find_game(game_id: str) -> GameRules:
    """The registered game with this id (case-insensitive); :class:`UnknownGameError` names
    the ids there are."""
    game = _REGISTRY.get(game_id.strip().lower())
    if game is None:
        shown = game_id if len(game_id) <= 40 else game_id[:40] + "…"
        raise UnknownGameError(
            mark("unknown game {game} (expected one of {games})"),
            game=Quoted(shown),
            games=", ".join(_REGISTRY),
        )
    return game


def all_games() -> list[GameRules]:
    """Every registered game, in registration order."""
    return list(_REGISTRY.values())


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
