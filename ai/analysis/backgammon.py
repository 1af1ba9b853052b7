"""Backgammon judged by GNU Backgammon's net (the ``gnubg`` package the opponent uses): the
equity every decision lost, the error rate and PR per player, and the luck of the dice.

Per position (:meth:`BackgammonAnalyser.score`, given the action played there):

- **a checker play** (dice set, more than one legal play): every legal play is judged by
  gnubg at ``plies`` (0 or 1; 1 averages the opponent's 21 rolls) from the mover's side, in
  cubeless money equity (match equity at the score in a match); the loss is the best play's
  equity less the played one's. The **luck** of the roll is the best play's equity less the
  mover's equity before the dice (both cubeless);
- **a cube decision**: before the dice, when the mover may double, no double against double
  (the lesser of double/take and double/drop), and for an offered cube take against drop, by
  the opponent's own cube model (Janowski, cube life 0.68) in money games; in a match by
  the cubeful match winning chances (MWC) at the score (match length, both scores, the
  Crawford flag and the cube: :meth:`GnubgJudge.cube_choices`, the opponent's own, a port of
  gnubg's cubeless-to-cubeful conversion in :mod:`ai.engines.backgammon_cube`, so that "no
  double" keeps the cube's future), the three choices turned into gnubg's normalised equity
  (EMG: ``mwc2eq`` at the cube before the double, one point won = +1, lost = −1), so that a
  match's cube errors are in the unit of its checker plays and of the thresholds below, as
  gnubg reports them;
- rolls, passes and single plays are no decisions.

Classes are gnubg's: doubtful (here: inaccuracy) from 0.04, bad (mistake) from 0.08, very bad
(blunder) from 0.16 of equity lost. **PR** = 500 × the mean equity lost per decision (every
checker play with a choice, every take/drop, and the double/no-double decisions where the
player doubled or lost equity, as gnubg and XG leave the many obvious "no double" out), the
**error rate** = 1000 × the same mean (mEMG). The chart shows the first seat's cubeless win
chance.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import asdict, dataclass
from types import ModuleType
from typing import Any

from rules.games import BackgammonSession, Session
from rules.games.backgammon import Play

from ..engines.backgammon import BAR, GnubgJudge, cube_info, gnubg_module
from .model import BLUNDER, INACCURACY, MISTAKE, Analysis, MoveReview, PlayerReport
from .review import Scale

__all__ = ["ANALYSER", "DEFAULT_DEPTH", "THRESHOLDS", "BackgammonAnalyser", "BackgammonScore"]

DEFAULT_DEPTH = 2
"""The analysis depth: gnubg at ``depth − 1`` plies (2: 1-ply, the opponent's 21 rolls)."""

THRESHOLDS = ((0.16, BLUNDER), (0.08, MISTAKE), (0.04, INACCURACY))
"""gnubg's very bad / bad / doubtful, in equity lost."""


@dataclass(frozen=True, slots=True)
class BackgammonScore:
    """One position judged: ``seat`` to act and its cubeless ``win`` chance (%); ``kind`` of
    decision (``play``, ``cube``, ``take``, or ``none``), the ``best`` action, the equity the
    played action ``lost``, and for a checker play the ``luck`` of its roll (the mover's)."""

    seat: str
    win: float
    kind: str = "none"
    best: str | None = None
    lost: float = 0.0
    luck: float | None = None
    doubled: bool = False

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _after(play: Play | None, me: list[int], opp: list[int]) -> tuple[list[int], list[int]]:
    """Both sides' counts after ``play`` (``None``: a pass), each in its own numbering."""
    if play is None:
        return list(me), list(opp)
    theirs = list(opp)
    for point in play.hits:
        theirs[BAR - point] -= 1
        theirs[BAR] += 1
    return list(play.after), theirs


def classify(lost: float) -> str | None:
    for threshold, kind in THRESHOLDS:
        if lost >= threshold - 1e-9:
            return kind
    return None


class BackgammonAnalyser:
    """The backgammon family's analyser (see the module's docstring)."""

    unit = "equity"
    scale = Scale(k=1.0, divisor=1.0, cap=3.0)
    default_depth = DEFAULT_DEPTH

    @staticmethod
    def plies(depth: int) -> int:
        return max(0, min(2, depth - 1))

    def engine(self, depth: int) -> str:
        return f"gnubg {self.plies(depth)}-ply"

    def prepared(self) -> nullcontext[None]:
        return nullcontext()

    def _gnubg(self) -> ModuleType:
        gnubg = gnubg_module()
        if gnubg is None:
            raise RuntimeError("the backgammon analysis needs the gnubg package")
        return gnubg

    def score(
        self, session: Session[Any], depth: int, played: str | None = None
    ) -> BackgammonScore:
        if not isinstance(session, BackgammonSession):
            raise TypeError("a backgammon analysis needs a backgammon session")
        seat = session.to_move
        outcome = session.outcome
        if outcome is not None:
            return BackgammonScore(seat=seat, win=100.0 if outcome.winner == seat else 0.0)
        state = session.state
        judge = GnubgJudge(self._gnubg(), state)
        plies = self.plies(depth)
        roller = state.turn
        me, opp = state.points[roller], state.points[1 - roller]
        if state.is_opening and state.dice is None:
            return BackgammonScore(seat=seat, win=50.0)
        chance = judge.chances(me, opp, 0).win * 100
        win = chance if session.seats.index(seat) == roller else 100.0 - chance
        if state.doubled:  # the other side takes or drops
            _, take, drop = self._cube_choices(judge, roller, me, opp)
            values = {"take": -take, "drop": -drop}
            best = max(values, key=lambda k: values[k])
            lost = values[best] - values.get(played or "", values[best])
            return BackgammonScore(seat, win, "take", best, round(max(0.0, lost), 4))
        if state.dice is None:  # roll, or double when it may
            if not session.may_double:
                return BackgammonScore(seat=seat, win=win)
            no_double, take, drop = self._cube_choices(judge, roller, me, opp)
            values = {"roll": no_double, "double": min(take, drop)}
            best = max(values, key=lambda k: values[k])
            choice = "double" if played == "double" else "roll"
            lost = values[best] - values[choice]
            return BackgammonScore(
                seat, win, "cube", best, round(max(0.0, lost), 4), doubled=choice == "double"
            )
        moves = session.legal_moves()
        before = judge.equity(roller, me, opp, plies)
        values = {
            session.format(m): judge.play_value(roller, *_after(m.play, me, opp), plies)
            for m in moves
        }
        best = max(values, key=lambda k: values[k])
        luck = round(values[best] - before, 4)
        if len(values) < 2:
            return BackgammonScore(seat=seat, win=win, luck=luck)
        lost = values[best] - values.get(played or "", values[best])
        return BackgammonScore(seat, win, "play", best, round(max(0.0, lost), 4), luck)

    def _cube_choices(
        self, judge: GnubgJudge, doubler: int, me: list[int], opp: list[int]
    ) -> tuple[float, float, float]:
        """No double, double/take and double/drop for ``doubler``, in equity: money equity
        per cube (Janowski) in a single game; in a match the cubeful match winning chances
        turned into normalised equity (EMG) at the cube before the double."""
        choices = judge.cube_choices(doubler, me, opp)
        state = judge.state
        if not state.match:
            return choices
        info = cube_info(judge.gnubg, state, doubler, state.cube_value, state.owner)
        emg = judge.gnubg.mwc2eq
        no_double, take, drop = (float(emg(mwc, info)) for mwc in choices)
        return no_double, take, drop

    def review(
        self,
        game_id: str,
        seats: Sequence[str],
        moves: Sequence[str],
        scores: Sequence[dict[str, Any]],
        depth: int,
    ) -> Analysis:
        """Every decision's loss and class, and per player PR, error rate and luck."""
        first = seats[0]
        curve = [round(s["win"] if s["seat"] == first else 100.0 - s["win"], 2) for s in scores]
        reviews: list[MoveReview] = []
        losses: dict[str, list[float]] = {seat: [] for seat in seats}
        luck: dict[str, float] = dict.fromkeys(seats, 0.0)
        for ply, move in enumerate(moves):
            here = scores[ply]
            seat = here["seat"]
            if here.get("luck") is not None and seat in luck:
                luck[seat] += float(here["luck"])
            kind = here.get("kind", "none")
            if kind == "none":
                continue
            lost = float(here.get("lost", 0.0))
            counted = kind != "cube" or here.get("doubled") or lost > 0
            if counted and seat in losses:
                losses[seat].append(lost)
            after = scores[ply + 1]
            reviews.append(
                MoveReview(
                    ply=ply,
                    seat=seat,
                    move=move,
                    before=round(here["win"], 2),
                    after=round(after["win"] if after["seat"] == seat else 100.0 - after["win"], 2),
                    loss=round(lost, 3),
                    accuracy=0.0,
                    best=None if here.get("best") in (None, move) or lost <= 0 else here["best"],
                    kind=classify(lost),
                )
            )
        players = []
        for seat in seats:
            mine = [r for r in reviews if r.seat == seat]
            lost_list = losses[seat]
            mean = sum(lost_list) / len(lost_list) if lost_list else 0.0
            players.append(
                PlayerReport(
                    seat=seat,
                    moves=len(lost_list),
                    accuracy=0.0,
                    inaccuracies=sum(r.kind == INACCURACY for r in mine),
                    mistakes=sum(r.kind == MISTAKE for r in mine),
                    blunders=sum(r.kind == BLUNDER for r in mine),
                    pr=round(500 * mean, 1),
                    error_rate=round(1000 * mean, 1),
                    luck=round(luck[seat], 3),
                )
            )
        return Analysis(
            game_id=game_id,
            engine=self.engine(depth),
            unit=self.unit,
            curve=curve,
            moves=reviews,
            players=players,
        )


ANALYSER = BackgammonAnalyser()
