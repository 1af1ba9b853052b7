"""``python -m rules``: the command line contract of shared/spec/notation.md, run as a process."""

from __future__ import annotations

import json
import subprocess
import sys

from rules import all_games


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules", *args], capture_output=True, text=True, timeout=60
    )


def test_variants_lists_id_name_and_size() -> None:
    out = run("variants")
    assert out.returncode == 0
    lines = out.stdout.splitlines()
    assert [line.split("\t")[0] for line in lines] == [g.id for g in all_games()]
    assert "classic\tLatrunculi (classic)\t8x8" in lines
    assert all(len(line.split("\t")) == 3 for line in lines)


def test_start_with_and_without_options() -> None:
    assert run("start", "rugen").stdout == (
        "rugen:ssssssss/ssssssss/4e3/8/8/3E4/SSSSSSSS/SSSSSSSS w\n"
    )
    assert run("start", "classic").stdout == "classic:ssssssss/3e4/8/8/8/8/4E3/SSSSSSSS b\n"
    out = run("start", "classic", "--option", "size=12x8")
    assert out.stdout == "classic:ssssssssssss/5e6/12/12/12/12/6E5/SSSSSSSSSSSS b\n"
    assert run("start", "rugen", "--option", "rows=1").stdout.strip().endswith("w rows=1")


def test_moves_are_sorted_canonical_and_one_per_line() -> None:
    out = run("moves", "rugen")
    lines = out.stdout.splitlines()
    assert out.returncode == 0 and len(lines) == 30 and lines == sorted(lines)
    assert "d3-d4" in lines and "d3-d5" not in lines


def test_moves_of_a_finished_position_print_nothing() -> None:
    out = run("moves", "classic:8/8/8/8/8/8/8/S*s*6 b")
    assert out.returncode == 0 and out.stdout == ""


def test_play_prints_one_json_object() -> None:
    out = run("play", "classic:7s/8/8/8/2Ss4/8/8/4S3 w", "e1e4", "h8-h7", "c4-c1")
    assert out.returncode == 0
    data = json.loads(out.stdout)
    assert data == {
        "position": "classic:8/7s/8/8/3sS3/8/8/2S5 b",
        "moves": [
            {"move": "e1-e4", "captured": ["d4"], "released": []},
            {"move": "h8-h7", "captured": [], "released": []},
            {"move": "c4-c1", "captured": [], "released": ["d4"]},
        ],
        "outcome": None,
    }


def test_play_reports_the_outcome() -> None:
    data = json.loads(run("play", "rugen:eS6/8/8/8/8/8/8/S6s w", "a1-a7").stdout)
    assert data["outcome"] == {"winner": "white", "reason": "eagle_captured"}


def test_play_counts_repetition_from_the_given_position() -> None:
    moves = ["a1-a2", "h8-h7", "a2-a1", "h7-h8", "a1-a2", "h8-h7", "a2-a1", "h7-h8"]
    out = run("play", "classic:7s/8/8/8/8/8/8/S7 w", *moves)
    assert out.returncode == 2 and out.stdout == ""
    assert "move 7" in out.stderr and "h7-h8" in out.stderr and "third time" in out.stderr


def test_illegal_move_names_index_move_and_reason() -> None:
    out = run("play", "rugen", "a2-a3", "a7-a6", "d3-d5")
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1
    assert "move 2" in out.stderr and "d3-d5" in out.stderr and "one square" in out.stderr


def test_perft() -> None:
    assert run("perft", "rugen", "1").stdout == "30\n"
    assert run("perft", "classic", "0").stdout == "1\n"


def test_errors_go_to_stderr_with_status_2() -> None:
    for args in (
        ("start", "go"),
        ("start", "rugen", "--option", "size=12x8"),
        ("moves", "rugen:8/8 w"),
        ("play", "rugen", "hello"),
        ("perft", "rugen", "x"),
        ("frobnicate",),
        (),
    ):
        out = run(*args)
        assert out.returncode == 2, args
        assert out.stdout == "" and out.stderr.startswith("error: ") and out.stderr.count("\n") == 1
