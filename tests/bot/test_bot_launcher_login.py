"""``python -m bot`` against a fake Discord API on loopback: a rejected token and an unreachable
Discord each end with one line on stderr and the documented exit status."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

import discord
import pytest

from bot.__main__ import main


class _RejectingDiscord(BaseHTTPRequestHandler):
    """Answers every request as Discord does for a bad token."""

    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        body = json.dumps({"message": "401: Unauthorized", "code": 0}).encode()
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def fake_discord() -> Iterator[str]:
    server = HTTPServer(("127.0.0.1", 0), _RejectingDiscord)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/api/v10"
    server.shutdown()
    server.server_close()


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def bot_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "a-token-discord-will-refuse")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "db.sqlite3"))
    for name in ("DEV_GUILD_ID", "LOG_LEVEL", "CHALLENGE_TTL_HOURS"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def test_a_rejected_token_is_one_line_and_exit_2(
    bot_env: Path,
    fake_discord: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(discord.http.Route, "BASE", fake_discord)
    assert main() == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "rejected DISCORD_TOKEN" in err[0]
    assert "a-token-discord-will-refuse" not in err[0]
    assert (bot_env / "db.sqlite3").exists()  # the database was opened and closed cleanly


def test_unreachable_discord_is_one_line_and_exit_1(
    bot_env: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{_closed_port()}/api/v10")
    assert main() == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot reach Discord" in err[0]
