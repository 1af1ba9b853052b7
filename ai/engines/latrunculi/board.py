"""What the search reads of a Latrunculi game beyond the house interface, in one place.

The search plays through :class:`rules.game.Game` (``push``/``pop``/``legal_moves``, the rules'
own code, so it can never disagree with them). To evaluate a position and to honour the
repetition rule it also reads the game's board state and its position counts; those are
private to :mod:`rules.game`, so every such read is here, behind three small functions, for the
day the rules core changes its insides.
"""

from __future__ import annotations

from rules.game import REPETITION_LIMIT, Game
from rules.position import State


def state_of(game: Game) -> State:
    """The live board the game plays on (read only)."""
    return game._state


def position_key(game: Game) -> tuple[object, ...]:
    """What the repetition rule compares for the current position (placement with held marks,
    hands, side to move): the game's own key."""
    stack = game._stack
    return stack[-1].key if stack else game._state.key()


def seen_before(game: Game) -> bool:
    """Whether the current position occurred earlier in the game (since the session opened):
    a second occurrence, one step from the position the rules will forbid."""
    return game._counts.get(position_key(game), 0) >= 2


def history_restricts_moves(game: Game) -> bool:
    """Whether some position has occurred ``REPETITION_LIMIT - 1`` times, so that the legal
    moves of a position may depend on how it was reached. A transposition table must not
    reuse a score across such positions."""
    return game._twice > 0


__all__ = ["REPETITION_LIMIT", "history_restricts_moves", "position_key", "seen_before", "state_of"]
