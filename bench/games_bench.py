"""Time ``/games`` through simcord for a player with 5,000 games in progress in one server.

    .venv/bin/python bench/games_bench.py [--games 5000] [--rounds 20]

Alice plays ``--games`` active games (Latrunculi, chess, draughts and backgammon, against 200
opponents, each with its board posted somewhere in the server, so every line has a link).
Timed, each ``--rounds`` times: ``/games`` (the first page) and its Next button (the page
after), from the interaction's dispatch to the bot's stored answer, with the real SQLite
database (a temporary file). Discord allows 3 s before the first response; ``/games`` defers
at once, so the figure is how long the player waits for the list, not a limit it must meet.
Printed per operation: the median and p95 wall time, this process's CPU time (on a shared,
loaded machine the wall time mostly measures the others), and the load average.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import simcord

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.worker import AIWorker  # noqa: E402
from bot import Settings, create_bot  # noqa: E402
from rules.games import find_game  # noqa: E402

GUILD_ID = 1_100_000_000_000_000_001
VARIANTS = ("rugen", "chess", "draughts", "backgammon")
OPPONENTS = 200


async def seed(db: Any, n: int, alice: int, channel_ids: list[int], now: float) -> None:
    """``n`` active games of ``alice``, half of them with her as White, in ``channel_ids``
    (each with a board message there), in one transaction."""
    rnd = random.Random(5)
    others = list(range(700_000, 700_000 + OPPONENTS))
    async with db.transaction():
        await db.players.upsert_player(alice, "Alice")
        for uid in others:
            await db.players.upsert_player(uid, f"Opponent {uid}")
        for i in range(n):
            game_kind = VARIANTS[i % len(VARIANTS)]
            other = others[i % OPPONENTS]
            white, black = (alice, other) if rnd.random() < 0.5 else (other, alice)
            await db.games.create_game(
                guild_id=GUILD_ID,
                channel_id=channel_ids[i % len(channel_ids)],
                game_kind=game_kind,
                white_id=white,
                black_id=black,
                start_position=find_game(game_kind).start(),
                now=now - n + i,
            )
        await db.execute(
            "UPDATE games SET board_channel_id = channel_id, board_message_id = 900000000 + id"
        )


def summary(label: str, wall: list[float], cpu: list[float]) -> str:
    wall = sorted(wall)
    p95 = wall[int(0.95 * (len(wall) - 1))]
    return (
        f"{label:<44} median {statistics.median(wall):7.1f} ms   p95 {p95:7.1f} ms"
        f"   cpu median {statistics.median(cpu):7.1f} ms"
    )


async def main(games: int, rounds: int) -> int:
    logging.basicConfig(level=logging.WARNING)
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(
            token="bench", database_path=Path(tmp) / "bench.sqlite3", dev_guild_id=GUILD_ID
        )
        # spawned before the simulated Discord runs, as in bench/bot_bench.py: a process
        # spawned inside simcord.run slows every later interaction of the run by ~80 ms
        worker = AIWorker()
        worker.start()
        await worker.pid()
        bot = create_bot(settings, opponent=worker)
        async with simcord.run(bot) as env:
            guild = env.create_guild("Bench", id=GUILD_ID)
            channels = [guild.create_text_channel(f"games-{i}") for i in range(5)]
            alice = guild.add_member(env.create_user("alice", global_name="Alice"))
            try:
                await timed(env, games, rounds, alice, channels)
            finally:  # (its thread would keep the process alive after a failure)
                await env.bot.db.stop()
        await worker.close()
    one, five, fifteen = os.getloadavg()
    print(f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores")
    return 0


async def timed(env: Any, games: int, rounds: int, alice: Any, channels: list[Any]) -> None:
    """Seed Alice's games, then time ``/games`` and its Next button ``rounds`` times each."""
    t0 = time.perf_counter()
    await seed(env.bot.db, games, alice.id, [c.id for c in channels], time.time())
    print(
        f"{games} games in progress of Alice (seeded in {time.perf_counter() - t0:.1f} s)",
        flush=True,
    )
    first_page: list[Any] = []

    async def games_command() -> None:
        r = await alice.slash(channels[0], "games")
        content = r.response.content
        assert r.ephemeral and f"({games:,})" in content, content[:200]
        first_page[:] = [r.response]

    async def next_page() -> None:  # (the message is edited: each click shows the next page)
        r = await alice.click(first_page[0], label="Next ▶")
        assert " — page " in r.response.content, r.response.content[:200]

    cases = [("/games (first page)", games_command)]
    if games > 20:  # a few games fit on one page: no Next button
        cases.append(("/games Next (the following page)", next_page))
    for label, call in cases:
        wall, cpu = [], []
        for _ in range(rounds):
            t, c = time.perf_counter(), time.process_time()
            await call()
            wall.append((time.perf_counter() - t) * 1000)
            cpu.append((time.process_time() - c) * 1000)
        print(summary(label, wall, cpu), flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    sys.exit(asyncio.run(main(args.games, args.rounds)))
