"""The dice games in a real headless Chromium: a backgammon turn played die by die by
clicking, a double offered and taken with the page's buttons; a ludo game of three played to
the end by two players in browsers and one in Discord."""

from __future__ import annotations

import random
import time
from typing import Any

from rules.games import find_game
from tests.bot.helpers import challenge_and_accept

from .browser import at_ply, chromium, past_ply, person, shot, sign_in

SNAPSHOT = "async (id) => (await fetch('/api/games/' + id)).json()"


async def snapshot(page: Any, game_id: int) -> dict[str, Any]:
    """The game as the page's signed-in player receives it (their legal actions included)."""
    return dict(await page.evaluate(SNAPSHOT, game_id))


async def click_cells(page: Any, source: str, target: str) -> None:
    await page.click(f"#board [data-cell='{source}']")
    await page.wait_for_selector(f"#board [data-cell='{target}'].target", state="attached")
    await page.click(f"#board [data-cell='{target}']", force=True)


async def play_clicks(page: Any, action: dict[str, Any]) -> None:
    """Play ``action`` the way a person does: each step's checker, then where it goes."""
    steps = action["steps"] or [[action["source"], action["target"]]]
    for source, target in steps:
        await click_cells(page, source, target)


async def test_a_backgammon_turn_die_by_die_and_a_double_taken(arena, web_url, fake_discord):
    arena.bot.games.dice = random.Random(4)
    game, _ = await challenge_and_accept(arena, "backgammon")  # Alice White, Bob Black
    path = f"/games/{game.id}"
    async with chromium() as browser:
        pages = {}
        for member in (arena.alice, arena.bob):
            pages[member.id] = page = await person(browser)
            await sign_in(page, fake_discord, web_url, member, path)
        record = await arena.db.games.load_game(game.id)
        await at_ply(pages[arena.alice.id], record.ply)
        session = find_game("backgammon").session(record.current_position)
        leader = pages[record.player_at(session.to_move)]
        other = pages[record.player_at("black" if session.to_move == "white" else "white")]

        # the leader's opening turn, die by die; the dice are drawn on the board
        state = await snapshot(leader, game.id)
        assert len(state["view"]["dice"]) == 2
        assert await leader.locator("#board .die").count() == 2
        [turn, *_] = [a for a in state["actions"] if a["kind"] == "turn"]
        first, second = turn["steps"]
        await click_cells(leader, *first)
        assert await leader.inner_text(".steps") == f"Steps: {first[0]}→{first[1]}"
        await leader.click("button.undo")  # undo the step, then play it again
        assert await leader.locator(".steps").count() == 0
        await click_cells(leader, *first)
        await click_cells(leader, *second)  # the last step plays the whole turn
        ply = await past_ply(other, state["ply"] + 1)
        moves = [m.move for m in await arena.db.games.game_moves(game.id)]
        assert moves[-1] == turn["text"]

        # the opponent doubles with the page's button; the leader takes
        await other.click("button[data-action='double']")
        await at_ply(leader, ply + 1)
        await leader.wait_for_selector("button[data-action='take']")
        await shot(leader, "backgammon-double-offered")
        await leader.click("button[data-action='take']")
        await past_ply(other, ply + 2)
        state = await snapshot(other, game.id)
        assert state["view"]["cube"]["value"] == 2
        assert (
            state["view"]["cube"]["owner"]
            == state["seats"][0 if leader is pages[arena.alice.id] else 1]["seat"]
        )
        # the doubler rolls (the bot's dice) and plays a turn by clicking
        if any(a["kind"] == "roll" for a in state["actions"]):
            await other.click("button[data-action='roll']")
            await past_ply(other, state["ply"] + 1)
            state = await snapshot(other, game.id)
        turns = [a for a in state["actions"] if a["kind"] == "turn"]
        if turns:
            await play_clicks(other, turns[0])
            await past_ply(leader, state["ply"] + 1)
            assert [m.move for m in await arena.db.games.game_moves(game.id)][-1] == turns[0][
                "text"
            ]
        await shot(other, "backgammon-after-the-take")


async def test_ludo_of_three_two_in_browsers_one_in_discord(arena, web_url, fake_discord):
    arena.bot.games.dice = random.Random(11)
    members = {m.id: m for m in (arena.alice, arena.bob, arena.carol)}
    for m in members.values():
        await arena.db.players.upsert_player(m.id, m.name)
    record = await arena.db.games.create_game(
        guild_id=arena.guild.id,
        channel_id=arena.channel.id,
        game_kind="ludo",
        start_position="ludo:R:F,F,F,30/B:F,F,F,33/Y:F,F,F,32 R",
        seats=[("red", arena.alice.id), ("blue", arena.bob.id), ("yellow", arena.carol.id)],
        now=time.time(),
    )
    await arena.bot.games.open(record)  # the bot rolls the first die
    path = f"/games/{record.id}"
    async with chromium() as browser:
        pages = {}
        for member in (arena.alice, arena.bob):
            pages[member.id] = page = await person(browser)
            await sign_in(page, fake_discord, web_url, member, path)
        shown = False
        for _ in range(80):
            record = await arena.db.games.load_game(record.id)
            if not record.is_active:
                break
            session = find_game("ludo").session(record.current_position)
            mover = record.player_at(session.to_move)
            if mover in pages:
                page = pages[mover]
                await past_ply(page, record.ply)
                state = await snapshot(page, record.id)
                [action, *_] = state["actions"]
                if not shown:
                    await shot(page, "ludo-three-players")
                    shown = True
                await play_clicks(page, action)
            else:  # Carol plays in Discord
                move = session.legal_actions()[0]
                r = await members[mover].slash(arena.channel, "move", move=move)
                assert not r.ephemeral, r.response.content
            for page in pages.values():
                await past_ply(page, (await arena.db.games.load_game(record.id)).ply)
        record = await arena.db.games.load_game(record.id)
        assert not record.is_active and len(record.places) == 3
        for page in pages.values():
            await page.wait_for_selector("#result:has-text('Places')")
        await shot(pages[arena.alice.id], "ludo-finished")
