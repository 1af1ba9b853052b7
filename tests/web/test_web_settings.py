"""The live board's settings: off without ``WEB_PORT``; with it, a public URL and a real
secret are required, and the secrets are never printed."""

from __future__ import annotations

import pytest

from bot.settings import Settings, SettingsError

BASE = {"DISCORD_TOKEN": "t"}
SECRET = "s" * 40


def test_the_live_board_is_off_without_a_port() -> None:
    s = Settings.from_env({**BASE, "WEB_URL": "https://x.example", "WEB_SECRET": SECRET})
    assert s.web_port is None


def test_a_port_needs_a_url_and_a_long_secret() -> None:
    s = Settings.from_env(
        {
            **BASE,
            "WEB_PORT": "8080",
            "WEB_URL": "https://games.example.org/",
            "WEB_SECRET": SECRET,
            "DISCORD_CLIENT_ID": "123",
            "DISCORD_CLIENT_SECRET": "client-secret-value",
        }
    )
    assert (s.web_port, s.web_url, s.web_host) == (8080, "https://games.example.org", "127.0.0.1")
    assert SECRET not in repr(s) and "client-secret-value" not in repr(s)
    with pytest.raises(SettingsError, match="WEB_URL"):
        Settings.from_env({**BASE, "WEB_PORT": "8080", "WEB_SECRET": SECRET})
    with pytest.raises(SettingsError, match="WEB_SECRET must be at least 32"):
        Settings.from_env(
            {**BASE, "WEB_PORT": "8080", "WEB_URL": "https://x.example", "WEB_SECRET": "short"}
        )
    with pytest.raises(SettingsError, match="WEB_PORT must be a port"):
        Settings.from_env({**BASE, "WEB_PORT": "eighty"})
    with pytest.raises(SettingsError, match="DISCORD_CLIENT_ID"):
        Settings.from_env(
            {
                **BASE,
                "WEB_PORT": "8080",
                "WEB_URL": "https://x.example",
                "WEB_SECRET": SECRET,
                "DISCORD_CLIENT_ID": "abc",
            }
        )
