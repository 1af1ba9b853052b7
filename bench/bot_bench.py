"""Time ``/move`` through simcord with 1,000 active games stored.

    .venv/bin/python bench/bot_bench.py [--games 1000] [--moves 300]

Each timed call is ``await member.slash(channel, "move", move=...)``: from the interaction's
dispatch to the bot's stored reply (the deferred response's board message), with the real
SQLite database (a temporary file), the real rules core and the real renderer.
Target on this machine: median <= 40 ms, p95 <= 80 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import simcord

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot import Settings, create_bot  # noqa: E402
from rules import Game, start_position  # noqa: E402

GUILD_ID = 1_100_000_000_000_000_001


async def seed_games(db, n: int, user_ids: list[int], now: float) -> None:
    lpn = start_position("rugen").to_lpn()
    rnd = random.Random(1)
    for i in range(n):
        white, black = rnd.sample(user_ids, 2)
        await db.games.create_game(
            guild_id=GUILD_ID,
            channel_id=10_000 + i,
            variant="rugen",
            white_id=white,
            black_id=black,
            start_position=lpn,
            now=now,
        )


async def main(games: int, moves: int) -> int:
    logging.basicConfig(level=logging.WARNING)
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(
            token="bench", database_path=Path(tmp) / "bench.sqlite3", dev_guild_id=GUILD_ID
        )
        bot = create_bot(settings)
        async with simcord.run(bot) as env:
            guild = env.create_guild("Bench", id=GUILD_ID)
            channel = guild.create_text_channel("bench")
            alice = guild.add_member(env.create_user("alice", global_name="Alice"))
            bob = guild.add_member(env.create_user("bob", global_name="Bob"))
            db = env.bot.db
            others = list(range(500_000, 500_200))
            # alice and bob have other games elsewhere too
            await seed_games(db, games, [*others, alice.id, bob.id], time.time())
            members = {alice.id: alice, bob.id: bob}
            rnd = random.Random(7)
            timings: list[float] = []
            record = None
            while len(timings) < moves:
                if record is None or not record.is_active:
                    for uid, name in ((alice.id, "Alice"), (bob.id, "Bob")):
                        await db.players.upsert_player(uid, name)
                    record = await db.games.create_game(
                        guild_id=GUILD_ID,
                        channel_id=channel.id,
                        variant="rugen",
                        white_id=alice.id,
                        black_id=bob.id,
                        start_position=start_position("rugen").to_lpn(),
                    )
                    game = Game(record.start_position)
                legal = game.legal_moves()
                quiet = [m for m in legal if not game.preview(m).captured] or legal
                move = rnd.choice(quiet)
                mover = members[record.white_id if game.turn.value == "white" else record.black_id]
                t0 = time.perf_counter()
                r = await mover.slash(channel, "move", move=str(move))
                timings.append((time.perf_counter() - t0) * 1000)
                assert not r.ephemeral, r.response.content
                game.push(move)
                record = await db.games.load_game(record.id)
            active = len(await db.games.active_games())
            await db.stop()
    timings.sort()
    median = statistics.median(timings)
    p95 = timings[int(0.95 * (len(timings) - 1))]
    print(f"/move through simcord, {active} active games stored, {len(timings)} moves")
    print(
        f"median {median:.1f} ms   p95 {p95:.1f} ms   mean {statistics.fmean(timings):.1f} ms   "
        f"min {timings[0]:.1f} ms   max {timings[-1]:.1f} ms"
    )
    ok = median <= 40 and p95 <= 80
    print("target (median <= 40 ms, p95 <= 80 ms):", "met" if ok else "NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=300)
    args = parser.parse_args()
    sys.exit(asyncio.run(main(args.games, args.moves)))
