"""Each game's own pace (issue 36, ``/challenge days:``): a game at 3 days per move is reminded
18 hours before its deadline and lost on time after 3 days, while a game at the bot's default
pace (here 15 minutes) beside it times out as before; the pace is shown on the challenge, the
first board, every deadline, ``/games`` and the DM digest. Time is simcord's."""

from __future__ import annotations

import pytest

from .helpers import challenge_and_accept, last_board

pytestmark = pytest.mark.bot_settings(move_timeout_hours=0.25)  # the default: 15 minutes
MIN = 60
HOUR = 3600


def by_hand(arena):
    """Stop the minute loops (the sweep, the health line): days of simulated time would be
    thousands of ticks. The test runs the sweep itself at the moments it checks; what is
    swept is read per game from storage either way."""
    arena.bot.get_cog("Sweep").loop.cancel()
    arena.bot.get_cog("HealthLog").loop.cancel()


async def at(arena, when):
    """Advance simulated time to ``when`` and run one sweep there."""
    await arena.env.advance_time(when - arena.bot.now())
    await arena.bot.get_cog("Sweep").run_once()


def reminders(where, game_id):
    return [m for m in where.history() if f"your move in game #{game_id} —" in m.content]


async def test_a_game_at_three_days_is_reminded_and_timed_out_at_its_own_pace(arena):
    slow, where = await challenge_and_accept(arena, "rugen", days=72)  # Alice (White) first
    assert slow.pace_hours == 72
    [challenge] = [m for m in arena.channel.history() if "challenges" in m.content]
    assert "Rated. ⏱️ 3 days per move." in challenge.content
    first = last_board(where)
    assert "⏱️ 3 days per move" in first.content
    deadline = int(slow.turn_since + 72 * HOUR)
    assert f"<@{arena.alice.id}>, your move (White) — by <t:{deadline}:R>" in first.content
    quick, quick_where = await challenge_and_accept(
        arena, "rugen", challenger=arena.carol, opponent=arena.bob
    )  # at the default pace: 15 minutes
    r = await arena.bob.slash(where, "games")
    lines = r.response.content.splitlines()
    assert any(f"#{slow.id}" in line and "3 days per move" in line for line in lines)
    assert any(f"#{quick.id}" in line and "15 minutes per move" not in line for line in lines)

    await arena.env.advance_time(20 * MIN)  # the default game is lost on time, the slow one not
    assert (await arena.db.games.load_game(quick.id)).reason == "timeout"
    assert (await arena.db.games.load_game(slow.id)).is_active
    assert reminders(where, slow.id) == []

    by_hand(arena)
    start = slow.turn_since
    await at(arena, start + 54 * HOUR - MIN)  # a minute before 18 hours are left
    assert reminders(where, slow.id) == []
    await at(arena, start + 54 * HOUR)
    [reminder] = reminders(where, slow.id)
    assert reminder.content.startswith(
        f"⏰ <@{arena.alice.id}>, your move in game #{slow.id} — you have 18 hours left "
        f"(<t:{deadline}:R>)."
    )
    assert (await arena.db.games.load_game(slow.id)).is_active

    await at(arena, start + 72 * HOUR - MIN)  # a minute before the deadline
    assert (await arena.db.games.load_game(slow.id)).is_active
    assert len(reminders(where, slow.id)) == 1
    await at(arena, start + 72 * HOUR)
    record = await arena.db.games.load_game(slow.id)
    assert (record.status, record.winner, record.reason) == ("finished", "black", "timeout")
    final = last_board(where)
    assert f"⏰ Time is up: <@{arena.alice.id}> did not move within 3 days." in final.content


async def test_the_dm_digest_gives_each_game_its_own_deadline(arena):
    """Alice (DM notifications) waits in two games: one at 6 hours per move, one at the
    default 15 minutes; the digest's "by …" of each is its own."""
    r = await arena.alice.slash(arena.channel, "notify", mode="dm")
    assert r.ephemeral
    paced, _ = await challenge_and_accept(arena, "rugen", days=6)  # Alice White: her move
    default, _ = await challenge_and_accept(arena, "rugen", challenger=arena.alice,
                                            opponent=arena.carol)  # fmt: skip
    await arena.env.advance_time(MIN)  # the sweep sends the digest
    [digest] = [m for m in arena.alice.user.dm_channel.history() if "It is your move" in m.content]
    lines = digest.content.splitlines()
    [six] = [line for line in lines if f"**Game #{paced.id}**" in line]
    [quick] = [line for line in lines if f"**Game #{default.id}**" in line]
    assert f"by <t:{int(paced.turn_since + 6 * HOUR)}:R>" in six
    assert f"by <t:{int(default.turn_since + 15 * MIN)}:R>" in quick


async def test_a_vacation_keeps_the_time_left_at_the_games_own_pace(arena):
    """At 1 hour per move (the default here being 15 minutes), Alice books a day away after
    20 minutes: her 40 minutes left wait for her return, then run out."""
    game, where = await challenge_and_accept(arena, "rugen", days=1)  # Alice White to move
    by_hand(arena)
    await arena.env.advance_time(20 * MIN)
    r = await arena.alice.slash(where, "vacation", days=1)
    assert r.ephemeral and "You are on vacation until" in r.response.content
    until = (await arena.db.players.get_player(arena.alice.id)).vacation_until
    record = await arena.db.games.load_game(game.id)
    assert abs((record.turn_since + HOUR) - (until + 40 * MIN)) < 2
    await at(arena, until + 39 * MIN)
    assert (await arena.db.games.load_game(game.id)).is_active
    assert reminders(where, game.id)  # a quarter of the hour before: reminded
    await at(arena, until + 41 * MIN)
    record = await arena.db.games.load_game(game.id)
    assert (record.status, record.reason) == ("finished", "timeout")
    assert "did not move within 60 minutes." in last_board(where).content
