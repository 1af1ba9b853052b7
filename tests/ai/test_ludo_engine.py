"""The ludo opponent (issue 16): a heuristic player for any colour, up to three bot seats."""

from __future__ import annotations

import random
import time

import pytest

from ai import Level, choose_action
from ai.engines import engine_for
from rules.games import find_game, open_session


def random_positions(players: int, count: int, seed: int) -> list[str]:
    """Positions with a die to play from seeded random games of ``players``."""
    rng = random.Random(seed)
    rules = find_game("ludo")
    positions: list[str] = []
    while len(positions) < count:
        session = rules.session(rules.opening({"players": str(players)}))
        for _ in range(rng.randrange(1, 400)):
            if session.is_over:
                break
            if session.chance_due:
                session.play(session.roll(rng))
            else:
                session.play(rng.choice(session.legal_actions()))
        if not session.is_over and not session.chance_due:
            positions.append(session.position_text())
    return positions


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", list(Level))
def test_every_level_moves_legally_for_every_colour(players: int, level: Level) -> None:
    colours = set()
    for index, position in enumerate(random_positions(players, 12, seed=players)):
        session = open_session(position)
        colours.add(session.to_move)
        assert choose_action(position, level, seed=index) in session.legal_actions(), position
    assert len(colours) >= 2


@pytest.mark.parametrize("level", list(Level))
def test_a_roll_is_answered_roll(level: Level) -> None:
    engine = engine_for("ludo")
    rules = find_game("ludo")
    for position in (rules.opening({"players": "4"}), "ludo:R:12,0,B,B/Y:F,41,3,B Y"):
        session = open_session(position)
        assert session.chance_due
        assert engine.choose(session, level, time.monotonic() + 1, random.Random(1)) == "roll"
        assert choose_action(position, level, seed=1) == "roll"


@pytest.mark.parametrize("level", [Level.MEDIUM, Level.HARD])
def test_a_far_advanced_enemy_token_is_knocked(level: Level) -> None:
    # Red rolled 4: 10-14 lands on yellow's token that stands 34 fields from its start (red's
    # field 14); 20-24 would just walk.
    position = "ludo:R:20,10,B,B/Y:34,B,B,B R 4"
    session = open_session(position)
    assert sorted(session.legal_actions()) == ["10-14", "20-24"]
    for seed in range(5):
        assert choose_action(position, level, seed=seed) == "10-14"


def test_hard_knocks_for_every_colour() -> None:
    # The same knock, seen from each colour of a four-player game: the mover's token on 6 rolls
    # a 4 onto the previous colour's token halfway round (its 20 is the mover's 10).
    for mover, victim in (("R", "G"), ("B", "R"), ("Y", "B"), ("G", "Y")):
        seats = {"R": "B,B,B,B", "B": "B,B,B,B", "Y": "B,B,B,B", "G": "B,B,B,B"}
        seats[mover] = "20,6,B,B"
        seats[victim] = "20,B,B,B"
        position = "ludo:" + "/".join(f"{c}:{t}" for c, t in seats.items()) + f" {mover} 4"
        session = open_session(position)
        assert "6-10" in session.legal_actions(), position
        session.play(choose_action(position, Level.HARD, seed=1))
        assert session.history[-1].captured, position


def test_hard_brings_two_tokens_out_on_a_six() -> None:
    # A 6 with three tokens in the base and one safe on its home line: BB-0 puts two in play.
    position = "ludo:R:40,B,B,B/Y:B,B,B,B R 6"
    assert open_session(position).legal_actions() == ["40-42", "B-5", "BB-0"]
    assert choose_action(position, Level.HARD, seed=1) == "BB-0"


def test_hard_runs_a_threatened_token_out_of_reach() -> None:
    # Red's token on 12 has yellow's token two fields behind it (yellow's 32 is red's 12 − 2);
    # red rolled 5. Moving 12-17 leaves yellow 7 behind (out of one die's reach); moving the
    # other token (3-8) leaves the one on 12 to be hit.
    position = "ludo:R:12,3,B,B/Y:30,B,B,B R 5"
    session = open_session(position)
    assert sorted(session.legal_actions()) == ["12-17", "3-8"]
    assert choose_action(position, Level.HARD, seed=1) == "12-17"


def test_a_table_with_three_bot_seats_plays_to_the_end() -> None:
    """Four players: three bot seats (one per level) and one random player, every action
    through ``choose_action`` on the position text as the bot sends it."""
    rng = random.Random(16)
    rules = find_game("ludo")
    session = rules.session(rules.opening({"players": "4"}))
    bots = {"red": Level.EASY, "blue": Level.MEDIUM, "green": Level.HARD}
    while not session.is_over:
        if session.chance_due:
            session.play(session.roll(rng))
            continue
        level = bots.get(session.to_move)
        if level is None:
            action = rng.choice(session.legal_actions())
        else:
            action = choose_action(session.position_text(), level, seed=rng.randrange(1 << 30))
        session.play(action)
    outcome = session.outcome
    assert outcome is not None and len(outcome.places) == 4
