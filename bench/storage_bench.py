"""Storage benchmark: record a move, load a game, and concurrent throughput.

Run:  .venv/bin/python bench/storage_bench.py [--games 10000] [--samples 2000]

Builds a temporary SQLite file holding ``--games`` games (each with ``--history`` moves already
played), then measures through the public ``Database`` API:

- ``record_move`` latency (median, p99) on random games, one at a time;
- ``load_game`` latency (median, p99), and ``load_game`` + ``game_moves`` (a full load);
- moves per second with ``--concurrent`` games each moved by its own asyncio task at once.

Targets from the issue: record ≤ 2 ms median, load ≤ 2 ms median.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from storage import Database  # noqa: E402

START = "rugen:ssssssss/ssssssss/4e3/8/8/3E4/SSSSSSSS/SSSSSSSS w"
AFTER = "rugen:ssssssss/ssssssss/4e3/8/8/S2E4/1SSSSSSS/SSSSSSSS b clock=1"
PLAYERS = 500


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


async def timed(samples: int, call: Callable[[int], Awaitable[object]]) -> list[float]:
    """Milliseconds per call, calls made one after the other."""
    times: list[float] = []
    for i in range(samples):
        started = time.perf_counter()
        await call(i)
        times.append((time.perf_counter() - started) * 1000)
    return times


async def populate(db: Database, games: int, history: int, rng: random.Random) -> None:
    """Bulk-load games and their move history in one transaction (setup, not measured)."""
    now_ms = int(time.time() * 1000)
    async with db.transaction():
        await db.executemany(
            "INSERT INTO players (user_id, display_name, created_at, updated_at)"
            " VALUES (?, ?, ?, ?)",
            [(u, f"player{u}", now_ms, now_ms) for u in range(1, PLAYERS + 1)],
        )
        game_rows = []
        seat_rows = []
        move_rows = []
        for game_id in range(1, games + 1):
            white, black = rng.sample(range(1, PLAYERS + 1), 2)
            game_rows.append((game_id, 1 + game_id % 5, 100 + game_id % 50, START, AFTER, history))
            # rugen: White moves first, so White holds seat 0 (turn order).
            seat_rows += [(game_id, 0, "white", white), (game_id, 1, "black", black)]
            for ply in range(1, history + 1):
                player = white if ply % 2 else black
                move_rows.append((game_id, ply, player, "a2-a3", AFTER, now_ms))
        await db.executemany(
            "INSERT INTO games (id, guild_id, channel_id, variant,"
            " start_position, current_position, ply, created_at, updated_at)"
            f" VALUES (?, ?, ?, 'rugen', ?, ?, ?, {now_ms}, {now_ms})",
            game_rows,
        )
        await db.executemany(
            "INSERT INTO game_seats (game_id, seat, name, player_id) VALUES (?, ?, ?, ?)",
            seat_rows,
        )
        await db.executemany(
            "INSERT INTO moves (game_id, ply, player_id, move, position_after, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            move_rows,
        )
    await db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    await db.execute("ANALYZE")


async def run(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.sqlite3"
        async with Database(path) as db:
            started = time.perf_counter()
            await populate(db, args.games, args.history, rng)
            setup = time.perf_counter() - started
            game_count = await db.fetchval("SELECT COUNT(*) FROM games")
            move_count = await db.fetchval("SELECT COUNT(*) FROM moves")
            print(
                f"setup: {game_count} games, {move_count} moves stored in {setup:.1f} s "
                f"({path.stat().st_size / 1e6:.1f} MB)"
            )

            # Current ply and players of every game, tracked as the bot would from records.
            plies = {gid: args.history for gid in range(1, args.games + 1)}
            players: dict[int, tuple[int, int]] = {
                row[0]: (row[1], row[2])
                for row in await db.fetchall(
                    "SELECT w.game_id, w.player_id, b.player_id FROM game_seats w"
                    " JOIN game_seats b ON b.game_id = w.game_id AND b.name = 'black'"
                    " WHERE w.name = 'white'"
                )
            }
            targets = [rng.randrange(1, args.games + 1) for _ in range(args.samples)]

            async def record(i: int) -> None:
                gid = targets[i]
                white, black = players[gid]
                ply = plies[gid]
                mover = white if ply % 2 == 0 else black
                game = await db.games.record_move(gid, ply, mover, "a2-a3", AFTER)
                plies[gid] = game.ply

            async def load(i: int) -> None:
                game = await db.games.load_game(targets[i])
                assert game is not None and game.id == targets[i]

            async def load_full(i: int) -> None:
                await db.games.load_game(targets[i])
                await db.games.game_moves(targets[i])

            await timed(min(200, args.samples), record)  # warm-up
            record_ms = await timed(args.samples, record)
            load_ms = await timed(args.samples, load)
            full_ms = await timed(args.samples, load_full)

            concurrent_ids = rng.sample(range(1, args.games + 1), args.concurrent)
            moves_each: int = args.moves_each

            async def mover(gid: int) -> int:
                white, black = players[gid]
                for _ in range(moves_each):
                    ply = plies[gid]
                    game = await db.games.record_move(
                        gid, ply, white if ply % 2 == 0 else black, "a2-a3", AFTER
                    )
                    plies[gid] = game.ply
                return moves_each

            started = time.perf_counter()
            done = sum(await asyncio.gather(*(mover(gid) for gid in concurrent_ids)))
            elapsed = time.perf_counter() - started

            problems = await db.integrity_check()

    def line(name: str, values: list[float]) -> str:
        return (
            f"{name:<28} median {statistics.median(values):6.3f} ms   "
            f"p99 {percentile(values, 0.99):6.3f} ms   ({len(values)} samples)"
        )

    print(line("record_move", record_ms))
    print(line("load_game", load_ms))
    print(line("load_game + game_moves", full_ms))
    print(
        f"{'concurrent record_move':<28} {done / elapsed:8.0f} moves/s   "
        f"({args.concurrent} games x {args.moves_each} moves in {elapsed:.2f} s)"
    )
    print(f"integrity_check: {', '.join(problems)}")
    record_ok = statistics.median(record_ms) <= 2.0
    load_ok = statistics.median(load_ms) <= 2.0
    print(
        f"targets: record <= 2 ms median {'met' if record_ok else 'MISSED'}; "
        f"load <= 2 ms median {'met' if load_ok else 'MISSED'}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--history", type=int, default=20, help="moves already in each game")
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument("--concurrent", type=int, default=200)
    parser.add_argument("--moves-each", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}; games={args.games}, history={args.history} moves each")
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
