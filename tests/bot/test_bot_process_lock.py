"""One bot process per SQLite file: a second ``python -m bot`` on the same file is refused at
once with one clear line and exit status 1, while tools that open the file for a moment keep
working beside the running bot, and a crashed bot leaves no lock behind.

The first "bot" is a real process holding the lock exactly as the launcher does
(``storage.ProcessLock``): a real ``python -m bot`` cannot stay up here without Discord."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from storage import Database, DatabaseInUse, ProcessLock

from .test_bot_launcher import run_bot

ROOT = Path(__file__).resolve().parents[2]
HOLDER = """
import sys, time
from pathlib import Path
from storage import ProcessLock
ProcessLock(Path(sys.argv[1])).acquire()
print("locked", flush=True)
time.sleep(120)
"""
IN_USE = "is in use by another bot process"


@pytest.fixture
def running_bot(tmp_path: Path):
    """A process holding ``tmp_path/data/bot.sqlite3``'s lock, as a running bot does."""
    path = tmp_path / "data" / "bot.sqlite3"
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
    yield proc
    proc.kill()
    proc.wait()


def test_a_second_bot_on_the_same_file_is_refused(tmp_path, running_bot):
    second = run_bot(tmp_path, DISCORD_TOKEN="a.b.c", DATABASE_PATH="data/bot.sqlite3")
    assert second.returncode == 1
    [line] = [x for x in second.stderr.strip().splitlines() if x.startswith("error:")]
    assert IN_USE in line and f"pid {running_bot.pid}" in line
    assert "only one bot process may run on a SQLite file" in line and "PostgreSQL" in line
    assert "cannot reach Discord" not in second.stderr  # refused before going anywhere


def test_a_crashed_bot_leaves_no_lock(tmp_path, running_bot):
    running_bot.send_signal(signal.SIGKILL)
    running_bot.wait()
    after = run_bot(tmp_path, DISCORD_TOKEN="a.b.c", DATABASE_PATH="data/bot.sqlite3")
    assert IN_USE not in after.stderr  # it went on (to Discord, unreachable or refusing here)
    assert after.returncode in (1, 2) and "Discord" in after.stderr


def test_a_missing_token_is_still_the_first_error_whatever_the_lock(tmp_path, running_bot):
    proc = run_bot(tmp_path, DATABASE_PATH="data/bot.sqlite3")
    assert proc.returncode == 2
    [line] = proc.stderr.strip().splitlines()
    assert "DISCORD_TOKEN" in line and IN_USE not in line


async def test_tools_open_the_file_beside_the_running_bot(tmp_path, running_bot):
    """Backups, ``python -m storage copy``, the tests' writers: plain opens take no lock."""
    async with Database(tmp_path / "data" / "bot.sqlite3") as db:
        await db.players.upsert_player(1, "Ann", now=1.0)
        assert (await db.players.get_player(1)) is not None


def test_the_lock_is_exclusive_in_one_process_too_and_released(tmp_path):
    path = tmp_path / "x.sqlite3"
    with ProcessLock(path) as first:
        assert first.held and first.path == tmp_path / "x.sqlite3.lock"
        with pytest.raises(DatabaseInUse, match=f"pid {os.getpid()}"):
            ProcessLock(path).acquire()
    with ProcessLock(path) as again:  # released: free to take
        assert again.held
