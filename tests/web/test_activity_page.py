"""The Activity's page files: served as soon as they are built (the bot builds them after its
web server started), framed only by Discord, nothing outside the built directory; and the
page counts as stale when the board's modules it imports changed."""

from __future__ import annotations

import os
from pathlib import Path

from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from storage import Database
from web import frontend_build
from web.activity import ActivityConfig, setup_activity

from .activity_fake_discord import APP_ID, BOT_TOKEN, CLIENT_SECRET


async def test_the_page_is_served_once_built_and_only_discord_may_frame_it(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    (tmp_path / "secret.txt").write_text("not for the web")
    db = Database(tmp_path / "page.sqlite3")
    await db.start()
    app = web.Application()
    config = ActivityConfig(
        client_id=APP_ID,
        client_secret=CLIENT_SECRET,
        bot_token=BOT_TOKEN,
        session_secret="s" * 40,
        discord_url="http://127.0.0.1:9",
    )
    setup_activity(app, config, db, dist=dist)
    try:
        async with TestClient(TestServer(app)) as client:
            r = await client.get("/activity/")
            assert r.status == 503 and "npm run build" in await r.text()
            # built after the server started: served at once
            (dist / "assets").mkdir(parents=True)
            (dist / "index.html").write_text("<html>activity</html>")
            (dist / "assets" / "app.js").write_text("console.log(1)")
            r = await client.get("/activity/")
            assert r.status == 200 and await r.text() == "<html>activity</html>"
            csp = r.headers["Content-Security-Policy"]
            assert "frame-ancestors 'self' https://discord.com https://*.discord.com" in csp
            r = await client.get("/activity/assets/app.js")
            assert r.status == 200 and await r.text() == "console.log(1)"
            assert (await client.get("/activity/missing.js")).status == 404
            r = await client.get("/activity/..%2Fsecret.txt")
            assert r.status == 404
    finally:
        await db.stop()


def test_the_activity_page_is_stale_when_the_boards_modules_change(
    tmp_path: Path, monkeypatch
) -> None:
    board, activity = tmp_path / "frontend", tmp_path / "frontend-activity"
    for d in (board / "src", activity / "src", activity / "dist"):
        d.mkdir(parents=True)
    monkeypatch.setattr(frontend_build, "FRONTEND", board)
    files = {
        board / "src" / "game.ts": 100,
        activity / "src" / "app.ts": 100,
        activity / "dist" / "index.html": 200,
    }
    for path, when in files.items():
        path.write_text("x")
        os.utime(path, (when, when))
    assert not frontend_build.is_stale(activity)
    os.utime(board / "src" / "game.ts", (300, 300))  # the board's game page changed
    assert frontend_build.is_stale(activity)
    (activity / "dist" / "index.html").unlink()
    assert frontend_build.is_stale(activity)
