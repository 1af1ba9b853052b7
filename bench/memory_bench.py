"""What the running bot keeps in memory as moves are played: it must stay flat.

    .venv/bin/python bench/memory_bench.py [--moves 10000] [--checkpoints 100,1000,10000]
                                           [--end-plies 300]

Plays rugen games through simcord with ``/move``, random legal moves, every move posting a board
with its Move button; a game that has not ended after ``--game-length`` plies is resigned (a
final board with its Rematch button) and a new one starts. Prints at each checkpoint:

- the View objects discord.py's view store keeps for dispatching (``bot.buttons.stored_views``);
- the View objects alive at all (after a garbage collection);
- the memory allocated by code of the bot's packages and discord.py still held (tracemalloc,
  by the file that allocated it). The simulated Discord itself keeps every message sent, as a
  real server would; its memory is not the bot's and is left out.

The database is a real SQLite file. The board pictures are replaced by a 1×1 PNG unless
``--real-pictures`` is given: rendering keeps nothing, and the real pictures make 10,000 moves
take about four times as long.

The game-end case (``--end-plies 300``; 0 skips it, ``--moves 0`` skips the moves above) plays
one classic game (no move limit) of that many plies through ``/move`` with the real pictures,
random legal moves that do not end it, then resigns it: the final board and the replay GIF
(``bot.services.replays``) are made and posted as when any game ends. Then ``/history``'s
replay GIF is made once more on its own (``replay_file``), and then in a fresh process that
has made nothing before (the same boards, pickled): the GIF's own cost. For each it prints the
resident memory before (after a garbage collection), the peak during it and what is left after,
as growth over before. The peak is the kernel's high-water mark of the process's resident memory
(``VmHWM``), reset just before with ``/proc/self/clear_refs`` (Linux ≥ 4.0), so it is the
peak of that step alone: Python objects, Pillow's image buffers and whatever the C allocator
holds, in every thread. Goals (issue 38): growth ≤ 50 MiB, peak ≤ 150 MiB over before. The
simulated server's copy of the posted pictures is dropped before "after" is read.
"""

from __future__ import annotations

import argparse
import asyncio
import fnmatch
import gc
import io
import logging
import os
import pickle
import random
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import simcord
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot import Settings, create_bot  # noqa: E402
from bot.buttons import stored_views  # noqa: E402
from bot.presenters import GamePresenter, presenter_for  # noqa: E402
from bot.services.replays import replay_boards, replay_file  # noqa: E402
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


def tiny_renderer() -> Callable[[], None]:
    """Every board picture a 1×1 PNG; returns how to draw the real ones again."""
    buf = io.BytesIO()
    Image.new("RGB", (1, 1)).save(buf, format="PNG")
    png = buf.getvalue()
    real = GamePresenter.picture

    def tiny(self: GamePresenter, board: object) -> bytes:
        return png

    GamePresenter.picture = tiny  # type: ignore[method-assign]

    def undo() -> None:
        GamePresenter.picture = real  # type: ignore[method-assign]

    return undo


def peak_reset() -> bool:
    """Reset the process's resident high-water mark (VmHWM); False where the kernel refuses."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
    except OSError:
        return False
    return True


def status_kib(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


class Step:
    """Resident memory before, at the peak during and after one step, in MiB."""

    def __init__(self) -> None:
        gc.collect()
        self.before = status_kib("VmRSS") / 1024
        self.exact = peak_reset()
        self.start = time.perf_counter()

    def done(self, label: str, note: str) -> None:
        seconds = time.perf_counter() - self.start
        peak = status_kib("VmHWM") / 1024
        gc.collect()
        after = status_kib("VmRSS") / 1024
        since = "" if self.exact else " (peak since the process started: no clear_refs)"
        print(
            f"{label:<26} {self.before:>10,.0f} {peak - self.before:>+10,.0f} "
            f"{after - self.before:>+10,.0f} {seconds:>8.1f}  {note}{since}",
            flush=True,
        )


def gif_note(data: bytes) -> str:
    with Image.open(io.BytesIO(data)) as gif:
        return f"{gif.n_frames} frames, {len(data) / 1024:,.0f} KB GIF"


async def game_end(env: simcord.Env, channel: Any, members: dict[int, Any], plies: int) -> None:
    """Play one classic game of ``plies`` plies, resign it and measure its end (module doc)."""
    db = env.bot.db
    alice, bob = members.values()
    record = await db.games.create_game(
        guild_id=GUILD_ID,
        channel_id=channel.id,
        game_kind="classic",
        white_id=alice.id,
        black_id=bob.id,
        start_position=start_position("classic").to_lpn(),
    )
    rnd = random.Random(38)
    start = time.perf_counter()
    while record.is_active and record.ply < plies:
        session = await env.bot.games.session(record)
        options = []
        for move in session.legal_moves():
            session.push(move)  # the bot's own cached session, put back at once
            ends = session.is_over
            session.pop()
            if not ends:
                options.append(move)
        if not options:
            break
        text = session.format(rnd.choice(options))
        mover = members[record.white_id if session.to_move == "white" else record.black_id]
        r = await mover.slash(channel, "move", move=text, game=str(record.id))
        assert not r.ephemeral, r.response.content
        record = await db.games.load_game(record.id)
        forget_simulated_history(env)
    print(
        f"game end: classic, {record.ply} plies played in {time.perf_counter() - start:.0f} s "
        f"({'still on' if record.is_active else 'over: ' + str(record.reason)}); "
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores"
    )
    print(
        f"{'step':<26} {'before MiB':>10} {'peak MiB':>10} {'after MiB':>10} {'seconds':>8}  "
        f"what (peak and after: growth over before)"
    )
    step = Step()
    r = await members[record.white_id].slash(channel, "resign", game=str(record.id))
    assert not r.ephemeral, r.response.content
    posted = [
        a for m in channel.history() for a in m.attachments if a.filename.endswith("-replay.gif")
    ]
    note = gif_note(await posted[-1].read()) if posted else "no replay posted"
    forget_simulated_history(env)
    step.done("game end + replay posted", note)
    record = await db.games.load_game(record.id)
    step = Step()
    file = await replay_file(db, record)
    note = gif_note(file.fp.read()) if file is not None else "no replay"
    del file
    step.done("/history replay GIF", note)
    # the GIF alone, in a process that has made nothing else: the same boards, pickled
    boards = await replay_boards(db, record)
    with tempfile.NamedTemporaryFile(suffix=".pickle") as f:
        pickle.dump((record.game_kind, boards), f)
        f.flush()
        subprocess.run([sys.executable, __file__, "--gif-boards", f.name], check=True)


def gif_alone(path: str) -> int:
    """Make the replay GIF of pickled boards in this fresh process and print its step line."""
    with open(path, "rb") as f:
        game_kind, boards = pickle.load(f)
    presenter = presenter_for(game_kind)
    step = Step()
    gif = presenter.replay(boards)
    step.done("replay GIF, fresh process", gif_note(gif))
    return 0


async def main(
    moves: int,
    checkpoints: list[int],
    game_length: int,
    trace: bool,
    end_plies: int,
    real_pictures: Callable[[], None] | None,
) -> int:
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
            if moves:
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
                        game_kind="rugen",
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
            if end_plies:
                if real_pictures is not None:
                    real_pictures()  # the game end is measured with the real pictures
                await game_end(env, channel, members, end_plies)
            await db.stop()
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=10_000)
    parser.add_argument("--checkpoints", default="100,1000,10000")
    parser.add_argument("--game-length", type=int, default=80)
    parser.add_argument("--real-pictures", action="store_true")
    parser.add_argument("--trace", action="store_true", help="also measure with tracemalloc")
    parser.add_argument(
        "--end-plies", type=int, default=300, help="the game-end case's game length (0: none)"
    )
    parser.add_argument("--gif-boards", help=argparse.SUPPRESS)  # the game end's subprocess
    args = parser.parse_args()
    if args.gif_boards:
        sys.exit(gif_alone(args.gif_boards))
    undo = None if args.real_pictures else tiny_renderer()
    marks = [int(x) for x in args.checkpoints.split(",")]
    sys.exit(
        asyncio.run(main(args.moves, marks, args.game_length, args.trace, args.end_plies, undo))
    )
