"""Issue 37, fifth round: hard's LAT plan (the Queen hunt, trading down), the search's check
that a win is not claimed through pruned moves, and LAT's capture generator (against the
predictor over random games). Positions with a known answer; fixed depths, a deadline that
never comes."""

from __future__ import annotations

import random

from ai.engines.latrunculi import STYLES, lat_plan
from ai.engines.latrunculi.evaluation import EVALUATORS, MATERIAL
from ai.engines.latrunculi.lat_plan import plan_lat
from ai.engines.latrunculi.search import MATE_BOUND, Searcher
from ai.engines.latrunculi.tactics import lat_capture_moves, predictor_for
from ai.levels import Level
from rules.game import Game
from rules.model import Side
from rules.position import State

FAR = 1e18


def _hard(game: Game, depth: int) -> Searcher:
    """A searcher with hard's style, stopped by ``depth``."""
    style = STYLES[Level.HARD]
    return Searcher(
        game,
        EVALUATORS["lat"],
        FAR,
        depth,
        rng=random.Random(0),
        contempt=style.contempt,
        material=MATERIAL["lat"],
        reductions=style.reductions,
        tension=style.tension,
        plan=style.plan,
    )


def _zero(state: State) -> int:
    return 0


def test_hard_plays_the_plan() -> None:
    assert STYLES[Level.HARD].plan
    assert not STYLES[Level.MEDIUM].plan and not STYLES[Level.EASY].plan


def test_every_filled_neighbour_of_the_queen_counts_her_own_pieces_too() -> None:
    """Her own pieces complete her enclosure in LAT, so a Black piece next to the Black Queen is
    progress for White's hunt, as much as a White one (each compared with the same piece far
    away, so that only the hunt differs)."""
    own = Game("lat:vbv8/11/11/5qb4/11/11/11/5Q5 w").state
    own_far = Game("lat:vbv7b/11/11/5q5/11/11/11/5Q5 w").state
    enemy = Game("lat:vbv8/11/11/5qB4/11/11/11/5Q5 w").state
    enemy_far = Game("lat:vbv8/11/11/5q5/11/11/11/5Q4B w").state
    assert plan_lat(own, Side.WHITE) - plan_lat(own_far, Side.WHITE) == lat_plan.HUNT_SHUT
    assert plan_lat(enemy, Side.WHITE) - plan_lat(enemy_far, Side.WHITE) == lat_plan.HUNT_SHUT


def test_the_plan_alone_brings_a_piece_within_reach_of_the_queen() -> None:
    """With nothing but the plan to go by, White's Valkyrie moves onto a line to one of the
    Black Queen's free neighbours (e5 by a5 or e1, f6 by a6; f4 is already the White Queen's)."""
    game = Game("lat:vbv8/11/11/5q5/11/11/11/V4Q5 w")
    result = Searcher(game, _zero, FAR, 1, quiescence=False, plan=True).run()
    assert str(result.move) in {"a1-a5", "a1-a6", "a1-e1"}


def test_a_weakened_queen_with_a_held_side_is_hunted_harder() -> None:
    """Black at three pieces: its Queen on f5 also falls like a Valkyrie, so with f6 held, a
    White Valkyrie that reaches f4 (from f1) is one move from the win, worth the flank bonus on
    top of an ordinary reach. With five pieces a side she is not weakened: the reach alone."""
    weak_reach = Game("lat:10b/11/5v5/5q5/11/11/11/Q4V5 w").state
    weak_far = Game("lat:10b/11/5v5/5q5/11/11/V10/Q10 w").state
    strong_reach = Game("lat:10b/10b/5v4b/5q5/11/11/10V/Q4V4V w").state
    strong_far = Game("lat:10b/10b/5v4b/5q5/11/11/V9V/Q9V w").state
    weak = plan_lat(weak_reach, Side.WHITE) - plan_lat(weak_far, Side.WHITE)
    strong = plan_lat(strong_reach, Side.WHITE) - plan_lat(strong_far, Side.WHITE)
    assert strong == lat_plan.HUNT_REACH
    assert weak == lat_plan.HUNT_REACH + lat_plan.HUNT_FLANK


def test_the_side_ahead_wants_pieces_off_and_the_side_behind_does_not() -> None:
    """White a Valkyrie up: after a one-for-one trade (a Valkyrie each gone) White's plan is
    worth more; Black's (behind) less."""
    before = Game("lat:vbvb7/5q5/11/11/11/11/5Q5/VBVBV6 w").state
    after = Game("lat:1bvb7/5q5/11/11/11/11/5Q5/VBVB7 w").state
    assert plan_lat(after, Side.WHITE) > plan_lat(before, Side.WHITE)
    assert plan_lat(after, Side.BLACK) < plan_lat(before, Side.BLACK)


def test_hard_takes_the_weakened_queen_in_three_plies() -> None:
    """Black is down to three pieces, so its Queen falls like a Valkyrie. Be1-e5 threatens
    g1-g5 (the Berserker beyond her); her only flight, g5, lets e5-f5 take her against h5.
    Hard finds the forced win and plays e1-e5."""
    game = Game("lat:10b/11/5v5/5q1V3/5V5/11/11/Q3B1V4 w")
    result = _hard(game, 3).run()
    assert str(result.move) == "e1-e5"
    assert result.score >= MATE_BOUND


def test_no_win_is_claimed_when_pruning_hid_the_queens_escape() -> None:
    """White's c2-c7 threatens c7-a7, taking the cornered Black Queen (b8 is White's), but she
    can walk down the a-file. Her moves are generated after some thirty quiet moves of Black's
    first-rank pieces, so late-move pruning one ply from the horizon cut them all: the
    search saw every searched reply lose and reported a forced win (99,997) for c2-c7. The
    pruned moves are now searched when every searched one loses."""
    game = Game("lat:qB9/11/11/10V/5Q5/11/2V8/7vbvb w")
    result = _hard(game, 2).run()
    assert result.score < MATE_BOUND
    full = Searcher(game, EVALUATORS["lat"], FAR, 2, rng=random.Random(0)).run()
    assert full.score < MATE_BOUND  # without pruning: no forced win either


def test_the_capture_generator_finds_exactly_the_predicted_captures_over_random_games() -> None:
    """The quiescence search's LAT capture generator against the predictor asked about every
    legal move, at every position of seeded random games (three moves in ten capture when one
    is there, so the games reach thin, weakened-Queen endgames), until each game ends."""
    predict = predictor_for("lat")
    positions = captures_seen = 0
    for seed in range(20):
        rng = random.Random(seed)
        game = Game("lat:vbvbvbvbvbv/5q5/11/11/11/11/5Q5/VBVBVBVBVBV w")
        while game.outcome is None and game.ply < 300:
            moves = game.legal_moves()
            expected = sorted((predict(game.state, m), str(m)) for m in moves)
            expected = [(g, m) for g, m in expected if g > 0]
            if not game.history_restricts_moves:
                found = sorted((g, str(m)) for g, m in lat_capture_moves(game.state))
                assert found == expected, (seed, game.ply)
                positions += 1
                captures_seen += len(found)
            take = [m for m in moves if predict(game.state, m) > 0]
            if take and rng.random() < 0.3:
                game.push(rng.choice(take))
            else:
                game.push(rng.choice(moves))
    assert positions > 1000 and captures_seen > 100


def test_the_side_ahead_trades_valkyries_but_keeps_its_berserkers() -> None:
    """White ahead (six Valkyries and two Berserkers against three of each). Counting what
    hard weighs (the shared evaluation's material and its plan), a Valkyrie for a Valkyrie is
    worth trading, White's Berserker for Black's Valkyrie is not: only Berserkers and the
    Queen together take a Berserker, and a side left with Valkyries against Berserkers can
    hardly take them (sixth round; before it, the plan's trading bonus made the second trade
    a gain of 60)."""
    before = Game("lat:vbvbvb5/5q5/11/11/11/11/5Q5/VBVBVVVV3 w").state
    valkyries = Game("lat:1bvbvb5/5q5/11/11/11/11/5Q5/VBVBVVV4 w").state
    berserker = Game("lat:1bvbvb5/5q5/11/11/11/11/5Q5/VBV1VVVV3 w").state

    def weighed(state: State) -> int:
        return MATERIAL["lat"](state) + plan_lat(state, Side.WHITE)

    assert weighed(berserker) <= weighed(before) < weighed(valkyries)


def test_a_level_side_likes_trades_a_side_behind_does_not() -> None:
    """Material level: after a one-for-one trade (a Valkyrie each gone) either side's plan is
    worth more — a level position that empties is harder for the defender to hold (sixth round,
    as in Rügen). A side a Valkyrie behind gains nothing from the same trade."""
    level = Game("lat:vbvbvbvb3/5q5/11/11/11/11/5Q5/VBVBVBVB3 w").state
    level_traded = Game("lat:1bvbvbvb3/5q5/11/11/11/11/5Q5/1BVBVBVB3 w").state
    for side in (Side.WHITE, Side.BLACK):
        assert plan_lat(level_traded, side) > plan_lat(level, side)
    behind = Game("lat:vbvbvbvb3/5q5/11/11/11/11/5Q5/VBVBVBV4 w").state
    behind_traded = Game("lat:1bvbvbvb3/5q5/11/11/11/11/5Q5/1BVBVBV4 w").state
    assert plan_lat(behind_traded, Side.WHITE) <= plan_lat(behind, Side.WHITE)
