"""/vacation: a player's move clock paused (their time left kept for after it), the sweep's
timeout honouring it, a turn that becomes theirs starting its clock at their return, the
opponent told under the board, and 14 days a month at most."""

from __future__ import annotations

import pytest

from .helpers import challenge_and_accept, last_board

TIMEOUT = 15 * 60.0
pytestmark = pytest.mark.bot_settings(move_timeout_hours=0.25)
MIN = 60
DAY = 86_400


async def test_a_vacation_pauses_the_clock_and_the_timeout_waits(arena):
    game, where = await challenge_and_accept(arena, "rugen")  # Alice (White) to move
    t0 = game.turn_since
    await arena.env.advance_time(5 * MIN)
    r = await arena.alice.slash(where, "vacation", days=1)
    assert r.ephemeral, r.response.content
    assert "You are on vacation until" in r.response.content
    assert "Paused now in 1 game waiting for your move" in r.response.content
    player = await arena.db.players.get_player(arena.alice.id)
    until = player.vacation_until
    assert until is not None and abs(until - (t0 + 5 * MIN + DAY)) < 2
    # her 10 minutes left are kept for after the vacation
    record = await arena.db.games.load_game(game.id)
    assert abs((record.turn_since + TIMEOUT) - (until + 10 * MIN)) < 2
    notice = [m for m in where.history() if "is on vacation until" in m.content]
    assert notice and f"<@{arena.alice.id}> is on vacation" in notice[-1].content
    # the original deadline passes: the sweep does not finish the game, nor remind
    await arena.env.advance_time(20 * MIN)
    record = await arena.db.games.load_game(game.id)
    assert record.is_active
    assert not [m for m in where.history() if f"your move in game #{game.id} —" in m.content]
    # the sweep's query finds it due only once the kept 10 minutes after the vacation ran out
    due = await arena.db.games.turns_started_before(until + 9 * MIN - TIMEOUT)
    assert game.id not in [g.id for g in due]
    due = await arena.db.games.turns_started_before(until + 11 * MIN - TIMEOUT)
    assert game.id in [g.id for g in due]
    # the opponent sees it under the board, with the later deadline
    r = await arena.bob.slash(where, "board")
    text = r.response.content
    assert f"🏖️ <@{arena.alice.id}> is on vacation until <t:{int(until)}:f>" in text
    assert f"by <t:{int(record.turn_since + TIMEOUT)}:R>" in text
    # she may still move while away; then Bob's clock runs as usual
    r = await arena.alice.slash(where, "move", move="a2-a3")
    assert not r.ephemeral, r.response.content
    record = await arena.db.games.load_game(game.id)
    assert abs(record.turn_since - arena.bot.now()) < 2


async def test_a_turn_that_becomes_yours_while_away_starts_at_your_return(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    await arena.alice.slash(where, "move", move="a2-a3")  # Bob to move
    r = await arena.alice.slash(where, "vacation", days=2)
    assert "Paused now" not in r.response.content  # not her turn anywhere
    until = (await arena.db.players.get_player(arena.alice.id)).vacation_until
    r = await arena.bob.slash(where, "move", move="a7-a6")
    assert not r.ephemeral, r.response.content
    record = await arena.db.games.load_game(game.id)
    assert record.turn_since == pytest.approx(until, abs=1)
    assert f"by <t:{int(until + TIMEOUT)}:R>" in r.response.content
    assert f"🏖️ <@{arena.alice.id}> is on vacation until" in last_board(where).content
    await arena.env.advance_time(20 * MIN)
    assert (await arena.db.games.load_game(game.id)).is_active


async def test_fourteen_days_a_month(arena):
    r = await arena.bob.slash(arena.channel, "vacation")
    assert "You are not on vacation. 14 of 14 vacation days left" in r.response.content
    r = await arena.bob.slash(arena.channel, "vacation", days=10)
    assert "You are on vacation until" in r.response.content
    r = await arena.bob.slash(arena.channel, "vacation", days=5)
    assert r.ephemeral and "No vacation was booked" in r.response.content
    assert "4 left in" in r.response.content
    r = await arena.bob.slash(arena.channel, "vacation")
    assert "You are on vacation until" in r.response.content and "4 of 14" in r.response.content


async def test_a_move_taken_back_while_away_waits_for_the_return(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    await arena.alice.slash(where, "move", move="a2-a3")
    await arena.alice.slash(where, "vacation", days=1)
    until = (await arena.db.players.get_player(arena.alice.id)).vacation_until
    await arena.alice.slash(where, "takeback")
    request = next(m for m in reversed(where.history()) if "asks to take back" in m.content)
    await arena.bob.click(request, label="Accept takeback")
    record = await arena.db.games.load_game(game.id)
    assert record.ply == 0 and record.turn_since == pytest.approx(until, abs=1)
    assert f"by <t:{int(until + TIMEOUT)}:R>" in last_board(where).content


async def test_a_new_game_whose_first_mover_is_away_starts_their_clock_at_their_return(arena):
    r = await arena.alice.slash(arena.channel, "vacation", days=1)
    assert "You are on vacation until" in r.response.content, r.response.content
    until = (await arena.db.players.get_player(arena.alice.id)).vacation_until
    game, where = await challenge_and_accept(arena, "rugen")  # Alice (White) moves first
    record = await arena.db.games.load_game(game.id)
    assert record.ply == 0 and record.turn_since == pytest.approx(until, abs=1)
    board = last_board(where).content
    assert f"by <t:{int(until + TIMEOUT)}:R>" in board
    assert f"🏖️ <@{arena.alice.id}> is on vacation until" in board
    await arena.env.advance_time(20 * MIN)  # the timeout a clock started now would have hit
    assert (await arena.db.games.load_game(game.id)).is_active
