"""Mounting the Activity from the bot's settings: off unless enabled, refused at start when a
setting it needs is missing, and then serving its API."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from bot.activity import ActivityLaunches
from storage import Database
from web.activity.config import ActivityConfigError
from web.activity.host import activity_config, mount_activity


@dataclass(frozen=True)
class Settings:
    activity_enabled: bool = True
    token: str = "bot-token"
    discord_client_id: str = "424242424242424242"
    discord_client_secret: str = "client-secret"
    web_secret: str = "w" * 40
    discord_api_url: str = "http://127.0.0.1:9"


def test_settings() -> None:
    assert activity_config(Settings(activity_enabled=False)) is None
    config = activity_config(Settings())
    assert config is not None and config.api == "http://127.0.0.1:9/api/v10"
    assert "client-secret" not in repr(config) and "bot-token" not in repr(config)
    for bad, words in (
        (replace(Settings(), discord_client_id=""), "DISCORD_CLIENT_ID must be the application"),
        (replace(Settings(), discord_client_secret=""), "DISCORD_CLIENT_SECRET is not set"),
        (replace(Settings(), web_secret="short"), "session secret must be 32 characters"),
    ):
        with pytest.raises(ActivityConfigError, match=words):
            activity_config(bad)


async def test_mounted_only_when_enabled(tmp_path: Path) -> None:
    db = Database(tmp_path / "host.sqlite3")
    await db.start()
    try:
        for enabled, status in ((False, 404), (True, 200)):
            app = web.Application()
            mount_activity(
                app, Settings(activity_enabled=enabled), db, ActivityLaunches(db).game_for
            )
            async with TestClient(TestServer(app)) as client:
                r = await client.get("/api/activity/config")
                assert r.status == status
                if enabled:
                    assert await r.json() == {"client_id": "424242424242424242"}
    finally:
        await db.stop()
