"""The engine registry: one :class:`Engine` per game id.

Each engine module calls :func:`register_engine` for its games when it is imported, and it is
imported the first time :func:`engine_for` is asked for one of them (:data:`ENGINE_MODULES`):
a fresh ``python -m ai move classic`` does not import python-chess, gnubg or the other games'
rules for nothing. The ids are known without importing anything, so :func:`engine_ids` and the
error for an unknown game still name every game.
"""

from __future__ import annotations

import importlib

from ..errors import UnknownGameError
from .base import Engine

#: The module under this package that registers the engine of each game id, in the order the
#: rules list the games.
ENGINE_MODULES: dict[str, str] = {
    "classic": "latrunculi",
    "rugen": "latrunculi",
    "schadler": "latrunculi",
    "lat": "latrunculi",
    "chess": "chess",
    "draughts": "draughts",
    "backgammon": "backgammon",
    "ludo": "ludo",
}

_ENGINES: dict[str, Engine] = {}


def register_engine(game_id: str, engine: Engine) -> None:
    """Make ``engine`` the one that plays ``game_id`` (each id once)."""
    key = game_id.strip().lower()
    if key in _ENGINES:
        raise ValueError(f"an engine for {key!r} is registered twice")
    _ENGINES[key] = engine


def engine_for(game_id: str) -> Engine:
    """The engine that plays ``game_id``, its module imported on first use;
    :class:`UnknownGameError` names the ids there are."""
    key = game_id.strip().lower()
    engine = _ENGINES.get(key)
    if engine is not None:
        return engine
    module = ENGINE_MODULES.get(key)
    if module is None:
        shown = game_id if len(game_id) <= 40 else game_id[:40] + "…"
        raise UnknownGameError(
            f"no computer opponent for {shown!r} (it plays {', '.join(engine_ids()) or 'nothing'})"
        )
    importlib.import_module(f".{module}", __name__)  # registers its engines
    engine = _ENGINES.get(key)
    if engine is None:  # pragma: no cover - a module that forgot to register its game
        raise RuntimeError(f"{__name__}.{module} registered no engine for {key!r}")
    return engine


def engine_ids() -> list[str]:
    """The game ids there is an engine for, in the rules' order (then any registered later),
    without importing an engine."""
    return list(dict.fromkeys([*ENGINE_MODULES, *_ENGINES]))


__all__ = ["ENGINE_MODULES", "Engine", "engine_for", "engine_ids", "register_engine"]
