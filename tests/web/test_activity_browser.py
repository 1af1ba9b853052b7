"""The Activity's front-end handshake in a real headless Chromium (issue 35): the built page
(``web/frontend-activity``, built by ``.ci/run``) runs the SDK's own ``DiscordSDKMock`` in
place of the Discord client: ready → authorize → the bot's token endpoint exchanges the code
at a fake Discord OAuth2 endpoint on loopback → authenticate with the token it returned → the
instance check against the fake activity-instances endpoint → the game of the thread. The
participants list follows the SDK's updates. A player whose instance is not the claimed one
is refused."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest_asyncio
from aiohttp.test_utils import TestServer
from playwright.async_api import Browser, async_playwright

from bot.web_words import game_titles, game_words, page_language, page_words
from rendering.theme import DARK, LIGHT
from rules.games import find_game
from storage import Database, GameRecord
from web.activity.routes import DIST

from .activity_board import Recorder, board_with_activity
from .activity_fake_discord import APP_ID, CLIENT_SECRET, FakeDiscord
from .browser import ARTEFACTS
from .conftest import free_port

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--no-first-run",
]
GUILD = 1_300_000_000_000_000_001
CHANNEL = 1_300_000_000_000_000_010
THREAD = 1_300_000_000_000_000_011
ALICE, BOB, MALLORY = 201, 202, 203
MOCK_INSTANCE = "123456789012345678"
"""The instance id ``DiscordSDKMock`` reports (fixed by the SDK)."""


async def browser_words(
    user_id: int | None, guild_id: int | None, accept_language: str, game_kind: str | None = None
) -> dict[str, Any]:
    """The bot's catalogs in the browser's language (no one here chose one with /language)."""
    language = page_language(None, None, accept_language)
    return {
        **page_words(language),
        "game": game_words(game_kind, language),
        "titles": game_titles(language),
    }


SCHEME = """() => ({
  scheme: document.documentElement.dataset.theme,
  page: getComputedStyle(document.documentElement).backgroundColor,
  squares: [...document.querySelectorAll('#board > rect')].slice(1, 3)
    .map(r => r.getAttribute('fill')).sort(),
})"""


def _css(rgb: tuple[int, int, int]) -> str:
    return "rgb({},{},{})".format(*rgb)


@dataclass
class Site:
    url: str
    discord: FakeDiscord
    game: GameRecord
    browser: Browser
    recorder: Recorder

    def page_url(self, user_id: int, channel: int = THREAD) -> str:
        query = {
            "client_id": APP_ID,
            "guild": str(GUILD),
            "channel": str(channel),
            "code": self.discord.code_for(user_id),
            "user": str(user_id),
            "in": f"{ALICE}:Alice,{BOB}:Bob",  # who the mocked Discord client says is there
        }
        return f"{self.url}activity/mock.html?{urlencode(query)}"


@pytest_asyncio.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    async with make_site(tmp_path) as made:
        yield made


@pytest_asyncio.fixture
async def strict_site(tmp_path: Path) -> AsyncIterator[Site]:
    """Discord asked about the instance on every check; streams beat every 100 ms."""
    async with make_site(tmp_path, heartbeat=0.1, recheck=0.0) as made:
        yield made


@asynccontextmanager
async def make_site(tmp_path: Path, **board: float) -> AsyncIterator[Site]:
    assert (DIST / "mock.html").is_file(), (
        f"the Activity's page is not built: cd web/frontend-activity && npm ci && npm run build "
        f"(.ci/run does it) — looked in {DIST}"
    )
    discord = FakeDiscord()
    for uid, name in ((ALICE, "Alice"), (BOB, "Bob"), (MALLORY, "Mallory")):
        discord.add_user(uid, name)
    fake = TestServer(discord.app())
    await fake.start_server()
    db = Database(tmp_path / "browser.sqlite3")
    await db.start()
    game = await db.games.create_game(
        guild_id=GUILD,
        channel_id=CHANNEL,
        thread_id=THREAD,
        game_kind="draughts",
        start_position=find_game("draughts").start(),
        white_id=ALICE,
        black_id=BOB,
    )
    port = free_port()
    recorder = Recorder()
    app = board_with_activity(
        db,
        f"http://127.0.0.1:{port}",
        str(fake.make_url("")).rstrip("/"),
        recorder,
        words=browser_words,
        **board,
    )
    server = TestServer(app, port=port)
    await server.start_server()
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield Site(str(server.make_url("/")), discord, game, browser, recorder)
        finally:
            await browser.close()
            await server.close()
            await fake.close()
            await db.stop()


async def _open(
    site: Site, user_id: int, channel: int = THREAD, locale: str = "en-US", scheme: Any = "light"
) -> Any:
    context = await site.browser.new_context(locale=locale, color_scheme=scheme)
    page = await context.new_page()
    await page.goto(site.page_url(user_id, channel))
    await page.wait_for_selector(
        "body[data-state=ready], body[data-state=failed]", state="attached"
    )
    return page


async def test_the_handshake_signs_in_and_opens_the_threads_game(site: Site) -> None:
    site.discord.launch(MOCK_INSTANCE, GUILD, THREAD, ALICE, BOB)
    page = await _open(site, ALICE)
    assert await page.get_attribute("body", "data-state") == "ready"
    result = await page.evaluate("window.activity")
    assert result["user"] == {"id": str(ALICE), "name": "Alice"}
    # the SDK's authenticate got exactly the token the fake Discord issued for Alice's code
    assert await page.evaluate("window.authenticated") == [result["accessToken"]]
    assert site.discord.tokens[result["accessToken"]] == str(ALICE)
    [exchange] = site.discord.exchanges
    assert exchange["client_secret"] == CLIENT_SECRET  # sent by the server, to Discord only
    view = result["view"]
    assert view["mode"] == "game" and view["found_by"] == "channel"
    assert view["game"]["id"] == site.game.id and view["game"]["your_seat"] == "white"
    assert (await page.text_content("#activity")) == f"Alice · #{site.game.id} English draughts"
    # and the live board of that game under it, Alice's seat shown as hers
    await page.wait_for_selector("body[data-ply='0'] #board [data-cell='1'] .piece-man")
    assert await page.inner_text("#title") == f"Game #{site.game.id} · English draughts"
    assert site.discord.instance_reads == [MOCK_INSTANCE]
    # the participants list: who is there now, then again when someone joins
    alice_and_bob = [{"id": str(ALICE), "name": "Alice"}, {"id": str(BOB), "name": "Bob"}]
    assert await page.evaluate("window.participants") == [alice_and_bob]
    await page.evaluate(f"window.join('{MALLORY}', 'Mallory')")
    seen = await page.evaluate("window.participants")
    assert seen[-1] == [*alice_and_bob, {"id": str(MALLORY), "name": "Mallory"}]

    # Bob, in the same instance, sees the same game, his turn (Black moves first); his system
    # is dark: the page and the board take the live board's dark scheme, Alice's stay light
    bob = await _open(site, BOB, scheme="dark")
    bob_view = (await bob.evaluate("window.activity"))["view"]
    assert bob_view["game"]["id"] == site.game.id and bob_view["game"]["your_turn"] is True
    await bob.wait_for_selector("#board [data-cell='1'] .piece-man")
    for who, theme in ((page, LIGHT), (bob, DARK)):
        seen = await who.evaluate(SCHEME)
        assert seen["scheme"] == ("dark" if theme is DARK else "light")
        assert seen["squares"] == sorted(_css(c) for c in (theme.light_square, theme.dark_square))
        assert seen["page"] == "rgb({}, {}, {})".format(*theme.background)
    await bob.screenshot(path=str(ARTEFACTS / "activity-dark.png"), full_page=True)


async def test_a_foreign_instance_is_refused_in_the_browser(site: Site) -> None:
    # the instance runs in the game's thread without Mallory in it
    site.discord.launch(MOCK_INSTANCE, GUILD, THREAD, ALICE)
    page = await _open(site, MALLORY)
    assert await page.get_attribute("body", "data-state") == "failed"
    assert await page.get_attribute("body", "data-error") == "foreign_instance"
    # and a page claiming another channel than the instance's is refused the same way
    site.discord.launch(MOCK_INSTANCE, GUILD, THREAD, ALICE, MALLORY)
    page = await _open(site, MALLORY, channel=CHANNEL)
    assert await page.get_attribute("body", "data-error") == "foreign_instance"


async def test_opened_where_no_game_is_the_lobby_opens_a_game_on_the_board(site: Site) -> None:
    lounge = CHANNEL + 50  # a channel of the server without a game (the App Launcher)
    site.discord.launch(MOCK_INSTANCE, GUILD, lounge, BOB)
    page = await _open(site, BOB, channel=lounge)
    assert await page.get_attribute("body", "data-mode") == "lobby"
    # his game, his move first (Black starts), as a button; nothing else to watch here
    assert await page.inner_text("#play-list") == f"#{site.game.id} English draughts — your move"
    assert await page.locator("#watch-list .open-game").count() == 0
    assert await page.inner_text("#activity") == "Bob · your games: 1 · to watch: 0"
    # a Bulgarian reader's lobby names the game in Bulgarian (the live board's own titles)
    bulgarian = await _open(site, BOB, channel=lounge, locale="bg-BG")
    title = game_titles("bg")["draughts"]
    assert title != "English draughts"
    your_move = page_words("bg")["messages"]["your move"]
    assert await bulgarian.inner_text("#play-list") == f"#{site.game.id} {title} — {your_move}"
    await page.click(f"#play-list [data-game='{site.game.id}']")
    await page.wait_for_selector("body[data-ply='0'] #board .cell.source")
    assert await page.inner_text("#result") == "Your move."
    # both people in the instance play in the game just opened: marked in the list
    assert await page.locator("#participants .playing").all_inner_texts() == ["Alice", "Bob"]
    # Resign asks on the page (a browser dialog may be blocked in Discord's frame)
    await page.click("#resign")
    await page.click("#confirm-no")
    assert await page.locator("#confirm").count() == 0
    await page.click("#resign")
    await page.wait_for_selector("#confirm:has-text('This cannot be undone')")
    await page.screenshot(path=str(ARTEFACTS / "activity-lobby-then-board.png"), full_page=True)
    await page.click("#confirm-yes")
    await page.wait_for_function("() => !document.querySelector('#confirm')")
    for _ in range(600):  # the POST's answer (generous: a loaded machine is no failure)
        if site.recorder.resigned:
            break
        await asyncio.sleep(0.05)
    assert site.recorder.resigned == [(site.game.id, BOB)]  # once, after the "Yes" only


async def test_leaving_the_instance_ends_the_boards_stream_with_a_message(
    strict_site: Site,
) -> None:
    site = strict_site
    site.discord.launch(MOCK_INSTANCE, GUILD, THREAD, ALICE, BOB)
    page = await _open(site, ALICE)
    streams: list[str] = []
    page.on("request", lambda r: streams.append(r.url) if "/events" in r.url else None)
    await page.wait_for_selector("#status.live")
    # Alice leaves: Discord no longer lists her in the instance; the server cuts her stream
    site.discord.launch(MOCK_INSTANCE, GUILD, THREAD, BOB)
    await page.wait_for_selector("body[data-stream=ended]")
    assert (await page.inner_text("#status")).startswith("You left this Activity, or it has ended")
    asked = len(streams)
    reads = len(site.discord.instance_reads)
    await asyncio.sleep(2)  # a retrying page would have asked again after 0.5 s, then 1 s
    assert len(streams) == asked and len(site.discord.instance_reads) == reads
    assert (await page.inner_text("#status")).startswith("You left this Activity")
