"""Seeded random ludo games of 2, 3 and 4 players from the roll for the first player to the end:
invariants after every ply, pop back to the start, replay, and the places by the spec's rule."""

from __future__ import annotations

import random

import pytest

from rules import Reason
from rules.games import LudoRules, LudoSession, open_session, replay
from rules.games.ludo import BASE, FINISH, NAMES

MAX_PLIES = 5000
START = {"R": 0, "B": 10, "Y": 20, "G": 30}


def check_invariants(session: LudoSession) -> None:
    """16 tokens (4 a colour) accounted for, no two colours on one track field, only the
    colour's own tokens on its home line (its progress 40–43 is its own line by construction),
    and at most the finished count a colour ever had."""
    state = session.state
    fields: dict[int, str] = {}
    for colour, tokens in state.tokens.items():
        assert len(tokens) == 4
        for p in tokens:
            assert p == BASE or 0 <= p <= FINISH
            if 0 <= p < 40:
                square = (START[colour] + p) % 40
                assert fields.setdefault(square, colour) == colour
    assert len(state.tokens) + len(state.left) == len(state.seats)


def expected_places(session: LudoSession) -> tuple[str, ...]:
    state = session.state

    def key(colour: str) -> tuple[int, int, int]:
        tokens = state.tokens[colour]
        return (
            -sum(p == FINISH for p in tokens),
            -sum(0 if p == BASE else p for p in tokens),
            state.seats.index(colour),
        )

    return tuple(NAMES[c] for c in sorted(state.tokens, key=key))


def play_random_game(players: int, seed: int, leave_at: int | None = None) -> LudoSession:
    rng = random.Random(seed)
    start = LudoRules().opening({"players": str(players)})
    session = open_session(start)
    assert isinstance(session, LudoSession)
    seen = [session.position_text()]
    played: list[str] = []
    finished_before = {c: 0 for c in session.state.seats}
    for ply in range(MAX_PLIES):
        if session.outcome is not None:
            break
        if ply == leave_at:
            seat = rng.choice([NAMES[c] for c in session.state.active])
            result = session.leave(seat, rng.choice([Reason.RESIGNATION, Reason.TIMEOUT]))
        else:
            actions = session.legal_actions()
            text = session.roll(rng) if actions == ["roll"] else rng.choice(actions)
            result = session.play(text)
        played.append(result.canonical)
        seen.append(session.position_text())
        check_invariants(session)
        for colour, tokens in session.state.tokens.items():
            done = tokens.count(FINISH)
            assert done >= finished_before[colour]  # a finished token never comes back
            finished_before[colour] = done
    else:
        pytest.fail(f"game of {players} (seed {seed}) did not end in {MAX_PLIES} plies")
    assert replay(start, played).position_text() == session.position_text()
    rebuilt = replay(start, played)
    assert rebuilt.outcome == session.outcome
    for expected in reversed(seen[:-1]):
        session.pop()
        assert session.position_text() == expected
    for text in played:
        session.play(text)
    return session


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(60))  # 180 games; bench/rules_bench.py plays thousands
def test_random_games_end_with_the_places_of_the_spec(players: int, seed: int) -> None:
    session = play_random_game(players, seed)
    outcome = session.outcome
    assert outcome is not None and outcome.reason is Reason.FINISHED
    assert session.state.tokens[outcome.winner[0].upper()].count(FINISH) == 4
    assert outcome.places == expected_places(session)
    assert outcome.places[0] == outcome.winner


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", range(3))
def test_random_games_with_a_seat_leaving_play_on_to_the_end(players: int, seed: int) -> None:
    session = play_random_game(players, seed, leave_at=40 + seed)
    outcome = session.outcome
    assert outcome is not None and len(session.state.left) == 1
    gone = NAMES[next(iter(session.state.left))]
    assert outcome.places[-1] == gone and gone not in outcome.places[:-1]
    assert outcome.places[:-1] == expected_places(session)


def test_two_player_game_where_one_leaves_is_won_by_the_other() -> None:
    session = play_random_game(2, 11, leave_at=30)
    outcome = session.outcome
    assert outcome is not None and outcome.reason in (Reason.RESIGNATION, Reason.TIMEOUT)
    assert outcome.places[0] == outcome.winner and len(outcome.places) == 2
