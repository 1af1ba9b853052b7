"""The live board against the real bot: simcord's Discord, the bot with ``WEB_PORT`` set
(its web server on a loopback port) and a fake Discord OAuth2 provider on another."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest
import pytest_asyncio
from aiohttp import web

from tests.bot.conftest import (  # noqa: F401 - fixtures shared with the bot's tests
    Arena,
    SharedWorker,
    ai_worker,
    arena,
    bot_overrides,
    db_path,
    make_settings,
)

from .fake_discord import CLIENT_ID, CLIENT_SECRET, FakeDiscord

SECRET = "test-web-secret-0123456789abcdefghijklmnopqrstuvwxyz"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class FakeProvider:
    fake: FakeDiscord
    url: str


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeProvider]:
    fake = FakeDiscord()
    runner = web.AppRunner(fake.app())
    await runner.setup()
    port = free_port()
    site = web.TCPSite(runner, "127.0.0.1", port)
    await site.start()
    yield FakeProvider(fake, f"http://127.0.0.1:{port}")
    await runner.cleanup()


@pytest.fixture
def web_port() -> int:
    return free_port()


@pytest.fixture
def web_url(web_port: int) -> str:
    return f"http://127.0.0.1:{web_port}"


@pytest.fixture
def web_bot_factory(db_path, bot_overrides, ai_worker, fake_discord, web_port, web_url):  # noqa: F811
    """A fresh bot with the live board on (a new one for every (re)start), on the test's
    database, its web server on ``web_port``."""
    from bot import create_bot

    def factory() -> Any:
        settings = make_settings(
            db_path,
            web_port=web_port,
            web_url=web_url,
            web_secret=SECRET,
            discord_client_id=CLIENT_ID,
            discord_client_secret=CLIENT_SECRET,
            discord_api_url=fake_discord.url,
            web_build=False,
            **bot_overrides,
        )
        return create_bot(settings, opponent=SharedWorker(ai_worker))

    return factory


@pytest.fixture
def simcord_bot(web_bot_factory):
    return web_bot_factory()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "simcord_env" in getattr(item, "fixturenames", ()) and not item.get_closest_marker(
            "simcord"
        ):
            item.add_marker(pytest.mark.simcord(settle_timeout=60.0))


async def sign_in(http: aiohttp.ClientSession, base: str, fake: FakeProvider, member: Any) -> str:
    """Sign ``member`` in through the fake Discord; returns their CSRF token."""
    fake.fake.add_user(member.id, member.name)
    async with http.get(f"{fake.url}/as/{member.id}") as r:
        assert r.status == 200
    async with http.get(f"{base}/auth/login?next=/me") as r:  # follows both redirects
        assert r.status in (200, 503), await r.text()  # 503: the page itself (no front end)
        assert str(r.url) == f"{base}/me"
    async with http.get(f"{base}/api/me") as r:
        me = await r.json()
    assert me["user"]["id"] == str(member.id)
    return str(me["csrf"])


def client() -> aiohttp.ClientSession:
    """A browser-like client: keeps cookies (also of a loopback address)."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
