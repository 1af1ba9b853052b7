"""The ludo opponent (issue 16): a heuristic player for any colour, up to three bot seats;
hard's evaluation and look at the answers (issue 37)."""

from __future__ import annotations

import random
import time

import pytest

from ai import Level, choose_action
from ai.engines import engine_for
from ai.engines.ludo_search import choose_move, knock_losses, worth
from rules.games import find_game, open_session
from rules.games.ludo import BASE


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
    # a 4 onto the previous colour's token halfway round (its 20 is the mover's 10). The other
    # two colours have every token on their home lines: with tokens in their bases, the
    # mover's 10 and 20 would be their start fields, where an entering token knocks.
    for mover, victim in (("R", "G"), ("B", "R"), ("Y", "B"), ("G", "Y")):
        seats = dict.fromkeys("RBYG", "43,42,41,40")
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


def test_hard_does_not_stop_one_field_ahead_of_an_enemy() -> None:
    # Red rolled 4. 5-9 would stop one field ahead of yellow's token on red's 8 (yellow's 28);
    # 30-34 is out of every yellow token's reach.
    position = "ludo:R:30,5,B,B/Y:28,0,B,B R 4"
    assert sorted(open_session(position).legal_actions()) == ["30-34", "5-9"]
    assert choose_action(position, Level.HARD, seed=1) == "30-34"


def test_hard_knocks_the_token_about_to_finish_rather_than_finish_its_own() -> None:
    # Red rolled 3: 41-F finishes a token, 15-18 knocks yellow's token two fields before its
    # home line (yellow's 38 is red's 18), sending 48 fields of progress back to base.
    position = "ludo:R:41,15,B,B/Y:38,B,B,B R 3"
    assert sorted(open_session(position).legal_actions()) == ["15-18", "41-F"]
    assert choose_action(position, Level.HARD, seed=1) == "15-18"


def test_hard_enters_a_token_on_a_one() -> None:
    position = "ludo:R:12,B,B,B/Y:B,B,B,B R 1"
    assert sorted(open_session(position).legal_actions()) == ["12-13", "B-0"]
    assert choose_action(position, Level.HARD, seed=1) == "B-0"


def test_hard_lets_a_token_pass_by_rather_than_run_ahead_of_it() -> None:
    # Yellow's only token out (yellow's 30, red's 10) must move; red's token on 12 stands two
    # ahead of it, red rolled 5. Running 12-17 keeps red's tokens ahead of yellow's, where it
    # can catch them again next turn; 3-8 risks the token on 12 for a turn but puts two red
    # tokens behind yellow's, which has to run past them. Measured (3,000 playouts with
    # common dice each): red wins 48 % after 3-8, 41 % after 12-17. One ply sees only the
    # risk; the look at yellow's answers sees the rest.
    position = "ludo:R:12,3,B,B/Y:30,B,B,B R 5"
    session = open_session(position)
    state = session.state
    moves = [a.move for a in session.legal_moves() if a.move is not None]
    deep, _ = choose_move(state.tokens, "R", 5, moves, state.active, time.monotonic() + 60, depth=2)
    shallow, _ = choose_move(
        state.tokens, "R", 5, moves, state.active, time.monotonic() + 60, depth=1
    )
    assert (str(shallow), str(deep)) == ("12-17", "3-8")
    assert choose_action(position, Level.HARD, seed=1) == "3-8"


def test_hard_answers_at_once_when_the_deadline_has_passed() -> None:
    # With no time left the one-ply scores decide (never a late answer, never nothing).
    session = open_session("ludo:R:12,3,B,B/Y:30,B,B,B R 5")
    engine = engine_for("ludo")
    assert engine.choose(session, Level.HARD, time.monotonic() - 1, random.Random(1)) == "12-17"
    assert session.position_text() == "ludo:R:12,3,B,B/Y:30,B,B,B R 5"


def test_one_die_knocks_one_field_and_a_six_rolls_again() -> None:
    # Yellow (to roll) has a token on red's 10; red's tokens stand 3 ahead (13) and 3 + 6
    # ahead (19, a 6 and then a 3). Yellow's base tokens enter on red's 20 and 25: red's 20
    # is knocked by a 1 or 6, red's 25 by a 6 (B-5).
    tokens = {"R": [13, 19, 20, 25], "Y": [30, BASE, BASE, BASE]}
    table = {p: worth(p) for p in (13, 19, 20, 25)}
    losses = knock_losses(tokens, "Y", "RY")
    # die 1: 20; die 3: 13; die 6: 25 or 20 entering (the better, 25), then another die:
    # 1 → 20, 3 → 13, 6 + 3 = 9 → 19 (better than the 3 → 13), 6 → 25
    first = (table[20] + table[13] + table[25]) / 6
    again = (table[20] + table[19] + table[25]) / 36
    later = knock_losses({"R": [13, 19, 20, 25], "Y": [30, BASE, BASE, BASE]}, "R", "RY")
    assert losses["R"] == pytest.approx(first + again)
    assert losses["Y"] == 0
    # Rolling after red, yellow's chances count half (red may move first).
    assert later["R"] == pytest.approx(0.5 * (first + again))


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
