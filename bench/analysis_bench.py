"""Seconds to analyse whole games (issue 33), and ``/move`` latency while analyses run.

    PYTHONPATH=. .venv/bin/python bench/analysis_bench.py [--chess-moves 60]
        [--backgammon-turns 30] [--latrunculi-plies 100] [--moves 60] [--depth N]

Each game is generated first (seeded: the easy opponent's moves for chess and Latrunculi
(rugen), seeded dice and the easy opponent's plays for backgammon), then analysed exactly as
the bot does it: batches of :data:`bot.services.analysis.BATCH` positions sent to the niced
analysis worker process (:class:`ai.analysis.worker.AnalysisWorker`), timed from the first
batch to the summary. Stockfish is used when the hard level would find it (``STOCKFISH_PATH``
or ``stockfish`` on ``PATH``). Goal: at most 60 s per game on two cores.

Then ``/move`` is timed through simcord (rugen moves, as ``bench/bot_bench.py`` does) first
alone, then while the analysis worker analyses the chess game again and again. Goal: the
median stays within 40 ms. The load average is printed: on a shared machine the figures
measure the neighbours too.
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

import simcord

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import Level, choose_action  # noqa: E402
from ai.analysis import summarise  # noqa: E402
from ai.analysis.worker import AnalysisWorker  # noqa: E402
from ai.worker import AIWorker  # noqa: E402
from bot import Settings, create_bot  # noqa: E402
from bot.services.analysis import BATCH  # noqa: E402
from rules.games import find_game, open_session  # noqa: E402

GUILD_ID = 1_100_000_000_000_000_001


def play_game(game_id: str, plies: int, seed: int) -> list[str]:
    """``plies`` actions of a seeded game between two easy opponents (backgammon: ``plies``
    turns, each a roll and a play), restarted with the next seed if it ends sooner."""
    while True:
        rng = random.Random(seed)
        session = open_session(game_id)
        moves: list[str] = []
        turns = 0
        while not session.is_over:
            if game_id == "backgammon":
                if turns >= plies:
                    return moves
                legal = session.legal_actions()
                if session.chance_due:
                    action = session.roll(rng)
                    turns += 1
                elif "take" in legal:
                    action = "take"
                else:
                    action = choose_action(
                        session.position_text(), Level.EASY, 0.05, rng.randrange(1 << 30)
                    )
            else:
                if len(moves) >= plies:
                    return moves
                action = choose_action(
                    game_id, Level.EASY, 0.05, rng.randrange(1 << 30), moves=moves
                )
            session.play(action)
            moves.append(session.history[-1].canonical)
        seed += 1


async def analyse(worker: AnalysisWorker, game_id: str, moves: list[str], depth: int | None):
    """Analyse a whole game in batches, as the bot does; (seconds, the analysis)."""
    start = time.perf_counter()
    scores: list[dict[str, object]] = []
    while len(scores) < len(moves) + 1:
        scores += await worker.score(game_id, moves, len(scores), BATCH, depth)
    analysis = await asyncio.to_thread(summarise, game_id, moves, scores, depth)
    return time.perf_counter() - start, analysis


async def move_latency(
    worker: AnalysisWorker, moves_to_time: int, busy: list[str] | None, depth: int | None
):
    """``/move`` timings (ms) through simcord; with ``busy``, the analysis worker analyses
    that chess game over and over meanwhile (at ``depth``, as the timed analyses)."""
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(
            token="bench", database_path=Path(tmp) / "bench.sqlite3", dev_guild_id=GUILD_ID
        )
        opponent = AIWorker(grace=60.0)  # its warm-up on a loaded machine may take a while
        opponent.start()
        await opponent.pid()
        bot = create_bot(settings, opponent=opponent, analyst=worker)
        stop = asyncio.Event()

        async def churn() -> int:
            rounds = 0
            while busy is not None and not stop.is_set():
                await analyse(worker, "chess", busy, depth)
                rounds += 1
            return rounds

        async with simcord.run(bot) as env:
            guild = env.create_guild("Bench", id=GUILD_ID)
            channel = guild.create_text_channel("bench")
            alice = guild.add_member(env.create_user("alice", global_name="Alice"))
            bob = guild.add_member(env.create_user("bob", global_name="Bob"))
            db = env.bot.db
            members = {alice.id: alice, bob.id: bob}
            for uid, name in ((alice.id, "Alice"), (bob.id, "Bob")):
                await db.players.upsert_player(uid, name)
            background = asyncio.ensure_future(churn())
            rnd = random.Random(7)
            timings: list[float] = []
            record = None
            while len(timings) < moves_to_time:
                if record is None or not record.is_active:
                    record = await db.games.create_game(
                        guild_id=GUILD_ID,
                        channel_id=channel.id,
                        game_kind="rugen",
                        white_id=alice.id,
                        black_id=bob.id,
                        start_position=find_game("rugen").start(),
                    )
                session = find_game("rugen").session(record.current_position)
                quiet = []
                for m in session.legal_moves():
                    if not session.push(m).captured:
                        quiet.append(m)
                    session.pop()
                text = session.format(rnd.choice(quiet or session.legal_moves()))
                mover = members[record.player_at(session.to_move)]
                t0 = time.perf_counter()
                r = await mover.slash(channel, "move", move=text)
                timings.append((time.perf_counter() - t0) * 1000)
                assert not r.ephemeral, r.response.content
                record = await db.games.load_game(record.id)
            stop.set()
            await background
            await db.stop()
        await opponent.close()
    return timings


def line(label: str, timings: list[float]) -> str:
    timings = sorted(timings)
    p95 = timings[int(0.95 * (len(timings) - 1))]
    return (
        f"{label:<28} median {statistics.median(timings):6.1f} ms   p95 {p95:6.1f} ms   "
        f"({len(timings)} moves)"
    )


async def main(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.WARNING)
    worker = AnalysisWorker()
    worker.start()
    await worker.pid()
    games = {
        "chess": play_game("chess", 2 * args.chess_moves, 1),
        "backgammon": play_game("backgammon", args.backgammon_turns, 1),
        "rugen": play_game("rugen", args.latrunculi_plies, 1),
    }
    print(f"load average at the start: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)")
    print("game         actions  engine                        seconds   goal <= 60 s")
    for game_id, moves in games.items():
        if args.only_moves:
            break
        seconds, analysis = await analyse(worker, game_id, moves, args.depth)
        engine = analysis.engine
        verdict = "met" if seconds <= 60 else "NOT met"
        print(f"{game_id:<12} {len(moves):>7}  {engine:<28} {seconds:8.1f}   {verdict}")
    alone = await move_latency(worker, args.moves, None, args.depth)
    busy = await move_latency(worker, args.moves, games["chess"], args.depth)
    print(line("/move alone", alone))
    print(line("/move while analysing", busy))
    ok = statistics.median(busy) <= 40
    print("goal (median <= 40 ms while analysing):", "met" if ok else "NOT met")
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    await worker.close()
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chess-moves", type=int, default=60)
    parser.add_argument("--backgammon-turns", type=int, default=30)
    parser.add_argument("--latrunculi-plies", type=int, default=100)
    parser.add_argument("--moves", type=int, default=60, help="/move calls timed per run")
    parser.add_argument("--depth", type=int, default=None, help="every family's depth")
    parser.add_argument(
        "--only-moves", action="store_true", help="time /move only (no per-game timings)"
    )
    sys.exit(asyncio.run(main(parser.parse_args())))
