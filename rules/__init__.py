"""The rules core: every game of the house, positions, moves, outcomes and notation.

Pure Python with no I/O; the bot, the renderer and storage all ask this package what is legal.
:mod:`rules.games` is the one interface for every game (:func:`find_game`, :func:`open_session`);
:class:`Game` and :class:`Variant` are the Latrunculi core underneath its four rule sets.

    >>> from rules import Game, open_session
    >>> game = Game.new("rugen")
    >>> result = game.play("a2-a3")
    >>> open_session("rugen").play("a2a3").canonical
    'a2-a3'
"""

from . import latrunculi as _latrunculi  # noqa: F401  (registers the Latrunculi rule sets)
from .errors import (
    IllegalMoveError,
    MoveError,
    MoveSyntaxError,
    PositionError,
    Quoted,
    RulesError,
    Wording,
)
from .game import Game
from .games import (
    ActionResult,
    GameOutcome,
    GameRules,
    Reason,
    Session,
    UnknownGameError,
    all_games,
    find_game,
    open_session,
    replay,
)
from .geometry import Square, parse_square, square_name
from .model import (
    KIND_NAMES,
    PASS,
    Move,
    MoveKind,
    MoveResult,
    Outcome,
    Piece,
    Side,
    Termination,
    piece,
)
from .notation import format_position, parse_move, parse_position
from .position import Position
from .variant import UnknownVariantError, Variant, VariantOption, find_variant, variants


def start_position(variant_id: str, options: dict[str, str] | None = None) -> Position:
    """The start position of ``variant_id`` with ``options`` (e.g. ``{"size": "12x8"}``)."""
    return find_variant(variant_id).start_position(options)


def position_from_text(text: str) -> Position:
    """An LPN string, or a bare variant id meaning its default start position."""
    text = text.strip()
    if ":" in text:
        return parse_position(text)
    return start_position(text)


__all__ = [
    "ActionResult",
    "GameOutcome",
    "GameRules",
    "Reason",
    "Session",
    "UnknownGameError",
    "all_games",
    "find_game",
    "open_session",
    "Game",
    "IllegalMoveError",
    "KIND_NAMES",
    "Move",
    "MoveError",
    "MoveKind",
    "MoveResult",
    "MoveSyntaxError",
    "Outcome",
    "PASS",
    "Piece",
    "Position",
    "PositionError",
    "RulesError",
    "Side",
    "Square",
    "Termination",
    "UnknownVariantError",
    "Variant",
    "VariantOption",
    "find_variant",
    "format_position",
    "parse_move",
    "parse_position",
    "parse_square",
    "piece",
    "position_from_text",
    "replay",
    "square_name",
    "start_position",
    "variants",
    "Quoted",
    "Wording",
]
