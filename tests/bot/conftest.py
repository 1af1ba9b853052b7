"""Fixtures for driving the real bot through simcord's simulated Discord.

Each test gets its own database file under ``tmp_path``; the guild is created with the bot's
``DEV_GUILD_ID`` so the commands the bot syncs in ``setup_hook`` are visible there.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from PIL import Image

from ai import Level
from ai.analysis.worker import AnalysisWorker
from ai.worker import AIWorker
from bot import GameBot, Settings, create_bot

GUILD_ID = 1_100_000_000_000_000_001
TEST_THINK_TIME = 0.005
"""Seconds the computer may think per move in bot tests."""
TEST_ANALYSIS_DEPTH = 1
"""The analyses' fixed depth in bot tests (a few milliseconds a position)."""


def make_settings(db_path: Path, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "token": "test-token",
        "database_path": db_path,
        "dev_guild_id": GUILD_ID,
        "log_level": "INFO",
        "challenge_ttl_hours": 24.0,
        # The computer thinks a few milliseconds in tests: what a test checks is what the bot
        # does with its move, never how strong the move is, and a loaded machine must not
        # turn a think into a time-out (tests/ai measures strength, bench/ measures speed).
        **dict.fromkeys(("ai_time_easy", "ai_time_medium", "ai_time_hard"), TEST_THINK_TIME),
        # Analyses search one ply (and the captures after it): enough to see a hung queen.
        "analysis_depth": TEST_ANALYSIS_DEPTH,
    }
    values.update(overrides)
    return Settings(**values)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "bot.sqlite3"


def pytest_configure(config):
    config.addinivalue_line("markers", "bot_settings(**kw): settings overrides for the bot")


SETTLE_TIMEOUT = 60.0
"""Seconds simcord waits for the bot to settle after an action before it fails the test. Its
default (5 s) is a wall-clock window a loaded machine can miss (a schadler game of 89 moves
with pictures failed under a load average of 8–13), so every bot test gets a generous one;
a test that sets its own keeps it."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        marker = item.get_closest_marker("simcord")
        options = dict(marker.kwargs) if marker is not None else {}
        if "settle_timeout" not in options and "simcord_env" in getattr(item, "fixturenames", ()):
            options["settle_timeout"] = SETTLE_TIMEOUT
            item.add_marker(pytest.mark.simcord(**options), append=False)


@pytest.fixture
def bot_overrides(request) -> dict[str, Any]:
    marker = request.node.get_closest_marker("bot_settings")
    return dict(marker.kwargs) if marker else {}


class SharedWorker:
    """The real :class:`ai.worker.AIWorker` at the bot's worker seam, one process for the
    whole test session: every test's bot starts it in ``setup_hook`` (idempotent) and "closes"
    it on shutdown without stopping it, so the suite pays for spawning the worker once."""

    def __init__(self, worker: AIWorker) -> None:
        self.worker = worker

    def start(self) -> None:
        self.worker.start()

    async def close(self) -> None:
        pass

    async def choose(
        self,
        position: str,
        level: Level,
        time_limit: float | None = None,
        moves: Sequence[str] = (),
    ) -> str:
        return await self.worker.choose(position, level, time_limit, moves)


@pytest.fixture(scope="session")
def ai_worker():
    """Spawned before any simulated Discord runs: a process spawned inside ``simcord.run``
    slows every later interaction of that run by ~80 ms (measured with ``/move``), which
    production, without simcord, does not have."""
    worker = AIWorker()
    worker.start()
    asyncio.run(worker.pid())
    yield worker
    asyncio.run(worker.close())


class SharedAnalyst:
    """The real :class:`ai.analysis.worker.AnalysisWorker` at the bot's analysis seam, one
    process for the whole session (started once; a bot's close leaves it running)."""

    def __init__(self, worker: AnalysisWorker) -> None:
        self.worker = worker

    def start(self) -> None:
        self.worker.start()

    async def close(self) -> None:
        pass

    async def score(
        self, position: str, moves: Sequence[str], first: int, count: int, depth: int | None
    ) -> list[dict[str, Any]]:
        return await self.worker.score(position, moves, first, count, depth)


@pytest.fixture(scope="session")
def analysis_worker():
    """Spawned before any simulated Discord runs, like :func:`ai_worker`."""
    worker = AnalysisWorker()
    worker.start()
    asyncio.run(worker.pid())
    yield worker
    asyncio.run(worker.close())


@pytest.fixture
def bot_factory(
    db_path: Path,
    bot_overrides: dict[str, Any],
    ai_worker: AIWorker,
    analysis_worker: AnalysisWorker,
):
    """Builds a fresh bot on the test's database (a new object for every (re)start)."""

    def factory(opponent: Any = None, analyst: Any = None, **overrides: Any) -> GameBot:
        return create_bot(
            make_settings(db_path, **{**bot_overrides, **overrides}),
            opponent=opponent if opponent is not None else SharedWorker(ai_worker),
            analyst=analyst if analyst is not None else SharedAnalyst(analysis_worker),
        )

    return factory


@pytest.fixture
def simcord_bot(bot_factory):
    return bot_factory()


@dataclass
class Arena:
    env: Any
    guild: Any
    channel: Any
    alice: Any
    bob: Any
    carol: Any

    @property
    def bot(self) -> GameBot:
        return self.env.bot

    @property
    def db(self):
        return self.env.bot.db


@pytest_asyncio.fixture
async def arena(simcord_env) -> Arena:
    env = simcord_env
    guild = env.create_guild("Arena", id=GUILD_ID)
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice", global_name="Alice"))
    bob = guild.add_member(env.create_user("bob", global_name="Bob"))
    carol = guild.add_member(env.create_user("carol", global_name="Carol"))
    yield Arena(env, guild, channel, alice, bob, carol)
    await env.bot.db.stop()


@pytest.fixture
def client_locales(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """Members' Discord client languages, by user id: each interaction such a member makes
    carries ``"locale": <theirs>``, as Discord sends it.

    simcord 3.2.1 writes ``"locale": "en-US"`` into every interaction it builds
    (``simcord.interactions.base_payload``, which its actors call through the module) and offers
    no setting for it; this wraps that builder so the simulated Discord sends what the real one
    does for such a member. Everything after the payload -- discord.py's parsing into
    ``interaction.locale``, the dispatch, the bot -- is the real code."""
    import simcord.interactions

    locales: dict[int, str] = {}
    build = simcord.interactions.base_payload

    def with_client_locale(backend: Any, **fields: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = build(backend, **fields)
        payload["locale"] = locales.get(fields["user_id"], "en-US")
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", with_client_locale)
    return locales


def open_png(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG"
    return img
