"""The dark scheme in a real headless Chromium: the page follows the system's
``prefers-color-scheme``, the header's toggle switches and is remembered, and the boards are
drawn in the PNG boards' own dark palette (checked there for colour-blind eyes)."""

from __future__ import annotations

import re

from rendering.theme import DARK, LIGHT, contrast_ratio
from rules.games import find_game
from web.signing import Signer

from .browser import at_ply, chromium, person, shot
from .conftest import SECRET

COLOURS = """() => {
  const style = (q, p) => getComputedStyle(document.querySelector(q))[p];
  const squares = [...document.querySelectorAll('#board > rect')].slice(1, 3);
  return {
    scheme: document.documentElement.dataset.theme,
    page: style('html', 'backgroundColor'),
    text: style('#title', 'color'),
    live: style('#status.live', 'color'),
    link: style('#server-link', 'color'),
    squares: squares.map(r => r.getAttribute('fill')).sort(),
  };
}"""


def _rgb(css: str) -> tuple[int, int, int]:
    r, g, b = (int(v) for v in re.findall(r"\d+", css)[:3])
    return r, g, b


def _css(rgb: tuple[int, int, int]) -> str:
    return "rgb({},{},{})".format(*rgb)


async def test_the_dark_scheme_follows_the_system_and_the_toggle_is_remembered(arena, web_url):
    for m in (arena.alice, arena.bob):
        await arena.db.players.upsert_player(m.id, m.name)
    games = {}
    for kind in ("chess", "backgammon"):
        rules = find_game(kind)
        games[kind] = await arena.db.games.create_game(
            guild_id=arena.guild.id,
            channel_id=arena.channel.id,
            game_kind=kind,
            seats=list(zip(rules.seats, (arena.alice.id, arena.bob.id), strict=True)),
            start_position=rules.start({}),
        )
    link = {
        kind: f"{web_url}/games/{g.id}?t={Signer(SECRET).watch_token(g.id)}"
        for kind, g in games.items()
    }
    async with chromium() as browser:
        dark = await person(browser, color_scheme="dark")
        light = await person(browser, color_scheme="light")
        seen = {}
        for name, page in (("dark", dark), ("light", light)):
            await page.goto(link["chess"])
            await at_ply(page, 0)
            await page.wait_for_selector("#status.live")
            seen[name] = await page.evaluate(COLOURS)
        assert seen["dark"]["scheme"] == "dark" and seen["light"]["scheme"] == "light"
        for key in ("page", "text", "live", "link", "squares"):
            assert seen["dark"][key] != seen["light"][key], key
        # the boards in the PNG boards' palettes; every text readable on its page
        assert seen["dark"]["squares"] == sorted([_css(DARK.light_square), _css(DARK.dark_square)])
        assert seen["light"]["squares"] == sorted(
            [_css(LIGHT.light_square), _css(LIGHT.dark_square)]
        )
        for colours in seen.values():
            for key in ("text", "live", "link"):
                assert contrast_ratio(_rgb(colours[key]), _rgb(colours["page"])) >= 4.5, colours
        await shot(dark, "chess-dark")
        await dark.goto(link["backgammon"])
        await at_ply(dark, 0)
        await shot(dark, "backgammon-dark")

        # the toggle: light at once (the board redrawn), and still light after a reload
        await dark.goto(link["chess"])
        await at_ply(dark, 0)
        await dark.wait_for_selector("#status.live")
        await dark.click("#theme-toggle")
        assert await dark.evaluate(COLOURS) == seen["light"]
        await dark.reload()
        await at_ply(dark, 0)
        await dark.wait_for_selector("#status.live")
        assert await dark.evaluate(COLOURS) == seen["light"]
        await dark.click("#theme-toggle")  # and back to dark
        assert await dark.evaluate(COLOURS) == seen["dark"]
