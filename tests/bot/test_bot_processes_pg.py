"""Two bot processes on one shared database, each a real OS process with its own simulated
Discord and its own bot (``tests/bot/bot_process.py``), acting on the same games at the same
instant: exactly one of two moves stands each time; a board whose post was lost is posted by
exactly one of them, round after round; a sweep over 10,000 overdue challenges in both edits
each challenge's message exactly once."""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.services.catchup import MARK, SETTLE_SECONDS
from rules.games import Session, find_game, open_session
from storage import Database, GameRecord
from tests.pg_server import PostgresForTests

ROOT = Path(__file__).resolve().parents[2]
ROUNDS = 20
BACKLOG = 10_000


class BotProcess:
    """A running ``tests/bot/bot_process.py``: send a command, read its one-line answer."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc

    @classmethod
    async def start(cls, url: str, **overrides: Any) -> BotProcess:
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.bot.bot_process",
            url,
            json.dumps(overrides),
            cwd=ROOT,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            limit=2**24,
        )
        return cls(proc)

    async def send(self, op: str, **args: Any) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write((json.dumps({"op": op, **args}) + "\n").encode())
        await self.proc.stdin.drain()
        line = await asyncio.wait_for(self.proc.stdout.readline(), timeout=300)
        assert line, f"the bot process ended (exit {await self.proc.wait()})"
        answer: dict[str, Any] = json.loads(line)
        assert "error" not in answer, answer["error"]
        return answer

    async def stop(self) -> None:
        """Ask it to stop; kill it if it does not (a test that failed half-way)."""
        try:
            await asyncio.wait_for(self.send("stop"), timeout=30)
            await asyncio.wait_for(self.proc.wait(), timeout=30)
        except (AssertionError, OSError, TimeoutError):
            pass
        if self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()


async def both(a: BotProcess, b: BotProcess, op: str, **args: Any) -> list[dict[str, Any]]:
    return list(await asyncio.gather(a.send(op, **args), b.send(op, **args)))


pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest.fixture(scope="module")
def shared_url(postgres: PostgresForTests) -> Iterator[str]:
    """A new database on the session's real PostgreSQL server, migrated, for this module's
    tests (each plays its own games): starting two bot processes costs seconds, so the pair
    is started once."""
    name, url = postgres.new_database()
    yield url
    postgres.drop_database(name)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def shared(shared_url: str) -> AsyncIterator[Database]:
    """The tests' own connection to the shared database."""
    db = Database(shared_url)
    await db.start()
    yield db
    await db.stop()


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def pair(shared: Database, shared_url: str) -> AsyncIterator[tuple[BotProcess, BotProcess]]:
    a, b = await asyncio.gather(BotProcess.start(shared_url), BotProcess.start(shared_url))
    try:
        hello_a, hello_b = await both(a, b, "hello")
        assert hello_a == hello_b  # same guild, channel, members and clock in both Discords
        yield a, b
        for proc in (a, b):
            assert (await proc.send("errors"))["errors"] == []
    finally:
        await asyncio.gather(a.stop(), b.stop())


async def a_game(db: Database, ids: dict[str, Any], game_kind: str = "rugen") -> int:
    for name in ("alice", "bob"):
        await db.players.upsert_player(ids[name], name.title())
    game = await db.games.create_game(
        guild_id=ids["guild"],
        channel_id=ids["channel"],
        game_kind=game_kind,
        white_id=ids["alice"],
        black_id=ids["bob"],
        start_position=find_game(game_kind).start(),
        now=ids["now"],
    )
    return game.id


async def replayed(db: Database, game_id: int) -> tuple[GameRecord, Session[Any]]:
    """The game and its rules session with its history (repetitions count)."""
    game = await db.games.require_game(game_id)
    session = open_session(game.start_position)
    for move in await db.games.game_moves(game_id):
        session.play(move.move)
    return game, session


async def test_two_processes_moving_at_once_one_move_stands_each_round(pair, shared):
    a, b = pair
    ids = await a.send("hello")
    game_id = await a_game(shared, ids)
    rng = random.Random(22)
    refusals = {True: 0, False: 0}
    for round_ in range(ROUNDS):
        game, session = await replayed(shared, game_id)
        mover = "alice" if session.to_move == "white" else "bob"
        first, second = rng.sample(session.legal_actions(), 2)
        at = time.time() + 0.3
        said = await asyncio.gather(
            a.send("move", user=mover, game=game_id, move=first, at=at),
            b.send("move", user=mover, game=game_id, move=second, at=at),
        )
        after = await shared.games.require_game(game_id)
        moves = await shared.games.game_moves(game_id)
        assert after.ply == game.ply + 1, (round_, said)
        stood = moves[-1].move
        assert stood in (first, second)
        won, lost = ("\n".join(s["said"]) for s in (said if stood == first else said[::-1]))
        assert f"moved `{stood}`" in won, (round_, said)  # the board, posted by the winner
        assert "moved `" not in lost, (round_, said)
        # refused: in the race (the guarded write) or just after it (no longer their turn)
        raced = "was not played" in lost
        assert raced or "not your turn" in lost, (round_, said)
        refusals[raced] += 1
    print(f"refused by the guarded write {refusals[True]}x, as not their turn {refusals[False]}x")


async def overdue_challenges(db: Database, ids: dict[str, Any], count: int) -> list[int]:
    """``count`` pending challenges, every one past its expiry, each with its message in the
    channel: bulk-inserted (one ``executemany``), as the public API would take minutes."""
    now_ms = round(ids["now"] * 1000)
    message_ids = [9_000_000_000 + i for i in range(count)]
    async with db.transaction():
        await db.executemany(
            "INSERT INTO challenges (guild_id, channel_id, message_id, challenger_id,"
            " challenged_id, variant, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (ids["guild"], ids["channel"], m, ids["alice"], ids["bob"], "rugen",
                 now_ms - 7_200_000, now_ms - 3_600_000)
                for m in message_ids
            ],
        )
    return message_ids


async def test_a_sweep_of_10000_overdue_challenges_in_two_processes_edits_each_once(pair, shared):
    a, b = pair
    ids = await a.send("hello")
    started = time.perf_counter()
    message_ids = await overdue_challenges(shared, ids, BACKLOG)
    print(f"bulk insert of {BACKLOG} challenges: {time.perf_counter() - started:.2f} s")
    ticks = 0

    async def left() -> int:
        pending = await shared.fetchval("SELECT count(*) FROM challenges WHERE status = 'pending'")
        return int(pending) + await shared.challenges.stale_message_count()

    while await left():
        await both(a, b, "advance", seconds=60)
        ticks += 1
        assert ticks <= BACKLOG // 100 + 5
    await both(a, b, "advance", seconds=60)  # the last tick's edits have run
    backlog = set(message_ids)
    edits_a, edits_b = (
        [m for m in answer["edits"] if m in backlog] for answer in await both(a, b, "edits")
    )
    assert sorted(edits_a + edits_b) == message_ids  # each message edited exactly once
    assert edits_a and edits_b  # and both processes did part of the work
    print(f"sweep: {ticks} ticks, {len(edits_a)} + {len(edits_b)} edits,"
          f" {time.perf_counter() - started:.1f} s")


async def test_a_lost_board_is_posted_by_exactly_one_process_over_20_rounds(pair, shared):
    a, b = pair
    ids = await a.send("hello")
    game_id = await a_game(shared, ids)
    await both(a, b, "stop_sweep")  # the catch-ups run by hand, side by side (the last test)
    rng = random.Random(20)
    played = []
    for round_ in range(1, ROUNDS + 1):
        game, session = await replayed(shared, game_id)
        mover = "alice" if session.to_move == "white" else "bob"
        move = rng.choice(session.legal_actions())
        await a.send("lose_board", game=game_id, user=mover, move=move)
        played.append(move)
        await both(a, b, "advance", seconds=SETTLE_SECONDS + 1)
        at = time.time() + 0.3
        posted = await both(a, b, "catch_up", at=at)
        assert sorted(p["posted"] for p in posted) == [0, 1], (round_, posted)
    caught = [
        text
        for answer in await both(a, b, "posts")
        for text in answer["posts"]
        if MARK in text and f"#{game_id}" in text
    ]
    assert len(caught) == ROUNDS
    for move in played:
        assert sum(f"`{move}` —" in text for text in caught) >= 1
    stored = await shared.games.require_game(game_id)
    assert (stored.ply, stored.announced_ply, stored.announce_claimed_until) == (ROUNDS,) * 2 + (
        None,
    )
