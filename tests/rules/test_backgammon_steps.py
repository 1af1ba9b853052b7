"""A turn put together die by die (the bot's Move picker): only steps that still lead to a
legal turn are offered, any order of the steps is accepted, and the complete turn is the
rules' own legal turn (as many dice as possible, the higher die)."""

from __future__ import annotations

import random

import pytest

from rules.errors import IllegalMoveError
from rules.games.backgammon import BackgammonRules, BackgammonSession

START = "-b----E-C---eE---c-e----B-"


def _session(board: str, dice: str, turn: int = 1) -> BackgammonSession:
    return BackgammonRules().session(f"backgammon:XGID={board}:0:0:{turn}:{dice}:0:0:0:0:10")


def test_an_opening_six_one_step_by_step_in_either_order():
    session = _session(START, "61")
    start = session.turn_so_far()
    assert start.left == (6, 1) and start.complete is None
    # 13/12 is blocked (Black's 13-point): never offered
    assert (13, 12, 1, False) not in start.choices
    assert (13, 7, 6, False) in start.choices and (8, 7, 1, False) in start.choices
    first = session.turn_so_far([(13, 6)])
    assert first.left == (1,) and first.done_text == "13/7"
    done = session.turn_so_far([(13, 6), (8, 1)])
    assert done.complete is not None and str(done.complete) == "13/7 8/7"
    # the other order reaches the same canonical turn
    other = session.turn_so_far([(8, 1), (13, 6)])
    assert other.complete == done.complete
    legal = {session.format(m) for m in session.legal_moves()}
    assert str(done.complete) in legal


def test_when_only_one_die_can_be_played_only_its_step_is_offered():
    # White to play 6-5: a lone checker on 24, the other 14 on the 6-point; Black blocks
    # White's 18, 13 and 1, so 24/19 (the 5) is the whole turn and nothing else is offered.
    board = list("-" * 26)
    board[24] = "A"  # White's 24-point (one checker)
    board[6] = "N"  # the other 14 at home
    # Black checkers on White's points 18 (Black 7) and 13 (Black 12), 2 each: indexes 18, 13
    board[18] = "b"
    board[13] = "b"
    board[1] = "k"  # the rest of Black's 15 (11 on White's 1-point = Black's 24)
    session = _session("".join(board), "65")
    plays = {session.format(m) for m in session.legal_moves()}
    assert plays == {"24/19"}
    assert session.turn_so_far().choices == ((24, 19, 5, False),)
    assert str(session.turn_so_far([(24, 5)]).complete) == "24/19"
    # every offered first step leads to a legal turn, and every legal turn is reachable
    reached: set[str] = set()

    def walk(done: list[tuple[int, int]]) -> None:
        now = session.turn_so_far(done)
        if now.complete is not None:
            reached.add(str(now.complete))
        for s in now.choices:
            walk([*done, (s[0], s[2])])

    walk([])
    assert reached == plays


def test_a_step_that_leads_to_no_legal_turn_is_refused():
    session = _session(START, "61")
    with pytest.raises(IllegalMoveError, match="cannot be played"):
        session.turn_so_far([(13, 1)])  # blocked
    with pytest.raises(IllegalMoveError, match="cannot be played"):
        session.turn_so_far([(13, 6), (13, 6)])  # the 6 is used already


def _every_turn_die_by_die(session: BackgammonSession) -> set[str]:
    """Every turn reached by following the offered steps; none of the ways gets stuck."""
    reached: set[str] = set()

    def walk(done: list[tuple[int, int]]) -> None:
        now = session.turn_so_far(done)
        if now.complete is not None:
            assert not now.choices
            reached.add(str(now.complete))
        else:
            assert now.choices, f"stuck after {done}"
        for s in now.choices:
            walk([*done, (s[0], s[2])])

    walk([])
    return reached


@pytest.mark.parametrize("seed", range(40))
def test_die_by_die_reaches_exactly_the_legal_turns_of_random_positions(seed):
    rng = random.Random(seed)
    session = BackgammonRules().session()
    while session.outcome is None and session.ply < 200:
        if session.chance_due:
            session.play(session.roll(rng))
            continue
        moves = session.legal_moves()
        if session.state.dice is not None and rng.random() < 0.3 and moves[0].play is not None:
            legal = {session.format(m) for m in moves}
            assert _every_turn_die_by_die(session) == legal
            return
        session.push(rng.choice(moves))
