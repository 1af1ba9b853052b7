"""The Latrunculi engine: finds wins, defends, never plays an illegal move, leaves the session
as it found it, and its levels differ in strength on purpose."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from ai import Level, choose_action
from ai.engines import engine_for
from ai.engines.latrunculi.tactics import gains, predictor_for
from rules.games import Session, find_game, open_session

STARTS = {
    "classic 8x8": find_game("classic").start(),
    "classic 12x8": find_game("classic").start({"size": "12x8"}),
    "rugen": find_game("rugen").start(),
    "rugen rows=1": find_game("rugen").start({"rows": "1"}),
    "schadler": find_game("schadler").start(),
    "lat": find_game("lat").start(),
}

#: One position per rule set where the side to move wins at once (and only some moves do).
WINS_AT_ONCE = {
    # Black slides onto b1: the White eagle in the a1 corner is shut in by its own soldier on a2
    # and the Black mover.
    "classic": "classic:1s2e3/8/8/8/8/8/S7/E6s b",
    # White slides h1-h7: the Black eagle in the h8 corner is enclosed by White pieces only.
    "rugen": "rugen:6Se/8/8/s7/8/8/8/S2E3S w",
    # White removes the alligatus on d4: Black is left with one counter.
    "schadler": "schadler:8/8/8/3c4/2Cc*C3/8/8/C7 w hand=0,0",
    # White slides k1-k7: the Black Queen in the k8 corner is shut in by her own Valkyrie.
    "lat": "lat:9vq/11/11/11/11/11/11/Q9V w",
}


def winning_moves(session: Session[Any]) -> set[str]:
    """The moves after which the mover has won, by the rules themselves."""
    me = session.to_move
    wins = set()
    for move in session.legal_moves():
        session.push(move)
        outcome = session.outcome
        session.pop()
        if outcome is not None and outcome.winner == me:
            wins.add(session.format(move))
    return wins


def random_position(start: str, rng: random.Random, plies: int) -> Session[Any]:
    session = open_session(start)
    for _ in range(plies):
        if session.is_over:
            break
        session.play(rng.choice(session.legal_actions()))
    return session


@pytest.mark.parametrize("game_id", sorted(WINS_AT_ONCE))
@pytest.mark.parametrize("level", [Level.HARD, Level.MEDIUM])
def test_a_win_in_one_is_taken(game_id: str, level: Level) -> None:
    position = WINS_AT_ONCE[game_id]
    wins = winning_moves(open_session(position))
    assert wins and len(wins) < len(open_session(position).legal_actions())
    for seed in range(3):
        assert choose_action(position, level, time_limit=0.5, seed=seed) in wins


@pytest.mark.parametrize("game_id", sorted(WINS_AT_ONCE))
def test_easy_sometimes_misses_a_win_so_beginners_can_win(game_id: str) -> None:
    position = WINS_AT_ONCE[game_id]
    wins = winning_moves(open_session(position))
    chosen = [choose_action(position, Level.EASY, time_limit=0.2, seed=s) for s in range(40)]
    assert any(move not in wins for move in chosen)
    assert any(move in wins for move in chosen)


@pytest.mark.parametrize("label", sorted(STARTS))
def test_hard_takes_every_win_in_one_and_never_plays_an_illegal_move(label: str) -> None:
    """Over positions of random games: the move is legal, the session is left untouched, and a
    win in one, whenever there is one, is taken."""
    engine = engine_for(open_session(STARTS[label]).rules.id)
    rng = random.Random(label)
    for _ in range(6):
        session = random_position(STARTS[label], rng, rng.randrange(0, 90))
        if session.is_over:
            continue
        before = (session.position_text(), session.ply, session.legal_actions())
        move = engine.choose(session, Level.HARD, time.monotonic() + 0.3, rng)
        assert (session.position_text(), session.ply, session.legal_actions()) == before
        assert move in before[2]
        wins = winning_moves(session)
        if wins:
            assert move in wins


@pytest.mark.parametrize("label", sorted(STARTS))
@pytest.mark.parametrize("level", [Level.EASY, Level.MEDIUM])
def test_every_level_plays_legal_moves_in_random_positions(label: str, level: Level) -> None:
    engine = engine_for(open_session(STARTS[label]).rules.id)
    rng = random.Random(f"{label}{level}")
    for _ in range(5):
        session = random_position(STARTS[label], rng, rng.randrange(0, 120))
        if session.is_over:
            continue
        legal = session.legal_actions()
        assert engine.choose(session, level, time.monotonic() + 0.2, rng) in legal


def test_hard_parries_a_threat_on_its_eagle() -> None:
    """Black threatens b8-b1 and g1-b1, shutting the White eagle in the a1 corner (its own
    soldier on a2 blocks the other side). 42 of White's 60 moves lose at once; hard plays none."""
    position = "classic:1s2e3/7S/8/2S5/5S2/8/S7/E5s1 w"
    assert winning_moves(open_session(position.replace(" w", " b")))  # the threat is real
    session = open_session(position)
    move = choose_action(position, Level.HARD, time_limit=1.0, seed=1)
    session.play(move)
    assert not winning_moves(session)


@pytest.mark.parametrize("label", sorted(STARTS))
def test_the_capture_predictor_never_misses_a_capture_or_a_win(label: str) -> None:
    """Quiescence plays only the moves the predictor names, so one it missed would make the
    search blind to that capture. Checked against the rules over random games."""
    rng = random.Random(label)
    session = open_session(STARTS[label])
    game = session.game  # type: ignore[attr-defined]
    predict = predictor_for(game.variant.id)
    checked = 0
    for _ in range(4):
        session = open_session(STARTS[label])
        game = session.game  # type: ignore[attr-defined]
        for _ply in range(rng.randrange(20, 140)):
            if game.is_over:
                break
            me = game.turn
            for move in game.legal_moves():
                predicted = predict(game.state, move) > 0
                result = game.push(move)
                won = game.outcome is not None and game.outcome.winner is me
                game.pop()
                if result.captured or won:
                    checked += 1
                    assert predicted, f"{move} in {game.position.to_lpn()}"
            game.push(rng.choice(game.legal_moves()))
    assert checked > 0


@pytest.mark.parametrize("label", sorted(STARTS))
def test_the_contact_screen_gives_the_predictors_own_answers(label: str) -> None:
    """The search asks the predictor only about moves that land next to an enemy piece
    (``gains``); over random games that screen changes no answer, and it does skip moves."""
    rng = random.Random(f"screen {label}")
    skipped = 0
    for _ in range(3):
        session = open_session(STARTS[label])
        game = session.game  # type: ignore[attr-defined]
        predict = predictor_for(game.variant.id)
        for _ply in range(rng.randrange(20, 120)):
            if game.is_over:
                break
            moves = game.legal_moves()
            screened = gains(predict, game.state, moves)
            assert screened == [predict(game.state, m) for m in moves]
            skipped += sum(1 for g in screened if g == 0)
            game.push(rng.choice(moves))
    assert skipped > 0
