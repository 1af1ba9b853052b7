"""Starts a crash lost (finding 5 of "What a playthrough and a hostile probe found"): a game
stored when its challenge was accepted whose bot died before its thread, opening roll and
first board ("the challenge says started", and nothing follows), and a backgammon match
whose bot died between a game's final board and the next game. After a restart the sweep
finds both and finishes the job exactly once, also with two bot processes sweeping at once."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

import bot.services.announce as announce_service
import bot.services.challenges as challenges_service
from bot import GameBot, create_bot
from bot.services.catchup import MARK, SETTLE_SECONDS, catch_up, resume_matches
from storage import Database

from .conftest import make_settings
from .helpers import _get, challenge_and_accept, components_of

MIN = 60


class Crash(RuntimeError):
    """Stands for the bot process dying at that point (nothing after it runs)."""


def crash_once(
    monkeypatch: pytest.MonkeyPatch, owner: Any, name: str, *, after: bool
) -> list[Crash]:
    """Make ``owner.name`` raise :class:`Crash` once: instead of running (``after=False``), or
    right after it ran and committed (``after=True``). Later calls (the restarted bot's) run
    as usual. Returns the crashes raised (the bot logs them; simcord does not keep them)."""
    real = getattr(owner, name)
    crashed: list[Crash] = []

    async def crashing(*args: Any, **kwargs: Any) -> Any:
        if crashed:
            return await real(*args, **kwargs)
        if after:
            await real(*args, **kwargs)
        crashed.append(Crash(f"the bot died {'after' if after else 'instead of'} {name}"))
        raise crashed[-1]

    monkeypatch.setattr(owner, name, crashing)
    return crashed


def logged_errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


def boards(where: Any) -> list[Any]:
    return [
        m
        for m in where.history()
        if any(a.filename == "board.png" for a in m.attachments) and not m.flags.ephemeral
    ]


async def restart(arena: Any, bot_factory: Any) -> None:
    old = arena.bot
    await arena.env.restart_bot(bot_factory())
    await old.db.stop()


async def lost_start(arena: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    """Alice challenges Bob to backgammon and Bob accepts; the bot dies right after storing
    the game and saying so on the challenge, before its thread, opening roll and board.
    Returns (the stored game, the challenge message)."""
    arena.bot.games.dice = random.Random(3)
    crashed = crash_once(monkeypatch, challenges_service, "open_game_in", after=False)
    r = await arena.alice.slash(
        arena.channel, "challenge", variant="backgammon", opponent=arena.bob, colour="white"
    )
    [accept] = [
        _get(c, "custom_id")
        for c in components_of(r.response)
        if str(_get(c, "custom_id")).endswith(":accept")
    ]
    await arena.bob.click(r.response, custom_id=accept)
    assert crashed
    [game] = await arena.db.games.active_games(user_id=arena.alice.id)
    assert (game.ply, game.thread_id, game.board_message_id) == (0, None, None)
    [challenge] = [m for m in arena.channel.history() if r.response.id == m.id]
    assert f"**game #{game.id}** has started" in challenge.content
    assert arena.channel.threads == [] and boards(arena.channel) == []
    return game, challenge


def starts(where: Any, game_id: int) -> list[Any]:
    return [m for m in boards(where) if f"**Game #{game_id} begins.**" in m.content]


@pytest.mark.simcord(check_errors=False)
async def test_a_game_whose_bot_died_before_its_first_board_gets_it_after_a_restart(
    arena, bot_factory, monkeypatch, caplog
):
    game, challenge = await lost_start(arena, monkeypatch)
    caplog.clear()
    await restart(arena, bot_factory)
    await arena.env.advance_time(SETTLE_SECONDS + MIN)
    # its thread, made from the challenge's message as at the start, and its first board there
    [thread] = arena.channel.threads
    stored = await arena.db.games.require_game(game.id)
    assert stored.thread_id == thread.id
    [board] = starts(thread, game.id)
    assert board.content.startswith(f"**Game #{game.id}** · **Backgammon**")
    assert (
        f"{MARK}: game #{game.id} started — its board could not be posted at the time."
        in board.content
    )
    assert f"<@{arena.alice.id}> plays **White**, <@{arena.bob.id}> plays **Black**" in (
        board.content
    )
    assert "Opening roll: White" in board.content  # the bot rolled for the first turn
    moves = [m.move for m in await arena.db.games.game_moves(game.id)]
    assert moves and all(m.startswith("roll:") for m in moves)
    first = stored.player_at(_to_move(stored))
    assert f"<@{first}>, your move" in board.content
    assert (stored.announced_ply, stored.board_message_id) == (stored.ply, board.id)
    assert stored.ply == len(moves)

    # exactly once: more ticks, another restart
    await arena.env.advance_time(3 * MIN)
    await restart(arena, bot_factory)
    await arena.env.advance_time(3 * MIN)
    assert len(starts(thread, game.id)) == 1 and len(boards(thread)) == 1
    assert len(arena.channel.threads) == 1
    assert logged_errors(caplog) == []

    # and the game is played on from that board
    member = arena.alice if first == arena.alice.id else arena.bob
    got = await member.autocomplete(thread, "move", "move", "")
    r = await member.slash(thread, "move", move=got[0]["value"])
    assert not r.ephemeral, r.response.content


def _to_move(record: Any) -> str:
    from bot.services.games import position_session

    return str(position_session(record).to_move)


@pytest.mark.simcord(check_errors=False)
@pytest.mark.parametrize("crash", ["before the next game", "after storing the next game"])
async def test_a_match_whose_bot_died_after_a_final_board_goes_on_after_a_restart(
    arena, bot_factory, monkeypatch, caplog, crash
):
    arena.bot.games.dice = random.Random(5)
    game, where = await challenge_and_accept(arena, "backgammon", options="match=3")
    match_id = game.match_id
    assert match_id is not None
    if crash == "before the next game":  # right after game 1's final board was posted
        crashed = crash_once(monkeypatch, announce_service, "next_match_game", after=False)
    else:  # game 2 stored, its opening roll and board never come
        crashed = crash_once(monkeypatch, arena.db.matches, "add_game", after=True)
    r = await arena.alice.slash(where, "resign")
    assert not r.ephemeral, r.response.content
    assert crashed
    final = [m for m in boards(where) if f"**Game #{game.id} is over.**" in m.content]
    assert len(final) == 1 and "Match to 3: " in final[0].content
    games = await arena.db.matches.match_games(match_id)
    assert len(games) == (1 if crash == "before the next game" else 2)
    assert [m for m in boards(where) if "of the match to 3**" in m.content] == []
    caplog.clear()

    await restart(arena, bot_factory)
    await arena.env.advance_time(SETTLE_SECONDS + MIN)
    [second] = [g for g in await arena.db.matches.match_games(match_id) if g.match_game == 2]
    [board] = [m for m in boards(where) if "**Game 2 of the match to 3**" in m.content]
    assert f"(game #{second.id}) begins: White 0 – 1 Black." in board.content  # Bob won 1
    assert "Opening roll: White" in board.content
    if crash == "after storing the next game":  # a start caught up says so
        assert f"{MARK}: game #{second.id} started" in board.content
    second = await arena.db.games.require_game(second.id)
    moves = [m.move for m in await arena.db.games.game_moves(second.id)]
    assert moves and all(m.startswith("roll:") for m in moves)
    assert (second.announced_ply, second.board_message_id) == (len(moves), board.id)
    first = second.player_at(_to_move(second))
    assert f"<@{first}>, your move" in board.content

    # exactly once: more ticks, another restart
    await arena.env.advance_time(3 * MIN)
    await restart(arena, bot_factory)
    await arena.env.advance_time(3 * MIN)
    assert len(await arena.db.matches.match_games(match_id)) == 2
    assert len([m for m in boards(where) if "of the match to 3**" in m.content]) == 1
    assert logged_errors(caplog) == []
    # and game 2 is played from its board
    member = arena.alice if first == arena.alice.id else arena.bob
    got = await member.autocomplete(where, "move", "move", "")
    r = await member.slash(where, "move", move=got[0]["value"])
    assert not r.ephemeral, r.response.content


@pytest_asyncio.fixture
async def second(arena, db_path) -> AsyncIterator[GameBot]:
    """A second bot process (as in test_bot_two_processes.py): its own bot, game service and
    connection to the same database file, talking to the same (simulated) Discord."""
    other = create_bot(make_settings(db_path), db=Database(db_path), clock=arena.bot.clock)
    await other.db.start()
    other.get_partial_messageable = arena.bot.get_partial_messageable  # type: ignore[method-assign]
    yield other
    await other.db.stop()


@pytest.mark.simcord(check_errors=False)
async def test_two_processes_post_a_lost_start_once(arena, second, monkeypatch):
    game, _ = await lost_start(arena, monkeypatch)
    arena.bot.get_cog("Sweep").loop.cancel()  # the two sweeps run by hand, at the same time
    await arena.env.advance_time(SETTLE_SECONDS + 1)
    posted = await asyncio.gather(catch_up(arena.bot), catch_up(second))
    assert sorted(posted) == [0, 1]
    [thread] = arena.channel.threads
    assert len(starts(thread, game.id)) == 1
    assert sorted(await asyncio.gather(catch_up(arena.bot), catch_up(second))) == [0, 0]
    stored = await arena.db.games.require_game(game.id)
    assert stored.board_message_id is not None and stored.announce_claimed_until is None


@pytest.mark.simcord(check_errors=False)
async def test_two_processes_resume_a_waiting_match_once(arena, second, monkeypatch):
    arena.bot.games.dice = random.Random(5)
    game, where = await challenge_and_accept(arena, "backgammon", options="match=3")
    crash_once(monkeypatch, announce_service, "next_match_game", after=False)
    await arena.alice.slash(where, "resign")
    arena.bot.get_cog("Sweep").loop.cancel()
    await arena.env.advance_time(SETTLE_SECONDS + 1)
    started = await asyncio.gather(resume_matches(arena.bot), resume_matches(second))
    assert sorted(started) == [0, 1]
    assert game.match_id is not None
    assert len(await arena.db.matches.match_games(game.match_id)) == 2
    assert len([m for m in boards(where) if "**Game 2 of the match to 3**" in m.content]) == 1
    assert sorted(await asyncio.gather(resume_matches(arena.bot), resume_matches(second))) == [
        0,
        0,
    ]
