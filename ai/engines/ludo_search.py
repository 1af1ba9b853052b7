"""Ludo hard: a race evaluation with the knock chances of the next rolls, and a look at every
answer to every die (issue 37).

The position's worth for a colour is its race (every token's progress, more for being out, on
the home line and at the finish) less what it stands to lose to knocks, and its score is that
worth less the rivals' (0.9 × the mean of the strongest rival's and the average rival's).

**Knock chances** (:func:`knock_losses`) are counted per die, as the game is played: with each
die the colour to roll makes the best knock it has (the fields its track tokens reach, its
start field on a 1 or 6 and its sixth field on a 6 while a token waits in its base), a 6 adds
another roll (and a token 6 + n fields behind reaches too), and one die knocks one field only,
so two tokens in reach of the same die are not both lost. The colour to roll counts fully, the
ones after it less (their targets may move first).

**Search** (:func:`choose_move`): every move is first scored on the position it leads to
(instant, the answer when time is short); then, while the deadline allows, each is scored by
the mean over the next roller's six dice of the position after that roller's best answer (by
the same evaluation, from its own side; after a 6 the mover rolls again and answers itself).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

from rules.games.ludo import BASE, FINISH
from rules.games.ludo.moves import TokenMove, generate
from rules.games.ludo.position import START_FIELD, TRACK

Tokens = dict[str, list[int]]
WIN = 1_000_000.0


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluation's terms (in fields of progress)."""

    #: A token's worth beyond its progress: out of the base, on the home line, at the finish.
    out: float = 10.0
    home: float = 15.0
    finish: float = 20.0
    #: How much the knock chances of the colour to roll count, and of each colour after it.
    first: float = 1.0
    later: float = 0.5
    #: A colour with no token out (only in base or finished) wastes its rolls but 1s and 6s.
    stuck: float = 0.0
    #: How much the rivals' worth counts against the mover's.
    others: float = 0.9


WEIGHTS = Weights()


def worth(progress: int, w: Weights = WEIGHTS) -> float:
    if progress == BASE:
        return 0.0
    if progress == FINISH:
        return w.out + FINISH + w.home + w.finish
    if progress >= TRACK:
        return w.out + progress + w.home
    return w.out + progress


_TABLES: dict[Weights, list[float]] = {}


def _table(w: Weights) -> list[float]:
    """:func:`worth` of every progress, indexed by progress + 1."""
    table = _TABLES.get(w)
    if table is None:
        table = _TABLES[w] = [worth(p, w) for p in range(BASE, FINISH + 1)]
    return table


def play(tokens: Tokens, colour: str, move: TokenMove) -> Tokens:
    """The tokens after ``colour`` plays ``move`` (a copy; knocked tokens go to base)."""
    new = {c: list(t) for c, t in tokens.items()}
    mine = new[colour]
    for _ in range(move.count):
        mine[mine.index(move.src)] = move.dst
    if 0 <= move.dst < TRACK:
        square = (START_FIELD[colour] + move.dst) % TRACK
        for other, others in new.items():
            if other == colour:
                continue
            start = START_FIELD[other]
            for i, progress in enumerate(others):
                if 0 <= progress < TRACK and (start + progress) % TRACK == square:
                    others[i] = BASE
    return new


def _occupancy(tokens: Tokens, w: Weights) -> dict[int, tuple[str, float]]:
    """Every occupied track field: its colour and the worth of its tokens there."""
    fields: dict[int, tuple[str, float]] = {}
    table = _table(w)
    for colour, own in tokens.items():
        start = START_FIELD[colour]
        for progress in own:
            if 0 <= progress < TRACK:
                square = (start + progress) % TRACK
                held = fields.get(square)
                fields[square] = (colour, table[progress + 1] + (held[1] if held else 0.0))
    return fields


def _best_knocks(
    colour: str, own: list[int], fields: dict[int, tuple[str, float]]
) -> list[tuple[str, float] | None]:
    """For each die 1–6 (index 0–5) the best single knock ``colour`` can make with it, and
    for each n 1–6 (index 6–11) the best with a 6 and then n by one track token."""
    start = START_FIELD[colour]
    best: list[tuple[str, float] | None] = [None] * 12
    track = [p for p in set(own) if 0 <= p < TRACK]
    entering = BASE in own
    for square, held in fields.items():
        if held[0] == colour:
            continue
        for progress in track:
            steps = (square - start - progress) % TRACK
            if 1 <= steps <= 12 and progress + steps < TRACK:
                current = best[steps - 1]
                if current is None or held[1] > current[1]:
                    best[steps - 1] = held
        if entering:
            offset = (square - start) % TRACK
            dice: tuple[int, ...]
            if offset == 0:
                dice = (0, 5)
            elif offset == 5:
                dice = (5,)
            else:
                continue
            for index in dice:
                current = best[index]
                if current is None or held[1] > current[1]:
                    best[index] = held
    return best


def knock_losses(tokens: Tokens, roller: str, order: str, w: Weights = WEIGHTS) -> dict[str, float]:
    """What each colour stands to lose to knocks in the next turns: the colour ``roller``
    rolls first, then the others in ``order`` (weighted :attr:`Weights.first`, then
    :attr:`Weights.later` each step)."""
    fields = _occupancy(tokens, w)
    losses = dict.fromkeys(tokens, 0.0)
    if not fields:
        return losses
    i = order.index(roller)
    weight = w.first
    for step in range(len(order)):
        attacker = order[(i + step) % len(order)]
        own = tokens.get(attacker)
        if own is None:
            continue
        if step:
            weight *= w.later
        best = _best_knocks(attacker, own, fields)
        for die in range(6):
            hit = best[die]
            if hit is not None:
                losses[hit[0]] += weight * hit[1] / 6
        # A 6 rolls again: the second die knocks as above, or with the same token 6 + n on.
        for die in range(6):
            direct, chained = best[die], best[6 + die]
            hit = (
                chained
                if direct is None or (chained is not None and chained[1] > direct[1])
                else direct
            )
            if hit is not None:
                losses[hit[0]] += weight * hit[1] / 36
    return losses


def values(tokens: Tokens, roller: str, order: str, w: Weights = WEIGHTS) -> dict[str, float]:
    """Each colour's worth: its race less its knock losses (and :attr:`Weights.stuck`)."""
    losses = knock_losses(tokens, roller, order, w)
    result = {}
    table = _table(w)
    for colour, own in tokens.items():
        value = sum([table[p + 1] for p in own]) - losses[colour]
        if w.stuck and BASE in own and all(p == BASE or p == FINISH for p in own):
            value -= w.stuck
        result[colour] = value
    return result


def _rival_mix(worths: dict[str, float], colour: str, w: Weights) -> float:
    mine = worths[colour]
    if mine >= WIN or mine <= -WIN:
        return mine
    others = [v for c, v in worths.items() if c != colour]
    if not others:
        return mine
    return mine - w.others * (max(others) + sum(others) / len(others)) / 2


def scores(tokens: Tokens, roller: str, order: str, w: Weights = WEIGHTS) -> dict[str, float]:
    """Every colour's score (see :func:`score`); a colour that has finished scores ``WIN``, the
    others then ``-WIN``."""
    for colour, own in tokens.items():
        if all(p == FINISH for p in own):
            return {c: WIN if c == colour else -WIN for c in tokens}
    worths = values(tokens, roller, order, w)
    return {c: _rival_mix(worths, c, w) for c in worths}


def score(tokens: Tokens, colour: str, roller: str, order: str, w: Weights = WEIGHTS) -> float:
    """The position's worth for ``colour`` with ``roller`` to roll next, less its rivals'."""
    return scores(tokens, roller, order, w)[colour]


def _next(order: str, colour: str) -> str:
    return order[(order.index(colour) + 1) % len(order)]


def _replies(tokens: Tokens, colour: str, die: int) -> Iterable[Tokens]:
    moves = generate(tokens[colour], die)
    if not moves:
        return [tokens]
    return [play(tokens, colour, m) for m in moves]


def _expected(
    after: Tokens, colour: str, roller: str, order: str, deadline: float, w: Weights
) -> float | None:
    """``colour``'s mean score over ``roller``'s six dice, each answered by ``roller``'s best
    move by its own score; ``None`` if ``deadline`` passes first."""
    total = 0.0
    for die in range(1, 7):
        if time.monotonic() >= deadline:
            return None
        following = roller if die == 6 else _next(order, roller)
        best_for_roller = -2 * WIN
        best_for_me = 0.0
        for reply in _replies(after, roller, die):
            both = scores(reply, following, order, w)
            if both[roller] > best_for_roller:
                best_for_roller, best_for_me = both[roller], both[colour]
        total += best_for_me
    return total / 6


def choose_move(
    tokens: Tokens,
    colour: str,
    die: int,
    moves: list[TokenMove],
    order: str,
    deadline: float,
    w: Weights = WEIGHTS,
    depth: int = 2,
) -> tuple[TokenMove, list[float]]:
    """The best of ``moves`` for ``colour`` with ``die`` (``order``: the colours still playing,
    in turn order) and every move's score: one ply at once (the answer if time is short), the
    mean over the next roller's answers while ``deadline`` allows (``depth`` 2)."""
    roller = colour if die == 6 else _next(order, colour)
    afters = [play(tokens, colour, m) for m in moves]
    scored = [score(after, colour, roller, order, w) for after in afters]
    if depth >= 2 and len(moves) > 1:
        deep: list[float] = []
        for after, first in zip(afters, scored, strict=True):
            value = (
                first if abs(first) >= WIN else _expected(after, colour, roller, order, deadline, w)
            )
            if value is None:
                break
            deep.append(value)
        else:
            scored = deep
    best = max(range(len(moves)), key=lambda i: (scored[i], -i))
    return moves[best], scored
