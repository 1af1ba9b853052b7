"""The backgammon opponent: checker play and cube decisions (double, take, drop).

Hard uses GNU Backgammon's neural-net evaluation (the ``gnubg`` package: PyPI, GPL like this
project) on every legal turn the rules generate: each resulting position is judged from the
opponent's side at 0 ply, then at 1 ply in that order while time allows (gnubg averages over
the opponent's 21 rolls and replies), the five best again at 2 plies, and the best one is
played. The binding's own move lists are not used: they
stop a play's tuple at its first bear-off (see ``bench/backgammon_gnubg_check.py``), while our
generator is checked against gnubg's there.

The binding evaluates cubeless (winning, gammon and backgammon chances) and has no cube
analysis of its own, so hard turns gnubg's probabilities into cube decisions:

* **money** (single games): Janowski's cube model, the standard interpolation between a dead
  cube and a fully live one with a cube life of 0.68 — no double / double-take /
  double-drop equities for the current cube position, double when both double equities beat
  no double (not "too good": then it plays on for the gammon), take when double-take costs
  less than the drop's one point;
* **match play**: the same three choices in cubeful match-winning chances at the score, by a
  port of gnubg's own 0-ply conversion of cubeless chances (:mod:`.backgammon_cube`: the
  live-cube cash points at the score from gnubg's match equity table, mixed with the dead
  cube by gnubg's cube efficiency).

Easy and medium are weaker by design: a hand-made evaluation (the race, blots within the
opponent's reach, points made, anchors) drawn with noise (:func:`ai.engines.choice.pick`), and
rules of thumb for the cube in races (the 8-9-12 rule); easy never doubles while the checkers
are still in contact. Without the ``gnubg`` package hard plays the hand-made evaluation
without noise and says so once in the log.
"""

from __future__ import annotations

import functools
import importlib
import logging
import random
import time
from dataclasses import dataclass, replace
from types import ModuleType
from typing import Any

from rules.games import BackgammonSession, Session
from rules.games.backgammon import BackgammonAction, Play, State

from ..levels import Level
from .backgammon_cube import Cube, cube_efficiency, cubeful_mwc, match_table
from .choice import pick

log = logging.getLogger(__name__)

ROLL, DOUBLE, TAKE, DROP = "roll", "double", "take", "drop"
BAR = 25
#: Janowski's cube life: 0 a dead cube, 1 a fully live one; 0.68 fits most money positions.
CUBE_LIFE = 0.68
#: Turns re-judged at 2 plies by hard, and the seconds one such judgement may take.
_REFINE = 5
_REFINE_TIME = 0.05
#: Softmax temperatures of the hand-made evaluation (its unit is a pip) per weaker level.
_TEMPERATURE = {Level.EASY: 6.0, Level.MEDIUM: 1.5, Level.HARD: 0.0}


@functools.cache
def gnubg_module() -> ModuleType | None:
    """The ``gnubg`` package, or ``None`` (logged once) when it is not installed."""
    try:
        return importlib.import_module("gnubg")
    except ImportError:
        log.warning(
            "the gnubg package is not installed: the backgammon opponent's hard level plays "
            "its own weaker evaluation (pip install gnubg)"
        )
        return None


# ----- positions ---------------------------------------------------------------------------


def _after(play: Play | None, me: list[int], opp: list[int]) -> tuple[list[int], list[int]]:
    """Both sides' counts after ``play`` (``None``: a pass), each in its own numbering."""
    if play is None:
        return list(me), list(opp)
    theirs = list(opp)
    for point in play.hits:
        theirs[BAR - point] -= 1
        theirs[BAR] += 1
    return list(play.after), theirs


def _pips(side: list[int]) -> int:
    return sum(point * count for point, count in enumerate(side))


def _contact(me: list[int], opp: list[int]) -> bool:
    """Whether any of my checkers still has an enemy checker ahead of it."""
    mine = [p for p in range(1, 26) if me[p]]
    theirs = [BAR - q for q in range(1, 26) if opp[q]]  # their checkers in my numbering
    return bool(mine and theirs) and max(mine) > min(theirs)


# ----- the hand-made evaluation (easy, medium, hard without gnubg) ---------------------------


def heuristic(me: list[int], opp: list[int]) -> float:
    """How good ``me``'s position is against ``opp`` (``opp`` to roll next), in pips."""
    if sum(me) == 0:
        return 1_000.0
    score = float(_pips(opp) - _pips(me))
    if not _contact(me, opp):
        return score
    # Where the enemy's checkers stand, in my numbering (their bar is my 0).
    hitters = [BAR - q for q in range(1, 26) for _ in range(opp[q])]
    for point in range(1, 25):
        if me[point] >= 2:
            score += 4.0 if point <= 6 else (3.0 if point == 7 else 1.0)
            if point >= 19:
                score += 2.0  # an anchor in the enemy's home board
        elif me[point] == 1:
            direct = sum(1 for h in hitters if 0 < point - h <= 6)
            indirect = sum(1 for h in hitters if 6 < point - h <= 12)
            if direct or indirect:
                # Being hit costs the pips travelled plus a tempo; worse the deeper it stands.
                score -= (2.0 * min(direct, 3) + 0.7 * min(indirect, 3)) * (1.0 + point / 12)
    score -= 6.0 * me[BAR]
    return score


def _race_lead(me: list[int], opp: list[int]) -> float:
    """The roller's lead in the race as a share of its own count (the 8-9-12 rule)."""
    mine = _pips(me)
    return (_pips(opp) - mine) / max(mine, 1)


def heuristic_double(me: list[int], opp: list[int], owned: bool, level: Level) -> bool:
    """The rule-of-thumb double of the weaker levels: in a race, 8 % ahead (9 % to
    redouble); in contact only medium doubles, 25 % ahead."""
    lead = _race_lead(me, opp)
    if _contact(me, opp):
        return level != Level.EASY and lead >= 0.25
    return lead >= (0.09 if owned else 0.08)


def heuristic_take(me: list[int], opp: list[int]) -> bool:
    """The weaker levels' take, ``me`` being the doubler: take unless the doubler leads a
    race by more than 12 %, or a contact game by more than 30 %."""
    lead = _race_lead(me, opp)
    return lead <= (0.30 if _contact(me, opp) else 0.12)


# ----- gnubg -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Chances:
    """gnubg's cubeless chances for the side on roll: win (gammons included), win a gammon,
    win a backgammon, lose a gammon, lose a backgammon."""

    win: float
    win_gammon: float
    win_backgammon: float
    lose_gammon: float
    lose_backgammon: float

    @property
    def money(self) -> float:
        """Cubeless money equity per unit of cube."""
        return (
            2 * self.win
            - 1
            + self.win_gammon
            - self.lose_gammon
            + self.win_backgammon
            - self.lose_backgammon
        )


def _board(roller: list[int], other: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """gnubg's board: (the side not on roll, the side on roll), points 1–24 then the bar."""
    return tuple(other[1:26]), tuple(roller[1:26])


def cube_info(gnubg: ModuleType, state: State, roller: int, cube: int, owner: int) -> Any:
    """gnubg's cube information with the side on roll as its player 1. ``owner`` is our side
    number (0 White, 1 Black) or -1 for a centred cube."""
    relative = -1 if owner < 0 else (1 if owner == roller else 0)
    score = (state.score[1 - roller], state.score[roller])
    return gnubg.cube_info(cube, relative, 1, state.match, score, int(state.crawford))


class GnubgJudge:
    """Positions judged by gnubg for one side of one game state."""

    def __init__(self, gnubg: ModuleType, state: State) -> None:
        self.gnubg = gnubg
        self.state = state
        self.contexts = {plies: gnubg.eval_context(0, plies, 1, 0, 0.0) for plies in (0, 1, 2)}

    def chances(self, roller: list[int], other: list[int], plies: int) -> Chances:
        info = self.gnubg.cube_info()
        return Chances(*self.gnubg.evaluate(_board(roller, other), info, self.contexts[plies])[:5])

    def equity(self, roller: int, me: list[int], opp: list[int], plies: int) -> float:
        """Cubeless equity of side ``roller`` on roll with ``me``/``opp`` its and the other's
        checkers: money equity, or in a match gnubg's equity at the score."""
        state = self.state
        if not state.match:
            return self.chances(me, opp, plies).money
        info = cube_info(self.gnubg, state, roller, state.cube_value, state.owner)
        return float(self.gnubg.evaluate(_board(me, opp), info, self.contexts[plies])[5])

    def play_value(self, mover: int, me: list[int], opp: list[int], plies: int) -> float:
        """The mover's equity after its turn left ``me``/``opp`` (the opponent rolls next)."""
        if sum(me[1:26]) == 0:
            loser_off = sum(opp[1:26]) < 15
            if loser_off:
                return 1.0
            return 3.0 if any(opp[19:26]) else 2.0
        return -self.equity(1 - mover, opp, me, plies)

    def cube_choices(
        self, doubler: int, me: list[int], opp: list[int]
    ) -> tuple[float, float, float]:
        """No double, double/take and double/drop for ``doubler`` (on roll with ``me``), in
        comparable units: money equity per current cube, or cubeful match-winning chances."""
        if self.state.match:
            return self.match_cube_choices(doubler, me, opp)
        chances = self.chances(me, opp, 2)
        owned = self.state.owner == doubler
        return janowski(chances, owned=owned), 2 * janowski(chances, theirs=True), 1.0

    def match_cube_choices(
        self, doubler: int, me: list[int], opp: list[int], efficiency: float | None = None
    ) -> tuple[float, float, float]:
        """The three choices' cubeful match-winning chances for ``doubler``: gnubg's 2-ply
        cubeless chances turned cubeful by gnubg's own 0-ply method
        (:mod:`ai.engines.backgammon_cube`), so that "no double" keeps the doubler's later
        access to a centred or owned cube. ``efficiency`` overrides gnubg's cube life for the
        position (0: the dead-cube values)."""
        state, gnubg = self.state, self.gnubg
        board = _board(me, opp)
        info = cube_info(gnubg, state, doubler, state.cube_value, state.owner)
        chances = gnubg.evaluate(board, info, self.contexts[2])[:5]
        table = match_table(gnubg)
        if efficiency is None:
            efficiency = cube_efficiency(gnubg.classify(board), _pips(me))
        # gnubg's frame, as in cube_info: the doubler is player 1 on roll, the other player 0.
        owner = -1 if state.owner < 0 else (1 if state.owner == doubler else 0)
        now = Cube(
            value=state.cube_value,
            owner=owner,
            move=1,
            length=state.match,
            score=(state.score[1 - doubler], state.score[doubler]),
            crawford=bool(state.crawford),
        )
        doubled = replace(now, value=2 * now.value, owner=0)
        no_double = cubeful_mwc(chances, now, efficiency, table)
        take = cubeful_mwc(chances, doubled, efficiency, table)
        return no_double, take, table.wins(now, 1, now.value)


def janowski(chances: Chances, owned: bool = False, theirs: bool = False) -> float:
    """Cubeful money equity per unit of cube for the side on roll with these chances, its
    cube centred, owned (``owned``) or the opponent's (``theirs``): the live-cube equity
    (a straight line between the take and cash points) mixed with the dead-cube one."""
    p = chances.win
    win = (p + chances.win_gammon + chances.win_backgammon) / p if p > 0 else 1.0
    loss = (1 - p + chances.lose_gammon + chances.lose_backgammon) / (1 - p) if p < 1 else 1.0
    dead = p * win - (1 - p) * loss
    take_point = (loss - 0.5) / (win + loss + 0.5)
    cash_point = (loss + 1.0) / (win + loss + 0.5)
    if owned:
        live = -loss + (1 + loss) * p / cash_point if p < cash_point else 1.0
    elif theirs:
        live = -1.0 if p <= take_point else -1.0 + (win + 1) * (p - take_point) / (1 - take_point)
    elif p <= take_point:
        live = -1.0
    elif p >= cash_point:
        live = 1.0
    else:
        live = -1.0 + 2.0 * (p - take_point) / (cash_point - take_point)
    return CUBE_LIFE * live + (1 - CUBE_LIFE) * dead


# ----- the engine ----------------------------------------------------------------------------


class BackgammonEngine:
    """Chooses a backgammon action at any level: a turn, or ``roll``/``double`` before the
    dice, or ``take``/``drop`` for an offered cube."""

    def choose(
        self, session: Session[Any], level: Level, deadline: float, rng: random.Random
    ) -> str:
        assert isinstance(session, BackgammonSession)
        level = Level(level)
        state = session.state
        gnubg = gnubg_module() if level == Level.HARD else None
        if state.doubled:
            return TAKE if self._takes(state, level, gnubg) else DROP
        if state.dice is None:
            if session.may_double and self._doubles(state, level, gnubg):
                return DOUBLE
            return ROLL
        moves = session.legal_moves()
        return session.format(self._turn(state, moves, level, gnubg, rng, deadline))

    def _turn(
        self,
        state: State,
        moves: list[BackgammonAction],
        level: Level,
        gnubg: ModuleType | None,
        rng: random.Random,
        deadline: float,
    ) -> BackgammonAction:
        me, opp = state.points[state.turn], state.points[1 - state.turn]
        if gnubg is None:
            scored = [(heuristic(*_after(m.play, me, opp)), m) for m in moves]
            return pick(scored, _TEMPERATURE[level], rng)
        judge = GnubgJudge(gnubg, state)
        mover = state.turn
        # 0 ply for every turn (microseconds), 1 ply in that order while the time lasts (the
        # rest, the worst at 0 ply, dropped), 2 plies for the best few.
        quick = sorted(
            (
                (judge.play_value(mover, *_after(m.play, me, opp), 0), i)
                for i, m in enumerate(moves)
            ),
            reverse=True,
        )
        first: list[tuple[float, int]] = []
        for _, i in quick:
            if first and time.monotonic() > deadline - _REFINE * _REFINE_TIME:
                break
            first.append((judge.play_value(mover, *_after(moves[i].play, me, opp), 1), i))
        first.sort(reverse=True)
        refined = []
        for _, i in first[:_REFINE]:
            if time.monotonic() > deadline - _REFINE_TIME:
                break  # out of time: choose among those judged again so far
            refined.append((judge.play_value(mover, *_after(moves[i].play, me, opp), 2), i))
        return moves[max(refined)[1] if refined else first[0][1]]

    def _doubles(self, state: State, level: Level, gnubg: ModuleType | None) -> bool:
        me, opp = state.points[state.turn], state.points[1 - state.turn]
        if gnubg is None:
            return heuristic_double(me, opp, state.owner == state.turn, level)
        no_double, take, drop = GnubgJudge(gnubg, state).cube_choices(state.turn, me, opp)
        return min(take, drop) > no_double

    def _takes(self, state: State, level: Level, gnubg: ModuleType | None) -> bool:
        doubler = state.turn
        me, opp = state.points[doubler], state.points[1 - doubler]
        if gnubg is None:
            return heuristic_take(me, opp)
        _, take, drop = GnubgJudge(gnubg, state).cube_choices(doubler, me, opp)
        return take <= drop


def _register() -> None:
    from . import register_engine

    register_engine("backgammon", BackgammonEngine())


_register()
