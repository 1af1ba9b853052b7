"""Ludo judged by the hard player and fast playouts (issue 33): each choice compared with the
hard player's, the win chance of every colour, and the luck of the dice.

Per position (:meth:`LudoAnalyser.score`, given the action played there):

- **a choice** (a die to play with two or more token moves): the hard player's move
  (:func:`ai.engines.ludo_search.choose_move`, no deadline: its full look ahead) and the
  played one are each followed by ``playouts`` games to the end (``depth`` is the playout
  count; 200 by default) with the same seeded dice for both (common random numbers, so the
  difference is mostly the moves'), every colour playing a fast policy: knock when it can,
  else a random token move. The mover's win chance after the hard move less the one after
  the played move is the choice's cost (points of win %), classed as the other families
  (5 / 10 / 15 points: inaccuracy / mistake / blunder) when the two moves differ; a choice
  equal to hard's never is. Playouts carry noise (about ±3 points at 200), which is why the
  shared thresholds, not finer ones, are used;
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
from collections.abc import Sequence
from contextlib import nullcontext
from typing import Any

from rules.games import LudoSession, Session
from rules.games.ludo import FINISH
from rules.games.ludo.moves import TokenMove, apply, generate
from rules.games.ludo.position import NAMES, State

from ..engines.ludo_search import choose_move
from .model import BLUNDER, INACCURACY, MISTAKE, Analysis, MoveReview, PlayerReport
from .review import Scale, classify, game_accuracy, move_accuracy

__all__ = ["ANALYSER", "DEFAULT_PLAYOUTS", "LudoAnalyser", "LudoScore", "playout_wins"]

DEFAULT_PLAYOUTS = 200
"""Playouts per judged move (the analysis "depth")."""

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


def _playout(state: State, rng: random.Random) -> str:
    """One fast game from ``state`` (a roll due) to its end: the winner's letter."""
    for _ in range(MAX_PLIES):
        won = _winner(state)
        if won is not None:
            return won
        colour = state.to_move
        die = rng.randint(1, 6)
        moves = generate(state.tokens[colour], die)
        move = None
        if moves:
            knocks = _knocking(state, colour, moves)
            move = rng.choice(knocks or moves)
        _step(state, colour, die, move)
    return max(state.active, key=lambda c: sum(max(p, 0) for p in state.tokens[c]))


def playout_wins(state: State, count: int, seed: str) -> dict[str, float]:
    """Each colour's share (%) of ``count`` playouts from ``state`` (a roll due), the dice
    seeded by ``seed``."""
    rng = random.Random(seed)
    wins = dict.fromkeys(state.active, 0)
    for _ in range(count):
        wins[_playout(state.copy(), rng)] += 1
    return {NAMES[c]: round(100.0 * wins.get(c, 0) / count, 2) for c in state.seats}


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
        return f"hard + {depth} playouts"

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
        after = self._after(state, colour, move, count, seed)
        better = after if best == move else self._after(state, colour, best, count, seed)
        return LudoScore(
            seat=seat, kind="choice", knocked=knocked, best=str(best), after=after, better=better
        )

    @staticmethod
    def _after(state: State, colour: str, move: TokenMove, count: int, seed: str) -> dict[str, Any]:
        copy = state.copy()
        die = copy.die
        assert die is not None
        _step(copy, colour, die, move)
        won = _winner(copy)
        if won is not None:
            return {NAMES[c]: 100.0 if c == won else 0.0 for c in copy.seats}
        return playout_wins(copy, count, seed)

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
