"""``python -m ai move``: the command-line contract of issue 15, run as a process."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rules.games import open_session


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ai", *args], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    "position",
    [
        "classic",
        "rugen",
        "schadler",
        "lat",
        "classic:ssssssssssss/5e6/12/12/12/12/6E5/SSSSSSSSSSSS b",
    ],
)
def test_move_prints_one_legal_move_and_exits_0(position: str) -> None:
    out = run("move", position, "--level", "easy", "--time", "0.2", "--seed", "3")
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""
    assert out.stdout.endswith("\n") and out.stdout.count("\n") == 1
    assert out.stdout.strip() in open_session(position).legal_actions()


def test_the_same_seed_gives_the_same_move() -> None:
    first = run("move", "rugen", "--level", "easy", "--seed", "7", "--time", "0.2")
    again = run("move", "rugen", "--level", "easy", "--seed", "7", "--time", "0.2")
    assert first.returncode == 0 and first.stdout == again.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["move", "nonsense:8/8 w"], "unknown game"),
        (["move", "classic:8/8/8 b"], "classic"),
        (["move", "classic:8/8/8/8/8/8/8/S*s*6 b"], "game is over"),
        (["move", "rugen", "--level", "brutal"], "usage"),
        (["move", "rugen", "--time", "0"], "time limit"),
        (["move", "rugen", "--time", "soon"], "usage"),
        (["move"], "usage"),
        ([], "usage"),
    ],
)
def test_bad_input_exits_2_with_one_line(args: list[str], words: str) -> None:
    out = run(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("error: ")
    assert words in out.stderr.lower()


def test_moves_after_the_position_are_played_first() -> None:
    out = run("move", "rugen", "a2-a3", "h7-h6", "--level", "easy", "--seed", "1", "--time", "0.2")
    assert out.returncode == 0, out.stderr
    session = open_session("rugen")
    session.play("a2-a3")
    session.play("h7-h6")
    assert out.stdout.strip() in session.legal_actions()


def test_an_illegal_move_in_the_history_exits_2() -> None:
    out = run("move", "rugen", "a2-a3", "a3-a4")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith("error: ") and "a3-a4" in out.stderr
