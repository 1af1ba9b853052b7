"""Several bot processes on one database: the sweep's timeouts and reminders and the computer's
turns are claimed in the database first (bot/services/claims.py), so each is done by exactly
one process, and the work of a process that died is taken over once its claim expires.

The second process is a second bot object with its own connection to the same file, its own
game service and owner token, posting to the same simulated Discord (as in
test_bot_two_processes.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from typing import Any

import pytest
import pytest_asyncio

from ai import Level
from bot import GameBot, create_bot
from bot.services import timeouts
from bot.services.claims import COMPUTER, COMPUTER_LEASE, REMINDER, SWEEP_LEASE, TIMEOUT
from bot.services.timeouts import sweep_turns
from rules.games import open_session
from storage import Database

from .computer_helpers import GatedWorker, challenge_the_bot
from .conftest import SharedWorker, make_settings
from .helpers import challenge_and_accept

MIN = 60
TIMEOUT_S = 15 * MIN
DEAD = "a-process-that-died"


class RecordingOpponent:
    """A second process's engine that only notes what it was asked (and plays the first
    legal action): the test checks whether that process thought at all."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def start(self) -> None:
        pass

    async def close(self) -> None:
        pass

    async def choose(
        self,
        position: str,
        level: Level,
        time_limit: float | None = None,
        moves: Sequence[str] = (),
    ) -> str:
        self.asked.append(position)
        session = open_session(position)
        for move in moves:
            session.push(session.parse(move))
        return session.legal_actions()[0]


@pytest_asyncio.fixture
async def second(arena, db_path) -> AsyncIterator[GameBot]:
    bot = create_bot(
        make_settings(db_path, move_timeout_hours=0.25),
        db=Database(db_path),
        clock=arena.bot.clock,
        opponent=RecordingOpponent(),
    )
    await bot.db.start()
    bot.get_partial_messageable = arena.bot.get_partial_messageable  # type: ignore[method-assign]
    yield bot
    await bot.computer.close()
    await bot.db.stop()


def time_ups(where: Any) -> list[Any]:
    return [m for m in where.history() if "⏰ Time is up" in m.content]


@pytest.mark.bot_settings(move_timeout_hours=0.25)
async def test_two_processes_sweeping_at_once_finish_each_game_once(arena, second):
    arena.bot.get_cog("Sweep").loop.cancel()  # the two sweeps run by hand, at the same time
    played = [
        await challenge_and_accept(arena, "rugen", challenger=a, opponent=b)
        for a, b in ((arena.alice, arena.bob), (arena.bob, arena.carol), (arena.carol, arena.alice))
    ]
    await arena.env.advance_time(TIMEOUT_S + MIN)
    results = await asyncio.gather(sweep_turns(arena.bot), sweep_turns(second))
    assert sum(finished for finished, _ in results) == 3
    for game, where in played:
        assert not (await arena.db.games.load_game(game.id)).is_active
        assert len(time_ups(where)) == 1, game.id
    assert await arena.db.fetchval("SELECT count(*) FROM claims") == 0  # all released


@pytest.mark.bot_settings(move_timeout_hours=0.25)
async def test_a_second_process_takes_the_timeouts_the_first_has_not_claimed(
    arena, second, monkeypatch
):
    """Each sweep reads at most BATCH due games a tick (two here): while the first process
    works on the two oldest, the second reads past them and takes the next, never the same."""
    monkeypatch.setattr(timeouts, "BATCH", 2)
    arena.bot.get_cog("Sweep").loop.cancel()
    played = [
        await challenge_and_accept(arena, "rugen", challenger=a, opponent=b)
        for a, b in ((arena.alice, arena.bob), (arena.bob, arena.carol), (arena.carol, arena.alice))
    ]
    await arena.env.advance_time(TIMEOUT_S + MIN)
    first_two = [game.id for game, _ in played[:2]]
    # the first process is busy with the two oldest (claimed, not yet finished)
    assert await arena.db.claims.claim_many(
        TIMEOUT, first_two, arena.bot.claim_owner, lease=SWEEP_LEASE, now=arena.bot.now()
    ) == set(first_two)
    assert await sweep_turns(second) == (1, 0)
    last, where = played[2]
    assert not (await arena.db.games.load_game(last.id)).is_active and len(time_ups(where)) == 1
    for game, where in played[:2]:
        assert (await arena.db.games.load_game(game.id)).is_active and time_ups(where) == []


@pytest.mark.bot_settings(move_timeout_hours=0.25)
async def test_a_timeout_claimed_by_a_dead_process_is_done_once_its_lease_runs_out(arena):
    arena.bot.get_cog("Sweep").loop.cancel()
    game, where = await challenge_and_accept(arena, "rugen")
    await arena.env.advance_time(TIMEOUT_S + MIN)
    # another process took the timeout and died before finishing the game
    assert await arena.db.claims.claim(
        TIMEOUT, game.id, DEAD, lease=SWEEP_LEASE, now=arena.bot.now()
    )
    assert await sweep_turns(arena.bot) == (0, 0)
    assert (await arena.db.games.load_game(game.id)).is_active and time_ups(where) == []
    await arena.env.advance_time(SWEEP_LEASE)
    assert await sweep_turns(arena.bot) == (1, 0)
    assert not (await arena.db.games.load_game(game.id)).is_active
    assert len(time_ups(where)) == 1


@pytest.mark.bot_settings(move_timeout_hours=0.25)
async def test_a_reminder_another_process_holds_is_left_to_it(arena):
    arena.bot.get_cog("Sweep").loop.cancel()
    game, where = await challenge_and_accept(arena, "rugen")
    await arena.env.advance_time(12 * MIN)  # a quarter of the timeout left: a reminder is due
    assert await arena.db.claims.claim(
        REMINDER, game.id, DEAD, lease=SWEEP_LEASE, now=arena.bot.now()
    )
    assert await sweep_turns(arena.bot) == (0, 0)
    assert (await arena.db.games.load_game(game.id)).reminded_ply is None
    await arena.db.claims.release(REMINDER, game.id, DEAD)  # it finished without sending
    assert await sweep_turns(arena.bot) == (0, 1)


async def test_the_computers_turn_is_thought_about_in_one_process_only(
    arena, bot_factory, ai_worker, second
):
    """The first process is thinking (gated) when the second's sweep looks for computer turns
    left unplayed: the second finds the game claimed and neither thinks nor plays."""
    gated = GatedWorker(SharedWorker(ai_worker), arena.env)
    await arena.env.restart_bot(bot_factory(opponent=gated))
    game, thread, _ = await challenge_the_bot(arena, "rugen", colour="white")
    r = await arena.alice.slash(thread, "move", move="a2-a3")
    assert not r.ephemeral and gated.asked  # the first process thinks
    assert await second.computer.catch_up() == 1  # it looks, and starts a task…
    await second.computer.wait(game.id)
    assert second.computer.opponent.asked == []  # …that finds the claim and leaves the turn alone
    assert (await arena.db.games.load_game(game.id)).ply == 1
    gated.gate.set()
    await arena.env.settle()
    moves = await arena.db.games.game_moves(game.id)
    assert len(moves) == 2 and moves[-1].player_id == arena.bot.user.id
    assert second.computer.opponent.asked == []
    assert await arena.db.claims.holder(COMPUTER, game.id, now=arena.bot.now()) is None


async def test_a_computer_turn_claimed_by_a_dead_process_is_played_after_its_lease(arena, second):
    arena.bot.get_cog("Sweep").loop.cancel()
    game, thread, _ = await challenge_the_bot(arena, "rugen", colour="white")
    # a process claimed the computer's coming turn and died mid-think
    assert await arena.db.claims.claim(
        COMPUTER, game.id, DEAD, lease=COMPUTER_LEASE, now=arena.bot.now()
    )
    r = await arena.alice.slash(thread, "move", move="a2-a3")
    assert not r.ephemeral
    await arena.env.settle()
    assert (await arena.db.games.load_game(game.id)).ply == 1  # nobody plays it meanwhile
    await second.computer.catch_up()
    await second.computer.wait(game.id)
    assert (
        second.computer.opponent.asked == [] and (await arena.db.games.load_game(game.id)).ply == 1
    )
    await arena.env.advance_time(COMPUTER_LEASE)
    assert await second.computer.catch_up() == 1
    await second.computer.wait(game.id)
    assert len(second.computer.opponent.asked) == 1
    record = await arena.db.games.load_game(game.id)
    assert record.ply == 2
    assert await arena.db.claims.holder(COMPUTER, game.id, now=arena.bot.now()) is None
