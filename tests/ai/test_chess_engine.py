"""The chess opponent (issue 16): the built-in search at every level, and Stockfish for hard
when one is configured (tested with a fake UCI engine run as a real subprocess)."""

from __future__ import annotations

import logging
import os
import random
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ai import Level, choose_action
from ai.engines.chess import STOCKFISH_ENV, stockfish_path
from rules.games import open_session

FAKE_UCI = Path(__file__).with_name("fake_uci.py")
START = "chess"
#: The fake engine's move at the start: the legal move whose UCI text sorts last (h2h4).
FAKE_START_MOVE = "h4"


@pytest.fixture(autouse=True)
def no_stockfish(monkeypatch: pytest.MonkeyPatch) -> None:
    """No Stockfish, whatever this machine has installed: the built-in search plays."""
    monkeypatch.delenv(STOCKFISH_ENV, raising=False)
    path = os.environ.get("PATH", "")
    kept = [d for d in path.split(os.pathsep) if d and not (Path(d) / "stockfish").exists()]
    monkeypatch.setenv("PATH", os.pathsep.join(kept))


def random_positions(count: int, seed: int) -> list[str]:
    """Positions from seeded random games, from the opening to the endgame."""
    rng = random.Random(seed)
    positions = []
    for _ in range(count):
        session = open_session(START)
        for _ in range(rng.randrange(0, 120)):
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
    for index, position in enumerate(random_positions(6, seed=16)):
        action = choose_action(position, level, time_limit=0.3, seed=index)
        assert action in open_session(position).legal_actions(), position


@pytest.mark.parametrize(
    "position",
    [
        # Scholar's mate: Qxf7#.
        "chess:r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        # A back-rank mate for Black: ...Re1#.
        "chess:4r1k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1",
        # A queen and king against a lone king: Qh8# (and Qc7 would stalemate).
        "chess:k7/8/1K6/8/8/8/7Q/8 w - - 0 1",
    ],
)
@pytest.mark.parametrize("level", [Level.MEDIUM, Level.HARD])
def test_a_mate_in_one_is_played(position: str, level: Level) -> None:
    session = open_session(position)
    session.play(choose_action(position, level, time_limit=1.0, seed=1))
    outcome = session.outcome
    assert outcome is not None and outcome.reason.value == "checkmate"


def test_hard_takes_a_hanging_queen_and_keeps_its_own() -> None:
    # White's queen on d5 can be taken by the knight on f6; Black's queen on d8 is attacked by
    # nothing. Taking is the only move that does not simply lose a queen's worth.
    position = "chess:rnbqkb1r/pppp1ppp/5n2/3Q4/4P3/8/PPP2PPP/RNB1KBNR b KQkq - 0 4"
    assert choose_action(position, Level.HARD, time_limit=1.0, seed=1) == "Nxd5"


def test_hard_escapes_a_mate_threat_instead_of_grabbing_material() -> None:
    # Black threatens ...Qxg2# (the bishop on b7 guards g2); Qxa5 grabs a rook and is mated.
    position = "chess:6k1/1b3pp1/7p/rQ6/6q1/8/PP3PPP/5RK1 w - - 0 1"
    session = open_session(position)
    session.play(choose_action(position, Level.HARD, time_limit=1.5, seed=1))
    mates = []
    for reply in session.legal_actions():
        session.play(reply)
        if session.outcome is not None and session.outcome.reason.value == "checkmate":
            mates.append(reply)
        session.pop()
    assert mates == []


def test_the_search_stops_at_its_deadline() -> None:
    """Not a speed test: a HARD search that ignored its deadline would run for minutes (it
    deepens to 64 plies), so returning within several seconds shows it stopped; the margin is
    wide because a loaded 2-core machine can stall the process for seconds."""
    middlegame = "chess:r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8"
    started = time.monotonic()
    choose_action(middlegame, Level.HARD, time_limit=0.5, seed=2)
    assert time.monotonic() - started < 0.5 + 5.0


# ----- Stockfish, through a fake UCI engine --------------------------------------------------


@pytest.fixture
def fake_engine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An executable UCI engine (tests/ai/fake_uci.py behind a shebang) that logs its input
    to ``uci.log`` beside it."""
    script = tmp_path / "fakefish"
    script.write_text(f"#!{sys.executable}\n" + FAKE_UCI.read_text(encoding="utf-8"))
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("FAKE_UCI_LOG", str(tmp_path / "uci.log"))
    return script


def test_hard_plays_the_configured_engines_move(
    fake_engine: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(STOCKFISH_ENV, str(fake_engine))
    assert choose_action(START, Level.HARD, time_limit=1.0, seed=1) == FAKE_START_MOVE
    commands = (fake_engine.parent / "uci.log").read_text().splitlines()
    assert commands[0] == "uci" and any(c.startswith("go") for c in commands)
    assert commands[-1] == "quit"  # started for the move and quit after it


def test_the_engine_gets_the_position_with_its_moves(
    fake_engine: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(STOCKFISH_ENV, str(fake_engine))
    position = "chess:rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    # Black's legal move sorting last in UCI is h7h6.
    assert choose_action(position, Level.HARD, time_limit=1.0, seed=1) == "h6"


def test_stockfish_on_the_path_is_used_when_nothing_is_configured(
    fake_engine: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_engine.rename(fake_engine.with_name("stockfish"))
    monkeypatch.setenv("PATH", f"{fake_engine.parent}{os.pathsep}{os.environ['PATH']}")
    assert stockfish_path() == str(fake_engine.with_name("stockfish"))
    assert choose_action(START, Level.HARD, time_limit=1.0, seed=1) == FAKE_START_MOVE


@pytest.mark.parametrize("level", [Level.EASY, Level.MEDIUM])
def test_the_weaker_levels_never_start_the_engine(
    fake_engine: Path, monkeypatch: pytest.MonkeyPatch, level: Level
) -> None:
    monkeypatch.setenv(STOCKFISH_ENV, str(fake_engine))
    action = choose_action(START, level, time_limit=0.3, seed=1)
    assert action in open_session(START).legal_actions()
    assert not (fake_engine.parent / "uci.log").exists()


def test_without_an_engine_hard_searches_itself(fake_engine: Path) -> None:
    assert stockfish_path() is None
    choose_action(START, Level.HARD, time_limit=0.3, seed=1)
    assert not (fake_engine.parent / "uci.log").exists()


def test_an_engine_that_cannot_start_leaves_the_move_to_the_built_in_search(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv(STOCKFISH_ENV, str(tmp_path / "no-such-stockfish"))
    with caplog.at_level(logging.WARNING, logger="ai.engines.chess"):
        action = choose_action(
            "chess:4r1k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", Level.HARD, time_limit=0.5, seed=1
        )
    assert action == "Re1#"
    assert "no-such-stockfish" in caplog.text and "built-in search" in caplog.text


def test_the_command_line_uses_the_configured_engine(fake_engine: Path) -> None:
    env = {**os.environ, STOCKFISH_ENV: str(fake_engine)}
    out = subprocess.run(
        [sys.executable, "-m", "ai", "move", START, "--level", "hard", "--time", "1"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout == f"{FAKE_START_MOVE}\n"
