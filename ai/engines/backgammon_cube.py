"""Cubeful match-winning chances from gnubg's cubeless chances, for match cube decisions.

Why: the ``gnubg`` Python binding evaluates cubeless only, so a match's "no double" judged
from its equity alone is a *dead* cube: it leaves out that the side keeping the cube centred
(or owning it) can still double later, and far from the match's end that overstates the cost
of not doubling (3-away/2-away gave ~0.5 EMG). GNU Backgammon itself turns cubeless chances
into cubeful ones at its 0-ply leaves with Joern Thyssen's generalisation of Rick Janowski's
money formulae to match play, and this module ports that method:

* ``Cl2CfMatch`` / ``Cl2CfMatchCentered`` / ``Cl2CfMatchOwned`` / ``Cl2CfMatchUnavailable``
  and ``fDoCubeful`` (gnubg ``eval.c``): the live-cube MWC is a piecewise straight line in the
  winning chance ``p`` through the opponent's too-good point (its cash point seen from our
  side), our own cash point, and the gammon-weighted MWC of losing/winning at ``p`` = 0 / 1;
  the cubeful MWC is ``(1 − x) · dead + x · live`` with ``x`` the cube efficiency;
* ``GetPoints`` (gnubg ``matchequity.c``): both sides' live-cube cash points at the score,
  found backwards from the cube level where the doubled cube would be dead (with the
  opponent's automatic redouble, ``GetCubePrimeValue``) down to the current cube;
* ``getME`` (``matchequity.c``): one side's MWC after a side wins so many points, from gnubg's
  own match equity table (``gnubg.met()``: pre-Crawford and post-Crawford tables);
* ``EvalEfficiency`` (``eval.c``): the cube efficiency ``x`` by position class — 0.68 in
  contact and crashed positions, ``0.55 + 0.00125 × pips`` of the side on roll within
  [0.6, 0.7] in a race, 0.6 in the bear-off databases (gnubg's upper bound there; it refines
  two-sided bear-offs with exact money equities the binding does not expose).

Reference: GNU Backgammon (GPL-3.0-or-later, like this project), ``eval.c`` and
``matchequity.c`` (gnubg 1.0x sources, e.g. github.com/hwatheod/gnubg-web ``gnubg/``).
Everything is in gnubg's frame: players 0 and 1, ``move`` the side on roll whose chances are
given; the differences from gnubg are noted where they are (the chances are the binding's
n-ply cubeless ones with the conversion applied once at the top, where gnubg's n-ply cubeful
evaluation applies it at every leaf and decides the cube in between).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType

__all__ = [
    "Cube",
    "MatchTable",
    "cube_efficiency",
    "cubeful_mwc",
    "cash_points",
    "dead_mwc",
    "do_cubeful",
    "match_table",
]

#: gnubg's position classes (``positionclass`` in eval.h), as ``gnubg.classify`` returns them.
CLASS_OVER, CLASS_BEAROFF2, CLASS_BEAROFF_TS, CLASS_BEAROFF1, CLASS_BEAROFF_OS = 0, 4, 5, 6, 7
CLASS_RACE, CLASS_CRASHED, CLASS_CONTACT = 8, 9, 10


@dataclass(frozen=True, slots=True)
class Cube:
    """gnubg's ``cubeinfo`` for match play: the cube ``value``, its ``owner`` (-1 centred, else
    player 0 or 1), the player on roll (``move``), the match ``length``, both players'
    ``score`` and the Crawford flag."""

    value: int
    owner: int
    move: int
    length: int
    score: tuple[int, int]
    crawford: bool


class MatchTable:
    """gnubg's match equity table: ``pre[i][j]`` player 0's MWC when it needs ``i + 1`` points
    and player 1 ``j + 1``; ``post[k][n]`` the post-Crawford MWC of the trailer needing ``n + 1``
    when player ``1 − k`` leads at 1-away (gnubg's ``aafMETPostCrawford[k]``)."""

    def __init__(self, pre: Sequence[Sequence[float]], post: Sequence[Sequence[float]]) -> None:
        self.pre = [list(row) for row in pre]
        self.post = [list(row) for row in post]

    def me(self, cube: Cube, player: int, points: int, winner: int) -> float:
        """``player``'s MWC when ``winner`` wins ``points`` at ``cube``'s score (``getME``)."""
        length, (score0, score1) = cube.length, cube.score
        n0 = length - (score0 + (points if winner == 0 else 0)) - 1
        n1 = length - (score1 + (points if winner == 1 else 0)) - 1
        if n0 < 0:
            return 0.0 if player else 1.0
        if n1 < 0:
            return 1.0 if player else 0.0
        if cube.crawford or length - score0 == 1 or length - score1 == 1:
            # the next game is post-Crawford
            if n0 == 0:  # player 0 leads the match
                return self.post[1][n1] if player else 1.0 - self.post[1][n1]
            return 1.0 - self.post[0][n0] if player else self.post[0][n0]
        return 1.0 - self.pre[n0][n1] if player else self.pre[n0][n1]

    def wins(self, cube: Cube, player: int, points: int) -> float:
        return self.me(cube, player, points, player)

    def loses(self, cube: Cube, player: int, points: int) -> float:
        return self.me(cube, player, points, 1 - player)


@functools.cache
def _table(gnubg: ModuleType) -> MatchTable:
    pre, post0, post1 = gnubg.met()
    return MatchTable(pre, (post0, post1))


def match_table(gnubg: ModuleType) -> MatchTable:
    """gnubg's current match equity table (read once per process)."""
    return _table(gnubg)


def _ratios(chances: Sequence[float]) -> tuple[float, float, float, float]:
    """The mover's gammon-only and backgammon shares of its wins, then of its losses."""
    p, win_g, win_bg, lose_g, lose_bg = chances[:5]
    g0, bg0 = ((win_g - win_bg) / p, win_bg / p) if p > 0 else (0.0, 0.0)
    g1, bg1 = ((lose_g - lose_bg) / (1 - p), lose_bg / (1 - p)) if p < 1 else (0.0, 0.0)
    return g0, bg0, g1, bg1


def dead_mwc(chances: Sequence[float], cube: Cube, table: MatchTable) -> float:
    """The mover's cubeless MWC: every result's probability times its MWC. gnubg writes it
    ``eq2mwc(Utility(…))``; its gammon prices are the same table's linear normalisation, so
    the two agree (tests check it against the binding)."""
    p, win_g, win_bg, lose_g, lose_bg = chances[:5]
    me, v = cube.move, cube.value
    return (
        (p - win_g) * table.wins(cube, me, v)
        + (win_g - win_bg) * table.wins(cube, me, 2 * v)
        + win_bg * table.wins(cube, me, 3 * v)
        + (1 - p - lose_g) * table.loses(cube, me, v)
        + (lose_g - lose_bg) * table.loses(cube, me, 2 * v)
        + lose_bg * table.loses(cube, me, 3 * v)
    )


def do_cubeful(cube: Cube) -> bool:
    """Whether the cube still has a future (gnubg's ``fDoCubeful``): not when either win
    ends the match, not at 2-away/2-away, not in the Crawford game."""
    length, (score0, score1) = cube.length, cube.score
    if score0 + cube.value >= length and score1 + cube.value >= length:
        return False
    if score0 == length - 2 and score1 == length - 2:
        return False
    return not cube.crawford


def _prime(away: int, other: int, value: int) -> int:
    """The cube a side's double to ``2 × value`` really plays for (``GetCubePrimeValue``):
    twice that when the doubled side would redouble at once (``away``, ``other``: each side's
    points needed less one)."""
    return 2 * value if away < 2 * value and other >= 2 * value else value


def cash_points(chances: Sequence[float], cube: Cube, table: MatchTable) -> tuple[float, float]:
    """Both players' live-cube cash points at the score (gnubg's ``GetPoints``)."""
    g0, bg0, g1, bg1 = _ratios(chances)
    gammon = [0.0, 0.0]
    backgammon = [0.0, 0.0]
    gammon[cube.move], backgammon[cube.move] = g0, bg0
    gammon[1 - cube.move], backgammon[1 - cube.move] = g1, bg1
    i = cube.length - cube.score[0] - 1
    j = cube.length - cube.score[1] - 1
    # The cube level at which a double would leave the doubled cube dead.
    dead, top = cube.value, 0
    while i >= 2 * dead and j >= 2 * dead:
        top += 1
        dead *= 2
    live = [[0.0] * (top + 2) for _ in range(2)]
    value, level = dead, top
    while value >= cube.value:
        primes = (_prime(i, j, value), _prime(j, i, value))
        for k in (0, 1):

            def result(base: int, wins: bool, side: int = k) -> float:
                # MWC for ``side`` winning (or losing) 1, 2 or 3 × ``base``, gammon-weighted.
                who = side if wins else 1 - side
                single = 1.0 - gammon[who] - backgammon[who]
                pick = table.wins if wins else table.loses
                return (
                    single * pick(cube, side, base)
                    + gammon[who] * pick(cube, side, 2 * base)
                    + backgammon[who] * pick(cube, side, 3 * base)
                )

            cash = table.wins(cube, k, value)
            if i < 2 * value or j < 2 * value:
                # the doubled cube is dead: the dead-cube cash point (the opponent's
                # automatic redouble counted through the prime cube)
                take_lose = result(2 * primes[k], wins=False)
                take_win = result(2 * primes[k], wins=True)
                span = take_lose - take_win
                live[k][level] = (take_lose - cash) / span if span else 1.0
            else:
                # the doubled cube is alive: the taker's equity runs straight from our win
                # at p = 0 to its own cash (our redouble dropped) at its cash point
                redouble_drop = table.loses(cube, k, 2 * value)
                take_win = result(2 * value, wins=True)
                span = redouble_drop - take_win
                ratio = (cash - take_win) / span if span else 0.0
                live[k][level] = 1.0 - live[1 - k][level + 1] * ratio
        value //= 2
        level -= 1
    return live[0][0], live[1][0]


def cubeful_mwc(
    chances: Sequence[float], cube: Cube, efficiency: float, table: MatchTable
) -> float:
    """The mover's cubeful MWC with this cube (gnubg's ``Cl2CfMatch``): ``chances`` are
    gnubg's five cubeless outputs for the side on roll (win, win gammon, win backgammon, lose
    gammon, lose backgammon); ``efficiency`` is the cube life ``x`` (0: a dead cube)."""
    dead = dead_mwc(chances, cube, table)
    if not do_cubeful(cube):
        return dead
    p = chances[0]
    me, v = cube.move, cube.value
    g0, bg0, g1, bg1 = _ratios(chances)
    points = cash_points(chances, cube, table)
    cash = table.wins(cube, me, v)
    opp_cash = table.loses(cube, me, v)
    win = (
        (1 - g0 - bg0) * cash + g0 * table.wins(cube, me, 2 * v) + bg0 * table.wins(cube, me, 3 * v)
    )
    lose = (
        (1 - g1 - bg1) * opp_cash
        + g1 * table.loses(cube, me, 2 * v)
        + bg1 * table.loses(cube, me, 3 * v)
    )
    too_good = points[me]  # our cash point
    opp_too_good = 1.0 - points[1 - me]  # the opponent's, as our winning chance
    if cube.owner == -1:  # centred: both may double
        if p <= opp_too_good:
            live = lose + (opp_cash - lose) * p / opp_too_good if opp_too_good > 0 else lose
        elif p < too_good:
            live = opp_cash + (cash - opp_cash) * (p - opp_too_good) / (too_good - opp_too_good)
        else:
            live = cash + (win - cash) * (p - too_good) / (1 - too_good) if too_good < 1 else win
    elif cube.owner == me:  # ours: only we may double
        if p <= too_good:
            live = lose + (cash - lose) * p / too_good if too_good > 0 else lose
        else:
            live = cash + (win - cash) * (p - too_good) / (1 - too_good) if too_good < 1 else win
    elif p <= opp_too_good:  # theirs: only they may double
        live = lose + (opp_cash - lose) * p / opp_too_good if opp_too_good > 0 else lose
    else:
        live = opp_cash + (win - opp_cash) * (p - opp_too_good) / (1 - opp_too_good)
    return dead * (1 - efficiency) + live * efficiency


def cube_efficiency(position_class: int, mover_pips: int) -> float:
    """gnubg's cube efficiency ``x`` for a position class (``EvalEfficiency``)."""
    if position_class == CLASS_OVER:
        return 0.0
    if position_class == CLASS_RACE:
        return min(0.7, max(0.6, mover_pips * 0.00125 + 0.55))
    if position_class in (CLASS_CONTACT, CLASS_CRASHED):
        return 0.68
    return 0.6  # the bear-off databases (one- and two-sided) and hypergammon
