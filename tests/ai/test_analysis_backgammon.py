"""The backgammon analysis (issue 33): gnubg's judgement of a known opening error, the
classes, PR, error rate and luck."""

from __future__ import annotations

from typing import Any

import pytest

from ai.analysis import score_positions, summarise
from ai.analysis.backgammon import classify
from ai.engines.backgammon import GnubgJudge, cube_info, gnubg_module
from rules.games import open_session
from rules.games.backgammon import State, format_xgid


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
    # Not doubling is a mistake, not a blunder: the live cube keeps the trailer's later double.
    rolled = score_positions(POST_CRAWFORD, ["roll:3-1"], 0, 1, 1)[0]
    assert (rolled["kind"], rolled["best"]) == ("cube", "double") and rolled["lost"] >= 0.08
    money = score_positions(MONEY, ["double", "take"], 0, 2, 1)
    assert (money[0]["kind"], money[0]["best"]) == ("cube", "roll") and money[0]["lost"] > 0
    assert (money[1]["kind"], money[1]["best"], money[1]["lost"]) == ("take", "take", 0.0)
    analysis = summarise(POST_CRAWFORD, ["double", "drop"], match, 1)
    [double, drop] = analysis.moves
    assert (double.kind, drop.kind, drop.best) == (None, "blunder", "take")
    assert analysis.players[1].pr == pytest.approx(500 * match[1]["lost"], abs=0.1)


def _early(match: int, score: tuple[int, int]) -> str:
    """White on roll after 3-1 (8/5 6/5) and Black's 5-2 (13/8 13/11): an even early
    position (a clear "no double" for money), at the given match score."""
    session = open_session("backgammon")
    for action in ("roll:3-1", "8/5 6/5", "roll:5-2", "13/8 13/11"):
        session.play(action)
    points = [list(side) for side in session.state.points]
    return format_xgid(State(points=points, turn=0, match=match, score=score))


def _race(match: int, score: tuple[int, int]) -> str:
    """White on roll in a bear-off race, 71 pips against 79: a clear double and take for
    money (the engine's tests: every race table takes and doubles there)."""
    white = {7: 2, 6: 4, 5: 3, 4: 2, 3: 2, 2: 2}
    black = {8: 2, 7: 2, 6: 3, 5: 3, 4: 2, 3: 2, 2: 1}
    points = [[0] * 26, [0] * 26]
    for side, checkers in enumerate((white, black)):
        for point, count in checkers.items():
            points[side][point] = count
    return format_xgid(State(points=points, turn=0, match=match, score=score))


def _dead_cube_no_double_cost(position: str) -> float:
    """The cost of not doubling as the analysis judged it before (a dead cube: cube life 0),
    in the same normalised equity."""
    session = open_session(position)
    state = session.state
    gnubg = gnubg_module()
    judge = GnubgJudge(gnubg, state)
    me, opp = state.points[state.turn], state.points[1 - state.turn]
    mwcs = judge.match_cube_choices(state.turn, me, opp, efficiency=0.0)
    info = cube_info(gnubg, state, state.turn, state.cube_value, state.owner)
    no_double, take, drop = (float(gnubg.mwc2eq(mwc, info)) for mwc in mwcs)
    return min(take, drop) - no_double


def test_at_three_away_two_away_the_live_cube_tempers_the_no_double_cost() -> None:
    """Trailer at 3-away (White 2 of 5) against 2-away, an even early position: the dead cube
    called not doubling a blunder; with the cube's future the cost falls below a blunder
    (and to well under half). The 2-away leader in the same position must not double (the
    trailer would redouble at once and play for the match), where the dead cube said double."""
    trailer = _early(5, (2, 3))
    [cube] = score_positions(trailer, ["roll:6-5"], 0, 1, 1)
    dead = _dead_cube_no_double_cost(trailer)
    assert dead >= 0.16
    assert cube["kind"] == "cube" and cube["lost"] < 0.16 and cube["lost"] < dead / 2
    leader = _early(5, (3, 2))
    assert _dead_cube_no_double_cost(leader) > 0  # the dead cube's wrong call
    [cube] = score_positions(leader, ["double"], 0, 1, 1)
    assert (cube["kind"], cube["best"]) == ("cube", "roll") and cube["lost"] >= 0.16


@pytest.mark.parametrize(
    ("make", "played", "best"),
    [(_early, "double", "roll"), (_race, "roll:6-5", "double")],
    ids=["no-double", "double-take"],
)
def test_a_long_match_judges_the_cube_like_money(make: Any, played: str, best: str) -> None:
    """At 15-away/15-away the cube is nearly as alive as in a money game: the match agrees
    with the money decision (Janowski, cube life 0.68) on a clear no double and a clear
    double/take, with costs within 0.05 of the money ones."""
    money = score_positions(make(0, (0, 0)), [played], 0, 1, 1)[0]
    match = score_positions(make(15, (0, 0)), [played], 0, 1, 1)[0]
    assert money["best"] == match["best"] == best
    assert money["lost"] > 0.04 and match["lost"] == pytest.approx(money["lost"], abs=0.05)
    if best == "double":
        take = score_positions(make(15, (0, 0)), ["double", "drop"], 0, 2, 1)[1]
        assert (take["kind"], take["best"]) == ("take", "take")
