"""Every benchmark script still runs to its end on tiny sizes.

The benchmarks are not run by CI for their figures (speed is measured by hand on a quiet
machine, never asserted in tests), but a schema or API change that breaks one went unnoticed
until someone wanted its figures. These runs take a few seconds in all and check only that each
script finishes and prints its table, not how fast anything was.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.pg_server import PostgresForTests

BENCH = Path(__file__).resolve().parents[2] / "bench"

RUNS = {
    "ai_bench.py": (
        [
            "--games",
            "2",
            "--time",
            "0.1",
            "--only",
            "rugen,lat,backgammon,ludo 4p",
            "--max-plies",
            "16",
        ],
        "hard vs greedy",
    ),
    "storage_bench.py": (
        [
            "--games",
            "40",
            "--history",
            "3",
            "--samples",
            "10",
            "--window",
            "0.3",
            "--tasks",
            "2",
            "--processes",
            "2",
        ],
        "goal: 4 PostgreSQL processes",
    ),
    "ai_worker_bench.py": (
        ["--turns", "3", "--time", "0.01", "--processes", "1", "2", "--grace", "30"],
        "failed 0",
    ),
    "analysis_bench.py": (
        [
            "--chess-moves",
            "2",
            "--backgammon-turns",
            "2",
            "--latrunculi-plies",
            "3",
            "--moves",
            "3",
            "--depth",
            "1",
        ],
        "/move while analysing",
    ),
    "bot_bench.py": (["--games", "20", "--moves", "5", "--crowd", "0"], "/move"),
    "web_bench.py": (
        ["--pages", "3", "--moves", "3", "--give-up-after", "600"],
        "goal (p95 <= 300 ms)",
    ),
    "analysis_more_bench.py": (["--playouts", "2", "--plies", "10", "--depth", "1"], "judged"),
    "cold_start.py": (["--runs", "1", "--games", "classic"], "ai move classic"),
    "games_bench.py": (["--games", "30", "--rounds", "2"], "/games Next"),
    "gif_bench.py": (["--plies", "4", "--runs", "1"], "11x8 lat"),
    "memory_bench.py": (
        ["--moves", "20", "--checkpoints", "10,20", "--end-plies", "6"],
        "replay GIF, fresh process",
    ),
    "render_bench.py": (["--runs", "2"], "8x8 chess"),
    "chess_selfplay_bench.py": (
        ["--pairs", "1", "--depth", "1", "--max-plies", "16", "--jobs", "1"],
        "new engine won",
    ),
    "ratings_bench.py": (["--games", "20", "--finishes", "5"], "rated finish"),
    "rules_bench.py": (["--only-ludo", "--ludo-games", "3"], "ludo 4 players"),
}


@pytest.mark.parametrize("script", sorted(RUNS))
def test_benchmark_runs_on_tiny_sizes(
    script: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    args, expected = RUNS[script]
    if script == "storage_bench.py":  # on the session's PostgreSQL server, not one more
        server: PostgresForTests = request.getfixturevalue("postgres")
        args = [*args, "--postgres-url", server.admin_url]
    done = subprocess.run(
        [sys.executable, str(BENCH / script), *args],
        capture_output=True,
        text=True,
        timeout=1200,  # a hang guard only: a loaded machine may take minutes
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert expected in done.stdout, done.stdout[-2000:]


def test_every_benchmark_script_is_run_here() -> None:
    """A new benchmark joins the list above (the gnubg cross-check needs the bench extras)."""
    scripts = {p.name for p in BENCH.glob("*.py")} - {"backgammon_gnubg_check.py"}
    assert scripts == set(RUNS)
