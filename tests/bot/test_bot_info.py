"""/board, /history, /rules, /games."""

from __future__ import annotations

import re

import pytest

from rules import variants
from rules.games import find_game

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


@pytest.mark.parametrize("game_kind", [v.id for v in variants()])
async def test_rules_embed_with_start_picture(arena, game_kind):
    r = await arena.alice.slash(arena.channel, "rules", variant=game_kind)
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


MANY = 2_000


async def many_games(arena, n: int, latest: float) -> list[int]:
    """``n`` games in progress of Alice's in the arena (half as White, against Bob and Carol
    in turn, in four games), each with its board posted, the last made the most recently
    active; plus games /games must leave out: Alice's finished game, her game in another
    server, Bob and Carol's game. Returns the ids of Alice's games, newest activity first
    (the newest at ``latest``)."""
    db, now = arena.db, latest
    for m in (arena.alice, arena.bob, arena.carol):
        await db.players.upsert_player(m.id, m.name)
    variants_ = ["rugen", "chess", "draughts", "backgammon"]
    ids = []
    async with db.transaction():
        for i in range(n):
            other = (arena.bob, arena.carol)[i % 2].id
            white, black = (arena.alice.id, other) if i % 3 else (other, arena.alice.id)
            game_kind = variants_[i % 4]
            game = await db.games.create_game(
                guild_id=arena.guild.id,
                channel_id=arena.channel.id,
                game_kind=game_kind,
                white_id=white,
                black_id=black,
                start_position=find_game(game_kind).start(),
                now=now - n + i,
            )
            ids.append(game.id)
        await db.execute(
            "UPDATE games SET board_channel_id = channel_id, board_message_id = 800000 + id"
        )
        kwargs = {"game_kind": "rugen", "start_position": find_game("rugen").start(), "now": now}
        done = await db.games.create_game(
            guild_id=arena.guild.id,
            channel_id=arena.channel.id,
            white_id=arena.alice.id,
            black_id=arena.bob.id,
            **kwargs,
        )
        await db.games.finish_game(done.id, 0, "black", "resignation", now=now)
        await db.games.create_game(
            guild_id=arena.guild.id + 1,
            channel_id=1,
            white_id=arena.alice.id,
            black_id=arena.bob.id,
            **kwargs,
        )
        await db.games.create_game(
            guild_id=arena.guild.id,
            channel_id=arena.channel.id,
            white_id=arena.bob.id,
            black_id=arena.carol.id,
            **kwargs,
        )
    return ids[::-1]


def listed_ids(text: str) -> list[int]:
    return [int(m) for m in re.findall(r"^• #(\d+) ", text, re.M)]


async def games_statements(arena, run) -> int:
    """How many SELECTs the bot runs for ``run()`` (the SQLite connection traced)."""
    statements: list[str] = []
    await arena.db.connection.set_trace_callback(statements.append)
    try:
        await run()
    finally:
        await arena.db.connection.set_trace_callback(None)
    return len([s for s in statements if s.lstrip().upper().startswith(("SELECT", "WITH"))])


async def test_games_with_thousands_of_games_answers_deferred_with_the_newest_page(arena):
    """Finding 8 of "What a playthrough and a hostile probe found": ``/games`` for a player
    with thousands of games took seconds (a query per name, a rules session per game) before
    answering, past Discord's 3 seconds. It defers at once now, and reads one page: the same
    statements for 2,000 games as for three (no timing is asserted here:
    bench/games_bench.py measures it)."""
    now = arena.bot.now()
    few = await many_games(arena, 3, now - 3 * MANY)

    async def games() -> None:
        r = await arena.alice.slash(arena.channel, "games")
        answers.append(r)

    answers: list = []
    statements_few = await games_statements(arena, games)
    assert listed_ids(answers[-1].response.content) == few
    ids = await many_games(arena, MANY, now) + few  # (the three are older)
    total = MANY + 3
    start = len(arena.env.http_requests)
    statements_many = await games_statements(arena, games)
    assert statements_many == statements_few, (statements_few, statements_many)

    r = answers[-1]
    callbacks = [q.json for q in arena.env.http_requests[start:] if q.path.endswith("/callback")]
    assert callbacks and callbacks[0]["type"] == 5  # deferred, before anything was read
    assert callbacks[0]["data"]["flags"] & 64  # privately
    assert r.ephemeral
    text = r.response.content
    lines = text.split("\n")
    pages = -(-total // 10)
    assert lines[0] == f"Your games in progress here ({total:,}) — page 1 of {pages}:"
    assert listed_ids(text) == ids[:10]  # the most recently active first
    assert all(f"/{arena.guild.id}/{arena.channel.id}/" in line for line in lines[1:])
    assert len(text) <= 2000
    first = await arena.db.games.require_game(ids[0])
    assert first.white_id == arena.alice.id or first.black_id == arena.alice.id
    # the next page: the next ten, read again from storage
    r = await arena.alice.click(r.response, label="Next ▶")
    page = r.response or answers[-1].response
    assert page.content.split("\n")[0].endswith(f"page 2 of {pages}:")
    assert listed_ids(page.content) == ids[10:20]
