"""Exceptions of the rules core.

Syntax errors ("that is not a move") are kept apart from legality errors ("that move is not
allowed here"), as python-chess does, so callers can word their replies differently.
"""

from __future__ import annotations


class RulesError(ValueError):
    """Base class of every error the rules core raises on bad input."""


class PositionError(RulesError):
    """An LPN string or a start option that does not describe a valid position."""


class MoveError(RulesError):
    """Base class of the two ways a move can be refused."""


class MoveSyntaxError(MoveError):
    """The text is not a move in any accepted notation."""


class IllegalMoveError(MoveError):
    """A well-formed move that the rules do not allow in the current position.

    ``move`` is the move as typed (or its canonical form) and ``reason`` the explanation alone,
    so a caller can format its own message; ``str(error)`` is ``"<move>: <reason>"``.
    """

    def __init__(self, move: str, reason: str) -> None:
        super().__init__(f"{move}: {reason}")
        self.move = move
        self.reason = reason
