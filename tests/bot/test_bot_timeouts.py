"""Move timeouts (MOVE_TIMEOUT_HOURS): the deadline under each board, one reminder per turn that
a restart does not resend, the game lost on time with both players pinged, a move just in time
resetting the clock, 0 switching it off, and a timeout racing a move. Time is simcord's
(``advance_time`` fires the sweep's one-minute ticks)."""

from __future__ import annotations

import asyncio

import pytest

from bot.services.timeouts import finish_on_time
from rules import start_position

from .helpers import button_labels, challenge_and_accept, game_at, last_board
from .test_bot_mentions import Sent

TIMEOUT = 15 * 60.0
# a 15-minute timeout (each simulated minute is a sweep tick, which costs real time): the
# reminder goes out when a quarter of it (3¾ minutes) is left, i.e. at the 12-minute tick
pytestmark = pytest.mark.bot_settings(move_timeout_hours=0.25)
MIN = 60


def reminders(where, game_id):
    return [m for m in where.history() if f"your move in game #{game_id} —" in m.content]


async def test_one_reminder_per_turn_even_across_a_restart(arena, bot_factory):
    game, where = await challenge_and_accept(arena, "rugen")  # Alice (White) to move
    deadline = int(game.turn_since + TIMEOUT)
    assert f"<@{arena.alice.id}>, your move (White) — by <t:{deadline}:R>" in last_board(
        where
    ).content
    sent = Sent(arena.env)
    await arena.env.advance_time(11 * MIN)
    assert reminders(where, game.id) == []
    await arena.env.advance_time(1 * MIN)
    [reminder] = reminders(where, game.id)
    assert reminder.content.startswith(
        f"⏰ <@{arena.alice.id}>, your move in game #{game.id} — you have 3 minutes left "
        f"(<t:{deadline}:R>)."
    )
    assert "https://discord.com/channels/" in reminder.content  # a link to the board
    assert sent.pinged() == [[arena.alice.id]]  # only the player to move
    assert (await arena.db.games.load_game(game.id)).reminded_ply == 0
    old = arena.bot
    await arena.env.restart_bot(bot_factory())
    await old.db.stop()
    await arena.env.advance_time(2 * MIN)
    assert len(reminders(where, game.id)) == 1  # not sent again
    # the next turn gets its own reminder
    r = await arena.alice.slash(where, "move", move="a2-a3")
    assert f"<@{arena.bob.id}>, your move (Black) — by <t:" in r.response.content
    await arena.env.advance_time(12 * MIN)
    got = reminders(where, game.id)
    assert len(got) == 2 and got[-1].content.startswith(f"⏰ <@{arena.bob.id}>, your move")
    assert (await arena.db.games.load_game(game.id)).is_active


async def test_running_out_of_time_loses_and_pings_both_players(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    r = await arena.alice.slash(where, "move", move="a2-a3")  # now Bob (Black) is to move
    sent = Sent(arena.env)
    await arena.env.advance_time(TIMEOUT + MIN)
    record = await arena.db.games.load_game(game.id)
    assert (record.status, record.winner, record.reason) == ("finished", "white", "timeout")
    final = last_board(where)
    assert f"⏰ Time is up: <@{arena.bob.id}> did not move within 15 minutes." in final.content
    assert "ran out of time" in final.content and button_labels(final) == ["Rematch", "Analysis"]
    pings = sent.pinged()
    assert pings[-1] == []  # the replay GIF below the final board pings nobody
    assert sorted(pings[-2]) == sorted([arena.alice.id, arena.bob.id])  # exactly those two
    assert all(p in ([arena.bob.id], pings[-2], []) for p in pings)  # reminder, end, replay
    alice = await arena.db.players.get_player(arena.alice.id)
    bob = await arena.db.players.get_player(arena.bob.id)
    assert (alice.wins, alice.losses, bob.wins, bob.losses) == (1, 0, 0, 1)
    [row] = [x for x in await arena.db.players.leaderboard(arena.guild.id) if x.wins]
    assert row.user_id == arena.alice.id
    r = await arena.bob.slash(where, "move", move="a7-a6", game=str(game.id))
    assert r.ephemeral and "over" in r.response.content
    await arena.env.advance_time(TIMEOUT)  # finished games are left alone
    assert [m for m in where.history() if "Time is up" in m.content] == [final]


async def test_a_move_just_before_the_deadline_resets_the_clock(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    await arena.env.advance_time(14 * MIN)
    r = await arena.alice.slash(where, "move", move="a2-a3")
    record = await arena.db.games.load_game(game.id)
    assert record.turn_since >= game.turn_since + 14 * MIN
    assert f"— by <t:{int(record.turn_since + TIMEOUT)}:R>" in r.response.content
    await arena.env.advance_time(2 * MIN)  # past the first deadline
    assert (await arena.db.games.load_game(game.id)).is_active
    await arena.env.advance_time(TIMEOUT)
    record = await arena.db.games.load_game(game.id)
    assert (record.winner, record.reason) == ("white", "timeout")  # Black ran out


@pytest.mark.parametrize("hours", [0, 72])
async def test_zero_switches_timeouts_and_reminders_off(arena, bot_factory, hours):
    """A game whose turn began 30 days ago: lost on time at the next tick with any timeout
    (here the default, 72 hours), left alone with 0."""
    old = arena.bot
    await arena.env.restart_bot(bot_factory(move_timeout_hours=hours))
    await old.db.stop()
    game = await game_at(
        arena, start_position("rugen").to_lpn(), now=arena.bot.now() - 30 * 86400
    )
    r = await arena.bob.slash(arena.channel, "board", game=str(game.id))
    assert ("— by <t:" in r.response.content) == bool(hours)
    await arena.env.advance_time(2 * MIN)
    record = await arena.db.games.load_game(game.id)
    if hours:
        assert (record.winner, record.reason) == ("black", "timeout")
    else:
        assert record.is_active and reminders(arena.channel, game.id) == []
        assert not any("Time is up" in m.content for m in arena.channel.history())


async def test_a_timeout_comes_due_after_a_restart(arena, bot_factory):
    game, where = await challenge_and_accept(arena, "rugen")
    old = arena.bot
    await arena.env.restart_bot(bot_factory())
    await old.db.stop()
    await arena.env.advance_time(TIMEOUT + MIN)
    record = await arena.db.games.load_game(game.id)
    assert (record.winner, record.reason) == ("black", "timeout")  # White never moved
    assert "Time is up" in last_board(where).content


@pytest.mark.parametrize("order", ["move first", "timeout first"])
async def test_a_timeout_racing_a_move_leaves_exactly_one(arena, order):
    """The sweep read the game, then a move landed (or the other way round): the ply check
    lets exactly one of them stand, and the game is never finished twice."""
    game, where = await challenge_and_accept(arena, "rugen")
    stale = await arena.db.games.load_game(game.id)
    bot = arena.bot
    move = bot.games.play_move(game.id, arena.alice.id, "a2-a3")
    timeouts = [finish_on_time(bot, stale, TIMEOUT), finish_on_time(bot, stale, TIMEOUT)]
    calls = [move, *timeouts] if order == "move first" else [*timeouts, move]
    results = await asyncio.gather(*calls, return_exceptions=True)
    record = await arena.db.games.load_game(game.id)
    moved = not isinstance(results[0 if order == "move first" else 2], BaseException)
    finished = [r for r in results if r is True]
    if record.is_active:
        assert moved and finished == [] and record.ply == 1
    else:
        assert not moved and len(finished) == 1 and record.reason == "timeout"
        assert [m for m in where.history() if "Time is up" in m.content] != []
    alice = await arena.db.players.get_player(arena.alice.id)
    assert alice.games_played == (0 if record.is_active else 1)
