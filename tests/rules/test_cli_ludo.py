"""``python -m rules`` for ludo, run as processes: the contract of games.md."""

from __future__ import annotations

import json
import subprocess
import sys


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules", *args], capture_output=True, text=True, timeout=60
    )


def ok(*args: str) -> str:
    out = run(*args)
    assert out.returncode == 0 and out.stderr == "", out.stderr
    return out.stdout


def refused(*args: str) -> str:
    out = run(*args)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("error: ")
    return out.stderr


def test_start_with_2_3_and_4_players() -> None:
    assert ok("start", "ludo") == "ludo:R:B,B,B,B/Y:B,B,B,B R\n"
    assert ok("start", "ludo", "--option", "players=3") == "ludo:R:B,B,B,B/B:B,B,B,B/Y:B,B,B,B R\n"
    assert ok("start", "ludo", "--option", "players=4") == (
        "ludo:R:B,B,B,B/B:B,B,B,B/Y:B,B,B,B/G:B,B,B,B R\n"
    )
    assert "players must be one of 2, 3, 4" in refused("start", "ludo", "--option", "players=5")


def test_moves_lists_roll_or_the_moves_sorted_as_text() -> None:
    assert ok("moves", "ludo") == "roll\n"
    assert ok("moves", "ludo:R:12,0,B,B/Y:F,41,3,B Y 6") == "3-9\nB-0\nB-5\n"
    assert ok("moves", "ludo:R:B,B,B,B/Y:B,B,B,B R 2") == "pass\n"


def test_play_prints_moves_with_knocked_fields_and_the_final_position() -> None:
    out = json.loads(ok("play", "ludo:R:12,B,B,B/Y:37,37,B,B R", "roll:5", "12-17", "roll:6"))
    assert out["position"] == "ludo:R:17,B,B,B/Y:B,B,B,B Y 6"
    assert out["moves"] == [
        {"move": "roll:5", "captured": [], "released": []},
        {"move": "12-17", "captured": [17], "released": []},
        {"move": "roll:6", "captured": [], "released": []},
    ]
    assert out["outcome"] is None


def test_play_the_roll_for_the_first_player_then_a_game_to_its_end() -> None:
    out = json.loads(ok("play", "ludo:R:B,B,B,B/Y:B,B,B,B RY", "roll:4-4", "roll:2-6"))
    assert out["position"] == "ludo:R:B,B,B,B/Y:B,B,B,B Y"
    out = json.loads(ok("play", "ludo:R:F,F,F,42/Y:F,3,B,B R 2", "42-F"))
    assert out["outcome"] == {"winner": "red", "reason": "finished", "places": ["red", "yellow"]}


def test_play_refuses_with_the_reason_and_the_move_index() -> None:
    err = refused("play", "ludo:R:B,B,B,B/Y:B,B,B,B R", "roll:4", "B-0")
    assert err == ("error: move 1 ('B-0'): B-0: a 4 cannot leave the base: only a 1 or a 6\n")


def test_perft_depth_1_with_the_die_set_and_refused_otherwise() -> None:
    assert ok("perft", "ludo:R:12,0,B,B/Y:F,41,3,B Y 6", "1") == "3\n"
    assert ok("perft", "ludo:R:B,B,B,B/Y:B,B,B,B R 3", "1") == "1\n"
    assert "a roll is due" in refused("perft", "ludo", "1")
    assert "depth 1" in refused("perft", "ludo:R:12,0,B,B/Y:F,41,3,B Y 6", "2")
