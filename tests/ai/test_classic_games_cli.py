"""``python -m ai move`` for the classic games (issue 16), run as a process: a legal action in
canonical notation for chess, draughts, backgammon (turns, ``roll``/``double``,
``take``/``drop``) and ludo (moves, ``roll``)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rules.games import open_session

#: A won race for White, who has doubled: Black (66 pips against 79) must drop.
DOUBLED_RACE = "backgammon:XGID=--BBCDD----------bbccbba--:0:0:1:D:0:0:0:0:10"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ai", *args], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    "position",
    [
        "chess",
        "chess:r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "draughts",
        "draughts:B:W14,15,23,24,6:B1,10",
        "backgammon:XGID=-b----E-C---eE---c-e----B-:0:0:1:61:0:0:0:0:10",
        "backgammon:XGID=-b---BD-B---cEa--d-e----B-:0:0:1:00:0:0:0:0:10",
        "ludo:R:12,0,B,B/Y:F,41,3,B Y 6",
        "ludo:R:B,B,B,B/B:B,B,B,B/Y:B,B,B,B/G:B,B,B,B RBYG",
    ],
)
@pytest.mark.parametrize("level", ["easy", "hard"])
def test_move_prints_one_legal_action(position: str, level: str) -> None:
    out = run("move", position, "--level", level, "--time", "0.3", "--seed", "1")
    assert out.returncode == 0, out.stderr
    assert out.stderr == "" and out.stdout.count("\n") == 1
    assert out.stdout.strip() in open_session(position).legal_actions()


def test_an_offered_cube_is_answered_take_or_drop() -> None:
    assert open_session(DOUBLED_RACE).legal_actions() == ["drop", "take"]
    out = run("move", DOUBLED_RACE, "--level", "hard")
    assert (out.returncode, out.stdout) == (0, "drop\n"), out.stderr


def test_a_due_roll_is_answered_roll() -> None:
    out = run("move", "ludo:R:12,0,B,B/Y:F,41,3,B Y", "--level", "medium")
    assert (out.returncode, out.stdout) == (0, "roll\n"), out.stderr
