"""One bot process for the cross-process tests: its own simulated Discord (simcord), its own
bot and its own connection to the shared database given on the command line.

Run as ``python -m tests.bot.bot_process DATABASE_URL``. It builds the same guild, channel and
members as every other such process (simcord's ids depend only on its fixed clock and the
order things are made in, so the ids agree; ``hello`` reports them for the test to compare),
then reads one JSON command per line on stdin and answers one JSON line on stdout, so a test
can drive two of them at once and compare what each did. Logging goes to stderr.

Commands (``op``): ``hello``; ``move`` / ``resign`` (a member's slash command, run when the
wall clock reaches ``at`` so two processes act at the same instant); ``lose_board`` (a move
stored whose board is never posted, as if the process died in between); ``stop_sweep``;
``catch_up`` (one catch-up of lost boards, at ``at``); ``advance`` (the simulated clock,
firing the sweep's ticks); ``edits`` (the message ids this process edited); ``posts``
(messages it posted); ``errors``; ``stop``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import simcord

from ai import Level
from bot import create_bot
from bot.services.catchup import catch_up
from storage import Database

from .conftest import GUILD_ID, make_settings

log = logging.getLogger("bot_process")

EDIT = re.compile(r"/channels/\d+/messages/(\d+)$")


class NoOpponent:
    """These tests play no computer games: no worker process to spawn."""

    def start(self) -> None:
        pass

    async def close(self) -> None:
        pass

    async def choose(
        self,
        position: str,
        level: Level,
        time_limit: float | None = None,
        moves: Sequence[str] = (),
    ) -> str:
        raise AssertionError("no computer games here")


def wait_until(at: float | None) -> None:
    """Block until the wall clock reads ``at``: both processes then act at the same instant
    (a busy wait: the simulated Discord owns the event loop's sense of time)."""
    if at is None:
        return
    while time.time() < at:
        pass


class Process:
    """The simulated Discord of this process, its bot and its members; :meth:`handle` runs
    one command and returns its answer."""

    def __init__(self, env: Any) -> None:
        self.env = env
        self.bot = env.bot
        self.guild = env.create_guild("Arena", id=GUILD_ID)
        self.channel = self.guild.create_text_channel("games")
        self.members = {
            name: self.guild.add_member(env.create_user(name, global_name=name.title()))
            for name in ("alice", "bob", "carol")
        }

    async def handle(self, cmd: dict[str, Any]) -> dict[str, Any]:
        op, bot, env = cmd["op"], self.bot, self.env
        if op == "hello":
            return {
                "bot": bot.user.id if bot.user else None,
                "guild": self.guild.id,
                "channel": self.channel.id,
                **{name: m.id for name, m in self.members.items()},
                "now": bot.now(),
            }
        if op in ("move", "resign"):
            options = {"game": f"#{cmd['game']}"}
            if op == "move":
                options["move"] = cmd["move"]
            wait_until(cmd.get("at"))
            r = await self.members[cmd["user"]].slash(self.channel, op, **options)
            # a refusal after "thinking…" replaces the public reply by a private follow-up
            said = ([r.response] if r.response is not None else []) + list(r.followups)
            return {"said": [m.content for m in said]}
        if op == "lose_board":
            svc = bot.games
            user = self.members[cmd["user"]].id
            await svc.commit(await svc.prepare(cmd["game"], user, cmd["move"]))
            return {"ok": True}
        if op == "stop_sweep":  # the test runs the catch-ups itself, side by side
            bot.get_cog("Sweep").loop.cancel()
            return {"ok": True}
        if op == "catch_up":
            wait_until(cmd.get("at"))
            return {"posted": await catch_up(bot)}
        if op == "advance":
            await env.advance_time(cmd["seconds"])
            return {"now": bot.now()}
        if op == "edits":
            edited = [EDIT.search(r.path) for r in env.http_requests if r.method == "PATCH"]
            return {"edits": [int(m.group(1)) for m in edited if m]}
        if op == "posts":
            return {"posts": [m.content for m in self.channel.history()]}
        if op == "errors":
            return {"errors": [repr(e) for e in env.errors]}
        raise ValueError(f"unknown op {op!r}")


async def serve(url: str, overrides: dict[str, Any]) -> None:
    settings = make_settings(Path("unused.sqlite3"), **overrides)
    bot = create_bot(settings, db=Database(url), opponent=NoOpponent())
    async with simcord.run(bot, check_errors=False) as env:
        process = Process(env)
        reader = asyncio.StreamReader()
        loop = asyncio.get_running_loop()
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        while line := await reader.readline():
            cmd = json.loads(line)
            if cmd["op"] == "stop":
                answer({"ok": True})
                break
            try:
                answer(await process.handle(cmd))
            except Exception as exc:  # answered, so the test sees it instead of waiting
                log.exception("%s failed", cmd)
                answer({"error": f"{cmd['op']}: {exc!r}"})
        await env.bot.db.stop()


def answer(data: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(data) + "\n")
    sys.stdout.flush()


def main() -> None:
    logging.basicConfig(level=logging.ERROR, stream=sys.stderr)
    url = sys.argv[1]
    overrides = json.loads(sys.argv[2]) if len(sys.argv) > 2 else {}
    asyncio.run(serve(url, overrides))


if __name__ == "__main__":
    main()
