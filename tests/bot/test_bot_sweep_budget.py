"""The sweep's budget per tick (issue 12.7): a backlog of 10,000 overdue challenges is expired
in storage at once, but their messages are edited at most 100 a tick, after the tick's
timeouts and catch-ups, which therefore still happen in the first tick."""

from __future__ import annotations

import re

import pytest

from bot.services.catchup import MARK
from bot.services.challenges import EDITS_PER_TICK
from rules import Game, start_position
from storage import PlyToRecord

from .helpers import game_at

BACKLOG = 10_000
EDIT = re.compile(r"/channels/\d+/messages/\d+$")

pytestmark = pytest.mark.bot_settings(challenge_ttl_hours=0.01)  # 36 seconds


def edits(env, start: int) -> list:
    return [r for r in env.http_requests[start:] if r.method == "PATCH" and EDIT.search(r.path)]


async def test_a_backlog_of_expired_challenges_is_edited_100_a_tick_after_the_urgent_work(arena):
    env, db, now = arena.env, arena.db, arena.bot.now()
    # three challenges made in the channel: their messages are what players see
    made = []
    for a, b in ((arena.alice, arena.bob), (arena.carol, arena.alice), (arena.bob, arena.carol)):
        made.append(
            (await a.slash(arena.channel, "challenge", variant="rugen", opponent=b)).response
        )
    # the backlog: challenges whose messages were deleted meanwhile (the edits get 404)
    for i in range(BACKLOG):
        await db.challenges.create_challenge(
            guild_id=arena.guild.id,
            channel_id=arena.channel.id,
            challenger_id=arena.alice.id,
            challenged_id=arena.bob.id,
            game_kind="rugen",
            message_id=7_000_000 + i,
            expires_in=1,
            now=now,
        )
    # a game lost on time long ago, and a move whose board was never posted
    late = await game_at(arena, start_position("rugen").to_lpn(), now=now - 73 * 3600)
    lost = await game_at(arena, start_position("rugen").to_lpn(), now=now - 3600)
    after = Game(lost.start_position)
    after.push(after.parse_move("a2-a3"))
    await db.games.record_moves(
        lost.id, 0, [PlyToRecord(arena.alice.id, "a2-a3", after.position.to_lpn())], now=now - 3600
    )
    start = len(env.http_requests)

    await env.advance_time(60)  # one tick

    assert await db.challenges.pending_challenges(now=arena.bot.now()) == []  # all expired
    assert len(edits(env, start)) == EDITS_PER_TICK
    for message in made:  # the oldest first: the three real ones were edited
        shown = next(m for m in arena.channel.history() if m.id == message.id)
        assert "⌛ This challenge expired" in shown.content and not shown.components
    late = await db.games.load_game(late.id)
    assert (late.reason, late.announced_over) == ("timeout", True)  # finished and posted
    assert any("⏰ Time is up" in m.content for m in arena.channel.history())
    assert any(MARK in m.content for m in arena.channel.history())  # the lost board
    assert (await db.games.load_game(lost.id)).announced_ply == 1
    assert await db.challenges.stale_message_count() == BACKLOG + 3 - EDITS_PER_TICK

    start = len(env.http_requests)
    await env.advance_time(60)  # the next tick edits the next hundred
    assert len(edits(env, start)) == EDITS_PER_TICK
    assert await db.challenges.stale_message_count() == BACKLOG + 3 - 2 * EDITS_PER_TICK


async def test_edits_slowed_by_rate_limits_do_not_hold_up_the_next_ticks_timeout(
    arena, monkeypatch
):
    """Discord pacing the edits (ten minutes each here) must not delay a timeout that comes
    due a tick later: the edits run beside the sweep, which keeps its one-minute beat."""
    import asyncio

    import discord

    async def rate_limited(self, **kwargs):
        await asyncio.sleep(600)

    monkeypatch.setattr(discord.PartialMessage, "edit", rate_limited)
    db, now = arena.db, arena.bot.now()
    for i in range(5):
        await db.challenges.create_challenge(
            guild_id=arena.guild.id,
            channel_id=arena.channel.id,
            challenger_id=arena.alice.id,
            game_kind="rugen",
            message_id=8_000_000 + i,
            expires_in=1,
            now=now,
        )
    timeout = arena.bot.settings.move_timeout_seconds
    assert timeout is not None
    game = await game_at(arena, start_position("rugen").to_lpn(), now=now - timeout + 90)
    await arena.env.advance_time(60)  # the first tick expires them and starts the edits
    assert await db.challenges.stale_message_count() == 0  # all five claimed, being edited
    assert (await db.games.load_game(game.id)).is_active
    await arena.env.advance_time(60)  # the next tick, while the edits still wait
    assert (await db.games.load_game(game.id)).reason == "timeout"
