"""What the running bot keeps in memory as moves are played: it must stay flat.

    .venv/bin/python bench/memory_bench.py [--moves 10000] [--checkpoints 100,1000,10000]

Plays rugen games through simcord with ``/move``, random legal moves, every move posting a board
with its Move button; a game that has not ended after ``--game-length`` plies is resigned (a
final board with its Rematch button) and a new one starts. Prints at each checkpoint:

- the View objects discord.py's view store keeps for dispatching (``bot.buttons.stored_views``);
- the View objects alive at all (after a garbage collection);
- the memory allocated by code of the bot's packages and discord.py still held (tracemalloc,
  by the file that allocated it). The simulated Discord itself keeps every message sent, as a
  real server would; its memory is not the bot's and is left out.

The database is a real SQLite file. The renderer is replaced by a 1×1 PNG unless
``--real-pictures`` is given: rendering keeps nothing, and the real pictures make 10,000 moves
take about four times as long.
"""

from __future__ import annotations

import argparse
import asyncio
import fnmatch
import gc
import io
import logging
import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import discord
import simcord
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot import Settings, create_bot  # noqa: E402
from bot.buttons import stored_views  # noqa: E402
from rules import start_position  # noqa: E402

GUILD_ID = 1_100_000_000_000_000_001
OURS = [str(ROOT / p / "*") for p in ("bot", "storage", "rules", "rendering")] + [
    str(Path(discord.__file__).parent / "*")
]


def live_views() -> int:
    gc.collect()
    return sum(isinstance(o, discord.ui.View) for o in gc.get_objects())


def bot_bytes() -> int:
    """Bytes still held that were allocated by the bot's packages or discord.py."""
    snapshot = tracemalloc.take_snapshot()
    total = 0
    for stat in snapshot.statistics("filename"):
        name = stat.traceback[0].filename
        if any(fnmatch.fnmatch(name, pattern) for pattern in OURS):
            total += stat.size
    return total


def rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def forget_simulated_history(env: simcord.Env) -> None:
    """Drop what the simulated server keeps of the past (messages, pictures, interactions,
    its request log): it is the server's memory, not the bot's."""
    backend = env.backend
    for messages in backend.messages.values():
        for message_id in list(messages)[:-5]:
            del messages[message_id]
    backend.cdn._blobs.clear()
    backend.http_requests.clear()
    backend.transcript.clear()
    backend.interactions.clear()
    backend.interaction_tokens.clear()


def tiny_renderer() -> None:
    buf = io.BytesIO()
    Image.new("RGB", (1, 1)).save(buf, format="PNG")
    png = buf.getvalue()
    import bot.presenters.latrunculi

    bot.presenters.latrunculi.render_board = lambda *args, **kwargs: png  # type: ignore[assignment]


async def main(moves: int, checkpoints: list[int], game_length: int, trace: bool) -> int:
    logging.basicConfig(level=logging.WARNING)
    if trace:
        tracemalloc.start()
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(
            token="bench", database_path=Path(tmp) / "bench.sqlite3", dev_guild_id=GUILD_ID
        )
        async with simcord.run(create_bot(settings)) as env:
            guild = env.create_guild("Bench", id=GUILD_ID)
            channel = guild.create_text_channel("bench")
            alice = guild.add_member(env.create_user("alice", global_name="Alice"))
            bob = guild.add_member(env.create_user("bob", global_name="Bob"))
            db = env.bot.db
            for member in (alice, bob):
                await db.players.upsert_player(member.id, member.name)
            members = {alice.id: alice, bob.id: bob}
            rnd = random.Random(7)
            record, games = None, 0
            start = time.perf_counter()
            print(
                f"{'moves':>7} {'games':>6} {'stored views':>13} {'live views':>11} "
                f"{'games cached':>13} {'RSS MiB':>8} {'traced KiB':>11} {'seconds':>8}"
            )
            for played in range(1, moves + 1):
                if record is not None and record.is_active and record.ply >= game_length:
                    mover = members[record.white_id]
                    r = await mover.slash(channel, "resign", game=str(record.id))
                    assert not r.ephemeral, r.response.content
                    record = await db.games.load_game(record.id)
                if record is None or not record.is_active:
                    record = await db.games.create_game(
                        guild_id=GUILD_ID,
                        channel_id=channel.id,
                        variant="rugen",
                        white_id=alice.id,
                        black_id=bob.id,
                        start_position=start_position("rugen").to_lpn(),
                    )
                    games += 1
                game = (await env.bot.games.session(record)).game  # type: ignore[attr-defined]
                move = rnd.choice(game.legal_moves())
                mover = members[record.white_id if game.turn.value == "white" else record.black_id]
                r = await mover.slash(channel, "move", move=str(move))
                assert not r.ephemeral, r.response.content
                record = await db.games.load_game(record.id)
                forget_simulated_history(env)
                if played in checkpoints:
                    traced = f"{bot_bytes() / 1024:,.0f}" if trace else "-"
                    print(
                        f"{played:>7,} {games:>6,} {stored_views(env.bot):>13} "
                        f"{live_views():>11} {env.bot.games.cached_games:>13} "
                        f"{rss_kib() / 1024:>8,.0f} {traced:>11} "
                        f"{time.perf_counter() - start:>8.0f}",
                        flush=True,
                    )
            await db.stop()
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=10_000)
    parser.add_argument("--checkpoints", default="100,1000,10000")
    parser.add_argument("--game-length", type=int, default=80)
    parser.add_argument("--real-pictures", action="store_true")
    parser.add_argument("--trace", action="store_true", help="also measure with tracemalloc")
    args = parser.parse_args()
    if not args.real_pictures:
        tiny_renderer()
    marks = [int(x) for x in args.checkpoints.split(",")]
    sys.exit(asyncio.run(main(args.moves, marks, args.game_length, args.trace)))
