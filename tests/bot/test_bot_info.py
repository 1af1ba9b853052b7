"""/board, /history, /rules, /games."""

from __future__ import annotations

import pytest

from rules import variants

from .conftest import open_png
from .helpers import challenge_and_accept


async def test_board_for_anyone_and_private(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    r = await arena.carol.slash(where, "board")
    assert not r.ephemeral and r.response.attachments[0].filename == "board.png"
    open_png(await r.response.attachments[0].read())
    r = await arena.carol.slash(arena.channel, "board", game=f"#{game.id}", private=True)
    assert r.ephemeral and r.response.attachments
    r = await arena.carol.slash(arena.channel, "board", game="#999")
    assert r.ephemeral and "no game #999" in r.response.content


async def test_history_lists_moves_and_attaches_record(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    for m, mv in [(arena.alice, "a2-a3"), (arena.bob, "h7-h6"), (arena.alice, "b2-b3")]:
        await m.slash(where, "move", move=mv)
    r = await arena.carol.slash(where, "history")
    assert "1. a2-a3 h7-h6 2. b2-b3" in r.response.content
    att, replay = r.response.attachments
    assert replay.filename.endswith("-replay.gif")
    text = (await att.read()).decode()
    assert '[Variant "rugen"]' in text and '[Start "rugen:' in text and "2. b2-b3" in text


@pytest.mark.parametrize("variant", [v.id for v in variants()])
async def test_rules_embed_with_start_picture(arena, variant):
    r = await arena.alice.slash(arena.channel, "rules", variant=variant)
    assert r.ephemeral
    embed = r.response.embeds[0]
    assert embed.title and len(embed.description) > 50
    assert r.response.embeds[-1].image.url == "attachment://start.png"
    [att] = r.response.attachments
    assert att.filename == "start.png"
    img = open_png(await att.read())
    assert img.width > 100


async def test_games_lists_links(arena):
    r = await arena.alice.slash(arena.channel, "games")
    assert r.ephemeral and "no games" in r.response.content
    game, where = await challenge_and_accept(arena, "rugen")
    r = await arena.alice.slash(arena.channel, "games")
    assert r.ephemeral and f"#{game.id} Latrunculi (Rügen) vs Bob" in r.response.content
    assert "https://discord.com/channels/" in r.response.content
