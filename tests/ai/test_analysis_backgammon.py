"""The backgammon analysis (issue 33): gnubg's judgement of a known opening error, the
classes, PR, error rate and luck."""

from __future__ import annotations

import pytest

from ai.analysis import score_positions, summarise
from ai.analysis.backgammon import classify


@pytest.mark.parametrize("depth", [1, 2], ids=["0-ply", "1-ply"])
def test_the_opening_31_run_is_a_known_error(depth: int) -> None:
    """Opening 3-1: making the 5-point (8/5 6/5) is gnubg's play; running 24/20 loses about
    0.17–0.19 of equity (gnubg's "very bad" starts at 0.16)."""
    moves = ["roll:3-1", "24/21 21/20"]
    scores = score_positions("backgammon", moves, 0, 3, depth)
    assert scores[0]["kind"] == "none"  # the opening roll is no decision
    play = scores[1]
    assert (play["seat"], play["kind"], play["best"]) == ("white", "play", "8/5 6/5")
    assert 0.16 <= play["lost"] <= 0.22
    analysis = summarise("backgammon", moves, scores, depth)
    [review] = analysis.moves
    assert (review.move, review.best, review.kind) == ("24/21 21/20", "8/5 6/5", "blunder")
    white, black = analysis.players
    assert white.pr == pytest.approx(500 * play["lost"], abs=0.1)
    assert white.error_rate == pytest.approx(1000 * play["lost"], abs=0.1)
    assert black.pr == 0 and black.moves == 0
    assert white.luck == pytest.approx(play["luck"], abs=1e-3)


def test_the_best_play_costs_nothing() -> None:
    moves = ["roll:3-1", "8/5 6/5"]
    analysis = summarise("backgammon", moves, score_positions("backgammon", moves, 0, 3, 1), 1)
    [review] = analysis.moves
    assert review.kind is None and review.loss == 0 and review.best is None
    assert analysis.players[0].pr == 0


def test_gnubg_thresholds() -> None:
    assert [classify(x) for x in (0.039, 0.04, 0.08, 0.16, 1.0)] == [
        None,
        "inaccuracy",
        "mistake",
        "blunder",
        "blunder",
    ]


# White (2 points) trailing Black (4 points) in a 5-point match, after the Crawford game, on roll
# at a 61 % position; and the same position in a money game.
POST_CRAWFORD = "backgammon:XGID=-b---BD-B---dEa--b-e--a-B-:0:0:1:00:2:4:0:5:10"
MONEY = "backgammon:XGID=-b---BD-B---dEa--b-e--a-B-:0:0:1:00:0:0:0:0:10"


def test_match_cube_decisions_are_judged_at_the_score() -> None:
    """After the Crawford game the trailer doubles at once (the leader's gammons no longer
    matter, the trailer loses nothing by doubling) and the leader takes; in a money game the
    same 61 % position is no double. gnubg's match equity table decides both; the match's
    losses are in normalised equity (EMG)."""
    match = score_positions(POST_CRAWFORD, ["double", "drop"], 0, 3, 1)
    assert (match[0]["kind"], match[0]["best"], match[0]["lost"]) == ("cube", "double", 0.0)
    assert (match[1]["seat"], match[1]["kind"], match[1]["best"]) == ("black", "take", "take")
    assert match[1]["lost"] >= 0.16  # dropping gives the trailer the match's even chances
    rolled = score_positions(POST_CRAWFORD, ["roll:3-1"], 0, 1, 1)[0]
    assert (rolled["kind"], rolled["best"]) == ("cube", "double") and rolled["lost"] > 0.16
    money = score_positions(MONEY, ["double", "take"], 0, 2, 1)
    assert (money[0]["kind"], money[0]["best"]) == ("cube", "roll") and money[0]["lost"] > 0
    assert (money[1]["kind"], money[1]["best"], money[1]["lost"]) == ("take", "take", 0.0)
    analysis = summarise(POST_CRAWFORD, ["double", "drop"], match, 1)
    [double, drop] = analysis.moves
    assert (double.kind, drop.kind, drop.best) == (None, "blunder", "take")
    assert analysis.players[1].pr == pytest.approx(500 * match[1]["lost"], abs=0.1)
