"""Independent review of rules.md (conventions, classic, rugen) and notation.md, run as an
external tool would: ``python -m rules`` in a subprocess. Each test names the spec sentence."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules", *args], capture_output=True, text=True, timeout=60
    )


def play(position: str, *moves: str) -> dict[str, object]:
    out = run("play", position, *moves)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert isinstance(data, dict)
    return data


def assert_error(out: subprocess.CompletedProcess[str], *fragments: str) -> None:
    assert out.returncode == 2, (out.returncode, out.stderr)
    assert out.stdout == ""
    assert out.stderr.startswith("error: ") and out.stderr.count("\n") == 1, out.stderr
    for fragment in fragments:
        assert fragment in out.stderr, (fragment, out.stderr)


# ----- notation.md: errors go to stderr with exit status 2 and a one-line message ------------


@pytest.mark.parametrize(
    "position",
    [
        "rugen:ssssssss/ssssssss/4e3/8/8/3E4/SSSSSSSS/SSSSSSSS w clock=\u00b2",
        "schadler:8/8/8/8/8/8/8/8 w hand=\u00b2,16",
        "schadler:8/8/8/8/8/8/8/8 w hand=16,16 passes=\u00b9",
    ],
)
def test_a_non_ascii_number_in_a_key_is_a_one_line_error(position: str) -> None:
    for command in ("moves", "play"):
        assert_error(run(command, position), "expected a whole number")


@pytest.mark.parametrize(
    "position",
    [
        # "a number (1 or 2 digits)": Arabic-Indic digits are not LPN digits.
        "rugen:ssssssss/ssssssss/4e3/8/8/3E4/SSSSSSSS/SSSSSS\u0662 w",
        "rugen:ssssssss/ssssssss/4e3/8/8/3E4/SSSSSSSS/SSSSSSSS w clock=\u0663",
    ],
)
def test_lpn_numbers_are_ascii_digits(position: str) -> None:
    assert_error(run("moves", position))


# ----- rules.md 1: "After every move, every captive that is no longer held is released" ------


def test_an_unheld_captive_anywhere_on_the_board_is_released_after_the_next_move() -> None:
    # a4 is marked captive in the given position but nothing holds it; the move d1-d2 happens
    # far away from it and still releases it.
    data = play("classic:7e/8/8/8/s*7/8/8/3S3E w", "d1-d2")
    assert data["moves"] == [{"move": "d1-d2", "captured": [], "released": ["a4"]}]
    assert data["position"] == "classic:7e/8/8/8/s7/8/3S4/7E b"
    # The freed soldier can move at once.
    moves = run("moves", str(data["position"])).stdout.split()
    assert "a4-a5" in moves


def test_an_unheld_captive_of_the_mover_is_released_too() -> None:
    data = play("classic:7e/8/8/8/s*7/8/8/3S3E b", "h8-h7")
    assert data["moves"] == [{"move": "h8-h7", "captured": [], "released": ["a4"]}]


# ----- rules.md 2: the fifty-move rule at its boundary ----------------------------------------

RUGEN_99 = "rugen:4e2s/8/8/8/8/8/2sS3S/1S2E3 w clock=99"


def test_the_hundredth_ply_without_a_capture_draws() -> None:
    data = play(RUGEN_99, "h2-h3")
    assert data["outcome"] == {"winner": None, "reason": "fifty_move_rule"}
    assert str(data["position"]).endswith(" b clock=100")
    assert_error(run("play", str(data["position"]), "h8-h7"), "move 0", "the game is over")
    assert run("moves", str(data["position"])).stdout == ""


def test_a_capture_on_the_hundredth_ply_resets_the_clock_instead() -> None:
    data = play(RUGEN_99, "b1-b2")
    assert data["moves"] == [{"move": "b1-b2", "captured": ["c2"], "released": []}]
    assert data["outcome"] is None
    assert data["position"] == "rugen:4e2s/8/8/8/8/8/1S1S3S/4E3 b"


def test_canonical_keys_come_in_the_order_clock_then_rows() -> None:
    data = play("  RUGEN:8/8/8/8/8/8/1s6/S3e1SE   w   rows=1 ", "g1-g2")
    assert data["position"] == "rugen:8/8/8/8/8/8/1s4S1/S3e2E b clock=1 rows=1"


# ----- conventions: a forced pass is never refused for repetition and counts -----------------


def test_forced_passes_count_in_the_history_and_are_never_refused() -> None:
    # White's only piece is a held captive, so White must pass every turn; Black shuffles h1-h2.
    position = "classic:8/8/8/8/8/8/s7/S*s5s w"
    moves = ["pass", "h1-h2", "PASS", "h2-h1", "pass", "h1-h2", "pass"]
    data = play(position, *moves)
    played = data["moves"]
    assert isinstance(played, list)
    assert [m["move"] for m in played] == [m.lower() for m in moves]
    # The positions after the passes are in the history too: the start (White to move) has
    # occurred twice, so h2-h1 would make it occur a third time, while the passes that made
    # the positions with Black to move occur a second time were accepted.
    assert_error(run("play", position, *moves, "h2-h1"), "move 7", "third time")
