"""What ratings cost: the one-time rating of an upgraded database's finished games (the
backlog ``Database.start`` rates in finish order), and the time a rated finish adds to a
casual one.

    .venv/bin/python bench/ratings_bench.py                # 2,000 old games, 300 finishes
    .venv/bin/python bench/ratings_bench.py --games 200 --finishes 50

Figures are printed, never asserted (tests/bench only checks the script runs).
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from storage import Database  # noqa: E402

GUILD, CHANNEL = 1000, 2000


async def _finished_games(db: Database, count: int, players: int, *, rated: bool) -> list[float]:
    """``count`` chess games between random pairs, each finished; the finish times (ms)."""
    rng = random.Random(7)
    timings = []
    for n in range(count):
        white, black = rng.sample(range(1, players + 1), 2)
        game = await db.games.create_game(
            guild_id=GUILD,
            channel_id=CHANNEL,
            game_kind="chess",
            white_id=white,
            black_id=black,
            start_position="chess:start",
            rated=rated,
            now=1000.0 + n * 60,
        )
        winner = rng.choice(["white", "black", None])
        reason = "agreement" if winner is None else "resignation"
        start = time.perf_counter()
        await db.games.finish_game(game.id, 0, winner, reason, now=1030.0 + n * 60)
        timings.append((time.perf_counter() - start) * 1000)
    return timings


async def main(games: int, finishes: int, players: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.sqlite3"
        async with Database(path) as db:
            await _finished_games(db, games, players, rated=False)
            # as the schema-13 upgrade leaves them: rated, waiting for their rating
            await db.execute("UPDATE games SET rated = 1, rating_pending = 1")
        db = Database(path)
        start = time.perf_counter()
        await db.start()  # rates the backlog
        backlog = time.perf_counter() - start
        rated = await db.fetchval("SELECT count(DISTINCT game_id) FROM rating_history")
        await db.stop()
        print(
            f"backlog: {rated} finished games rated at start in {backlog:.2f} s "
            f"({backlog / max(1, rated) * 1000:.2f} ms a game, {players} players)"
        )
        async with Database(Path(tmp) / "finish.sqlite3") as db:
            casual = await _finished_games(db, finishes, players, rated=False)
        async with Database(Path(tmp) / "finish-rated.sqlite3") as db:
            rated_ms = await _finished_games(db, finishes, players, rated=True)
        for name, values in (("casual finish", casual), ("rated finish", rated_ms)):
            ordered = sorted(values)
            p95 = ordered[int(len(ordered) * 0.95) - 1] if len(ordered) > 1 else ordered[0]
            print(
                f"{name:14} median {statistics.median(values):.2f} ms   p95 {p95:.2f} ms   "
                f"({len(values)} games)"
            )


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="finished games to rate")
    parser.add_argument("--finishes", type=int, default=300, help="finishes to time")
    parser.add_argument("--players", type=int, default=50)
    args = parser.parse_args()
    asyncio.run(main(args.games, args.finishes, args.players))
