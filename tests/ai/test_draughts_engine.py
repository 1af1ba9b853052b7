"""The English draughts opponent (issue 16): alpha-beta under the compulsory-capture rules."""

from __future__ import annotations

import random
import time

import pytest

from ai import Level, choose_action
from ai.engines import engine_for
from ai.engines.simple import greedy_action
from rules.games import open_session


def random_positions(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    positions = []
    for _ in range(count):
        session = open_session("draughts")
        for _ in range(rng.randrange(0, 80)):
            moves = session.legal_actions()
            if not moves:
                break
            session.play(rng.choice(moves))
        if session.is_over:
            session.pop()
        positions.append(session.position_text())
    return positions


@pytest.mark.parametrize("level", list(Level))
def test_every_level_plays_a_legal_move_in_random_positions(level: Level) -> None:
    for index, position in enumerate(random_positions(8, seed=16)):
        action = choose_action(position, level, time_limit=0.2, seed=index)
        assert action in open_session(position).legal_actions(), position


@pytest.mark.parametrize("level", list(Level))
def test_a_capture_is_played_when_one_is_due(level: Level) -> None:
    # Black's man on 10 must jump; quiet moves elsewhere (1-5, 1-6) are not allowed.
    position = "draughts:B:W14,15,23,24,6:B1,10"
    action = choose_action(position, level, time_limit=0.3, seed=3)
    assert "x" in action and action.startswith("10x")


@pytest.mark.parametrize("level", [Level.MEDIUM, Level.HARD])
def test_the_winning_double_jump_is_taken(level: Level) -> None:
    # 10x17 takes one man; 10x19x26 and 10x19x28 take two and leave nothing to recapture.
    position = "draughts:B:W14,15,23,24,6:B1,10"
    assert open_session(position).legal_actions() == ["10x17", "10x19x26", "10x19x28"]
    for seed in range(3):
        action = choose_action(position, level, time_limit=0.5, seed=seed)
        assert action in ("10x19x26", "10x19x28")


def test_hard_converts_two_kings_against_one() -> None:
    """Two kings beat one: hard must catch it before the forty-move rule, whatever the lone
    king (a greedy player, moving at random when it cannot capture) does."""
    for seed in range(2):
        rng = random.Random(seed)
        session = open_session("draughts:B:WK32:BK1,K3")
        while not session.is_over:
            if session.to_move == "black":
                action = choose_action(
                    session.position_text(), Level.HARD, time_limit=0.3, seed=rng.randrange(99)
                )
            else:
                action = greedy_action(session, rng)
            session.play(action)
        outcome = session.outcome
        assert outcome is not None and outcome.winner == "black", outcome


def test_the_search_stops_at_its_deadline() -> None:
    """Not a speed test: a HARD search that ignored its deadline would run for minutes (it
    deepens to 64 plies), so returning within several seconds shows it stopped; the margin is
    wide because a loaded 2-core machine can stall the process for seconds."""
    started = time.monotonic()
    choose_action("draughts", Level.HARD, time_limit=0.5, seed=2)
    assert time.monotonic() - started < 0.5 + 5.0


@pytest.mark.parametrize("level", list(Level))
def test_a_search_cut_short_leaves_the_session_as_it_found_it(level: Level) -> None:
    """The engine searches on the caller's session: a deadline that strikes deep in the search
    must not leave moves played on it."""
    engine = engine_for("draughts")
    for position in random_positions(6, seed=5):
        session = open_session(position)
        before = (session.position_text(), session.ply, session.legal_actions())
        for limit in (0.03, 0.1, 0.2):
            engine.choose(session, level, time.monotonic() + limit, random.Random(1))
            assert (session.position_text(), session.ply, session.legal_actions()) == before
