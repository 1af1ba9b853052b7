"""The live board in a real headless Chromium against the real bot (simcord's Discord), its
web server and a fake Discord OAuth2 provider: Alice and Bob sign in and play fool's mate by
clicking, a spectator watches every move arrive, a ``/move`` made in Discord shows up in the
browsers, and a member of no game with no link is refused."""

from __future__ import annotations

from tests.bot.helpers import challenge_and_accept, last_board
from web.bot_ext import SERVER
from web.signing import Signer

from .browser import at_ply, chromium, person, shot, sign_in
from .conftest import SECRET


async def click_move(page, source: str, target: str) -> None:
    await page.click(f"#board [data-cell='{source}']")
    await page.wait_for_selector(f"#board [data-cell='{target}'].target")
    await page.click(f"#board [data-cell='{target}']")


async def test_fools_mate_by_clicking_watched_live(arena, web_url, fake_discord):
    game, where = await challenge_and_accept(arena, "chess")  # Alice White, Bob Black
    path = f"/games/{game.id}"
    token = Signer(SECRET).watch_token(game.id)
    async with chromium() as browser:
        alice, bob, watcher, carol = [await person(browser) for _ in range(4)]
        await sign_in(alice, fake_discord, web_url, arena.alice, path)
        await sign_in(bob, fake_discord, web_url, arena.bob, path)
        await watcher.goto(f"{web_url}{path}?t={token}")  # the Watch live link, no sign-in
        for page in (alice, bob, watcher):
            await at_ply(page, 0)
            await page.wait_for_selector("#status.live")
        assert await alice.inner_text("#result") == "Your move."
        assert await watcher.locator("#board [data-cell='e2'] .piece-pawn").count() == 1
        assert await watcher.locator("#sign-in").count() == 1  # watching needs no sign-in
        assert await bob.locator("#board .cell.source").count() == 0  # not Bob's turn

        # Alice: f2-f3 by clicking; legal destinations light up from the server's actions
        await alice.click("#board [data-cell='f2']")
        lit = await alice.locator("#board .cell.target").evaluate_all(
            "cells => cells.map(c => c.dataset.cell).sort()"
        )
        assert lit == ["f3", "f4"]
        await alice.click("#board [data-cell='f3']")
        for page in (alice, bob, watcher):
            await at_ply(page, 1)
        assert "(White) played `f3`" in last_board(where).content  # posted in the thread
        assert await watcher.locator("#board [data-cell='f3'] .mark-last").count() == 1

        await click_move(bob, "e7", "e5")
        for page in (alice, bob, watcher):
            await at_ply(page, 2)

        # a /move in Discord reaches the pages
        r = await arena.alice.slash(where, "move", move="g4")
        assert not r.ephemeral, r.response.content
        for page in (alice, bob, watcher):
            await at_ply(page, 3)
        assert await watcher.inner_text("#moves") == "White: f3\nBlack: e5\nWhite: g4"

        await click_move(bob, "d8", "h4")
        for page in (alice, bob, watcher):
            await at_ply(page, 4)
            await page.wait_for_selector("#result:has-text('checkmate')")
        assert await watcher.inner_text("#result") == "Bob (Black) wins: checkmate."
        record = await arena.db.games.load_game(game.id)
        assert (record.status, record.winner, record.reason) == ("finished", "black", "checkmate")
        assert [m.move for m in await arena.db.games.game_moves(game.id)] == [
            "f3",
            "e5",
            "g4",
            "Qh4#",
        ]
        assert "checkmate" in last_board(where).content

        # Carol plays in no game here and has no link: the page is refused
        await sign_in(carol, fake_discord, web_url, arena.carol, "/me")
        await carol.goto(f"{web_url}{path}")
        assert "no such game" in await carol.inner_text("#refused")
        # a request forged from the spectator's page (no session, no CSRF token) is refused
        status = await watcher.evaluate(
            """async () => (await fetch(location.pathname.replace('/games/', '/api/games/')
                 + '/resign', {method: 'POST'})).status"""
        )
        assert status == 401

        await shot(alice, "chess-alice-after-mate")
        await shot(watcher, "chess-spectator-after-mate")
        await shot(bob, "chess-bob-after-mate")


async def test_pages_reconnect_and_catch_up_after_a_bot_restart(arena, web_url, web_bot_factory):
    game, where = await challenge_and_accept(arena, "chess")
    token = Signer(SECRET).watch_token(game.id)
    async with chromium() as browser:
        page = await person(browser)
        await page.goto(f"{web_url}/games/{game.id}?t={token}")
        await at_ply(page, 0)
        await page.wait_for_selector("#status.live")
        # simcord's restart drops the old bot like a crash but keeps its process (and so its
        # listening socket): close that as the process's exit would, then start the new bot,
        # whose web server listens on the same port
        await getattr(arena.bot, SERVER).stop()
        await arena.env.restart_bot(web_bot_factory())
        r = await arena.alice.slash(where, "move", move="e4")
        assert not r.ephemeral, r.response.content
        await at_ply(page, 1)  # the page reconnected by itself and caught up
        await page.wait_for_selector("#status.live")
        assert await page.locator("#board [data-cell='e4'] .piece-pawn").count() == 1
        await shot(page, "chess-after-restart")


async def test_every_grid_game_is_drawn_from_its_view(arena, web_url):
    """Draughts and the four Latrunculi rule sets (8×8, 12×8, 11×8 boards, Schädler's hand):
    every piece of the rules' view is drawn on its square; screenshots of each page."""
    from rules.games import find_game

    for m in (arena.alice, arena.bob):
        await arena.db.players.upsert_player(m.id, m.name)
    cases = [
        ("draughts", {}),
        ("classic", {}),
        ("classic", {"size": "12x8"}),
        ("rugen", {}),
        ("schadler", {}),
        ("lat", {}),
    ]
    async with chromium() as browser:
        page = await person(browser)
        for game_kind, options in cases:
            rules = find_game(game_kind)
            start = rules.start(options)
            seats = [
                (name, pid)
                for name, pid in zip(rules.seats, (arena.alice.id, arena.bob.id), strict=False)
            ]
            record = await arena.db.games.create_game(
                guild_id=arena.guild.id,
                channel_id=arena.channel.id,
                game_kind=game_kind,
                seats=seats,
                start_position=start,
                options=options,
            )
            view = rules.session(start).view()
            token = Signer(SECRET).watch_token(record.id)
            await page.goto(f"{web_url}/games/{record.id}?t={token}")
            await at_ply(page, 0)
            assert await page.locator("#board [data-cell]").count() >= len(view.cells)
            drawn = await page.locator("#board [data-cell] .piece").count()
            assert drawn == sum(p.count for ps in view.pieces.values() for p in ps), game_kind
            box = await page.locator("#board").evaluate("b => b.viewBox.baseVal.width")
            assert box == view.files * 64 + 48  # the board's own width in squares
            size = options.get("size", "")
            await shot(page, f"{game_kind}{'-' + size if size else ''}-start")


async def test_a_promotion_is_chosen_on_the_page(arena, web_url, fake_discord):
    """Four legal moves go from e7 to e8: the page asks which piece, and plays the one picked.
    Alice chose Russian with /language: the page's own words are Russian."""
    for m in (arena.alice, arena.bob):
        await arena.db.players.upsert_player(m.id, m.name)
    await arena.db.players.set_language(arena.alice.id, "Alice", "ru")
    record = await arena.db.games.create_game(
        guild_id=arena.guild.id,
        channel_id=arena.channel.id,
        game_kind="chess",
        white_id=arena.alice.id,
        black_id=arena.bob.id,
        start_position="chess:k7/4P3/8/8/8/8/8/4K3 w - - 0 1",
    )
    path = f"/games/{record.id}"
    async with chromium() as browser:
        page = await person(browser)
        await sign_in(page, fake_discord, web_url, arena.alice, path)
        await at_ply(page, 0)
        assert await page.inner_text("#title") == f"Партия №{record.id} · Шахматы"
        assert await page.inner_text("#resign") == "Сдаться"
        assert await page.inner_text("#draw") == "Предложить ничью"
        assert await page.inner_text("#play-selected") == "Сыграть"
        assert await page.inner_text("#result") == "Ваш ход."
        assert "Белые" in await page.inner_text("#players")
        assert await page.inner_text("#top button") == "Выйти"
        assert await page.evaluate("document.documentElement.lang") == "ru"
        await page.click("#board [data-cell='e7']")
        await page.click("#board [data-cell='e8']")
        labels = await page.locator(".choice-button").all_inner_texts()
        assert sorted(labels) == sorted(
            ["Ферзь (e8=Q+)", "Ладья (e8=R+)", "Слон (e8=B)", "Конь (e8=N)"]
        )
        await shot(page, "chess-promotion-choice")
        await page.click(".choice-button[data-action='e8=N']")
        await at_ply(page, 1)
    assert [m.move for m in await arena.db.games.game_moves(record.id)] == ["e8=N"]


async def test_a_draughts_double_jump_and_a_draw_offer_from_the_page(arena, web_url, fake_discord):
    """Black's man jumps twice (1x10x17): the piece, then its landing; then a draw offered with
    the page's button (confirmed in the dialog) is posted in Discord."""
    for m in (arena.alice, arena.bob):
        await arena.db.players.upsert_player(m.id, m.name)
    record = await arena.db.games.create_game(
        guild_id=arena.guild.id,
        channel_id=arena.channel.id,
        game_kind="draughts",
        seats=[("black", arena.alice.id), ("white", arena.bob.id)],
        start_position="draughts:B:W6,14,32:B1,4",
    )
    path = f"/games/{record.id}"
    async with chromium() as browser:
        page = await person(browser)
        await sign_in(page, fake_discord, web_url, arena.alice, path)
        await at_ply(page, 0)
        await page.click("#board [data-cell='1']")
        lit = await page.locator("#board .cell.target").evaluate_all(
            "cells => cells.map(c => c.dataset.cell)"
        )
        assert lit == ["17"]  # the whole jump's landing, from the server's actions
        await page.click("#board [data-cell='17']")
        await at_ply(page, 1)
        assert await page.locator("#board [data-cell='17'] .piece-man").count() == 1
        assert await page.locator("#board [data-cell='6'] .piece").count() == 0  # both taken
        assert await page.locator("#board [data-cell='10'] .piece").count() == 0
        await shot(page, "draughts-after-double-jump")
        page.once("dialog", lambda dialog: dialog.accept())
        await page.click("#draw")
        await page.wait_for_selector("#draw:has-text('Draw offered')")
    offer = arena.channel.history()[-1]
    assert "offers a draw" in offer.content
    assert (await arena.db.games.load_game(record.id)).pending_draw_offer == arena.alice.id
