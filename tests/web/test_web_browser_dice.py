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
    # the page ignores clicks while its previous move is being sent (the pushed position
    # for the player's next turn may arrive before the answer to that move)
    await page.wait_for_selector("body:not([data-busy])", state="attached")
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
        await at_ply(leader, state["ply"])
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
            await at_ply(other, state["ply"])
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


async def drag_cells(page: Any, source: str, target: str) -> None:
    """Carry the piece of ``source`` to ``target`` (a destination is drawn once the piece is
    lifted, so it is found then)."""
    await page.wait_for_selector("body:not([data-busy])", state="attached")
    box = await page.locator(f"#board [data-cell='{source}']").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    await page.mouse.move(x, y)
    await page.mouse.down()
    await page.mouse.move(x + 12, y + 12, steps=3)
    lit = page.locator(f"#board [data-cell='{target}'].target")
    await lit.wait_for(state="attached")
    box = await lit.bounding_box()
    await page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=6)
    await page.mouse.up()


async def test_a_ludo_table_opened_in_discord_played_in_browsers(arena, web_url, fake_discord):
    """Alice opens a ludo table with ``/challenge``, Bob and Carol join with its button and
    Alice starts it; Alice (clicking) and Bob (dragging) play in browsers, Carol by ``/move``
    in the game's thread: two moves from each browser, one from Discord."""
    from tests.bot.ludo_helpers import start_table

    members = {m.id: m for m in (arena.alice, arena.bob, arena.carol)}
    game, thread = await start_table(arena, [arena.alice, arena.bob, arena.carol], seed=2)
    path = f"/games/{game.id}"
    async with chromium() as browser:
        pages = {}
        for member in (arena.alice, arena.bob):
            pages[member.id] = page = await person(browser)
            await sign_in(page, fake_discord, web_url, member, path)
        played = {m: 0 for m in members}
        wanted = {arena.alice.id: 2, arena.bob.id: 2, arena.carol.id: 1}
        for _ in range(60):
            if all(played[m] >= n for m, n in wanted.items()):
                break
            record = await arena.db.games.load_game(game.id)
            assert record.is_active
            session = find_game("ludo").session(record.current_position)
            mover = record.player_at(session.to_move)
            if mover in pages:
                page = pages[mover]
                await past_ply(page, record.ply)
                [action, *_] = (await snapshot(page, record.id))["actions"]
                [(source, target)] = action["steps"] or [[action["source"], action["target"]]]
                if mover == arena.bob.id:
                    await drag_cells(page, source, target)
                else:
                    await click_cells(page, source, target)
                await past_ply(page, record.ply + 1)
            else:  # Carol plays in Discord
                r = await members[mover].slash(thread, "move", move=session.legal_actions()[0])
                assert not r.ephemeral, r.response.content
            played[mover] += 1
            for page in pages.values():
                await past_ply(page, (await arena.db.games.load_game(game.id)).ply)
        assert all(played[m] >= n for m, n in wanted.items()), played
        record = await arena.db.games.load_game(game.id)
        texts = [m.move for m in await arena.db.games.game_moves(game.id)]
        for page in pages.values():
            await at_ply(page, record.ply)
            # every clock on the bot's time, moves made in browsers too (72 hours a move)
            clock = await page.inner_text("#players .clock")
            assert clock in (" · 3d 0h left", " · 2d 23h left"), clock
            shown = await page.locator("#moves li").all_inner_texts()
            assert [s.split(": ", 1)[1] for s in shown] == texts[: len(shown)]
            assert len(shown) == record.ply
        await shot(pages[arena.bob.id], "ludo-table-from-discord")
