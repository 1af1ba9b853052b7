"""Drag to move in a real headless Chromium against the real bot: Alice carries a chess pawn
(its legal destinations light up while carried), dropping it on an unlit square plays nothing,
dropping it on a lit one plays the move through the same API as a click (and on the bot's
clock: the move is stamped with simcord's virtual time, as a move made in Discord)."""

from __future__ import annotations

from .browser import at_ply, chromium, person, shot, sign_in


async def _centre(page, cell: str) -> tuple[float, float]:
    box = await page.locator(f"#board [data-cell='{cell}']").bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


async def _carry(page, source: str, target: str) -> list[str]:
    """Press on ``source``, carry the piece to ``target`` (not yet released); returns the
    squares lit meanwhile."""
    await page.mouse.move(*await _centre(page, source))
    await page.mouse.down()
    await page.mouse.move(*await _centre(page, target), steps=8)
    assert await page.locator("#board .carried.piece-pawn").count() == 1
    return sorted(
        await page.locator("#board .cell.target").evaluate_all("cs => cs.map(c => c.dataset.cell)")
    )


async def test_a_chess_pawn_dragged_to_a_lit_square_is_played(arena, web_url, fake_discord):
    for m in (arena.alice, arena.bob):
        await arena.db.players.upsert_player(m.id, m.name)
    record = await arena.db.games.create_game(
        guild_id=arena.guild.id,
        channel_id=arena.channel.id,
        game_kind="chess",
        white_id=arena.alice.id,
        black_id=arena.bob.id,
        start_position="chess:rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    )
    path = f"/games/{record.id}"
    async with chromium() as browser:
        page = await person(browser)
        await sign_in(page, fake_discord, web_url, arena.alice, path)
        await at_ply(page, 0)
        await page.wait_for_selector("#status.live")

        # dropped where it may not go: nothing is played, the pawn is back on e2
        assert await _carry(page, "e2", "e5") == ["e3", "e4"]
        await shot(page, "chess-pawn-carried")
        await page.mouse.up()
        assert await page.locator("#board .carried").count() == 0
        assert await page.locator("#board .cell.target").count() == 0
        assert await page.locator("#board [data-cell='e2'] .piece-pawn").count() == 1
        assert await page.inner_text("#message") == ""

        # dropped on a lit square: played, as a click would
        assert await _carry(page, "e2", "e4") == ["e3", "e4"]
        await page.mouse.up()
        await at_ply(page, 1)
        assert await page.locator("#board [data-cell='e4'] .piece-pawn").count() == 1
        assert await page.locator("#board [data-cell='e2'] .piece").count() == 0
        # the move made in the browser started Bob's clock on the bot's clock (simcord's
        # virtual one, months before the machine's): 72 hours left, not months
        clock = await page.inner_text("#players .clock")
        assert clock in (" · 3d 0h left", " · 2d 23h left"), clock
    assert [m.move for m in await arena.db.games.game_moves(record.id)] == ["e4"]
    record = await arena.db.games.load_game(record.id)
    assert abs(record.turn_since - arena.env.now().timestamp()) < 60
