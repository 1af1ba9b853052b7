"""The backgammon opponent (issue 16): turns at every level, and cube decisions (double,
take, drop) with gnubg's evaluation at hard, on classic positions."""

from __future__ import annotations

import logging
import random
import sys
import time

import pytest

from ai import Level, choose_action
from ai.engines.backgammon import BackgammonEngine, gnubg_module
from rules.games import open_session
from rules.games.backgammon import State, format_xgid

START = "backgammon"


def xgid(
    white: dict[int, int],
    black: dict[int, int],
    *,
    turn: int = 0,
    doubled: bool = False,
    dice: tuple[int, int] | None = None,
    cube_log: int = 0,
    owner: int = -1,
    match: int = 0,
    score: tuple[int, int] = (0, 0),
    crawford: bool = False,
) -> str:
    """A position from each side's checkers in its own numbering (25 the bar)."""
    points = [[0] * 26, [0] * 26]
    for side, checkers in enumerate((white, black)):
        for point, count in checkers.items():
            points[side][point] = count
    state = State(
        points=points,
        turn=turn,
        doubled=doubled,
        dice=dice,
        cube_log=cube_log,
        owner=owner,
        match=match,
        score=score,
        crawford=crawford,
    )
    return format_xgid(state)


def pips(checkers: dict[int, int]) -> int:
    return sum(point * count for point, count in checkers.items())


#: A bear-off race: 79 pips for the side that is not on roll.
BEHIND = {8: 2, 7: 2, 6: 3, 5: 3, 4: 2, 3: 2, 2: 1}


def random_positions(count: int, seed: int) -> list[str]:
    """Positions of seeded random games with the cube in play: rolls due, doubles offered,
    dice to play."""
    rng = random.Random(seed)
    positions = []
    for _ in range(count):
        session = open_session(START)
        for _ in range(rng.randrange(1, 200)):
            if session.is_over:
                break
            choices = [a for a in session.legal_actions() if a != "roll"]
            if session.chance_due and (rng.random() < 0.9 or not choices):
                session.play(session.roll(rng))
            else:
                session.play(rng.choice(choices))
        if session.is_over:
            session.pop()
        positions.append(session.position_text())
    return positions


@pytest.mark.parametrize("level", list(Level))
def test_every_level_answers_a_legal_action_in_random_positions(level: Level) -> None:
    kinds = set()
    for index, position in enumerate(random_positions(30, seed=16)):
        action = choose_action(position, level, time_limit=1.0, seed=index)
        legal = open_session(position).legal_actions()
        assert action in legal, position
        kinds.add("cube" if action in ("take", "drop", "double") else action.split("/")[0])
    assert "roll" in kinds


def test_hard_makes_the_five_point_with_an_opening_three_one() -> None:
    session = open_session(START)
    session.play("roll:3-1")  # White's 3, Black's 1: White plays 3-1
    assert choose_action(session.position_text(), Level.HARD, seed=1) == "8/5 6/5"


@pytest.mark.parametrize("level", list(Level))
def test_a_normal_early_double_is_taken(level: Level) -> None:
    session = open_session(START)
    for action in ("roll:3-1", "8/5 6/5", "roll:5-2", "13/8 13/11", "double"):
        session.play(action)
    assert choose_action(session.position_text(), level, seed=1) == "take"


@pytest.mark.parametrize("level", list(Level))
def test_nobody_doubles_an_even_early_position(level: Level) -> None:
    session = open_session(START)
    for action in ("roll:3-1", "8/5 6/5", "roll:5-2", "13/8 13/11"):
        session.play(action)
    assert choose_action(session.position_text(), level, seed=1) == "roll"


@pytest.mark.parametrize("level", list(Level))
def test_a_cube_is_never_dropped_in_a_race_the_taker_leads(level: Level) -> None:
    # White doubles 79 pips against Black's 71: Black leads the race.
    black = {6: 3, 5: 3, 4: 3, 3: 3, 2: 2, 1: 1}
    assert pips(black) < pips(BEHIND)
    position = xgid(BEHIND, black, doubled=True)
    assert choose_action(position, level, seed=1) == "take"


def test_hard_takes_a_race_it_trails_by_a_little() -> None:
    # White doubles 71 against 79 (a lead of about 11 %): a take in every race table.
    leader = {7: 2, 6: 4, 5: 3, 4: 2, 3: 2, 2: 2}
    assert (pips(leader), pips(BEHIND)) == (71, 79)
    assert choose_action(xgid(leader, BEHIND, doubled=True), Level.HARD, seed=1) == "take"


@pytest.mark.parametrize("level", list(Level))
def test_a_clearly_winning_race_is_doubled(level: Level) -> None:
    leader = {7: 1, 6: 4, 5: 4, 4: 2, 3: 2, 2: 2}
    assert (pips(leader), pips(BEHIND)) == (69, 79)
    assert choose_action(xgid(leader, BEHIND), level, seed=1) == "double"


@pytest.mark.parametrize("level", list(Level))
def test_a_cube_far_behind_is_dropped(level: Level) -> None:
    leader = {6: 4, 5: 4, 4: 3, 3: 2, 2: 2}
    assert (pips(leader), pips(BEHIND)) == (66, 79)
    assert choose_action(xgid(leader, BEHIND, doubled=True), level, seed=1) == "drop"


#: White's closed board against two of Black's checkers on the bar, Black's others far from home.
CLOSED_OUT = ({6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 8: 3}, {25: 2, 16: 4, 15: 4, 14: 5})


def test_hard_drops_when_shut_out_and_gammoned() -> None:
    white, black = CLOSED_OUT
    assert choose_action(xgid(white, black, doubled=True), Level.HARD, seed=1) == "drop"


def test_hard_plays_on_for_the_gammon_instead_of_doubling() -> None:
    # Too good: the same crushing position with White on roll — a double would be dropped and
    # win one point; playing on wins a gammon (two) most of the time.
    white, black = CLOSED_OUT
    assert choose_action(xgid(white, black), Level.HARD, seed=1) == "roll"


def test_hard_doubles_at_once_after_the_crawford_game_when_trailing() -> None:
    # Match to 5, White 4 (post-Crawford), Black 2 on roll after White's opening 3-1: Black's
    # double costs nothing (White wins the match with any win anyway).
    position = xgid(
        {24: 2, 13: 5, 8: 2, 6: 4, 5: 2},
        {24: 2, 13: 5, 8: 3, 6: 5},
        turn=1,
        match=5,
        score=(4, 2),
    )
    assert choose_action(position, Level.HARD, seed=1) == "double"


def test_no_double_in_the_crawford_game() -> None:
    leader = {7: 1, 6: 4, 5: 4, 4: 2, 3: 2, 2: 2}
    position = xgid(leader, BEHIND, match=5, score=(2, 4), crawford=True)
    assert open_session(position).legal_actions() == ["roll"]
    assert choose_action(position, Level.HARD, seed=1) == "roll"


def test_the_engine_answers_roll_or_double_before_the_dice() -> None:
    engine = BackgammonEngine()
    session = open_session(xgid({7: 1, 6: 4, 5: 4, 4: 2, 3: 2, 2: 2}, BEHIND))
    assert session.legal_actions() == ["double", "roll"]
    deadline = time.monotonic() + 1.0
    assert engine.choose(session, Level.HARD, deadline, random.Random(1)) == "double"
    assert session.position_text() == open_session(session.position_text()).position_text()


def test_without_gnubg_hard_still_plays_and_says_so(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    gnubg_module.cache_clear()
    monkeypatch.setitem(sys.modules, "gnubg", None)  # importing it now fails
    try:
        with caplog.at_level(logging.WARNING, logger="ai.engines.backgammon"):
            session = open_session(START)
            session.play("roll:6-4")
            action = choose_action(session.position_text(), Level.HARD, seed=1)
            leader = {7: 1, 6: 4, 5: 4, 4: 2, 3: 2, 2: 2}
            cube = choose_action(xgid(leader, BEHIND), Level.HARD, seed=1)
        assert action in session.legal_actions()
        assert cube == "double"
        assert "gnubg package is not installed" in caplog.text
    finally:
        gnubg_module.cache_clear()


def test_a_full_game_between_levels_ends_with_legal_actions_only() -> None:
    rng = random.Random(5)
    session = open_session(START)
    levels = {"white": Level.HARD, "black": Level.EASY}
    while not session.is_over:
        action = choose_action(
            session.position_text(), levels[session.to_move], seed=rng.randrange(1 << 30)
        )
        if action == "roll":
            action = session.roll(rng)
        session.play(action)
    assert session.outcome is not None and session.outcome.points
