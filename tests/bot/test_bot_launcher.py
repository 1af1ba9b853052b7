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


# A realistic-looking bot token (the shape Discord uses: id.timestamp.hmac), not a real one.
FAKE_TOKEN = "MTE0NzQ4MzY0NzQ4MzY0NzQ4Mw.GhXy7Q.k2J9vQ0pZr8sT4uW6xY1aB3cD5eF7gH9iJ0kL2"


def _fragments(secret: str, size: int = 8) -> list[str]:
    return [secret[i : i + size] for i in range(0, len(secret) - size + 1)]


def test_a_token_pasted_into_dev_guild_id_is_never_printed(tmp_path):
    """The operator pasted the token into the wrong line: the error names the setting and
    what is wrong, but no piece of the token reaches the terminal."""
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={FAKE_TOKEN}\nDEV_GUILD_ID={FAKE_TOKEN}\n")
    proc = run_bot(tmp_path)
    assert proc.returncode == 2
    [line] = proc.stderr.strip().splitlines()
    assert "DEV_GUILD_ID" in line and "token" in line.lower()
    assert not [f for f in _fragments(FAKE_TOKEN) if f in proc.stderr + proc.stdout], line


@pytest.mark.parametrize(
    "name", ["DEV_GUILD_ID", "LOG_LEVEL", "CHALLENGE_TTL_HOURS", "MOVE_TIMEOUT_HOURS"]
)
@pytest.mark.parametrize("pasted", [FAKE_TOKEN, "Bot " + FAKE_TOKEN, FAKE_TOKEN.split(".")[0]])
def test_no_setting_error_echoes_a_token_like_value(name, pasted):
    """Any setting's error: a value that looks like a token (whole, with "Bot ", or its
    first segment alone) is described, never shown; a short typo is still quoted back."""
    with pytest.raises(SettingsError) as info:
        Settings.from_env({"DISCORD_TOKEN": FAKE_TOKEN, name: pasted})
    text = str(info.value)
    assert name in text
    assert not [f for f in _fragments(pasted.upper()) if f in text.upper()], text
    with pytest.raises(SettingsError, match="'abc'"):
        Settings.from_env({"DISCORD_TOKEN": FAKE_TOKEN, name: "abc"})


def test_a_token_pasted_into_database_path_is_refused_unshown():
    """A token is never a file name: refused (the launcher would log the path) unshown."""
    with pytest.raises(SettingsError, match="DATABASE_PATH") as info:
        Settings.from_env({"DISCORD_TOKEN": FAKE_TOKEN, "DATABASE_PATH": FAKE_TOKEN})
    assert not [f for f in _fragments(FAKE_TOKEN) if f in str(info.value)]
    ok = Settings.from_env({"DISCORD_TOKEN": FAKE_TOKEN, "DATABASE_PATH": "data/my.game.db"})
    assert ok.database_path == Path("data/my.game.db")


def test_the_computer_thinking_times_per_level():
    s = Settings.from_env(
        {"DISCORD_TOKEN": "t", "LOG_LEVEL": "debug", "AI_TIME_EASY": "0.2", "AI_TIME_HARD": "3"}
    )
    assert s.log_level == "DEBUG"
    assert (s.ai_time_limit("easy"), s.ai_time_limit("medium"), s.ai_time_limit("hard")) == (
        0.2,
        None,  # unset: the engine's own time for the level
        3.0,
    )
    for bad in ("0", "-1", "61", "fast"):
        with pytest.raises(SettingsError, match="AI_TIME_MEDIUM"):
            Settings.from_env({"DISCORD_TOKEN": "t", "AI_TIME_MEDIUM": bad})


def test_how_many_computer_turns_think_at_once():
    """AI_WORKERS: a bot on a big machine thinks many turns at once, a small one fewer; unset,
    one process per core. A bad value is refused with the setting's name."""
    assert Settings.from_env({"DISCORD_TOKEN": "t", "AI_WORKERS": "3"}).ai_workers == 3
    assert Settings.from_env({"DISCORD_TOKEN": "t"}).ai_workers is None
    for bad in ("0", "-2", "65", "many", "1.5"):
        with pytest.raises(SettingsError, match="AI_WORKERS"):
            Settings.from_env({"DISCORD_TOKEN": "t", "AI_WORKERS": bad})


def test_database_url_selects_the_database():
    """DATABASE_URL wins over DATABASE_PATH; unset, the SQLite file of DATABASE_PATH (as
    before); a URL whose scheme is unknown is refused with the schemes that work, and a
    password never shows in the settings' repr."""
    base = {"DISCORD_TOKEN": FAKE_TOKEN}
    assert Settings.from_env(base).database == Path("data/latrunculi.sqlite3")
    assert Settings.from_env({**base, "DATABASE_PATH": "x/y.db"}).database == Path("x/y.db")
    url = "postgresql://bot:s3cret@localhost:5432/latrunculi"
    settings = Settings.from_env({**base, "DATABASE_PATH": "x/y.db", "DATABASE_URL": url})
    assert settings.database == url
    assert "s3cret" not in repr(settings)
    sqlite = Settings.from_env({**base, "DATABASE_URL": "sqlite:///data/other.sqlite3"})
    assert sqlite.database == "sqlite:///data/other.sqlite3"
    with pytest.raises(SettingsError, match="sqlite:/// or postgresql://, not 'mysql'"):
        Settings.from_env({**base, "DATABASE_URL": "mysql://u:p@host/db"})
    with pytest.raises(SettingsError, match="DATABASE_URL: a SQLite URL is sqlite:///"):
        Settings.from_env({**base, "DATABASE_URL": "sqlite://relative.db"})
    with pytest.raises(SettingsError, match="DATABASE_URL must start with"):
        Settings.from_env({**base, "DATABASE_URL": "data/file.sqlite3"})


def test_an_unreachable_postgresql_is_one_line_and_exit_1(tmp_path):
    proc = run_bot(
        tmp_path,
        DISCORD_TOKEN=FAKE_TOKEN,
        DATABASE_URL="postgresql://bot:s3cret@127.0.0.1:1/latrunculi",
    )
    assert proc.returncode == 1, proc.stderr
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("error: cannot connect to PostgreSQL at postgresql://bot:***@")
    assert "s3cret" not in proc.stderr


def a_bot_database(path: Path) -> None:
    """A real database of the bot's, with a few hundred players (several pages)."""
    import asyncio

    from storage import Database

    async def fill() -> None:
        async with Database(path) as db:
            for i in range(300):
                await db.players.upsert_player(1_000 + i, f"Player {i}")

    asyncio.run(fill())


@pytest.mark.parametrize("kind", ["overwritten", "truncated", "other file"])
def test_a_database_file_that_is_no_database_is_one_line_and_exit_1(tmp_path, kind):
    """Finding 7 of "What a playthrough and a hostile probe found": a 37-line traceback for a
    truncated or overwritten database file. Now one line naming the file and what is wrong,
    exit status 1, as for a database of a newer schema, and the file is left as it was."""
    path = tmp_path / "data" / "latrunculi.sqlite3"
    path.parent.mkdir()
    if kind == "overwritten":  # a text file saved over it
        path.write_text("DISCORD_TOKEN=...\n" * 40)
    elif kind == "other file":  # a picture given as the database
        path.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 20)
    else:  # a copy that stopped half-way
        a_bot_database(path)
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 2])
    before = path.read_bytes()
    proc = run_bot(tmp_path, DISCORD_TOKEN=FAKE_TOKEN, DATABASE_PATH=str(path))
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr, proc.stderr
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith(f"error: database '{path}' cannot be read: "), last
    what = "is damaged" if kind == "truncated" else "is not a SQLite database"
    assert what in last, last
    assert path.read_bytes() == before
