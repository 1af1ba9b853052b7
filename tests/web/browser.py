"""Headless Chromium for the live board's end-to-end tests: Debian's ``chromium`` driven by
Python's Playwright (its own browser downloads are never used), one context per person."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, Page, async_playwright

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTEFACTS = Path(
    os.environ.get("WEB_TEST_ARTEFACTS", Path(__file__).parents[2] / "artefacts" / "web")
)
"""Where the screenshots of each game's page go (looked at by a person; kept by CI)."""
WAIT_MS = 30_000
"""How long a page may take to show a change: generous, so a loaded machine never fails a
test (the latency itself is measured by bench/web_bench.py)."""


@asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    from web.config import DIST

    assert (DIST / "index.html").is_file(), (
        "the front end is not built: cd web/frontend && npm ci && npm run build (.ci/run does)"
    )
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            yield browser
        finally:
            await browser.close()


async def person(browser: Browser, **options: Any) -> Page:
    """A page in a browser context of its own (its own cookies: one person); ``options``:
    the context's own (``color_scheme``, ``locale``, ...)."""
    context = await browser.new_context(viewport={"width": 1200, "height": 860}, **options)
    page = await context.new_page()
    page.set_default_timeout(WAIT_MS)
    return page


async def sign_in(page: Page, fake: Any, base: str, member: Any, path: str) -> None:
    """Sign ``member`` in with (fake) Discord and land on ``path``."""
    fake.fake.add_user(member.id, member.name.capitalize())
    await page.goto(f"{fake.url}/as/{member.id}")
    await page.goto(f"{base}/auth/login?next={path}")
    await page.wait_for_url(f"{base}{path}")


async def at_ply(page: Page, ply: int) -> None:
    await page.wait_for_selector(f"body[data-ply='{ply}']", state="attached")


async def shot(page: Page, name: str) -> Path:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTEFACTS / f"{name}.png"
    await page.screenshot(path=str(path), full_page=True)
    return path


async def past_ply(page: Page, ply: int) -> int:
    """Wait until the page shows ply ``ply`` or a later one (the bot may have rolled after
    it); returns the ply shown."""
    await page.wait_for_function("n => Number(document.body.dataset.ply) >= n", arg=ply)
    return int(await page.evaluate("Number(document.body.dataset.ply)"))
