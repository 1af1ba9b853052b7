"""Looking at games: ``/board`` and ``/history`` without ``game`` after the end, the ``game``
suggestions (finished games too for watching, only active ones for acting), and their cost."""

from __future__ import annotations

from rules import start_position

from .helpers import challenge_and_accept, game_at


async def _finished_game(arena):
    """Alice (White) and Bob play two moves in a thread; Bob resigns."""
    game, where = await challenge_and_accept(arena, "rugen")
    for member, move in ((arena.alice, "a2-a3"), (arena.bob, "a7-a6")):
        r = await member.slash(where, "move", move=move)
        assert not r.ephemeral, r.response.content
    r = await arena.bob.slash(where, "resign")
    assert not r.ephemeral, r.response.content
    return game, where


async def test_a_finished_games_thread_still_shows_its_game(arena):
    game, where = await _finished_game(arena)
    for member in (arena.alice, arena.carol):  # a player, and a spectator
        r = await member.slash(where, "history")
        assert not r.ephemeral, r.response.content
        assert r.response.content.startswith(f"**Game #{game.id}**")
        assert "a2-a3 a7-a6" in r.response.content and "resign" in r.response.content
        record_file, _ = r.response.attachments
        assert record_file.filename == f"latrunculi-game-{game.id}.txt"
        r = await member.slash(where, "board")
        assert not r.ephemeral, r.response.content
        assert f"Game #{game.id}" in r.response.content
        assert any(a.filename == "board.png" for a in r.response.attachments)
    # In the channel itself a finished game is not the default: it has no active game.
    r = await arena.alice.slash(arena.channel, "board")
    assert r.ephemeral and "no active game in this channel" in r.response.content


async def test_game_suggestions_offer_finished_games_to_watch_only(arena):
    old, old_thread = await _finished_game(arena)
    new, new_thread = await challenge_and_accept(arena, "classic", opponent=arena.carol)
    for command in ("board", "history"):
        names = [c["name"] for c in await arena.alice.autocomplete(old_thread, command, "game", "")]
        # this thread's game first, then the rest, most recent first; each marked
        assert names == [
            f"#{old.id} Latrunculi (Rügen) vs Bob (finished)",
            f"#{new.id} Latrunculi (classic) vs Carol (their move)",
        ], names
        names = [
            c["name"] for c in await arena.alice.autocomplete(arena.channel, command, "game", "")
        ]
        assert names == [
            f"#{new.id} Latrunculi (classic) vs Carol (their move)",
            f"#{old.id} Latrunculi (Rügen) vs Bob (finished)",
        ], names
        # a spectator in the old thread is offered its game too
        spectator = await arena.carol.autocomplete(old_thread, command, "game", "")
        assert f"#{old.id} Latrunculi (Rügen) Alice vs Bob (finished)" in [
            c["name"] for c in spectator
        ]
        # typing narrows by number, variant or name
        for typed, expected in (
            (f"#{old.id}", [old.id]),
            ("RUG", [old.id]),
            ("rügen", [old.id]),
            ("latrunculi", [new.id, old.id]),
            ("carol", [new.id]),
            ("zzz", []),
        ):
            got = await arena.alice.autocomplete(arena.channel, command, "game", typed)
            assert [int(c["value"]) for c in got] == expected, (typed, got)
    for command in ("move", "resign", "draw", "abort"):
        got = await arena.alice.autocomplete(old_thread, command, "game", "")
        assert [int(c["value"]) for c in got] == [new.id], (command, got)


async def test_game_suggestions_cost_one_query_however_many_games(arena):
    """The suggestions read the games with their players' names in one query: with 5 games
    or with 60 the same statements run (it was one more query per game). Each of the four
    calls also reads the two language settings its labels are worded in (the player's and the
    server's): 4 x (1 + 2) statements."""
    lpn = start_position("rugen").to_lpn()
    statements: list[str] = []

    async def count(n_games: int) -> int:
        while len(await arena.db.games.active_games(user_id=arena.alice.id)) < n_games:
            await game_at(arena, lpn)
        statements.clear()
        await arena.db.connection.set_trace_callback(statements.append)
        try:
            for command in ("board", "move"):
                got = await arena.alice.autocomplete(arena.channel, command, "game", "zzz")
                assert got == []
                got = await arena.alice.autocomplete(arena.channel, command, "game", "")
                assert len(got) == min(n_games, 25)
        finally:
            await arena.db.connection.set_trace_callback(None)
        return len([s for s in statements if s.lstrip().upper().startswith(("SELECT", "WITH"))])

    few = await count(5)
    many = await count(60)
    assert many == few == 12, (few, many)


async def test_board_without_a_game_reads_a_few_rows_however_many_games(arena):
    """In a channel with many games, ``/board`` without ``game`` asks which one (or shows
    the caller's own) without loading every game of the channel."""
    lpn = start_position("rugen").to_lpn()
    for _ in range(30):
        await game_at(arena, lpn)  # Alice vs Bob, in the channel
    await arena.db.players.upsert_player(arena.carol.id, arena.carol.name)
    rows: list[int] = []
    real = arena.db.fetchall

    async def counting(sql, params=()):
        found = await real(sql, params)
        rows.append(len(found))
        return found

    arena.db.fetchall = counting
    try:
        r = await arena.carol.slash(arena.channel, "board")
        assert r.ephemeral and "Which game?" in r.response.content
        assert rows and max(rows) <= 5, rows  # not every game of the channel
        r = await arena.alice.slash(arena.channel, "history")
        assert r.ephemeral and "Which game?" in r.response.content
        mine = await arena.db.games.create_game(
            guild_id=arena.guild.id,
            channel_id=arena.channel.id,
            game_kind="rugen",
            white_id=arena.carol.id,
            black_id=arena.carol.id,
            start_position=lpn,
            now=arena.bot.now(),
        )
        r = await arena.carol.slash(arena.channel, "board", private=True)
        assert r.ephemeral and f"Game #{mine.id}" in r.response.content, r.response.content
    finally:
        del arena.db.fetchall
    assert rows and max(rows) <= 5, rows
