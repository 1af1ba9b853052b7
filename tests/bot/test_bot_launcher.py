"""``python -m bot`` and the settings it reads."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot import Settings, SettingsError


def run_bot(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in {"DISCORD_TOKEN", "DEV_GUILD_ID"}}
    clean.update(env)
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={**clean, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_missing_token_is_one_line_and_exit_2(tmp_path):
    proc = run_bot(tmp_path)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0]


def test_dotenv_is_read(tmp_path):
    (tmp_path / ".env").write_text("DISCORD_TOKEN=secret-token\nDEV_GUILD_ID=abc\n")
    proc = run_bot(tmp_path)
    assert proc.returncode == 2 and "DEV_GUILD_ID" in proc.stderr
    assert "secret-token" not in proc.stderr


def test_settings_from_env():
    s = Settings.from_env(
        {
            "DISCORD_TOKEN": "t",
            "DATABASE_PATH": "x/y.sqlite3",
            "DEV_GUILD_ID": "123",
            "LOG_LEVEL": "debug",
            "CHALLENGE_TTL_HOURS": "2",
        }
    )
    assert s.database_path == Path("x/y.sqlite3") and s.dev_guild_id == 123
    assert s.log_level == "DEBUG" and s.challenge_ttl_seconds == 7200
    assert "t" not in repr(s).replace("token=<set>", "") or "<set>" in repr(s)
    d = Settings.from_env({"DISCORD_TOKEN": "t"})
    assert d.database_path == Path("data/latrunculi.sqlite3") and d.dev_guild_id is None
    for bad in ({"DEV_GUILD_ID": "abc"}, {"LOG_LEVEL": "loud"}, {"CHALLENGE_TTL_HOURS": "x"}):
        with pytest.raises(SettingsError):
            Settings.from_env({"DISCORD_TOKEN": "t", **bad})


def test_move_timeout_setting():
    """72 hours by default; the reminder comes 24 hours before the deadline or at a quarter
    of the timeout, whichever is less (18 hours at 72); 0 switches both off; nonsense is
    refused with the setting's name."""
    d = Settings.from_env({"DISCORD_TOKEN": "t"})
    assert d.move_timeout_seconds == 72 * 3600 and d.reminder_lead_seconds == 18 * 3600
    day = Settings.from_env({"DISCORD_TOKEN": "t", "MOVE_TIMEOUT_HOURS": "168"})
    assert day.reminder_lead_seconds == 24 * 3600
    two = Settings.from_env({"DISCORD_TOKEN": "t", "MOVE_TIMEOUT_HOURS": "2"})
    assert two.move_timeout_seconds == 7200 and two.reminder_lead_seconds == 1800
    off = Settings.from_env({"DISCORD_TOKEN": "t", "MOVE_TIMEOUT_HOURS": "0"})
    assert off.move_timeout_seconds is None and off.reminder_lead_seconds is None
    assert "move_timeout_hours=0.0" in repr(off)
    for bad in ("x", "-1", "nan", "inf", "9000"):
        with pytest.raises(SettingsError, match="MOVE_TIMEOUT_HOURS"):
            Settings.from_env({"DISCORD_TOKEN": "t", "MOVE_TIMEOUT_HOURS": bad})
