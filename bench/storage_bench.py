"""Storage benchmark, SQLite and PostgreSQL side by side: record a move, load a game, and
concurrent moves per second from several processes.

Run:  .venv/bin/python bench/storage_bench.py [--games 2000] [--samples 1000] [--window 5]
      [--postgres-url postgresql://user@host/db]

Each backend gets a database holding ``--games`` games (each with ``--history`` plies already
played), bulk-loaded, then measured through the public ``Database`` API:

- ``record_move`` latency (p50, p99) on random games, one at a time;
- ``load_game`` latency (p50, p99), and ``load_game`` + ``game_moves`` (a full load);
- concurrent moves per second: N worker processes (``multiprocessing``, each with its own
  ``Database``), each moving its own share of the games from ``--tasks`` asyncio tasks, all
  started together and counted over the same ``--window`` seconds. SQLite runs 1 process (a
  second process on the file is what the bot refuses), PostgreSQL 1, 2 and 4. With each
  figure, where the CPU went: the movers' own CPU per move, the whole machine's (``/proc/stat``:
  movers, database server and anything else running) per move, and how many of the machine's
  cores were busy -- when they all are, more processes cannot add moves, and ``cores / machine
  CPU per move`` is the ceiling on this machine.

PostgreSQL: ``--postgres-url`` (or ``DATABASE_URL`` when it is a ``postgresql://`` URL) names a
server whose user may create databases; the benchmark creates its own database there and drops
it afterwards. Without one it starts a throwaway server with ``tools/pg_test_server.sh``, as the
tests do (durability off there: ``fsync=off``, ``synchronous_commit=off``; the figures say so).

The issue's goal (printed as a figure, never asserted): 4 PostgreSQL processes sustain at least
4x the concurrent moves/s of one SQLite process, with ``record_move`` p99 at most 10 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from storage import Database  # noqa: E402

START = "rugen:ssssssss/ssssssss/4e3/8/8/3E4/SSSSSSSS/SSSSSSSS w"
AFTER = "rugen:ssssssss/ssssssss/4e3/8/8/S2E4/1SSSSSSS/SSSSSSSS b clock=1"
PLAYERS = 500
SERVER_SCRIPT = ROOT / "tools" / "pg_test_server.sh"


def percentile(values: Sequence[float], fraction: float) -> float:
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
            game_rows.append(
                (
                    game_id,
                    1 + game_id % 5,
                    100 + game_id % 50,
                    START,
                    AFTER,
                    history,
                    now_ms,
                    now_ms,
                )
            )
            # rugen: White moves first, so White holds seat 0 (turn order).
            seat_rows += [(game_id, 0, "white", white), (game_id, 1, "black", black)]
            for ply in range(1, history + 1):
                player = white if ply % 2 else black
                move_rows.append((game_id, ply, player, "a2-a3", AFTER, now_ms))
        await db.executemany(
            "INSERT INTO games (id, guild_id, channel_id, variant, start_position,"
            " current_position, ply, created_at, updated_at)"
            " VALUES (?, ?, ?, 'rugen', ?, ?, ?, ?, ?)",
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
    if db.dialect == "sqlite":
        await db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    await db.execute("ANALYZE")


async def seats_and_plies(db: Database, game_ids: Sequence[int]) -> dict[int, list[int]]:
    """``game id -> [white, black, ply]`` for the games a mover will play."""
    wanted = set(game_ids)
    rows = await db.fetchall(
        "SELECT g.id, w.player_id, b.player_id, g.ply FROM games g"
        " JOIN game_seats w ON w.game_id = g.id AND w.name = 'white'"
        " JOIN game_seats b ON b.game_id = g.id AND b.name = 'black'"
    )
    return {int(r[0]): [int(r[1]), int(r[2]), int(r[3])] for r in rows if int(r[0]) in wanted}


async def move_once(db: Database, game_id: int, state: list[int]) -> None:
    """The next move of ``game_id`` by the side to move (White on even plies)."""
    white, black, ply = state
    game = await db.games.record_move(
        game_id, ply, white if ply % 2 == 0 else black, "a2-a3", AFTER
    )
    state[2] = game.ply


# ---------------------------------------------------------------------- concurrent processes


def mover_process(
    target: str,
    game_ids: list[int],
    tasks: int,
    window: float,
    ready: Any,
    go: Any,
    results: Any,
) -> None:
    """One worker process: its own Database, ``tasks`` asyncio tasks moving its own games
    for ``window`` seconds after the common start; puts its move count on ``results``."""

    async def work() -> tuple[int, float]:
        async with Database(target) as db:
            state = await seats_and_plies(db, game_ids)
            ready.release()
            await asyncio.to_thread(go.wait)
            deadline = time.perf_counter() + window
            counts = [0] * tasks

            async def mover(index: int) -> None:
                mine = game_ids[index::tasks]
                turn = 0
                while time.perf_counter() < deadline:
                    game_id = mine[turn % len(mine)]
                    await move_once(db, game_id, state[game_id])
                    counts[index] += 1
                    turn += 1

            cpu_started = time.process_time()
            await asyncio.gather(*(mover(i) for i in range(tasks)))
            return sum(counts), time.process_time() - cpu_started

    results.put(asyncio.run(work()))


@dataclass
class Throughput:
    """Concurrent moves of some processes over one window, and the CPU they took."""

    moves_per_s: float
    mover_cpu_ms: float
    """CPU of the mover processes themselves, per move."""
    machine_cpu_ms: float
    """CPU of the whole machine during the window (movers, database server, the rest), per
    move."""
    busy_cores: float
    """How many cores were busy on average during the window."""


def busy_seconds() -> float:
    """CPU-seconds every core of this machine has spent not idle since boot (``/proc/stat``;
    0 where there is none)."""
    try:
        with open("/proc/stat", encoding="ascii") as stat:
            fields = [int(v) for v in stat.readline().split()[1:]]
    except OSError:
        return 0.0
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    return (sum(fields[:8]) - idle) / ticks


def concurrent_moves(
    target: str, processes: int, games: int, tasks: int, window: float, offset: int
) -> Throughput:
    """Moves per second of ``processes`` workers on disjoint games, over one common window,
    with the CPU they and the machine spent."""
    ctx = multiprocessing.get_context("spawn")
    ready, go, results = ctx.Semaphore(0), ctx.Event(), ctx.Queue()
    ids = list(range(1, games + 1))
    random.Random(offset).shuffle(ids)
    share = max(tasks, len(ids) // processes)
    workers = [
        ctx.Process(
            target=mover_process,
            args=(target, ids[i * share : (i + 1) * share], tasks, window, ready, go, results),
        )
        for i in range(processes)
    ]
    for worker in workers:
        worker.start()
    for _ in workers:
        ready.acquire()
    busy_before = busy_seconds()
    go.set()
    time.sleep(window)
    busy = busy_seconds() - busy_before
    counted = [results.get(timeout=window + 120) for _ in workers]
    for worker in workers:
        worker.join(timeout=60)
    total = sum(count for count, _ in counted)
    per_move = 1000 / max(total, 1)
    return Throughput(
        moves_per_s=total / window,
        mover_cpu_ms=sum(cpu for _, cpu in counted) * per_move,
        machine_cpu_ms=busy * per_move,
        busy_cores=busy / window,
    )


# ---------------------------------------------------------------------- backends


@dataclass
class Figures:
    setup_s: float = 0.0
    record_ms: list[float] = field(default_factory=list)
    load_ms: list[float] = field(default_factory=list)
    full_ms: list[float] = field(default_factory=list)
    concurrent: dict[int, Throughput] = field(default_factory=dict)
    integrity: str = ""


async def measure_latencies(target: str, args: argparse.Namespace, figures: Figures) -> None:
    rng = random.Random(args.seed)
    async with Database(target) as db:
        started = time.perf_counter()
        await populate(db, args.games, args.history, rng)
        figures.setup_s = time.perf_counter() - started
        state = await seats_and_plies(db, range(1, args.games + 1))
        targets = [rng.randrange(1, args.games + 1) for _ in range(args.samples)]

        async def record(i: int) -> None:
            await move_once(db, targets[i], state[targets[i]])

        async def load(i: int) -> None:
            game = await db.games.load_game(targets[i])
            assert game is not None and game.id == targets[i]

        async def load_full(i: int) -> None:
            await db.games.load_game(targets[i])
            await db.games.game_moves(targets[i])

        await timed(min(200, args.samples), record)  # warm-up
        figures.record_ms = await timed(args.samples, record)
        figures.load_ms = await timed(args.samples, load)
        figures.full_ms = await timed(args.samples, load_full)
        if db.dialect == "sqlite":
            figures.integrity = ", ".join(await db.integrity_check())


def run_backend(target: str, counts: Sequence[int], args: argparse.Namespace) -> Figures:
    figures = Figures()
    asyncio.run(measure_latencies(target, args, figures))
    for processes in counts:
        figures.concurrent[processes] = concurrent_moves(
            target, processes, args.games, args.tasks, args.window, args.seed + processes
        )
    return figures


@contextmanager
def throwaway_server() -> Iterator[str]:
    """A PostgreSQL server for this run only (tools/pg_test_server.sh, as the tests use)."""
    folder = tempfile.mkdtemp(prefix="storage-bench-pg-")
    os.rmdir(folder)  # the script makes it, owned by the server's user
    url = subprocess.run(
        ["bash", str(SERVER_SCRIPT), "start", folder],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout.strip()
    try:
        yield url
    finally:
        subprocess.run(["bash", str(SERVER_SCRIPT), "stop", folder], check=False, timeout=120)


async def _admin(url: str, *statements: str) -> list[Any]:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        out = []
        for statement in statements:
            out.append(await conn.fetchval(statement))
        return out
    finally:
        await conn.close()


@contextmanager
def bench_database(server_url: str) -> Iterator[tuple[str, str]]:
    """A fresh database for the benchmark on ``server_url``'s server: its URL and settings."""
    name = f"storage_bench_{os.getpid()}"
    asyncio.run(_admin(server_url, f"DROP DATABASE IF EXISTS {name}", f"CREATE DATABASE {name}"))
    url = urlsplit(server_url)._replace(path=f"/{name}").geturl()
    try:
        fsync, commit = asyncio.run(_admin(url, "SHOW fsync", "SHOW synchronous_commit"))
        yield url, f"fsync={fsync}, synchronous_commit={commit}"
    finally:
        asyncio.run(_admin(server_url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))


@contextmanager
def postgres_server(args: argparse.Namespace) -> Iterator[tuple[str, str]]:
    """The server to measure: ``--postgres-url``, a ``postgresql://`` ``DATABASE_URL``, or a
    throwaway one; its URL and how it was found."""
    given = args.postgres_url or os.environ.get("DATABASE_URL", "")
    if given.startswith(("postgresql://", "postgres://")):
        yield given, "given server"
        return
    with throwaway_server() as url:
        yield url, "throwaway server"


# ---------------------------------------------------------------------- report


def report(sqlite: Figures, pg: Figures, pg_label: str, args: argparse.Namespace) -> None:
    def pair(values: list[float]) -> str:
        return f"{statistics.median(values):6.2f} / {percentile(values, 0.99):6.2f}"

    rows = [
        ("bulk load (setup), s", f"{sqlite.setup_s:.1f}", f"{pg.setup_s:.1f}"),
        ("record_move p50 / p99, ms", pair(sqlite.record_ms), pair(pg.record_ms)),
        ("load_game p50 / p99, ms", pair(sqlite.load_ms), pair(pg.load_ms)),
        ("load_game + game_moves, ms", pair(sqlite.full_ms), pair(pg.full_ms)),
    ]
    figures: list[tuple[str, Callable[[Throughput], str]]] = [
        ("concurrent moves/s, {count} proc", lambda t: f"{t.moves_per_s:.0f}"),
        ("  movers' CPU per move, ms", lambda t: f"{t.mover_cpu_ms:.2f}"),
        ("  machine CPU per move, ms", lambda t: f"{t.machine_cpu_ms:.2f}"),
        (f"  busy cores (of {os.cpu_count()})", lambda t: f"{t.busy_cores:.2f}"),
    ]
    for count in sorted(set(sqlite.concurrent) | set(pg.concurrent)):
        for name, figure in figures:
            left, right = (
                figure(side.concurrent[count]) if count in side.concurrent else "—"
                for side in (sqlite, pg)
            )
            rows.append((name.format(count=count), left, right))
    print(f"{'':<30}{'SQLite':>18}{'PostgreSQL':>18}")
    for name, left, right in rows:
        print(f"{name:<30}{left:>18}{right:>18}")
    print(f"PostgreSQL: {pg_label}")
    print(f"SQLite integrity_check: {sqlite.integrity}")
    cores = os.cpu_count() or 1
    for label, side in (("SQLite", sqlite), ("PostgreSQL", pg)):
        best = max(side.concurrent.values(), key=lambda t: t.moves_per_s)
        if best.machine_cpu_ms:
            print(
                f"{label}: {best.machine_cpu_ms:.2f} ms of machine CPU per move -> at most "
                f"{cores * 1000 / best.machine_cpu_ms:.0f} moves/s on {cores} cores"
            )
    one_sqlite = sqlite.concurrent[1].moves_per_s
    p99 = percentile(pg.record_ms, 0.99)
    met = "met" if p99 <= 10 else "MISSED"
    latency = f"PostgreSQL record_move p99 {p99:.2f} ms (goal <= 10 ms: {met})"
    if 4 not in pg.concurrent:
        print(f"goal: 4 PostgreSQL processes not measured (--processes); {latency}")
        return
    four_pg = pg.concurrent[4].moves_per_s
    ratio = four_pg / one_sqlite if one_sqlite else 0.0
    print(
        f"goal: 4 PostgreSQL processes {four_pg:.0f} moves/s = {ratio:.2f}x one SQLite "
        f"process's {one_sqlite:.0f} (goal >= 4x: {'met' if ratio >= 4 else 'MISSED'}); " + latency
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--history", type=int, default=20, help="plies already in each game")
    parser.add_argument("--samples", type=int, default=1000)
    parser.add_argument("--window", type=float, default=5.0, help="seconds of concurrent moves")
    parser.add_argument("--tasks", type=int, default=8, help="asyncio tasks per process")
    parser.add_argument("--processes", default="1,2,4", help="PostgreSQL process counts")
    parser.add_argument("--postgres-url", default="")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    counts = [int(n) for n in args.processes.split(",")]
    print(
        f"python {sys.version.split()[0]}; {os.cpu_count()} CPUs; games={args.games}, "
        f"history={args.history} plies each; {args.samples} samples; concurrent: "
        f"{args.tasks} tasks per process over {args.window:g} s"
    )
    with tempfile.TemporaryDirectory() as tmp:
        sqlite = run_backend(str(Path(tmp) / "bench.sqlite3"), [1], args)
    with postgres_server(args) as (server, how), bench_database(server) as (url, settings):
        pg = run_backend(url, sorted(counts), args)
    report(sqlite, pg, f"{how}; {settings}", args)


if __name__ == "__main__":
    main()
