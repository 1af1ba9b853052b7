"""``python -m rules`` for chess and draughts, run as processes: the contract of games.md."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

CHESS_START = "chess:rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
DRAUGHTS_START = "draughts:B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules", *args], capture_output=True, text=True, timeout=60
    )


def ok(*args: str) -> str:
    out = run(*args)
    assert out.returncode == 0 and out.stderr == "", out.stderr
    return out.stdout


def test_variants_lists_the_classic_set_after_the_latrunculi_rule_sets() -> None:
    lines = ok("variants").splitlines()
    assert [line.split("\t")[0] for line in lines] == [
        "classic",
        "rugen",
        "schadler",
        "lat",
        "chess",
        "draughts",
        "backgammon",
        "ludo",
    ]
    assert "ludo\tLudo\t40 fields" in lines
    assert "chess\tChess\t8x8" in lines and "draughts\tEnglish draughts\t8x8" in lines


def test_start_prints_the_start_positions() -> None:
    assert ok("start", "chess") == CHESS_START + "\n"
    assert ok("start", "draughts") == DRAUGHTS_START + "\n"


def test_moves_prints_canonical_moves_sorted_as_text() -> None:
    chess_moves = ok("moves", "chess").splitlines()
    assert len(chess_moves) == 20 and chess_moves == sorted(chess_moves) and "Nf3" in chess_moves
    assert ok("moves", DRAUGHTS_START).splitlines() == [
        "10-14",
        "10-15",
        "11-15",
        "11-16",
        "12-16",
        "9-13",
        "9-14",
    ]
    assert ok("moves", "draughts:B:W15:B1,11") == "11x18\n"


def test_play_chess_prints_the_json_with_the_en_passant_square() -> None:
    data = json.loads(ok("play", "chess", "e4", "a6", "e5", "d5", "exd6", "Bf5", "dxc7", "Bc8"))
    assert data["moves"][4] == {"move": "exd6", "captured": ["d5"], "released": []}
    assert data["moves"][6] == {"move": "dxc7", "captured": ["c7"], "released": []}
    assert data["position"] == "chess:rnbqkbnr/1pP1pppp/p7/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 1 5"
    assert data["outcome"] is None


def test_play_chess_accepts_every_input_form_and_reports_mate() -> None:
    data = json.loads(ok("play", "chess", "f2f3", "e5", "g4", "Qh4"))
    assert [m["move"] for m in data["moves"]] == ["f3", "e5", "g4", "Qh4#"]
    assert data["outcome"] == {"winner": "black", "reason": "checkmate"}


def test_play_chess_draw_by_repetition() -> None:
    moves = ["Nf3", "Nf6", "Ng1", "Ng8"] * 2
    data = json.loads(ok("play", "chess", *moves))
    assert data["outcome"] == {"winner": None, "reason": "threefold_repetition"}


def test_play_draughts_prints_captured_squares_as_numbers() -> None:
    data = json.loads(ok("play", "draughts", "11-15", "22-18", "15:22", "25x18"))
    assert data["moves"][2] == {"move": "15x22", "captured": [18], "released": []}
    assert data["moves"][3] == {"move": "25x18", "captured": [22], "released": []}
    assert data["position"] == (
        "draughts:B:W18,21,23,24,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12"
    )


def test_play_draughts_reports_the_outcome_and_the_counter() -> None:
    data = json.loads(ok("play", "draughts:B:W15:B11", "11x18"))
    assert data["outcome"] == {"winner": "black", "reason": "no_pieces"}
    data = json.loads(ok("play", "draughts:B:WK32:BK1 plies=79", "1-5"))
    assert data["position"] == "draughts:W:WK32:BK5 plies=80"
    assert data["outcome"] == {"winner": None, "reason": "forty_moves"}


def test_perft() -> None:
    assert ok("perft", "chess", "2") == "400\n"
    assert ok("perft", "draughts", "4") == "1469\n"
    assert ok("perft", CHESS_START, "0") == "1\n"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("play", "chess", "e4", "e4"), ["move 1", "'e4'", "no black pawn can move to e4"]),
        (("play", "chess", "e4", "Ke7?!"), ["move 1", "'Ke7?!'", "not a chess move"]),
        (("play", "draughts", "11-15", "15-19"), ["move 1", "'15-19'", "not your piece"]),
        (("play", "draughts:B:W15:B1,11", "1-6"), ["move 0", "capturing is compulsory"]),
        (("moves", "chess:rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"), ["six"]),
        (("moves", "draughts:B:W33:B1"), ["not a square"]),
        (("start", "draughts", "--option", "size=10x10"), ["no option"]),
        (("perft", "chess", "-1"), ["depth"]),
        (("moves", "checkers"), ["unknown game 'checkers'"]),
    ],
)
def test_bad_input_exits_2_with_one_line(args: tuple[str, ...], words: list[str]) -> None:
    out = run(*args)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith("error: ") and out.stderr.count("\n") == 1
    for word in words:
        assert word in out.stderr, out.stderr
