"""Catching up on boards never posted: a move (or a game's end) committed to storage whose
board post failed — the bot crashed, or Discord refused it — is announced by the sweep after a
restart, exactly once, pinging the right player; a normal move is never announced twice."""

from __future__ import annotations

import sys
from typing import Any

import pytest

from bot.services.catchup import MARK, SETTLE_SECONDS, catch_up

from .helpers import button_labels, challenge_and_accept, play_by_button
from .test_bot_mentions import Sent

MIN = 60


class Crash(RuntimeError):
    """Stands for the process dying (or Discord refusing the post) right after the commit."""


def fail_next_post(monkeypatch: pytest.MonkeyPatch, extension: str) -> list[int]:
    """Make the loaded module ``extension``'s ``publish`` raise once (the next board is lost):
    ``bot.services.pipeline``, which every move's board goes through, or an extension.

    discord.py loads each extension as a fresh module object (and again on a restart), so
    the one to patch is the one in ``sys.modules`` now; only the first call fails.
    """
    module = sys.modules[extension]
    real = module.publish
    calls: list[int] = []

    async def publish(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            raise Crash("lost between commit and post")
        return await real(*args, **kwargs)

    monkeypatch.setattr(module, "publish", publish)
    return calls


def boards(where: Any) -> list[Any]:
    return [
        m
        for m in where.history()
        if any(a.filename == "board.png" for a in m.attachments) and not m.flags.ephemeral
    ]


def catch_ups(where: Any) -> list[Any]:
    return [m for m in boards(where) if m.content.startswith("**Game #") and MARK in m.content]


def crashes(env: Any) -> list[Any]:
    return [e for e in env.errors if "lost between commit and post" in repr(e)]


async def restart(arena: Any, bot_factory: Any) -> None:
    old = arena.bot
    await arena.env.restart_bot(bot_factory())
    await old.db.stop()


@pytest.mark.simcord(check_errors=False)
async def test_a_lost_move_board_is_posted_once_after_a_restart(arena, bot_factory, monkeypatch):
    game, where = await challenge_and_accept(arena, "rugen")  # Alice (White) to move
    fail_next_post(monkeypatch, "bot.services.pipeline")
    await arena.alice.slash(where, "move", move="a2-a3")
    assert crashes(arena.env), arena.env.errors
    stored = await arena.db.games.load_game(game.id)
    assert (stored.ply, stored.announced_ply, stored.needs_announcement) == (1, 0, True)
    assert len(boards(where)) == 1  # only the start board: nobody was told
    errors_before = len(arena.env.errors)
    # the bot is down for two minutes (its sweep stopped), then starts again: the start-up
    # sweep posts the lost board at once
    arena.bot.get_cog("Sweep").loop.cancel()
    await arena.env.advance_time(2 * MIN)
    assert len(boards(where)) == 1
    sent = Sent(arena.env)
    await restart(arena, bot_factory)
    [caught] = catch_ups(where)
    assert (
        f"{MARK}: <@{arena.alice.id}> (White) moved `a2-a3` — its board could not be posted "
        "at the time." in caught.content
    )
    assert f"<@{arena.bob.id}>, your move (Black)" in caught.content
    assert button_labels(caught) == ["Move"]
    assert [p for p in sent.pinged() if p] == [[arena.bob.id]]  # only the player to move
    stored = await arena.db.games.load_game(game.id)
    assert (stored.announced_ply, stored.board_message_id) == (1, caught.id)

    # not again: more ticks, another restart
    await arena.env.advance_time(3 * MIN)
    await restart(arena, bot_factory)
    await arena.env.advance_time(2 * MIN)
    assert len(catch_ups(where)) == 1
    assert len(arena.env.errors) == errors_before

    # the game goes on normally
    r = await arena.bob.slash(where, "move", move="a7-a6")
    assert not r.ephemeral and f"<@{arena.alice.id}>, your move (White)" in r.response.content
    await arena.env.advance_time(2 * MIN)
    assert len(catch_ups(where)) == 1
    assert len(boards(where)) == 3  # start, catch-up, Bob's move
    stored = await arena.db.games.load_game(game.id)
    assert (stored.ply, stored.announced_ply) == (2, 2)


@pytest.mark.simcord(check_errors=False)
async def test_a_lost_final_board_comes_with_the_rematch_button(arena, bot_factory, monkeypatch):
    game, where = await challenge_and_accept(arena, "lat")  # Alice White, Bob Black
    for member, move in [
        (arena.alice, "e1-e7"),
        (arena.bob, "a8-a7"),
        (arena.alice, "g1-g7"),
        (arena.bob, "k8-k7"),
    ]:
        await member.slash(where, "move", move=move)
    fail_next_post(monkeypatch, "bot.services.pipeline")
    await arena.alice.slash(where, "move", move="f2-f6")  # shuts in the queen on f7: game over
    assert crashes(arena.env)
    stored = await arena.db.games.load_game(game.id)
    assert (stored.status, stored.winner, stored.reason) == ("finished", "white", "queen_captured")
    assert stored.needs_announcement and stored.announced_ply == 4

    await restart(arena, bot_factory)
    sent = Sent(arena.env)
    await arena.env.advance_time(MIN)
    [caught] = catch_ups(where)
    assert f"{MARK}: <@{arena.alice.id}> (White) moved `f2-f6` and captured" in caught.content
    assert f"**Game #{game.id} is over.**" in caught.content
    assert button_labels(caught) == ["Rematch", "Analysis"]
    [pinged] = [p for p in sent.pinged() if p]
    assert sorted(pinged) == sorted([arena.alice.id, arena.bob.id])  # both players
    assert not (await arena.db.games.load_game(game.id)).needs_announcement
    await arena.env.advance_time(2 * MIN)
    assert len(catch_ups(where)) == 1
    # the Rematch button works
    r = await arena.bob.click(caught, label="Rematch")
    assert r.acknowledged


@pytest.mark.simcord(check_errors=False)
async def test_a_lost_resignation_is_announced(arena, bot_factory, monkeypatch):
    game, where = await challenge_and_accept(arena, "rugen")
    await arena.alice.slash(where, "move", move="a2-a3")
    fail_next_post(monkeypatch, "bot.exts.game_end")
    await arena.bob.slash(where, "resign")
    assert crashes(arena.env)
    stored = await arena.db.games.load_game(game.id)
    assert (stored.reason, stored.ply, stored.announced_ply) == ("resignation", 1, 1)
    assert stored.needs_announcement

    await restart(arena, bot_factory)
    await arena.env.advance_time(MIN)
    [caught] = catch_ups(where)
    assert (
        f"{MARK}: game #{game.id} ended — its board could not be posted at the time."
        in caught.content
    )
    assert "resign" in caught.content and button_labels(caught) == ["Rematch", "Analysis"]


async def test_a_normal_move_is_announced_exactly_once(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    r = await arena.alice.slash(where, "move", move="a2-a3")
    assert not r.ephemeral
    stored = await arena.db.games.load_game(game.id)
    assert (stored.announced_ply, stored.board_message_id) == (1, r.response.id)
    await arena.env.advance_time(SETTLE_SECONDS + 3 * MIN)
    assert len(boards(where)) == 2 and catch_ups(where) == []
    # the Move button path marks it too
    await play_by_button(arena, where, arena.bob, "a7-a6")
    await arena.env.advance_time(3 * MIN)
    assert len(boards(where)) == 3 and catch_ups(where) == []
    assert (await arena.db.games.load_game(game.id)).announced_ply == 2


async def test_the_sweep_does_not_race_a_board_being_posted(arena):
    """A move committed a moment ago is not caught up: its own path is posting it."""
    game, where = await challenge_and_accept(arena, "rugen")
    svc = arena.bot.games
    pending = await svc.prepare(game.id, arena.alice.id, "a2-a3")
    await svc.commit(pending)  # committed; the normal path would post now
    assert await catch_up(arena.bot) == 0
    await arena.env.advance_time(SETTLE_SECONDS + MIN)  # ...it never did: the sweep does
    assert len(catch_ups(where)) == 1
