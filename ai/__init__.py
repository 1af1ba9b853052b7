"""The computer opponent: chooses an action for the side to act in any game of the house.

Above :mod:`rules`, below :mod:`bot` (the bot runs it in a worker process, :mod:`ai.worker`).

    >>> from ai import Level, choose_action
    >>> choose_action("rugen", Level.EASY, seed=1)  # doctest: +SKIP
    'a2-a5'
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from rules.errors import RulesError
from rules.games import GameOutcome, replay

from .engines import engine_for
from .errors import AIError, GameOverError, NoLegalActionError, UnknownGameError, WorkerError
from .levels import DEFAULT_TIME, Level, default_time


def choose_action(
    position: str,
    level: Level = Level.HARD,
    time_limit: float | None = None,
    seed: int | None = None,
    moves: Sequence[str] = (),
) -> str:
    """The action the opponent plays at ``position``, in canonical notation.

    ``position`` is any text :func:`rules.games.open_session` accepts (a position, or a bare game
    id for its start). ``time_limit`` caps the thinking in seconds (default: the level's);
    ``seed`` makes the choice reproducible. ``moves`` are actions played from ``position``
    first (each checked, as :func:`rules.games.replay` does): pass a game's start and its moves
    rather than only its current position, and the repetition rule (a third occurrence is
    illegal) is honoured, because the rules count positions from where the session opened.
    Raises :class:`~rules.errors.PositionError` for a
    position the rules refuse, :class:`GameOverError` for a finished game,
    :class:`NoLegalActionError` when nothing is legal and :class:`UnknownGameError` for a game
    without an engine.
    """
    started = time.monotonic()
    level = Level(level)
    limit = default_time(level) if time_limit is None else time_limit
    if not limit > 0:
        raise AIError(f"the time limit must be more than 0 seconds, not {limit}")
    session = replay(position, moves)
    if session.is_over:
        raise GameOverError(f"the game is over ({_describe(session.outcome)}): nothing to play")
    legal = session.legal_actions()
    if not legal:
        raise NoLegalActionError(f"{session.to_move} has no legal action in this position")
    engine = engine_for(session.rules.id)
    if len(legal) == 1:
        return legal[0]
    action = engine.choose(session, level, started + limit, random.Random(seed))
    if action not in legal:  # an engine bug must never reach a game
        raise AIError(f"the {session.rules.id} engine chose {action!r}, which is not legal here")
    return action


def _describe(outcome: GameOutcome | None) -> str:
    """An outcome in a few words, for the game-over error."""
    if outcome is None:
        return "no outcome"
    reason = outcome.reason.value.replace("_", " ")
    return f"{outcome.winner} won: {reason}" if outcome.winner else f"a draw: {reason}"


__all__ = [
    "DEFAULT_TIME",
    "AIError",
    "GameOverError",
    "Level",
    "NoLegalActionError",
    "RulesError",
    "UnknownGameError",
    "WorkerError",
    "choose_action",
    "default_time",
]
