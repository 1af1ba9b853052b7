"""Helpers for the tournament tests (issue 36): more members, a tournament made and joined
through its buttons, and its games played quickly (a resignation in each game's thread)."""

from __future__ import annotations

from typing import Any

EXTRA = ("dave", "erin", "frank", "grace", "heidi", "ivan", "judy")


def players(arena: Any, count: int) -> list[Any]:
    """``count`` members of the arena's server: Alice, Bob, Carol, then new ones."""
    members = [arena.alice, arena.bob, arena.carol]
    for name in EXTRA[: max(0, count - 3)]:
        members.append(
            arena.guild.add_member(arena.env.create_user(name, global_name=name.title()))
        )
    return members[:count]


def message_by_id(channel: Any, message_id: int) -> Any:
    return next(m for m in channel.history() if m.id == message_id)


async def organise(arena: Any, entrants: list[Any], **options: Any) -> int:
    """Alice creates a tournament; ``entrants`` join with the Join button; returns its id."""
    r = await arena.alice.slash(arena.channel, "tournament create", **options)
    assert not r.ephemeral, r.response.content
    [t] = [t for t in [await arena.db.tournaments.get(i) for i in range(1, 50)] if t][-1:]
    for member in entrants:
        got = await member.click(message_by_id(arena.channel, t.message_id), label="Join")
        assert got.acknowledged
    return t.id


async def start(arena: Any, tid: int) -> None:
    t = await arena.db.tournaments.require(tid)
    await arena.alice.click(message_by_id(arena.channel, t.message_id), label="Start")


def member(members: list[Any], user_id: int) -> Any:
    return next(m for m in members if m.id == user_id)


def thread_of(arena: Any, thread_id: int) -> Any:
    return next(t for t in arena.channel.threads if t.id == thread_id)


async def current_games(arena: Any, tid: int) -> list[Any]:
    """The games of the current round still being played, with their boards."""
    t = await arena.db.tournaments.require(tid)
    boards = await arena.db.tournaments.boards(tid)
    return [b for b in boards if b.round == t.round and b.game is not None and b.game.is_active]


async def play_round(arena: Any, tid: int, members: list[Any], loser: Any) -> int:
    """Each game of the current round: ``loser(board)`` (a player id) resigns in its thread.
    Returns the round played."""
    t = await arena.db.tournaments.require(tid)
    for board in await current_games(arena, tid):
        who = member(members, loser(board))
        game = board.game
        await who.slash(thread_of(arena, game.thread_id), "resign")
    return t.round
