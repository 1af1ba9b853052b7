"""The engine registry: one :class:`Engine` per game id.

The Latrunculi engine registers itself here for ``classic``, ``rugen``, ``schadler`` and
``lat``; other games' engines call :func:`register_engine` in their own module, imported
below.
"""

from __future__ import annotations

from ..errors import UnknownGameError
from .base import Engine

_ENGINES: dict[str, Engine] = {}


def register_engine(game_id: str, engine: Engine) -> None:
    """Make ``engine`` the one that plays ``game_id`` (each id once)."""
    key = game_id.strip().lower()
    if key in _ENGINES:
        raise ValueError(f"an engine for {key!r} is registered twice")
    _ENGINES[key] = engine


def engine_for(game_id: str) -> Engine:
    """The engine that plays ``game_id``; :class:`UnknownGameError` names the ids there are."""
    engine = _ENGINES.get(game_id.strip().lower())
    if engine is None:
        shown = game_id if len(game_id) <= 40 else game_id[:40] + "…"
        raise UnknownGameError(
            f"no computer opponent for {shown!r} (it plays {', '.join(_ENGINES) or 'nothing'})"
        )
    return engine


def engine_ids() -> list[str]:
    """The game ids an engine is registered for, in registration order."""
    return list(_ENGINES)


from . import (  # noqa: E402, F401  (each registers itself)
    backgammon,
    chess,
    draughts,
    latrunculi,
    ludo,
)

__all__ = ["Engine", "engine_for", "engine_ids", "register_engine"]
