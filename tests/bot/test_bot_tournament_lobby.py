"""A tournament's sign-ups and the organiser's powers (issue 36): Join / Leave, refusals for
the wrong people, Cancel, a round forced after its deadline (and not before), and a round a
crash left unstarted taken up by the sweep."""

from __future__ import annotations

import pytest

import bot.services.tournaments as tournaments

from .tournament_helpers import current_games, message_by_id, organise, players, start

HOUR = 3600


async def test_join_leave_and_who_may_start_or_cancel(arena):
    members = players(arena, 3)
    tid = await organise(arena, members[:2], game="chess", format="rr")
    t = await arena.db.tournaments.require(tid)
    message = message_by_id(arena.channel, t.message_id)
    assert "**Tournament #1**: Chess · round-robin" in message.content
    assert [c.label for row in message.components for c in row.children] == [
        "Join", "Leave", "Start", "Cancel",
    ]  # fmt: skip
    r = await arena.bob.click(message, label="Join")
    assert "You have joined tournament #1 already." in r.response.content
    r = await arena.bob.click(message_by_id(arena.channel, t.message_id), label="Start")
    assert "Only the organiser" in r.response.content
    r = await arena.alice.click(message_by_id(arena.channel, t.message_id), label="Start")
    assert "needs 3 players at least" in r.response.content
    assert (await arena.db.tournaments.require(tid)).status == "open"  # nothing changed
    await arena.carol.click(message_by_id(arena.channel, t.message_id), label="Join")
    await arena.bob.click(message_by_id(arena.channel, t.message_id), label="Leave")
    t = await arena.db.tournaments.require(tid)
    assert [e.player_id for e in t.entrants] == [arena.alice.id, arena.carol.id]
    listed = f"**Players (2):** 1. <@{arena.alice.id}>, 2. <@{arena.carol.id}>"
    assert listed in message_by_id(arena.channel, t.message_id).content
    r = await arena.alice.slash(arena.channel, "tournament create", game="chess", format="rr",
                                rounds=3)  # fmt: skip
    assert r.ephemeral and "leave `rounds` empty" in r.response.content
    await arena.alice.click(message_by_id(arena.channel, t.message_id), label="Cancel")
    t = await arena.db.tournaments.require(tid)
    assert t.status == "cancelled"
    final = message_by_id(arena.channel, t.message_id)
    assert "The tournament was cancelled." in final.content and final.components == []
    r = await arena.bob.slash(arena.channel, "tournament withdraw", tournament=99)
    assert "There is no tournament #99 in this server." in r.response.content


@pytest.mark.bot_settings(move_timeout_hours=0)
async def test_the_organiser_forces_a_round_only_after_its_deadline(arena):
    arena.bot.get_cog("Sweep").loop.cancel()  # days of simulated time, swept by hand
    arena.bot.get_cog("HealthLog").loop.cancel()
    members = players(arena, 4)
    tid = await organise(arena, members, game="rugen", format="swiss", rounds=2, days=24)
    await start(arena, tid)
    games = await current_games(arena, tid)
    assert len(games) == 2 and all(b.game.pace_hours == 24 for b in games)
    r = await arena.alice.slash(arena.channel, "tournament next", tournament=tid)
    assert "may be ended after its deadline" in r.response.content  # 10 days from the start
    r = await arena.bob.slash(arena.channel, "tournament next", tournament=tid)
    assert "Only the organiser" in r.response.content
    first = games[0].game
    await arena.env.advance_time(240 * HOUR + 60)
    r = await arena.alice.slash(arena.channel, "tournament next", tournament=tid)
    said = [m.content for m in (r.response, *r.followups) if m is not None]
    assert any("Round 1 ended: 2 games lost on time." in text for text in said), said
    ended = await arena.db.games.load_game(first.id)
    assert (ended.status, ended.reason) == ("finished", "timeout")
    t = await arena.db.tournaments.require(tid)
    assert t.round == 2  # the next round started


async def test_a_round_a_crash_left_unstarted_is_started_by_the_sweep(arena, monkeypatch):
    members = players(arena, 4)
    tid = await organise(arena, members, game="rugen", format="swiss", rounds=2)
    await start(arena, tid)
    real = tournaments.start_round
    calls = []

    async def crash_once(bot, t):
        calls.append(t.round)
        if len(calls) == 1:
            raise RuntimeError("the process died here")
        return await real(bot, t)

    monkeypatch.setattr(tournaments, "start_round", crash_once)
    for board in await current_games(arena, tid):
        loser = next(m for m in members if m.id == board.players[1])
        thread = next(t for t in arena.channel.threads if t.id == board.game.thread_id)
        await loser.slash(thread, "resign")
    t = await arena.db.tournaments.require(tid)
    assert (t.round, calls) == (1, [1])  # the round was complete, its successor not started
    await arena.env.advance_time(61)  # the sweep's next tick takes it up
    t = await arena.db.tournaments.require(tid)
    assert t.round == 2 and len(await current_games(arena, tid)) == 2


async def test_a_member_who_may_manage_the_server_may_start_any_tournament(arena):
    import discord

    admins = arena.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    mod = arena.guild.add_member(arena.env.create_user("mod", global_name="Mod"), roles=[admins])
    members = players(arena, 3)
    tid = await organise(arena, members, game="rugen", format="rr")
    t = await arena.db.tournaments.require(tid)
    await mod.click(message_by_id(arena.channel, t.message_id), label="Start")
    t = await arena.db.tournaments.require(tid)
    assert (t.status, t.round) == ("running", 1)


@pytest.fixture
async def second(arena, db_path):
    """A second bot process on the same database (as in test_bot_claims)."""
    from bot import create_bot
    from storage import Database

    from .conftest import make_settings
    from .test_bot_claims import RecordingOpponent

    other = create_bot(
        make_settings(db_path, move_timeout_hours=0.25),
        db=Database(db_path),
        clock=arena.bot.clock,
        opponent=RecordingOpponent(),
    )
    await other.db.start()
    other.get_partial_messageable = arena.bot.get_partial_messageable  # type: ignore[method-assign]
    yield other
    await other.computer.close()
    await other.db.stop()


async def test_two_processes_reaching_the_start_time_start_it_once(arena, second):
    """Both processes' sweeps see the ``starts`` time: one thread, one round 1. (The
    concurrent race of the round itself is storage's, tested on both backends in
    tests/storage/test_storage_tournaments.py.)"""
    import asyncio

    from bot.services.tournaments import sweep_tournaments

    arena.bot.get_cog("Sweep").loop.cancel()  # the two sweeps run by hand, at the same time
    members = players(arena, 4)
    tid = await organise(arena, members, game="rugen", format="swiss", rounds=2, starts=1)
    await arena.env.advance_time(HOUR + 60)
    assert (await arena.db.tournaments.require(tid)).status == "open"  # no sweep ran
    await asyncio.gather(sweep_tournaments(arena.bot), sweep_tournaments(second))
    t = await arena.db.tournaments.require(tid)
    assert (t.status, t.round) == ("running", 1)
    threads = [th for th in arena.channel.threads if th.name == f"Tournament #{tid}"]
    assert len(threads) == 1 and t.thread_id == threads[0].id
    assert len(await current_games(arena, tid)) == 2  # one round, two games
    rounds = [m for m in threads[0].history() if m.content.startswith("**Round 1**")]
    assert len(rounds) == 1
