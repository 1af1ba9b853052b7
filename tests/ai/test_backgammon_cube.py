"""gnubg's cubeless-to-cubeful conversion for match play (issue 33), checked on its own: the
match equity table read through gnubg, the dead cube, the cube efficiency and monotony."""

from __future__ import annotations

import itertools

import gnubg
import pytest

from ai.engines.backgammon_cube import (
    Cube,
    cash_points,
    cube_efficiency,
    cubeful_mwc,
    dead_mwc,
    do_cubeful,
    match_table,
)

TABLE = match_table(gnubg)

#: Scores as (player 0, player 1, match length, Crawford); player 1 is on roll.
SCORES = [(0, 0, 15, False), (2, 1, 5, False), (1, 2, 5, False), (4, 2, 5, False), (0, 3, 7, False)]


def _cube(value: int, owner: int, score: tuple[int, int, int, bool]) -> Cube:
    s0, s1, length, crawford = score
    return Cube(value=value, owner=owner, move=1, length=length, score=(s0, s1), crawford=crawford)


def _chances(p: float, gammons: float = 0.25, backgammons: float = 0.02) -> tuple[float, ...]:
    """Chances with fixed shares of gammons and backgammons among wins and losses."""
    return (p, p * gammons, p * backgammons, (1 - p) * gammons, (1 - p) * backgammons)


START = ((0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0),) * 2


@pytest.mark.parametrize("score", SCORES)
def test_the_dead_cube_is_gnubgs_own_cubeless_match_equity(
    score: tuple[int, int, int, bool],
) -> None:
    """Our reading of gnubg's table (``getME``) gives the binding's own cubeless MWC."""
    s0, s1, length, crawford = score
    for value in (1, 2):
        info = gnubg.cube_info(value, -1, 1, length, (s0, s1), int(crawford))
        out = gnubg.evaluate(START, info, gnubg.eval_context(0, 0, 1, 0, 0.0))
        expected = gnubg.eq2mwc(out[5], info)
        assert dead_mwc(out, _cube(value, -1, score), TABLE) == pytest.approx(expected, abs=1e-5)


@pytest.mark.parametrize("score", SCORES)
@pytest.mark.parametrize("owner", [-1, 0, 1], ids=["centred", "theirs", "ours"])
def test_cubeful_chances_grow_with_the_winning_chance(
    score: tuple[int, int, int, bool], owner: int
) -> None:
    """More winning chances never lower the cubeful MWC, for every cube position, and a
    cube efficiency of 0 gives the dead cube."""
    for value in (1, 2):
        cube = _cube(value, owner, score)
        values = [cubeful_mwc(_chances(i / 50), cube, 0.68, TABLE) for i in range(51)]
        assert all(b >= a - 1e-9 for a, b in itertools.pairwise(values)), values
        assert all(0.0 <= v <= 1.0 for v in values)
        for p in (0.2, 0.5, 0.7):
            chances = _chances(p)
            assert cubeful_mwc(chances, cube, 0.0, TABLE) == pytest.approx(
                dead_mwc(chances, cube, TABLE)
            )


def test_cube_access_is_worth_something_far_from_the_end() -> None:
    """At 15-away/15-away in a 60 % position, the centred cube is worth more to the side on
    roll than a dead one, owning it more still, and the opponent's cube less."""
    score = (0, 0, 15, False)
    chances = _chances(0.6)
    dead = dead_mwc(chances, _cube(1, -1, score), TABLE)
    centred = cubeful_mwc(chances, _cube(1, -1, score), 0.68, TABLE)
    ours = cubeful_mwc(chances, _cube(1, 1, score), 0.68, TABLE)
    theirs = cubeful_mwc(chances, _cube(1, 0, score), 0.68, TABLE)
    assert theirs < dead < centred < ours


def test_cash_points_are_chances_and_the_cube_dies_where_gnubg_says() -> None:
    score = (0, 0, 15, False)
    for p in (0.3, 0.5, 0.7):
        for point in cash_points(_chances(p), _cube(1, -1, score), TABLE):
            assert 0.5 < point < 1.0  # a cash point is beyond even chances
    assert not do_cubeful(_cube(1, -1, (3, 3, 5, False)))  # 2-away/2-away
    assert not do_cubeful(_cube(1, -1, (4, 2, 5, True)))  # the Crawford game
    assert not do_cubeful(_cube(2, 0, (3, 4, 5, False)))  # either win ends the match
    assert do_cubeful(_cube(1, -1, (4, 2, 5, False)))  # post-Crawford: the trailer's cube


def test_cube_efficiency_by_position_class() -> None:
    assert cube_efficiency(gnubg.classify(START), 167) == 0.68
    assert cube_efficiency(8, 20) == 0.6 and cube_efficiency(8, 200) == 0.7
    assert cube_efficiency(8, 100) == pytest.approx(0.675)
    assert cube_efficiency(0, 0) == 0.0
