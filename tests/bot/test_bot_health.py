"""The health line (bot/health.py): games active, moves in the last minute, the sweep's lag
and this process's shards, read from a database whose contents the test knows (the sweep is
stopped, so overdue work stays overdue; simcord's clock is moved by hand)."""

from __future__ import annotations

import logging

import pytest

from bot.health import log_health, measure
from bot.shards import ShardPlan

from .helpers import challenge_and_accept

MIN = 60
TIMEOUT = 15 * MIN  # move_timeout_hours=0.25; the reminder is due with a quarter left
LEAD = TIMEOUT / 4


def stop_loops(arena) -> None:
    arena.bot.get_cog("Sweep").loop.cancel()
    arena.bot.get_cog("HealthLog").loop.cancel()


@pytest.mark.bot_settings(move_timeout_hours=0.25)
async def test_the_line_counts_games_moves_and_the_oldest_overdue_work(arena, caplog):
    stop_loops(arena)
    quiet = await measure(arena.bot)
    assert (quiet.active_games, quiet.moves_last_minute, quiet.sweep_lag) == (0, 0, 0.0)
    assert quiet.line() == (
        "health: 0 games active, 0 moves in the last minute, sweep lag 0s; unsharded"
    )
    a, _ = await challenge_and_accept(arena, "rugen")  # Alice to move, never moves
    b, where_b = await challenge_and_accept(
        arena, "rugen", challenger=arena.bob, opponent=arena.carol
    )
    for who, move in ((arena.bob, "a2-a3"), (arena.carol, "a7-a6"), (arena.bob, "b2-b3")):
        r = await who.slash(where_b, "move", move=move)
        assert not r.ephemeral, r.response.content
    now = await measure(arena.bot)
    assert (now.active_games, now.moves_last_minute, now.sweep_lag) == (2, 3, 0.0)
    assert now.lag_kind is None
    await arena.env.advance_time(MIN + 1)
    assert (await measure(arena.bot)).moves_last_minute == 0  # out of the window

    # the oldest turn's reminder is 30 s late (the sweep is stopped)
    first_turn = min([(await arena.db.games.load_game(g.id)).turn_since for g in (a, b)])
    await arena.env.advance_time(first_turn + TIMEOUT - LEAD + 30 - arena.bot.now())
    late = await measure(arena.bot)
    assert (late.sweep_lag, late.lag_kind) == (pytest.approx(30, abs=0.5), "reminders")
    await arena.bot.get_cog("Sweep").run_once()  # the reminders go out
    assert (await measure(arena.bot)).sweep_lag == 0.0
    # then the deadline passes: the timeout is 45 s late
    await arena.env.advance_time(first_turn + TIMEOUT + 45 - arena.bot.now())
    later = await measure(arena.bot)
    assert (later.sweep_lag, later.lag_kind) == (pytest.approx(45, abs=0.5), "move timeouts")
    assert (later.active_games, later.moves_last_minute) == (2, 0)

    caplog.set_level(logging.INFO, logger="bot.health")
    await log_health(arena.bot)
    [record] = [r for r in caplog.records if r.name == "bot.health"]
    assert record.levelno == logging.INFO
    assert record.getMessage() == (
        f"health: 2 games active, 0 moves in the last minute, sweep lag "
        f"{later.sweep_lag:.0f}s (move timeouts); unsharded"
    )
    # once the sweep has done its work, nothing is late any more
    await arena.bot.get_cog("Sweep").run_once()
    done = await measure(arena.bot)
    assert (done.active_games, done.sweep_lag, done.lag_kind) == (0, 0.0, None)
    assert done.moves_last_minute == 0  # a loss on time is not a ply


async def test_an_overdue_challenge_counts_as_sweep_lag(arena):
    stop_loops(arena)
    now = arena.bot.now()
    await arena.db.challenges.create_challenge(
        guild_id=arena.guild.id,
        channel_id=arena.channel.id,
        challenger_id=arena.alice.id,
        game_kind="rugen",
        expires_in=60,
        now=now,
    )
    await arena.env.advance_time(200)
    health = await measure(arena.bot)
    assert (health.sweep_lag, health.lag_kind) == (pytest.approx(140, abs=1), "challenge expiries")


@pytest.mark.bot_settings(shards=ShardPlan(4, (0, 1, 2, 3)))
async def test_the_line_names_this_processs_shards(arena):
    stop_loops(arena)
    assert (await measure(arena.bot)).line().endswith("; shards 0-3 of 4")
