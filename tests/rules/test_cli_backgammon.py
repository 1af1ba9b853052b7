"""``python -m rules`` for backgammon, run as processes: the contract of games.md."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from .bg_helpers import START, xgid

START_SIDE = {24: 2, 13: 5, 8: 3, 6: 5}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules", *args], capture_output=True, text=True, timeout=60
    )


def ok(*args: str) -> str:
    out = run(*args)
    assert out.returncode == 0 and out.stderr == "", out.stderr
    return out.stdout


def test_variants_start_and_moves() -> None:
    assert "backgammon\tBackgammon\t24 points" in ok("variants").splitlines()
    assert ok("start", "backgammon") == START + "\n"
    assert (
        ok("start", "backgammon", "--option", "match=7")
        == START.replace(":0:0:0:0:10", ":0:0:0:7:10") + "\n"
    )
    assert ok("moves", "backgammon") == "roll\n"
    assert ok("moves", START) == "roll\n"
    mid = xgid({24: 2, 13: 4, 8: 2, 7: 2, 6: 5}, START_SIDE, turn="black")
    assert ok("moves", mid) == "double\nroll\n"
    lines = ok("moves", xgid(START_SIDE, START_SIDE, dice="61")).splitlines()
    assert lines == sorted(lines) and len(lines) == 10 and "13/7 8/7" in lines


def test_play_prints_json_with_hits_and_points() -> None:
    data = json.loads(
        ok("play", "backgammon", "roll:3-3", "roll:6-5", "13/7 13/8", "roll:6-1", "24/18* 24/23")
    )
    assert [m["move"] for m in data["moves"]] == [
        "roll:3-3",
        "roll:6-5",
        "13/7 13/8",
        "roll:6-1",
        "24/18* 24/23",
    ]
    assert data["moves"][4] == {"move": "24/18* 24/23", "captured": [18], "released": []}
    assert data["outcome"] is None
    assert data["position"].endswith(":0:0:1:00:0:0:0:0:10")
    end = json.loads(ok("play", xgid({1: 1}, {6: 15}, dice="21", cube=1, owner=1), "1/off"))
    assert end["outcome"] == {"winner": "white", "reason": "gammon", "points": 4}
    mid = xgid({24: 2, 13: 4, 8: 2, 7: 2, 6: 5}, START_SIDE)
    drop = json.loads(ok("play", mid, "double", "drop"))
    assert drop["outcome"] == {"winner": "white", "reason": "drop", "points": 1}
    passed = json.loads(ok("play", xgid({25: 1}, {n: 2 for n in range(1, 7)}, dice="63"), "pass"))
    assert passed["moves"][0]["move"] == "pass"


def test_perft_counts_one_turn() -> None:
    assert ok("perft", xgid(START_SIDE, START_SIDE, dice="61"), "1") == "10\n"
    assert ok("perft", xgid({25: 1}, {n: 2 for n in range(1, 7)}, dice="63"), "1") == "1\n"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("perft", "backgammon", "1"), ["a roll is due"]),
        (("perft", xgid(START_SIDE, START_SIDE, dice="61"), "2"), ["depth 1"]),
        (("play", "backgammon", "roll:6-1", "13/7 13/12"), ["move 1", "the 1 is blocked"]),
        (("play", "backgammon", "double"), ["move 0", "no doubling before the opening roll"]),
        (("play", "backgammon", "roll"), ["say the dice"]),
        (("play", "backgammon", "roll:6-1", "24/18/"), ["not a backgammon turn"]),
        (("moves", "backgammon:XGID=nonsense"), ["not a backgammon position"]),
        (("start", "backgammon", "--option", "match=30"), ["match must be one of"]),
    ],
)
def test_bad_input_exits_2_with_one_line(args: tuple[str, ...], words: list[str]) -> None:
    out = run(*args)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith("error: ") and out.stderr.count("\n") == 1
    assert all(w in out.stderr for w in words), out.stderr
