"""The list pages and the clocks in a real headless Chromium against the real bot (simcord's
Discord): game titles in the reader's language, and times left on the bot's clock (simcord's
virtual one, which starts months before the machine's: a page on the machine's time would
say every game's time is up)."""

from __future__ import annotations

import re

import pytest

from tests.bot.helpers import challenge_and_accept
from web.signing import Signer

from .browser import chromium, person, sign_in
from .conftest import SECRET


@pytest.mark.bot_settings(move_timeout_hours=1.0)
async def test_list_pages_name_games_in_the_readers_language_with_the_bots_clock(
    arena, web_url, fake_discord
):
    await arena.db.players.set_language(arena.alice.id, "Alice", "ru")
    await arena.db.guilds.set_language(arena.guild.id, "el")
    chess, _ = await challenge_and_accept(arena, "chess")  # Alice (White) to move
    draughts, _ = await challenge_and_accept(arena, "draughts")  # Bob (Black) to move
    async with chromium() as browser:
        alice, watcher = await person(browser), await person(browser)
        # Alice's own games, in her /language (Russian), hers to move first
        await sign_in(alice, fake_discord, web_url, arena.alice, "/me")
        await alice.wait_for_selector(".game-list li a")
        rows = await alice.locator(".game-list li").all_inner_texts()
        assert len(rows) == 2, rows
        assert rows[0].startswith(f"#{chess.id} Шахматы: "), rows
        assert rows[0].endswith("ваш ход, осталось 1 ч 0 мин"), (
            rows
        )  # an hour per move, none gone yet
        assert rows[1].startswith(f"#{draughts.id} Английские шашки: "), rows
        assert rows[1].endswith(", осталось 1 ч 0 мин"), rows

        # the server's overview for a spectator: the server's language (Greek)
        token = Signer(SECRET).server_token(arena.guild.id)
        await watcher.goto(f"{web_url}/servers/{arena.guild.id}?t={token}")
        await watcher.wait_for_selector(".game-list li a")
        assert await watcher.inner_text("h1") == "Παρτίδες σε εξέλιξη"
        links = await watcher.locator(".game-list li a").all_inner_texts()
        assert sorted(link.split(": ")[0] for link in links) == sorted(
            [f"#{chess.id} Σκάκι", f"#{draughts.id} Αγγλική ντάμα"]
        ), links
        rows = await watcher.locator(".game-list li").all_inner_texts()
        assert all(r.endswith("απομένουν 1 ώ. 0 λ.") for r in rows), rows

        # the game's page counts down on the bot's clock too: 10 minutes later, 50 left
        await alice.goto(f"{web_url}/games/{chess.id}")
        await alice.wait_for_selector("#players .clock")
        left = await alice.inner_text("#players .clock")  # a few ms gone since the answer
        assert re.fullmatch(r" · осталось (1 ч 0 мин|59 мин \d+ с)", left), left
        await arena.env.advance_time(600)
        await alice.reload()
        await alice.wait_for_selector("#players .clock")
        left = await alice.inner_text("#players .clock")
        assert re.fullmatch(r" · осталось (50 мин 0|49 мин \d+) с", left), left
