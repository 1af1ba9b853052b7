"""Full games of every variant, played by two members through /move and the Move button."""

from __future__ import annotations

import pytest

from rules import variants

from .helpers import (
    board_image,
    button_labels,
    challenge_and_accept,
    components_of,
    game_at,
    last_board,
    play_by_button,
    player,
)
from .schadler_line import SCHADLER_LINE

# Short lines, found with the rules core, that end each game by rule from its start position.
LINES = {
    "classic": ("c8-c7 a1-a2 e8-e7 d1-d6", "white", "eagle_captured"),
    "rugen": ("a2-a4 e6-e5 f2-f3 e5-e4 h2-h3 e4-e3 a4-e4", "white", "eagle_captured"),
    "lat": ("e1-e7 a8-a7 g1-g7 k8-k7 f2-f6", "white", "queen_captured"),
}
LINES["schadler"] = SCHADLER_LINE


def test_every_variant_has_a_full_game_line():
    assert set(LINES) == {v.id for v in variants()}


@pytest.mark.parametrize("game_kind", sorted(LINES))
async def test_full_game_to_the_end(arena, game_kind):
    line, winner, reason = LINES[game_kind]
    game, where = await challenge_and_accept(arena, game_kind)
    first_board = last_board(where)
    previous = await board_image(first_board)
    moves = line.split()
    for i, move in enumerate(moves):
        record = await arena.db.games.load_game(game.id)
        side = record.current_position.split(" ")[1]
        member = player(arena, record, "white" if side == "w" else "black")
        if i % 2 == 0:
            r = await member.slash(where, "move", move=move)
            assert not r.ephemeral, r.response.content
            board = r.response
            assert board.attachments[0].filename == "board.png"
        else:
            r = await play_by_button(arena, where, member, move)
            board = last_board(where)
        assert f"`{move}`" in board.content or "placed a counter" in board.content, board.content
        img = await board_image(board)
        assert img.size == previous.size
        assert img.tobytes() != previous.tobytes(), f"board unchanged after {move}"
        previous = img
    record = await arena.db.games.load_game(game.id)
    assert record.status == "finished" and record.winner == winner and record.reason == reason
    final = last_board(where)
    assert "is over" in final.content and "wins" in final.content
    assert "Records:" in final.content and "1 won" in final.content and "1 lost" in final.content
    # every rule set's finished game is offered its analysis
    assert button_labels(final) == ["Rematch", "Analysis"]
    from storage.replay import verify_game

    report = await verify_game(arena.db, game.id)
    assert report.ok, report.problems


async def test_move_announces_captures_and_mentions_next_player(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    # White a2-a4 ... set up a capture: white soldiers flank a black one
    for mover, move in [
        (arena.alice, "b2-b6"),  # lands next to b7; b8 beyond is black: no capture
        (arena.bob, "a7-a6"),
        (arena.alice, "c2-c6"),
    ]:
        r = await mover.slash(where, "move", move=move)
        assert not r.ephemeral, r.response.content
    last = last_board(where)
    assert f"<@{arena.bob.id}>, your move" in last.content
    sent = [
        h.json
        for h in arena.env.http_requests
        if isinstance(h.json, dict) and "allowed_mentions" in str(h.json)
    ]
    assert sent[-1] is not None


async def test_refusals_change_nothing(arena):
    game, where = await challenge_and_accept(arena, "rugen")  # alice is white
    cases = [
        (arena.carol, "a2-a3", "not playing"),
        (arena.bob, "a7-a6", "not your turn"),
        (arena.alice, "banana", "not a move"),
        (arena.alice, "a1-a3", "not legal"),
        (arena.alice, "a7-a6", "not legal"),
    ]
    for member, move, why in cases:
        r = await member.slash(where, "move", move=move)
        assert r.ephemeral, (move, r.response.content)
        assert why in r.response.content.lower() or why in r.response.content, (
            move,
            r.response.content,
        )
    # the Move button refuses the same way
    board = last_board(where)
    r = await arena.carol.click(board, label="Move")
    assert r.ephemeral and "not playing" in r.response.content
    r = await arena.bob.click(board, label="Move")
    assert r.ephemeral and "not your turn" in r.response.content
    record = await arena.db.games.load_game(game.id)
    assert record.ply == 0
    # no game here for carol
    r = await arena.carol.slash(arena.channel, "move", move="a2-a3")
    assert r.ephemeral and "not playing" in r.response.content
    empty = arena.guild.create_text_channel("empty")
    r = await arena.carol.slash(empty, "move", move="a2-a3")
    assert r.ephemeral and "no active game" in r.response.content


async def test_autocomplete(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    got = await arena.alice.autocomplete(where, "move", "move", "")
    assert 0 < len(got) <= 25
    got = await arena.alice.autocomplete(where, "move", "move", "A2-A")
    assert got and all(c["value"].startswith("a2-a") for c in got)
    assert await arena.alice.autocomplete(where, "move", "move", "a2a5") == [
        {"name": "a2-a5", "value": "a2-a5"}
    ]
    # not a player: no moves, one line that says why (picking it changes nothing)
    [why] = await arena.carol.autocomplete(where, "move", "move", "")
    assert why["name"].startswith(f"You are not playing in the game here (#{game.id})")
    # captures come first and are marked
    for mover, move in [(arena.alice, "b2-b6"), (arena.bob, "a7-a6"), (arena.alice, "h2-h3")]:
        await mover.slash(where, "move", move=move)
    got = await arena.bob.autocomplete(where, "move", "move", "")
    assert "✕ captures" in got[0]["name"], got[:3]
    # two games in one channel: the game option lists them, /move needs it
    ch = arena.guild.create_text_channel("nothreads")
    r1 = await arena.alice.slash(
        ch, "challenge", variant="rugen", opponent=arena.carol, colour="white"
    )
    await arena.carol.click(r1.response, label="Accept")
    r2 = await arena.alice.slash(
        ch, "challenge", variant="classic", opponent=arena.bob, colour="white"
    )
    await arena.bob.click(r2.response, label="Accept")
    choices = await arena.alice.autocomplete(ch, "move", "game", "")
    names = [c["name"] for c in choices]
    # this channel's two games first (newest first), then the caller's game elsewhere
    assert names == [
        "#3 Latrunculi (classic) vs Bob (their move)",
        "#2 Latrunculi (Rügen) vs Carol (your move)",
        f"#{game.id} Latrunculi (Rügen) vs Bob (their move)",
    ], names
    rugen_id = next(c["value"] for c in choices if "Rügen" in c["name"])
    got = await arena.alice.autocomplete(ch, "move", "move", "a2", game=rugen_id)
    assert got and all(c["value"].startswith("a2") for c in got)
    r = await arena.alice.slash(ch, "move", move="a2-a3", game=rugen_id)
    assert not r.ephemeral or "You played" in r.response.content
    # now neither game here waits for Alice: /move asks which
    r = await arena.alice.slash(ch, "move", move="a2-a4")
    assert r.ephemeral and "choose one with the `game` option" in r.response.content


async def test_game_in_channel_when_threads_are_forbidden(arena):
    import discord

    ch = arena.guild.create_text_channel(
        "nothreads",
        overwrites={
            arena.guild.default_role: discord.PermissionOverwrite(create_public_threads=False)
        },
    )
    game, where = await challenge_and_accept(arena, "rugen", channel=ch)
    assert game.thread_id is None and where is ch and ch.threads == []
    assert last_board(where)


async def test_restart_mid_game_buttons_keep_working(arena, bot_factory):
    game, where = await challenge_and_accept(arena, "rugen")
    await arena.alice.slash(where, "move", move="a2-a4")
    old_board = last_board(where)
    old = arena.bot
    await arena.env.restart_bot(bot_factory())
    await old.db.stop()
    # the Move button on the board posted before the restart still works
    r = await play_by_button(arena, where, arena.bob, "e6-e5")
    assert old_board.id != last_board(where).id
    r = await arena.alice.slash(where, "move", move="f2-f3")
    assert not r.ephemeral
    record = await arena.db.games.load_game(game.id)
    assert record.ply == 3


async def test_concurrent_double_moves(arena, bot_factory):
    import asyncio

    from bot.errors import UserError, message_for

    game, where = await challenge_and_accept(arena, "rugen")
    svc = arena.bot.games
    results = await asyncio.gather(
        svc.play_move(game.id, arena.alice.id, "a2-a3"),
        svc.play_move(game.id, arena.alice.id, "b2-b3"),
        return_exceptions=True,
    )
    ok = [r for r in results if not isinstance(r, BaseException)]
    errors = [r for r in results if isinstance(r, BaseException)]
    assert len(ok) == 1 and len(errors) == 1 and isinstance(errors[0], UserError)
    assert "not your turn" in str(errors[0])
    # without the lock (a second bot process on the same database): storage's ply check decides
    from bot.services.games import GameService

    other = GameService(arena.db)
    pending = [
        await svc.prepare(game.id, arena.bob.id, "a7-a6"),
        await other.prepare(game.id, arena.bob.id, "b7-b6"),
    ]
    results = await asyncio.gather(
        svc.commit(pending[0]), other.commit(pending[1]), return_exceptions=True
    )
    errors = [r for r in results if isinstance(r, BaseException)]
    assert len(errors) == 1
    assert "moved on" in message_for(errors[0])
    record = await arena.db.games.load_game(game.id)
    assert record.ply == 2
    assert len(await arena.db.games.game_moves(game.id)) == 2


async def test_forced_pass_is_played_and_announced(arena):
    """Black's only counters are trapped: after White's move the bot passes for Black."""
    lpn = "schadler:C7/8/8/8/8/8/8/Cc*C1Cc*C1 w hand=0,0"
    record = await game_at(arena, lpn)
    r = await arena.alice.slash(arena.channel, "move", move="a8-a7")
    assert not r.ephemeral
    assert "had no legal move and passed" in r.response.content
    assert f"<@{arena.alice.id}>, your move" in r.response.content
    moves = await arena.db.games.game_moves(record.id)
    assert [m.move for m in moves] == ["a8-a7", "pass"]
    assert moves[1].player_id == arena.bob.id
    got = await arena.alice.autocomplete(arena.channel, "move", "move", "x")
    assert got and got[0]["value"].startswith("x")
    r = await arena.alice.slash(arena.channel, "move", move="xb1")
    assert "removed the alligatus counter on b1" in r.response.content
    # the move and the forced pass were ONE write: the stored ply count includes the pass
    record = await arena.db.games.load_game(record.id)
    assert record.ply == 3
    from storage.replay import verify_game

    report = await verify_game(arena.db, record.id)
    assert report.ok, report.problems


async def test_move_and_forced_pass_are_one_storage_write(arena):
    """The bot hands storage the move and the pass together (one ``record_moves`` call)."""
    lpn = "schadler:C7/8/8/8/8/8/8/Cc*C1Cc*C1 w hand=0,0"
    record = await game_at(arena, lpn)
    games = arena.db.games
    calls: list[tuple[int, list[str]]] = []
    original = games.record_moves

    async def spy(game_id, expected_ply, plies, **kwargs):
        calls.append((expected_ply, [p.move for p in plies]))
        return await original(game_id, expected_ply, plies, **kwargs)

    games.record_moves = spy
    try:
        r = await arena.alice.slash(arena.channel, "move", move="a8-a7")
    finally:
        del games.record_moves
    assert not r.ephemeral, r.response.content
    assert calls == [(0, ["a8-a7", "pass"])]
    assert (await games.load_game(record.id)).ply == 2


async def test_stored_position_with_only_a_pass_to_play(arena):
    """Older data may stop where the side to move can only pass: nothing crashes, and the
    player passes through /move (autocomplete offers it) or the Move button."""
    after_move = "schadler:8/C7/8/8/8/8/8/Cc*C1Cc*C1 b hand=0,0"
    record = await game_at(arena, after_move)
    r = await arena.bob.slash(arena.channel, "board")
    assert not r.ephemeral and f"<@{arena.bob.id}> (Black) to move" in r.response.content
    got = await arena.bob.autocomplete(arena.channel, "move", "move", "")
    assert [c["value"] for c in got] == ["pass"]
    r = await arena.alice.slash(arena.channel, "move", move="a7-a6")
    assert r.ephemeral and "not your turn" in r.response.content
    picker = await arena.bob.click(last_board(arena.channel), label="Move")
    assert picker.ephemeral
    # the only legal move is one button, never a menu of one option
    [button] = components_of(picker.response)
    assert button_labels(picker.response) == ["Play pass (no legal move)"]
    r = await arena.bob.click(picker.response, label="Play pass (no legal move)")
    assert r.response.content.startswith("✅ You played `pass` in game #")
    assert components_of(r.response) == []
    assert "had no legal move and passed" in last_board(arena.channel).content
    assert (await arena.db.games.load_game(record.id)).ply == 1


async def test_captures_are_announced_with_the_pieces_taken(arena):
    """The rules require captures to be announced: the move message names each piece taken."""
    await game_at(arena, "rugen:7s/8/8/8/1sSs4/8/8/4S3 w")
    r = await arena.alice.slash(arena.channel, "move", move="e1-e4")
    assert not r.ephemeral
    assert "moved `e1-e4` and captured the soldier on d4." in r.response.content


async def test_captives_and_releases_are_announced(arena):
    # classic: black c7-c5 makes the white holder c4 captive, which frees the black d4.
    await game_at(arena, "classic:7s/2s5/8/8/2Ss*S3/2s5/8/8 b")
    r = await arena.bob.slash(arena.channel, "move", move="c7-c5")
    assert not r.ephemeral
    assert (
        "moved `c7-c5`: took the soldier on c4 captive; released the soldier on d4."
        in r.response.content
    )


async def test_alligatus_traps_are_announced(arena):
    await game_at(arena, "schadler:8/8/3C4/3c4/8/3C4/8/C6c w hand=0,0")
    r = await arena.alice.slash(arena.channel, "move", move="d3-d4")
    assert "moved `d3-d4` and trapped the counter on d5 (alligatus)." in r.response.content


async def test_board_command_shows_the_last_move_like_the_move_message(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    r = await arena.alice.slash(where, "move", move="a2-a5")
    assert "· move 1, Black to play" in r.response.content  # the full move being played
    after_move = await r.response.attachments[0].read()
    shown = await arena.carol.slash(where, "board")
    # Same picture, last move highlighted and all, for anyone who asks later.
    assert await shown.response.attachments[0].read() == after_move
