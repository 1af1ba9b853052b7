"""From the positions' scores to the moves' reviews and the players' figures (lichess's maths).

- **Win chance** (lichess ``WinPercent``): ``50 + 50 × (2 / (1 + e^(−k·v)) − 1)`` for a score
  ``v`` of the side to act; chess uses lichess's ``k = 0.00368208`` per centipawn, the other
  families a ``k`` of their own (:class:`Scale`).
- **Classes** (lichess ``Advice``): the fall of the mover's *winning chances* on lichess's
  −1…+1 scale of 0.1 / 0.2 / 0.3 or more makes an inaccuracy / mistake / blunder: 5 / 10 / 15
  points of win % (the win % scale is twice as fine). A move equal to the engine's choice, or
  the only legal one, is never classed.
- **Accuracy** (lichess ``AccuracyPercent``): a move's accuracy is
  ``103.1668 × e^(−0.04354 × drop) − 3.1669 + 1`` (clamped to 0–100, 100 when nothing was
  lost); a player's is the mean of the volatility-weighted mean and the harmonic mean of their
  moves' accuracies, the weights being the standard deviation (0.5–12) of the win chance over a
  window of ``len / 10`` (2–8) plies, exactly as lichess computes it.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from .model import BLUNDER, INACCURACY, MISTAKE, Analysis, MoveReview, PlayerReport, PositionScore

__all__ = [
    "CHESS_K",
    "Scale",
    "classify",
    "game_accuracy",
    "move_accuracy",
    "review",
    "win_percent",
]

CHESS_K = 0.00368208
"""lichess's slope of the win chance per centipawn."""

#: Falls of win % (points) from which a move is an inaccuracy, a mistake, a blunder: lichess's
#: 0.1 / 0.2 / 0.3 of its −1…+1 winning-chances scale.
THRESHOLDS = ((15.0, BLUNDER), (10.0, MISTAKE), (5.0, INACCURACY))


@dataclass(frozen=True, slots=True)
class Scale:
    """How a family's scores read: ``k`` the win chance's slope per unit of score,
    ``divisor`` turns a score into the unit the text shows (chess: 100 centipawns a pawn),
    ``cap`` the largest loss shown (a lost mate is not "−99.7 pawns")."""

    k: float
    divisor: float = 100.0
    cap: float = 20.0


def win_percent(value: float, k: float = CHESS_K) -> float:
    """The side's win chance (0–100) for its score ``value``."""
    x = max(-50.0, min(50.0, k * value))
    return 50.0 + 50.0 * (2.0 / (1.0 + math.exp(-x)) - 1.0)


def move_accuracy(before: float, after: float) -> float:
    """lichess's accuracy (%) of a move that took the mover's win chance from ``before`` to
    ``after``."""
    if after >= before:
        return 100.0
    raw = 103.1668100711649 * math.exp(-0.04354415386753951 * (before - after)) - 3.166924740191411
    return max(0.0, min(100.0, raw + 1.0))


def classify(drop: float) -> str | None:
    """The class of a move that lost ``drop`` points of win chance (``None``: fine)."""
    for threshold, kind in THRESHOLDS:
        if drop >= threshold:
            return kind
    return None


def _window_weights(curve: Sequence[float]) -> list[float]:
    """lichess's volatility weights: one per ply (``len(curve) − 1`` of them)."""
    size = max(2, min(8, len(curve) // 10))
    windows = [list(curve[:size])] * (size - 2)
    windows += [list(curve[i : i + size]) for i in range(0, max(1, len(curve) - size + 1))]
    return [max(0.5, min(12.0, statistics.pstdev(w) if len(w) > 1 else 0.0)) for w in windows]


def game_accuracy(accuracies: Sequence[float], weights: Sequence[float]) -> float:
    """One player's accuracy: the mean of the weighted mean and the harmonic mean of their
    moves' accuracies (lichess); 100 with no move judged."""
    if not accuracies:
        return 100.0
    weighted = sum(a * w for a, w in zip(accuracies, weights, strict=True)) / sum(weights)
    harmonic = 0.0 if min(accuracies) <= 0 else len(accuracies) / sum(1 / a for a in accuracies)
    return (weighted + harmonic) / 2


def review(
    game_id: str,
    engine: str,
    unit: str,
    seats: Sequence[str],
    moves: Sequence[str],
    scores: Sequence[PositionScore],
    scale: Scale,
) -> Analysis:
    """The analysis of a two-seat game whose ``moves`` led through the positions ``scores``
    (one more than the moves: the start and the position after each)."""
    if len(scores) != len(moves) + 1:
        raise ValueError(f"{len(moves)} moves need {len(moves) + 1} scores, not {len(scores)}")
    first = seats[0]
    curve = [s.win if s.seat == first else 100.0 - s.win for s in scores]
    weights = _window_weights(curve)
    reviews: list[MoveReview] = []
    per_seat: dict[str, list[tuple[float, float]]] = {seat: [] for seat in seats}
    for ply, move in enumerate(moves):
        here, there = scores[ply], scores[ply + 1]
        mover = here.seat
        same = there.seat == mover
        after = there.win if same else 100.0 - there.win
        value_after = there.value if same else -there.value
        if here.played is not None:  # judged in the same position (parity-free)
            value_after = here.played
            after = win_percent(here.played, scale.k)
        cap = scale.cap * scale.divisor
        loss = max(0.0, max(-cap, min(cap, here.value)) - max(-cap, min(cap, value_after)))
        drop = max(0.0, here.win - after)
        played_best = here.best is None or here.best == move
        kind = None if played_best or here.forced else classify(drop)
        accuracy = 100.0 if here.forced else move_accuracy(here.win, after)
        reviews.append(
            MoveReview(
                ply=ply,
                seat=mover,
                move=move,
                before=round(here.win, 2),
                after=round(after, 2),
                loss=round(loss / scale.divisor, 2),
                accuracy=round(accuracy, 2),
                best=None if played_best else here.best,
                kind=kind,
            )
        )
        if not here.forced and mover in per_seat:
            per_seat[mover].append((accuracy, weights[min(ply, len(weights) - 1)]))
    players = []
    for seat in seats:
        judged = per_seat[seat]
        mine = [r for r in reviews if r.seat == seat]
        players.append(
            PlayerReport(
                seat=seat,
                moves=len(mine),
                accuracy=round(game_accuracy([a for a, _ in judged], [w for _, w in judged]), 1),
                inaccuracies=sum(r.kind == INACCURACY for r in mine),
                mistakes=sum(r.kind == MISTAKE for r in mine),
                blunders=sum(r.kind == BLUNDER for r in mine),
            )
        )
    return Analysis(
        game_id=game_id,
        engine=engine,
        unit=unit,
        curve=[round(v, 2) for v in curve],
        moves=reviews,
        players=players,
    )
