"""The Activity is the live board inside Discord (issues 34 + 35), end to end in a real
headless Chromium against the real bot (simcord's Discord) with its web server and the
Activity mounted: each person opens the Activity page with the SDK's own ``DiscordSDKMock``,
signs in through the fake Discord OAuth2 endpoint and the fake activity-instances endpoint,
and gets the live board of the channel's game. Alice and Bob finish a draughts game by
clicking on it, a ``/move`` made in Discord appears in every Activity page, and Carol, also
in the instance, watches without a seat to move from."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlencode

import pytest
import pytest_asyncio
from aiohttp import web

from tests.bot.conftest import SharedWorker, make_settings
from web.activity.routes import DIST as ACTIVITY_DIST

from .activity_fake_discord import APP_ID, BOT_TOKEN, CLIENT_SECRET, FakeDiscord
from .browser import at_ply, chromium, person, shot
from .conftest import SECRET, free_port

MOCK_INSTANCE = "123456789012345678"
"""The instance id ``DiscordSDKMock`` reports (fixed by the SDK)."""


class ActivityDiscord:
    def __init__(self, fake: FakeDiscord, url: str) -> None:
        self.fake = fake
        self.url = url


@pytest_asyncio.fixture
async def activity_discord() -> AsyncIterator[ActivityDiscord]:
    fake = FakeDiscord()
    runner = web.AppRunner(fake.app())
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    yield ActivityDiscord(fake, f"http://127.0.0.1:{port}")
    await runner.cleanup()


@pytest.fixture
def web_bot_factory(db_path, ai_worker, activity_discord, web_port, web_url):  # noqa: F811
    """The bot with the live board and the Activity on, Discord being the fake one."""
    from bot import create_bot

    def factory() -> Any:
        settings = make_settings(
            db_path,
            token=BOT_TOKEN,
            web_port=web_port,
            web_url=web_url,
            web_secret=SECRET,
            discord_client_id=APP_ID,
            discord_client_secret=CLIENT_SECRET,
            discord_api_url=activity_discord.url,
            web_build=False,
            activity_enabled=True,
        )
        return create_bot(settings, opponent=SharedWorker(ai_worker))

    return factory


def activity_url(web_url: str, fake: FakeDiscord, arena: Any, member: Any) -> str:
    present = ",".join(
        f"{m.id}:{m.name.capitalize()}" for m in (arena.alice, arena.bob, arena.carol)
    )
    query = {
        "client_id": APP_ID,
        "guild": str(arena.guild.id),
        "channel": str(arena.channel.id),
        "code": fake.code_for(member.id),
        "user": str(member.id),
        "in": present,
    }
    return f"{web_url}/activity/mock.html?{urlencode(query)}"


async def posted(channel: Any, words: str) -> None:
    """Wait until the bot posted ``words`` in ``channel``: a move from the page is posted
    by the web request's task, which simcord's settle does not wait for (generous, so a
    loaded machine never fails: this is no speed test)."""
    for _ in range(600):
        if any(words in m.content for m in channel.history()):
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"never posted: {words!r}")


async def click_move(page: Any, source: str, target: str) -> None:
    await page.click(f"#board [data-cell='{source}']")
    await page.wait_for_selector(f"#board [data-cell='{target}'].target")
    await page.click(f"#board [data-cell='{target}']")


async def test_a_draughts_game_finished_inside_the_activity(arena, web_url, activity_discord):
    assert (ACTIVITY_DIST / "mock.html").is_file(), (
        "the Activity's page is not built: cd web/frontend-activity && npm ci && npm run build"
    )
    fake = activity_discord.fake
    people = (arena.alice, arena.bob, arena.carol)
    for m in people:
        fake.add_user(m.id, m.name.capitalize())
        await arena.db.players.upsert_player(m.id, m.name)
    # Alice (White) and Bob (Black) four plies from the end: Bob to move
    record = await arena.db.games.create_game(
        guild_id=arena.guild.id,
        channel_id=arena.channel.id,
        game_kind="draughts",
        white_id=arena.alice.id,
        black_id=arena.bob.id,
        start_position="draughts:B:W22,27:B1,10",
        now=arena.bot.now(),
    )
    fake.launch(MOCK_INSTANCE, arena.guild.id, arena.channel.id, *(m.id for m in people))

    async with chromium() as browser:
        alice, bob, carol = [await person(browser) for _ in people]
        for page, member in zip((alice, bob, carol), people, strict=True):
            await page.goto(activity_url(web_url, fake, arena, member))
            await page.wait_for_selector("body[data-state=ready], body[data-state=failed]")
            assert await page.get_attribute("body", "data-state") == "ready", (
                await page.get_attribute("body", "data-error")
            )
            await at_ply(page, 0)
            await page.wait_for_selector("#status.live")
            # the participants list: everyone in the instance, the two players marked
            assert await page.locator("#participants .participant").all_inner_texts() == [
                "Alice",
                "Bob",
                "Carol",
            ]
            assert await page.locator("#participants .playing").count() == 2
        assert await alice.inner_text("#activity") == f"Alice · #{record.id} English draughts"
        assert await bob.inner_text("#result") == "Your move."
        assert await alice.locator("#board .cell.source").count() == 0  # not Alice's turn
        # Carol watches: the board, no seat, nothing to move, no sign-in link in Discord
        assert await carol.locator("#resign").count() == 0
        assert await carol.locator("#sign-in").count() == 0
        assert await carol.locator("#board [data-cell='10'] .piece-man").count() == 1

        # Bob moves by clicking in the Activity; it is posted in Discord too
        await click_move(bob, "1", "6")
        for page in (alice, bob, carol):
            await at_ply(page, 1)
        await posted(arena.channel, "(Black) moved `1-6`")

        # a /move in Discord appears in every Activity page
        r = await arena.alice.slash(arena.channel, "move", move="22-18")
        assert not r.ephemeral, r.response.content
        for page in (alice, bob, carol):
            await at_ply(page, 2)
        assert await carol.locator("#board [data-cell='18'] .piece-man").count() == 1

        # Carol is in the instance but not in the game: her move is refused, nothing changes
        refused = await carol.evaluate(
            """async ([id, session]) => (await fetch(`/api/games/${id}/move`, {method: 'POST',
                 headers: {'Content-Type': 'application/json', Authorization: `Bearer ${session}`},
                 body: JSON.stringify({action: '10-14', ply: 2})})).status""",
            [record.id, await carol.evaluate("window.activity.session")],
        )
        assert refused == 409

        await click_move(bob, "10", "14")
        for page in (alice, bob, carol):
            await at_ply(page, 3)
        # Alice's double jump, the piece then its landing, ends the game
        await click_move(alice, "18", "2")
        for page in (alice, bob, carol):
            await at_ply(page, 4)
            await page.wait_for_selector("#result:has-text('wins')")
        assert await carol.inner_text("#result") == (  # the reason in the bot's words
            f"{arena.alice.name} (White) wins: the side to move had no pieces left."
        )
        assert await carol.inner_text("#moves") == (
            "Black: 1-6\nWhite: 22-18\nBlack: 10-14\nWhite: 18x9x2"
        )
        final = await arena.db.games.load_game(record.id)
        assert (final.status, final.winner, final.reason) == ("finished", "white", "no_pieces")
        await posted(arena.channel, "wins**")
        await shot(alice, "activity-draughts-alice-won")
        await shot(carol, "activity-draughts-spectator")
