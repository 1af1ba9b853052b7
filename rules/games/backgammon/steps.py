"""A turn put together one die at a time (the bot's Move picker): which single steps may come
next so that the turn can still end as a legal turn, and the legal turn once it is complete.

A legal turn is one of :func:`.turns.generate`'s plays (as many dice as possible, the higher
die when only one can be played). A step is offered only when some way of playing the dice
left after it ends in one of those plays' positions, with as many steps as they have; so a
player picking die by die can never end in a turn the rules refuse, nor be stuck half-way. The
player's order of steps is free (``13/12 12/6`` and ``13/7 7/6`` reach the same 6-1 turn).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...errors import IllegalMoveError, mark
from .turns import BAR, Play, Step, apply_step, generate, step_target, step_text

__all__ = ["TurnSoFar", "turn_so_far"]


@dataclass(frozen=True, slots=True)
class TurnSoFar:
    """Where a turn picked step by step stands."""

    dice: tuple[int, int]
    #: The steps chosen, in the order chosen.
    done: tuple[Step, ...]
    #: The dice still to play (the higher first; four entries for a double at the start).
    left: tuple[int, ...]
    #: The steps that may come next (each still leads to a legal turn), highest point first.
    choices: tuple[Step, ...]
    #: The legal turn the steps make, once they are all chosen (its canonical form).
    complete: Play | None

    @property
    def done_text(self) -> str:
        return " ".join(step_text(s) for s in self.done)


def _key(me: list[int], hits: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return tuple(me), tuple(sorted(hits))


def turn_so_far(
    me_in: list[int],
    opp_in: list[int],
    dice: tuple[int, int],
    done: Sequence[tuple[int, int]],
) -> TurnSoFar:
    """The turn after the steps ``done`` (each ``(from point, die)``, the bar is 25) for the
    mover's board ``me_in`` against ``opp_in`` with ``dice``. Raises ``IllegalMoveError``
    when a step cannot be played there or leads to no legal turn."""
    plays = generate(me_in, opp_in, dice)
    length = len(plays[0].steps) if plays else 0
    goals = {p.key: p for p in plays}
    me, opp = list(me_in), list(opp_in)
    high, low = max(dice), min(dice)
    left = [high] * 4 if high == low else [high, low]
    steps: list[Step] = []
    hits: list[int] = []

    def step_for(origin: int, die: int) -> Step | None:
        if die not in left or not 1 <= origin <= BAR:
            return None
        target = step_target(me, opp, origin, die)
        return None if target is None else (origin, target[0], die, target[1])

    def play(step: Step) -> None:
        apply_step(me, opp, step)
        steps.append(step)
        left.remove(step[2])
        if step[3]:
            hits.append(step[1])

    def unplay() -> None:
        step = steps.pop()
        origin, to, die, hit = step
        me[origin] += 1
        if to > 0:
            me[to] -= 1
            if hit:
                opp[25 - to] += 1
                opp[BAR] -= 1
                hits.remove(to)
        left.append(die)
        left.sort(reverse=True)

    def leads_on() -> bool:
        if len(steps) == length:
            return _key(me, hits) in goals
        for die in sorted(set(left), reverse=True):
            for origin in range(BAR, 0, -1):
                step = step_for(origin, die)
                if step is None:
                    continue
                play(step)
                found = leads_on()
                unplay()
                if found:
                    return True
        return False

    for origin, die in done:
        step = step_for(origin, die)
        if step is None or len(steps) >= length:
            shown = f"{'bar' if origin == BAR else origin} with a {die}"
            raise IllegalMoveError(shown, mark("that step cannot be played now"))
        play(step)
        if not leads_on():
            raise IllegalMoveError(step_text(step), mark("that step leads to no legal turn"))
    chosen = tuple(steps)
    choices: list[Step] = []
    if len(steps) < length:
        for origin in range(BAR, 0, -1):
            for die in sorted(set(left), reverse=True):
                step = step_for(origin, die)
                if step is None:
                    continue
                play(step)
                if leads_on():
                    choices.append(step)
                unplay()
    complete = goals.get(_key(me, hits)) if len(steps) == length and length else None
    return TurnSoFar(dice, chosen, tuple(left), tuple(choices), complete)
