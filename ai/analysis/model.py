"""The typed result of a game's analysis, and its JSON form (what storage keeps).

An analysis is built in two steps so that a restart can resume it: every position of the game
is scored once (:class:`PositionScore`, the slow part, done a few at a time in the analysis
worker and stored as it goes), then the reviews of the moves and the players' figures are
derived from those scores (:func:`ai.analysis.review.review`, instant).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = [
    "BLUNDER",
    "CLASSES",
    "INACCURACY",
    "MISTAKE",
    "Analysis",
    "MoveReview",
    "PlayerReport",
    "PositionScore",
]

INACCURACY = "inaccuracy"
MISTAKE = "mistake"
BLUNDER = "blunder"
CLASSES = (INACCURACY, MISTAKE, BLUNDER)
"""The classes of a costly move, mildest first (``None``: a good move)."""


@dataclass(frozen=True, slots=True)
class PositionScore:
    """One position as the engine judged it at a fixed depth.

    ``seat`` is the side to act; ``value`` the engine's score for that side in the family's
    own unit (chess and draughts: centipawns / hundredths of a man; Latrunculi: hundredths of
    a soldier); ``win`` that side's chance in % (0–100), the common scale of the chart;
    ``best`` the engine's move there in canonical notation (``None`` at the end of the game
    or with nothing to choose); ``forced``: a single legal move (never classed)."""

    seat: str
    value: float
    win: float
    best: str | None = None
    forced: bool = False
    #: Families whose evaluation swings with the side to move (schadler's placement): the
    #: score the played move leaves, as ``value`` less what it lost against the best move when
    #: both are searched the same way in this same position; when set, the move is judged by
    #: it, not by the next position's score.
    played: float | None = None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        if self.played is None:
            del data["played"]  # the stored scores of the other families stay as they were
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PositionScore:
        return cls(
            seat=str(data["seat"]),
            value=float(data["value"]),
            win=float(data["win"]),
            best=None if data.get("best") is None else str(data["best"]),
            forced=bool(data.get("forced", False)),
            played=None if data.get("played") is None else float(data["played"]),
        )


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One move of the game judged: ``ply`` counts from 0 (the first move), ``seat`` played
    ``move``; ``before`` / ``after`` are the mover's win chance (%) before it and after it;
    ``loss`` what it cost in the family's unit (chess: pawns), ``accuracy`` lichess's per-move
    accuracy (%), ``best`` the engine's move (``None`` when the played move was it), ``kind``
    one of :data:`CLASSES` or ``None``."""

    ply: int
    seat: str
    move: str
    before: float
    after: float
    loss: float
    accuracy: float
    best: str | None
    kind: str | None

    @property
    def drop(self) -> float:
        """The fall of the mover's win chance, in points of % (never negative)."""
        return max(0.0, self.before - self.after)


@dataclass(frozen=True, slots=True)
class PlayerReport:
    """One seat's figures: its accuracy (%) (0 where the family rates by PR) and its counts
    of each class."""

    seat: str
    moves: int
    accuracy: float
    inaccuracies: int
    mistakes: int
    blunders: int
    #: Backgammon: the Performance Rating (500 × mean equity lost per decision), the error
    #: rate (mEMG: 1000 × the same mean) and the luck of the dice (equity, summed).
    pr: float | None = None
    error_rate: float | None = None
    luck: float | None = None
    #: Ludo: the choices equal to the hard player's, sixes rolled and expected (a sixth of
    #: the rolls), knocks suffered and expected (from the rivals' rolls).
    matched: int | None = None
    sixes: int | None = None
    sixes_expected: float | None = None
    knocked: int | None = None
    knocked_expected: float | None = None


@dataclass(frozen=True, slots=True)
class Analysis:
    """A whole game analysed: the family's ``unit`` (what :attr:`MoveReview.loss` counts),
    ``engine`` (which engine and depth judged it), the ``curve`` of the first seat's win
    chance after each ply (index 0: the start), the reviews and the players' reports."""

    game_id: str
    engine: str
    unit: str
    curve: list[float]
    moves: list[MoveReview] = field(default_factory=list)
    players: list[PlayerReport] = field(default_factory=list)
    #: Games of more than two seats (ludo): every seat's win chance after each ply.
    curves: dict[str, list[float]] = field(default_factory=dict)

    def costliest(self, count: int = 3) -> list[MoveReview]:
        """The ``count`` moves that lost the most win chance (classed ones only), in the
        order they were played."""
        costly = [m for m in self.moves if m.kind is not None]
        worst = sorted(costly, key=lambda m: (-m.drop, m.ply))[:count]
        return sorted(worst, key=lambda m: m.ply)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Analysis:
        return cls(
            game_id=str(data["game_id"]),
            engine=str(data["engine"]),
            unit=str(data["unit"]),
            curve=[float(v) for v in data["curve"]],
            moves=[MoveReview(**m) for m in data["moves"]],
            players=[PlayerReport(**p) for p in data["players"]],
            curves={
                str(k): [float(v) for v in values] for k, values in data.get("curves", {}).items()
            },
        )
