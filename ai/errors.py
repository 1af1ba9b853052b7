"""Exceptions of the computer opponent. Every one is an :class:`AIError`, so the command line
and the bot can report any of them as one line."""

from __future__ import annotations


class AIError(ValueError):
    """Base class: the opponent cannot choose an action for this request."""


class GameOverError(AIError):
    """The position is a finished game: there is nothing to choose."""


class NoLegalActionError(AIError):
    """The game goes on but the side to act has no legal action (should not happen in a game
    of the house; reported rather than guessed)."""


class UnknownGameError(AIError):
    """No engine is registered for this game id; the message names the ids there are."""


class WorkerError(AIError):
    """The worker process crashed or overran its deadline; it has been restarted."""
