"""Backgammon with the doubling cube (games.md): XGID positions (:mod:`.xgid`), legal turns
(:mod:`.turns`), typed turns and refusals (:mod:`.notation`), the session with the cube and
match scores (:mod:`.session`), and ``.mat`` records for gnubg (:mod:`.matfile`)."""

from __future__ import annotations

from .matfile import MatGame, mat_text
from .session import (
    BackgammonAction,
    BackgammonRules,
    BackgammonSession,
    MatchScore,
    conceded,
    score_after,
)
from .steps import TurnSoFar
from .turns import Play, generate
from .xgid import SEAT_NAMES, State, format_xgid, parse_xgid, single_game_refusal

__all__ = [
    "BackgammonAction",
    "BackgammonRules",
    "BackgammonSession",
    "MatGame",
    "MatchScore",
    "Play",
    "SEAT_NAMES",
    "State",
    "TurnSoFar",
    "conceded",
    "format_xgid",
    "generate",
    "mat_text",
    "parse_xgid",
    "score_after",
    "single_game_refusal",
]
