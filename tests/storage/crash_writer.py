"""Child process for the SIGKILL test: records real moves forever until it is killed.

Usage: python crash_writer.py DB_PATH SCRIPTS_JSON

Runs one asyncio task per scripted game; each task replays its script into a fresh game, again
and again. After every committed write it prints ``move <game_id> <ply>`` (or ``game <id>``) and
flushes, so the parent knows exactly which writes were committed before it killed us.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from storage import Database

WHITE, BLACK = 101, 102


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


async def play_forever(db: Database, script: dict[str, Any], slot: int) -> None:
    plies = script["plies"]
    outcome = tuple(script["outcome"]) if script["outcome"] else None
    while True:
        game = await db.games.create_game(
            guild_id=1,
            channel_id=1000 + slot,
            game_kind="rugen",
            white_id=WHITE,
            black_id=BLACK,
            start_position=script["start"],
        )
        say(f"game {game.id}")
        for index, ply in enumerate(plies):
            last = index == len(plies) - 1
            game = await db.games.record_move(
                game.id,
                game.ply,
                WHITE if ply["side"] == "white" else BLACK,
                ply["move"],
                ply["position_after"],
                outcome=outcome if last else None,
            )
            say(f"move {game.id} {game.ply}")


async def main(db_path: str, scripts_path: str) -> None:
    scripts = json.loads(Path(scripts_path).read_text())
    async with Database(db_path) as db:
        say("ready")
        await asyncio.gather(*(play_forever(db, s, i) for i, s in enumerate(scripts)))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
