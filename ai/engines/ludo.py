"""The ludo opponent: a heuristic player for any colour, in games of 2 to 4 (so a table can
hold up to three bot seats, each asking for its own colour's move).

Each legal move is played on a copy of the position and the result scored for the mover:

* **progress**: every token out of the base is worth its progress plus a bonus for being out;
  the home line (safe: nobody else enters it) and the finish are worth more;
* **knocks**: the other colours' tokens are worth the same to them, so knocking one back to
  base gains its whole value, the more the further it had come;
* **danger**: a token on the track that another colour can reach with one die (counting the
  entries on that colour's start field, on a 1 or 6, and its sixth field, on a 6) loses its
  value times the chance of being hit;
* entering on a 1 or 6 and running the leader home follow from the above.

Medium and easy draw among the moves by this score with noise
(:func:`ai.engines.choice.pick`), easy so much that it often plays a plain move. Hard has an
evaluation and a look ahead of its own (:mod:`.ludo_search`, issue 37).
"""

from __future__ import annotations

import random
from typing import Any

from rules.games import LudoAction, LudoSession, Session
from rules.games.ludo import BASE, FINISH
from rules.games.ludo.moves import apply
from rules.games.ludo.position import START_FIELD, TRACK, State

from ..levels import Level
from .choice import pick
from .ludo_search import choose_move

ROLL = "roll"
#: Worth of a token out of the base beyond its progress, on the home line, at the finish.
OUT_BONUS, HOME_BONUS, FINISH_BONUS = 10.0, 15.0, 20.0
#: How much the other colours' progress counts against the mover's own.
OTHERS_WEIGHT = 0.9
_TEMPERATURE = {Level.EASY: 12.0, Level.MEDIUM: 2.0}


def token_value(progress: int) -> float:
    if progress == BASE:
        return 0.0
    if progress == FINISH:
        return OUT_BONUS + FINISH + HOME_BONUS + FINISH_BONUS
    value = OUT_BONUS + progress
    return value + HOME_BONUS if progress >= TRACK else value


def threats(state: State, colour: str, square: int) -> int:
    """How many ways another colour can land on track field ``square`` with its next die."""
    count = 0
    for other, tokens in state.tokens.items():
        if other == colour:
            continue
        reach: set[int] = set()
        for progress in tokens:
            if 0 <= progress < TRACK:
                distance = (square - START_FIELD[other] - progress) % TRACK
                if 1 <= distance <= 6 and progress + distance < TRACK:
                    reach.add(distance)
        count += len(reach)
        if BASE in tokens:
            start = START_FIELD[other]
            if square == start:
                count += 2  # a 1 or a 6 brings a token out there
            elif square == (start + 5) % TRACK:
                count += 1  # a 6 brings one out to its sixth field
    return count


def score(state: State, colour: str) -> float:
    """The position's worth for ``colour`` (see the module's docstring)."""
    mine = 0.0
    for progress in state.tokens[colour]:
        value = token_value(progress)
        square = state.field_of(colour, progress)
        if square is not None:
            hits = threats(state, colour, square)
            if hits:
                value -= (1.0 - (5 / 6) ** hits) * value
        mine += value
    others = [
        sum(token_value(p) for p in tokens)
        for other, tokens in state.tokens.items()
        if other != colour
    ]
    leader = max(others, default=0.0)
    # Mostly the strongest rival counts: holding back the leader wins more than the average.
    rivals = (leader + sum(others) / max(len(others), 1)) / 2
    return mine - OTHERS_WEIGHT * rivals


def move_scores(session: LudoSession) -> list[tuple[float, LudoAction]]:
    """Every legal move with the score of the position it leads to, for the mover."""
    state = session.state
    colour = state.to_move
    scored = []
    for action in session.legal_moves():
        after = state.copy()
        if action.move is not None:
            apply(after, colour, action.move)
        if all(p == FINISH for p in after.tokens[colour]):
            scored.append((1_000_000.0, action))
        else:
            scored.append((score(after, colour), action))
    return scored


class LudoEngine:
    """Chooses a ludo action for whichever colour is to act: ``roll`` when a roll is due,
    else a token move."""

    def choose(
        self, session: Session[Any], level: Level, deadline: float, rng: random.Random
    ) -> str:
        assert isinstance(session, LudoSession)
        if session.chance_due:
            return ROLL
        if Level(level) is Level.HARD:
            return session.format(self._hard(session, deadline))
        scored = move_scores(session)
        scored.sort(key=lambda item: str(item[1]))  # the same order for the same seed
        return session.format(pick(scored, _TEMPERATURE[Level(level)], rng))

    @staticmethod
    def _hard(session: LudoSession, deadline: float) -> LudoAction:
        """Hard: the race evaluation with knock chances, one ply at once and every answer to
        every die while the deadline allows (:mod:`.ludo_search`)."""
        state = session.state
        actions = session.legal_moves()
        moves = [a.move for a in actions if a.move is not None]
        if len(moves) != len(actions) or state.die is None:
            return actions[0]  # a pass
        best, _ = choose_move(state.tokens, state.to_move, state.die, moves, state.active, deadline)
        return actions[moves.index(best)]


def _register() -> None:
    from . import register_engine

    register_engine("ludo", LudoEngine())


_register()
