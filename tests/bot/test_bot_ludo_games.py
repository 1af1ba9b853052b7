"""Ludo games through the bot: the roll for the first player, the bot's dice every turn, token
buttons and /move, passes and extra rolls announced, refusals, a full game of two and of four
(with a player timing out and leaving), the end with places, and a restart mid-game."""

from __future__ import annotations

import random
from typing import Any

import pytest
import pytest_asyncio

from rendering import get_theme
from rendering.ludo_layout import ludo_layout

from ..rendering.render_pixels import banner_share, row_share, trophy_in_row
from ..rendering.test_ludo import row_chip
from .helpers import board_image, button_labels, last_board
from .ludo_helpers import furthest, play_turn, session_of, start_table

MAX_TURNS = 600


@pytest_asyncio.fixture
async def dave(arena: Any) -> Any:
    return arena.guild.add_member(arena.env.create_user("dave", global_name="Dave"))


def _by_id(*members: Any) -> dict[int, Any]:
    return {m.id: m for m in members}


@pytest.mark.simcord(settle_timeout=60)  # the final board's replay GIF renders 150 frames
async def test_a_game_of_two_by_buttons_and_move_to_the_end(arena):
    alice, bob = arena.alice, arena.bob
    game, thread = await start_table(arena, [alice, bob], seed=11)
    members = _by_id(alice, bob)
    board = last_board(thread)
    assert "🎲 Roll for the first turn: Red " in board.content
    record, session = await session_of(arena, game.id)
    assert record.seat_names == ("red", "yellow")
    assert session.die is not None  # the bot rolled for the player to move
    mover = record.player_at(session.to_move)
    assert (
        f"<@{mover}>, your move" in board.content and f"Move a **{session.die}**" in board.content
    )
    labels = button_labels(board)
    assert labels and all("→" in label for label in labels)
    for turn in range(MAX_TURNS):
        record, session = await session_of(arena, game.id)
        if not record.is_active:
            break
        await play_turn(arena, thread, game.id, members, "button" if turn % 2 else "move")
    else:
        pytest.fail("the game did not end")
    record = await arena.db.games.load_game(game.id)
    assert record.reason == "finished" and record.places[0] == record.winner
    final = last_board(thread)
    winner = record.player_at(record.winner)
    assert f"**Game #{game.id} is over.**" in final.content
    assert f"({record.winner.title()}) wins**: all four tokens reached the finish" in final.content
    assert button_labels(final) == ["Rematch", "Analysis"]
    # the final picture: the result banner, the winner first with the trophy, no row to move
    img = (await board_image(final)).convert("RGB")
    lay, light = ludo_layout(rows=2), get_theme("light")
    assert banner_share(img, lay, light) > 0.9 and trophy_in_row(img, lay, 0, light)
    assert [row_chip(img, lay, row) for row in (0, 1)] == [
        record.places[0][0].upper(),
        record.places[1][0].upper(),
    ]
    assert all(row_share(img, lay, row, light.accent) < 0.05 for row in (0, 1))
    moves = [m.move for m in await arena.db.games.game_moves(game.id)]
    assert any(m == "pass" for m in moves)  # passes are the bot's, announced
    loser = next(uid for uid in record.player_ids if uid != winner)
    w, lo = await arena.db.players.get_player(winner), await arena.db.players.get_player(loser)
    assert (w.wins, w.losses, lo.wins, lo.losses) == (1, 0, 0, 1)
    winning = alice if winner == alice.id else bob
    r = await winning.slash(arena.channel, "stats")
    assert "In this server: 1 won, 0 lost, 0 drawn" in r.response.content
    h = await alice.slash(thread, "history")
    [att] = [a for a in h.response.attachments if a.filename.endswith(".txt")]
    assert att.filename == f"ludo-game-{game.id}.txt"
    record_text = (await att.read()).decode()
    assert record_text.count("roll:") > 10 and f"{len(moves)}. {moves[-1]}" in record_text
    assert "Alice (Red) vs Bob (Yellow)" in h.response.content
    r = await alice.slash(arena.channel, "rules", variant="ludo")
    assert r.followups or r.response
    # Rematch: a table with the same two seated, the one asking hosts it and starts it
    losing = bob if winning is alice else alice
    r = await losing.click(final, label="Rematch")
    assert not r.ephemeral and "same players seated" in r.response.content
    table = next(m for m in reversed(arena.channel.history()) if "rematch of game" in m.content)
    assert "Seats (2 of 4)" in table.content
    assert f"1. 🔴 Red — {losing.mention} (host)" in table.content
    assert f"2. 🟡 Yellow — {winning.mention}" in table.content
    await losing.click(table, label="Start")
    [again] = await arena.db.games.active_games(user_id=alice.id)
    assert again.player_ids == (losing.id, winning.id) and again.id != game.id
    r = await winning.click(final, label="Rematch")
    assert r.ephemeral and "already offered" in r.response.content


async def test_refusals_out_of_turn_a_token_that_cannot_move_draw_and_abort(arena):
    alice, bob = arena.alice, arena.bob
    game, thread = await start_table(arena, [alice, bob], seed=4)
    record, session = await session_of(arena, game.id)
    members = _by_id(alice, bob)
    mover = members[record.player_at(session.to_move)]
    other = bob if mover is alice else alice
    r = await other.slash(thread, "move", move=furthest(session))
    assert r.ephemeral and "not your turn" in r.response.content
    r = await mover.slash(thread, "move", move="30-35")
    assert r.ephemeral and "`30-35` is not legal here" in r.response.content
    r = await mover.slash(thread, "move", move="roll:6")
    assert r.ephemeral and "the bot rolls the dice" in r.response.content
    r = await mover.slash(thread, "draw")
    assert r.ephemeral and "`/draw` does not apply" in r.response.content
    got = await mover.autocomplete(thread, "move", "move", "")
    assert {c["value"] for c in got} == {
        str(m.move) for m in session.legal_moves() if m.move is not None
    }
    assert all(len(c["name"]) <= 100 for c in got)
    assert (await session_of(arena, game.id))[0].ply == record.ply  # nothing changed
    await play_turn(arena, thread, game.id, members, "move")
    r = await alice.slash(thread, "abort")
    assert r.ephemeral and "a token has moved" in r.response.content


async def test_abort_before_anyone_moved(arena):
    game, thread = await start_table(arena, [arena.alice, arena.bob], seed=4)
    r = await arena.bob.slash(thread, "abort")
    assert not r.ephemeral, r.response.content
    record = await arena.db.games.load_game(game.id)
    assert record.reason == "aborted"


@pytest.mark.bot_settings(move_timeout_hours=1)
@pytest.mark.simcord(settle_timeout=60)  # the final board's replay GIF renders 150 frames
async def test_a_game_of_four_with_a_timeout_skipping_a_player_to_the_end(arena, dave):
    alice, bob, carol = arena.alice, arena.bob, arena.carol
    members = _by_id(alice, bob, carol, dave)
    game, thread = await start_table(arena, [alice, bob, carol, dave], seed=21)
    record, session = await session_of(arena, game.id)
    assert record.seat_names == ("red", "blue", "yellow", "green")
    sleeper = record.player_at(session.to_move)
    sleeper_seat = session.to_move
    await arena.env.advance_time(3600 + 120)
    record, session = await session_of(arena, game.id)
    assert record.is_active and sleeper_seat[0].upper() in session.state.left
    board = last_board(thread)
    assert f"⏰ Time is up: <@{sleeper}>" in board.content and "leaves the game" in board.content
    assert record.player_at(session.to_move) != sleeper
    assert f"<@{record.player_at(session.to_move)}>, your move" in board.content
    moves = [m.move for m in await arena.db.games.game_moves(game.id)]
    assert f"timeout:{sleeper_seat}" in moves
    r = await members[sleeper].slash(thread, "move", move="B-0")
    assert r.ephemeral
    for turn in range(MAX_TURNS * 2):
        record, session = await session_of(arena, game.id)
        if not record.is_active:
            break
        assert record.player_at(session.to_move) != sleeper  # skipped for good
        await play_turn(arena, thread, game.id, members, "button" if turn % 3 else "move")
    else:
        pytest.fail("the game did not end")
    record = await arena.db.games.load_game(game.id)
    assert record.reason == "finished" and len(record.places) == 4
    assert record.places[-1] == sleeper_seat
    final = last_board(thread)
    assert "Places: 🥇 " in final.content and "🥈" in final.content and "🥉" in final.content
    assert f"4. <@{sleeper}>" in final.content
    r = await members[sleeper].slash(arena.channel, "stats")
    assert "In this server: 0 won, 1 lost, 0 drawn" in r.response.content
    first = members[record.player_at(record.places[0])]
    r = await first.slash(arena.channel, "stats")
    assert "In this server: 1 won, 0 lost, 0 drawn" in r.response.content


async def test_a_restart_mid_game_keeps_the_token_buttons_working(arena, bot_factory):
    alice, bob = arena.alice, arena.bob
    game, thread = await start_table(arena, [alice, bob], seed=8)
    members = _by_id(alice, bob)
    for _ in range(4):
        await play_turn(arena, thread, game.id, members, "move")
    before, _ = await session_of(arena, game.id)
    old = arena.bot
    await arena.env.restart_bot(bot_factory())
    await old.db.stop()
    arena.bot.games.dice = random.Random(9)
    r = await play_turn(arena, thread, game.id, members, "button")
    assert r.ephemeral
    after, _ = await session_of(arena, game.id)
    assert after.ply > before.ply
