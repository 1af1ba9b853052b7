"""A bot process killed with SIGKILL in the middle of a stream of moves loses nothing committed.

The child (crash_writer.py) records real rugen moves from several concurrent tasks and prints
each write after its commit returns. We kill it at different moments, then check: every printed
write is in the file, the file passes ``PRAGMA integrity_check``, and every game — including
those cut off mid-stream — replays through the rules core to exactly its stored positions.
"""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from storage import Database
from storage.replay import verify_game
from tests.storage.storage_helpers import ending_game, random_game

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]


def write_scripts(path: Path) -> None:
    """Four real games, one of which ends by the rules."""
    games = [random_game(seed, max_plies=60) for seed in (11, 12, 13)]
    games.append(ending_game())
    path.write_text(json.dumps([dataclasses.asdict(g) for g in games]))


@pytest.mark.parametrize("kill_after", [25, 300, 1000])
async def test_sigkill_mid_stream_loses_no_committed_move(tmp_path: Path, kill_after: int) -> None:
    db_path = tmp_path / "crash.sqlite3"
    scripts = tmp_path / "scripts.json"
    write_scripts(scripts)
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])
    )
    child = subprocess.Popen(
        [sys.executable, str(HERE / "crash_writer.py"), str(db_path), str(scripts)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO,
        env=env,
    )
    assert child.stdout is not None and child.stderr is not None
    lines: list[str] = []
    try:
        while len(lines) < kill_after:
            line = child.stdout.readline()
            if not line:
                pytest.fail(f"writer died early: {child.stderr.read()}")
            lines.append(line.strip())
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    rest = child.stdout.read()
    child.stdout.close()
    child.stderr.close()
    assert child.returncode == -signal.SIGKILL
    lines += [x for x in rest.splitlines() if x.strip()]

    printed_moves = {
        (int(parts[1]), int(parts[2])) for parts in (x.split() for x in lines) if parts[0] == "move"
    }
    printed_games = {int(parts[1]) for parts in (x.split() for x in lines) if parts[0] == "game"}
    assert lines[0] == "ready" and len(lines) >= kill_after and printed_moves

    async with Database(db_path) as db:
        assert await db.integrity_check() == ["ok"]
        stored = {
            (row["game_id"], row["ply"])
            for row in await db.fetchall("SELECT game_id, ply FROM moves")
        }
        assert printed_moves <= stored, sorted(printed_moves - stored)[:5]
        game_ids = [row[0] for row in await db.fetchall("SELECT id FROM games ORDER BY id")]
        assert printed_games <= set(game_ids)
        # At most one write per task can have committed without being printed.
        assert len(stored - printed_moves) <= 4
        for game_id in game_ids:
            report = await verify_game(db, game_id)
            assert report.ok, (game_id, report.problems)
        finished = await db.fetchval("SELECT COUNT(*) FROM games WHERE status = 'finished'")
        if kill_after >= 1000:
            assert finished >= 1  # the scripted ending was recorded and replays as an ending
        # Players' records were updated in the same transactions that finished the games.
        for user_id in (101, 102):
            player = await db.players.get_player(user_id)
            assert player is not None
            assert player.games_played == player.draws == finished
