"""Ludo for 2–4 players (games.md, "ludo"): positions and their text (:mod:`.position`), token
moves for one die (:mod:`.moves`), and the session with the roll for the first player, extra
rolls on 6 and seats that leave (:mod:`.session`)."""

from __future__ import annotations

from .moves import TokenMove, generate, walk
from .position import BASE, FINISH, NAMES, State, format_state, parse_state
from .session import MOVE_HINT, LudoAction, LudoRules, LudoSession

__all__ = [
    "BASE",
    "FINISH",
    "MOVE_HINT",
    "NAMES",
    "LudoAction",
    "LudoRules",
    "LudoSession",
    "State",
    "TokenMove",
    "format_state",
    "generate",
    "parse_state",
    "walk",
]
