"""Ludo judged by the hard player and fast playouts (issue 33): each choice compared with the
hard player's, the win chance of every colour, and the luck of the dice.

Per position (:meth:`LudoAnalyser.score`, given the action played there):

- **a choice** (a die to play with two or more token moves): the hard player's move
  (:func:`ai.engines.ludo_search.choose_move`, no deadline: its full look ahead) and the
  played one are each followed by playouts to the end (``depth`` playouts a round; 200 by
  default), paired: playout ``i`` after either move rolls the same dice (each colour its own
  stream, :func:`_playout`), every colour playing a fast policy: knock when it can, else a
  random token move. The mover's win chance after the hard move less the one after the
  played move is the choice's cost (points of win %), classed as the other families
  (5 / 10 / 15 points: inaccuracy / mistake / blunder) when the two moves differ; a choice
  equal to hard's never is (one round, for the chart). A choice unlike hard's is judged
  sequentially: another round while the cost ± two standard errors of the paired
  differences holds a threshold (:func:`settled`), at most :data:`ROUNDS` rounds. The error
  of one round of 200: about 4.4 points (one standard deviation, measured); after two
  rounds about 3.1;
- **a roll** (not the roll for the first player): whether it was a six, and for every other
  colour the chance that this roller could knock one of its tokens with this roll (per die
  face that knocks someone, 1/6 shared among the colours it could knock): summed over the
  game, the knocks each colour could expect to suffer, beside the knocks it did suffer;
- a pass or a single move is no decision: the chart carries the last win chances on.

The seeds are derived from the position's text, so an analysis is the same on every machine
and every run, and a resumed one equals an uninterrupted one.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from contextlib import nullcontext
from typing import Any

from rules.games import LudoSession, Session
from rules.games.ludo import FINISH
from rules.games.ludo.moves import TokenMove, apply, generate
from rules.games.ludo.position import BASE, NAMES, START_FIELD, TRACK, State

from ..engines.ludo_search import choose_move
from .model import BLUNDER, INACCURACY, MISTAKE, Analysis, MoveReview, PlayerReport
from .review import Scale, classify, game_accuracy, move_accuracy

__all__ = ["ANALYSER", "DEFAULT_PLAYOUTS", "LudoAnalyser", "LudoScore", "playout_wins"]

DEFAULT_PLAYOUTS = 200
"""Playouts per judged move (the analysis "depth")."""

ROUNDS = 2
"""A choice unlike hard's gets up to this many rounds of ``depth`` playouts each (the
sequential judgement: :func:`settled`)."""

Z = 2.0
"""Standard errors either side of a measured cost that must hold no class threshold."""

THRESHOLDS = (5.0, 10.0, 15.0)
"""The class thresholds in points of win % (inaccuracy, mistake, blunder: :mod:`.review`)."""

MAX_PLIES = 4000
"""A playout longer than this (never seen) is scored by the places at that point."""


def _knocking(state: State, colour: str, moves: Sequence[TokenMove]) -> list[TokenMove]:
    """The moves of ``colour`` that land on another colour's token on the track."""
    occupied = {
        state.field_of(other, p)
        for other, tokens in state.tokens.items()
        if other != colour
        for p in tokens
        if 0 <= p < FINISH
    }
    occupied.discard(None)
    return [m for m in moves if state.field_of(colour, m.dst) in occupied]


def _victims(state: State, colour: str, move: TokenMove) -> set[str]:
    """The colours ``move`` would knock a token of."""
    square = state.field_of(colour, move.dst)
    if square is None:
        return set()
    return {
        other
        for other, tokens in state.tokens.items()
        if other != colour and any(state.field_of(other, p) == square for p in tokens)
    }


def _step(state: State, colour: str, die: int, move: TokenMove | None) -> None:
    """Play ``move`` (or a pass) with ``die`` as the session does: a six rolls again."""
    if move is not None:
        apply(state, colour, move)
    state.die = None
    if die != 6:
        state.to_move = state.next_colour(colour)


def _winner(state: State) -> str | None:
    return next((c for c in state.active if all(p == FINISH for p in state.tokens[c])), None)


Fast = list[tuple[int, int, int]]
"""A playout's moves: ``(src, dst, count)`` as :class:`TokenMove`'s fields, without objects."""


def fast_moves(tokens: list[int], die: int) -> Fast:
    """Every distinct move of these tokens for ``die``, as :func:`generate` lists them (its
    order too), as plain tuples: the playouts make a million of them per game analysed."""
    moves: Fast = []
    in_base = tokens.count(BASE)
    if in_base:
        if die == 1:
            moves.append((BASE, 0, 1))
        elif die == 6:
            moves.append((BASE, 0, 2 if in_base >= 2 else 1))
            moves.append((BASE, 5, 1))
    for progress in sorted(set(tokens)):
        if progress == BASE or progress == FINISH:
            continue
        target = progress + die
        dst = target if target <= FINISH else 2 * FINISH - target
        if dst != progress:
            moves.append((progress, dst, 1))
    return moves


def _playout(state: State, seed: int) -> str:
    """One fast game from ``state`` (a roll due) to its end: the winner's letter.

    The policy of every colour: knock when it can (one of the knocking moves at random),
    else a random move; a six rolls again. Plain lists and tuples, not :class:`State` and
    :class:`TokenMove` (about four times faster, the same rules: :func:`fast_moves`).

    Each colour rolls from its own stream of dice and picks from its own stream of random
    numbers, both seeded by ``seed``: the n-th roll of a colour is the same whatever
    happened before it, so two playouts with one seed from two candidate moves meet the
    same dice (common random numbers that stay in step, which makes the difference of two
    moves' win chances far less noisy than either)."""
    colours = list(state.active)
    tokens = [list(state.tokens[c]) for c in colours]
    starts = [START_FIELD[c] for c in colours]
    count = len(colours)
    turn = colours.index(state.to_move)
    won = _winner(state)
    if won is not None:
        return won
    dice = [random.Random(seed + 2 * o).random for o in range(count)]
    picks = [random.Random(seed + 2 * o + 1).random for o in range(count)]
    for _ in range(MAX_PLIES):
        die = int(dice[turn]() * 6) + 1
        mine = tokens[turn]
        moves = fast_moves(mine, die)
        if moves:
            start = starts[turn]
            occupied = {
                (starts[o] + p) % TRACK
                for o in range(count)
                if o != turn
                for p in tokens[o]
                if 0 <= p < TRACK
            }
            knocks = [m for m in moves if m[1] < TRACK and (start + m[1]) % TRACK in occupied]
            pool = knocks or moves
            src, dst, times = pool[int(picks[turn]() * len(pool))]
            for _ in range(times):
                mine[mine.index(src)] = dst
            if 0 <= dst < TRACK:
                square = (start + dst) % TRACK
                if square in occupied:
                    for o in range(count):
                        if o != turn:
                            theirs = tokens[o]
                            for i, p in enumerate(theirs):
                                if 0 <= p < TRACK and (starts[o] + p) % TRACK == square:
                                    theirs[i] = BASE
            elif dst == FINISH and all(p == FINISH for p in mine):
                return colours[turn]
        if die != 6:
            turn = (turn + 1) % count
    return max(colours, key=lambda c: sum(max(p, 0) for p in tokens[colours.index(c)]))


def _winners(state: State, first: int, count: int, seed: str) -> list[str]:
    """The winners of playouts ``first`` to ``first + count − 1`` from ``state`` (a roll due),
    the dice seeded by ``seed`` (playout ``i`` has the same dice whatever ``first`` is)."""
    base = random.Random(seed).getrandbits(48) * 16
    return [_playout(state, base + 8 * i) for i in range(first, first + count)]


def playout_wins(state: State, count: int, seed: str) -> dict[str, float]:
    """Each colour's share (%) of ``count`` playouts from ``state`` (a roll due), the dice
    seeded by ``seed``."""
    return _shares(state.seats, _winners(state, 0, count, seed))


def _shares(seats: str, winners: list[str]) -> dict[str, float]:
    """Each seat's share (%) of ``winners``."""
    return {NAMES[c]: round(100.0 * winners.count(c) / len(winners), 2) for c in seats}


def settled(mover: str, after: list[str], better: list[str]) -> bool:
    """Whether the cost measured by paired playouts (``better[i]`` and ``after[i]`` met the
    same dice) is clear of every class threshold: the mean difference of the mover's wins
    ± :data:`Z` standard errors holds none of 5, 10, 15 points."""
    diffs = [100.0 * ((b == mover) - (a == mover)) for a, b in zip(after, better, strict=True)]
    mean = statistics.fmean(diffs)
    error = Z * statistics.pstdev(diffs) / math.sqrt(len(diffs))
    return not any(mean - error < t < mean + error for t in THRESHOLDS)


class LudoScore(dict[str, Any]):
    """One position judged, as the JSON the worker stores (see :meth:`LudoAnalyser.score`)."""

    def to_json(self) -> dict[str, Any]:
        return dict(self)


class LudoAnalyser:
    """The ludo analyser (see the module's docstring)."""

    unit = "win %"
    scale = Scale(k=1.0, divisor=1.0, cap=100.0)
    default_depth = DEFAULT_PLAYOUTS

    def engine(self, depth: int) -> str:
        return f"hard + {depth}–{depth * ROUNDS} playouts"

    def prepared(self) -> nullcontext[None]:
        return nullcontext()

    def score(self, session: Session[Any], depth: int, played: str | None = None) -> LudoScore:
        if not isinstance(session, LudoSession):
            raise TypeError("a ludo analysis needs a ludo session")
        seat = session.to_move
        outcome = session.outcome
        state = session.state
        if outcome is not None:
            final = {NAMES[c]: 100.0 if NAMES[c] == outcome.winner else 0.0 for c in state.seats}
            return LudoScore(seat=seat, kind="end", after=final)
        colour = state.to_move
        if state.die is None:  # a roll
            if state.rolling or played is None or not played.startswith("roll:"):
                return LudoScore(seat=seat, kind="none")
            die = int(played.split(":", 1)[1])
            return LudoScore(
                seat=seat, kind="roll", six=die == 6, threat=self._threat(state, colour)
            )
        action = session.parse(played) if played else None
        move = action.move if action is not None else None
        knocked = sorted(NAMES[c] for c in _victims(state, colour, move)) if move else []
        moves = generate(state.tokens[colour], state.die)
        if len(moves) < 2 or move is None:
            return LudoScore(seat=seat, kind="none", knocked=knocked)
        best, _ = choose_move(state.tokens, colour, state.die, moves, state.active, math.inf)
        count = max(1, depth)
        seed = session.position_text()
        after_won = self._after(state, colour, move, 0, count, seed)
        if best == move:
            after = _shares(state.seats, after_won)
            return LudoScore(
                seat=seat,
                kind="choice",
                knocked=knocked,
                best=str(best),
                after=after,
                better=after,
                playouts=count,
            )
        better_won = self._after(state, colour, best, 0, count, seed)
        while len(after_won) < ROUNDS * count and not settled(colour, after_won, better_won):
            done = len(after_won)
            after_won += self._after(state, colour, move, done, count, seed)
            better_won += self._after(state, colour, best, done, count, seed)
        return LudoScore(
            seat=seat,
            kind="choice",
            knocked=knocked,
            best=str(best),
            after=_shares(state.seats, after_won),
            better=_shares(state.seats, better_won),
            playouts=len(after_won),
        )

    @staticmethod
    def _after(
        state: State, colour: str, move: TokenMove, first: int, count: int, seed: str
    ) -> list[str]:
        """The winners of playouts ``first…first+count−1`` after ``move`` (its mover every
        time if the move wins)."""
        copy = state.copy()
        die = copy.die
        assert die is not None
        _step(copy, colour, die, move)
        won = _winner(copy)
        if won is not None:
            return [won] * count
        return _winners(copy, first, count, seed)

    @staticmethod
    def _threat(state: State, colour: str) -> dict[str, float]:
        """Per other colour, the chance this roll lets ``colour`` knock one of its tokens."""
        threat: dict[str, float] = {}
        for die in range(1, 7):
            victims: set[str] = set()
            for move in generate(state.tokens[colour], die):
                victims |= _victims(state, colour, move)
            for victim in victims:
                name = NAMES[victim]
                threat[name] = threat.get(name, 0.0) + 1 / 6 / len(victims)
        return {k: round(v, 4) for k, v in threat.items()}

    def review(
        self,
        game_id: str,
        seats: Sequence[str],
        moves: Sequence[str],
        scores: Sequence[dict[str, Any]],
        depth: int,
    ) -> Analysis:
        """Each choice's cost and class; per colour its choices as hard's, sixes and knocks
        against expectation; the win-chance curve of every colour."""
        current = dict.fromkeys(seats, round(100.0 / len(seats), 2))
        curves: dict[str, list[float]] = {seat: [current[seat]] for seat in seats}
        reviews: list[MoveReview] = []
        rolls = dict.fromkeys(seats, 0)
        sixes = dict.fromkeys(seats, 0)
        knocked = dict.fromkeys(seats, 0)
        expected = dict.fromkeys(seats, 0.0)
        for ply, move in enumerate(moves):
            here = scores[ply]
            seat = here["seat"]
            kind = here.get("kind", "none")
            if kind == "roll" and seat in rolls:
                rolls[seat] += 1
                sixes[seat] += bool(here.get("six"))
                for victim, chance in here.get("threat", {}).items():
                    if victim in expected:
                        expected[victim] += float(chance)
            for victim in here.get("knocked", []):
                if victim in knocked:
                    knocked[victim] += 1
            if kind == "choice":
                after, better = here["after"], here["better"]
                before_win, after_win = float(better[seat]), float(after[seat])
                played_best = here.get("best") == move
                drop = 0.0 if played_best else max(0.0, before_win - after_win)
                reviews.append(
                    MoveReview(
                        ply=ply,
                        seat=seat,
                        move=move,
                        before=round(before_win, 2),
                        after=round(after_win, 2),
                        loss=round(drop, 2),
                        accuracy=round(move_accuracy(before_win, before_win - drop), 2),
                        best=None if played_best else here.get("best"),
                        kind=None if played_best else classify(drop),
                    )
                )
                current = {s: float(after.get(s, 0.0)) for s in seats}
            nxt = scores[ply + 1] if ply + 1 < len(scores) else None
            if nxt is not None and nxt.get("kind") == "end":
                current = {s: float(nxt["after"].get(s, 0.0)) for s in seats}
            for s in seats:
                curves[s].append(round(current[s], 2))
        players = []
        for seat in seats:
            mine = [r for r in reviews if r.seat == seat]
            players.append(
                PlayerReport(
                    seat=seat,
                    moves=len(mine),
                    accuracy=round(game_accuracy([r.accuracy for r in mine], [1.0] * len(mine)), 1),
                    inaccuracies=sum(r.kind == INACCURACY for r in mine),
                    mistakes=sum(r.kind == MISTAKE for r in mine),
                    blunders=sum(r.kind == BLUNDER for r in mine),
                    matched=sum(r.best is None for r in mine),
                    sixes=sixes[seat],
                    sixes_expected=round(rolls[seat] / 6, 1),
                    knocked=knocked[seat],
                    knocked_expected=round(expected[seat], 1),
                )
            )
        return Analysis(
            game_id=game_id,
            engine=self.engine(depth),
            unit=self.unit,
            curve=curves[seats[0]],
            moves=reviews,
            players=players,
            curves=curves,
        )


ANALYSER = LudoAnalyser()
