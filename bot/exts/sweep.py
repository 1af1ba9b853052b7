"""The sweep: one background loop, every minute and right after start-up, that expires old
challenges, finishes games lost on time, sends move reminders, posts the boards of moves,
game starts and game ends that were stored but never announced (a crash or a refused post
in between), starts the next game of a match whose bot died after its last game's final
board, plays the computer opponent's turns left unplayed (a restart while it was thinking),
sends the hourly "your move" DM digests of players who chose them (``/notify``), takes over the
analyses a process that died left half done, and marks expired challenges' messages as expired.

Everything it acts on is read from storage each time, so work that came due while the bot was
down is done at the first tick after a restart. Several bot processes on one database each run
this loop; what each does is claimed in the database first, so every item is handled by one of
them (bot/services/claims.py).
"""

from __future__ import annotations

import asyncio
import logging

from discord.ext import commands, tasks

from ..client import GameBot
from ..services.catchup import catch_up, resume_matches
from ..services.challenges import expire_overdue, show_expiries
from ..services.notify import send_digests
from ..services.timeouts import sweep_turns
from ..services.tournaments import sweep_tournaments

__all__ = ["Sweep", "setup"]

log = logging.getLogger(__name__)


class Sweep(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self._edits: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self.loop.start()

    async def cog_unload(self) -> None:
        self.loop.cancel()
        if self._edits is not None:
            self._edits.cancel()

    @tasks.loop(minutes=1)
    async def loop(self) -> None:
        await self.run_once()

    @loop.before_loop
    async def _before(self) -> None:
        await self.bot.wait_until_ready()

    async def run_once(self) -> None:
        """One sweep; a failing job is logged and does not stop the others or the loop.

        Each kind of work has its budget per tick (100 timeouts, 100 reminders, 100 lost
        boards, 100 waiting matches, 100 DM digests, 100 message edits); more waits for the
        next tick. Storage work that is cheap whatever the backlog (expiring every overdue
        challenge) is done at once. The edits of their messages are started last and not
        waited for: if Discord's rate limits slow them down, the next tick's timeouts and
        catch-ups still run on time (a tick starts no new edits while the previous batch is
        still going).
        """
        try:
            await expire_overdue(self.bot)
        except Exception:
            log.exception("expiring challenges failed")
        try:
            await sweep_turns(self.bot)
        except Exception:
            log.exception("move timeouts and reminders failed")
        try:  # after the timeouts, so a game just lost on time whose post failed is included
            await catch_up(self.bot)
        except Exception:
            log.exception("catching up on unannounced boards failed")
        try:  # after the catch-up, whose final boards start their matches' next games
            await resume_matches(self.bot)
        except Exception:
            log.exception("resuming matches whose next game was never started failed")
        try:  # after the catch-up, whose final boards move tournaments on (issue 36)
            await sweep_tournaments(self.bot)
        except Exception:
            log.exception("moving tournaments on failed")
        try:  # after the catch-up of boards: a computer turn starts once its board is shown
            await self.bot.computer.catch_up()
        except Exception:
            log.exception("resuming the computer's turns failed")
        try:  # after the catch-up, whose boards may give DM players a new turn
            await send_digests(self.bot)
        except Exception:
            log.exception("sending the 'your move' DM digests failed")
        try:  # analyses a process that died left half done (once its claim ran out)
            await self.bot.analysis.resume()
        except Exception:
            log.exception("resuming unfinished analyses failed")
        try:  # claims whose process died and that nobody took over since
            await self.bot.db.claims.purge_expired(now=self.bot.now())
        except Exception:
            log.exception("purging expired claims failed")
        if self._edits is None or self._edits.done():
            self._edits = asyncio.create_task(self._show_expiries())

    async def _show_expiries(self) -> None:
        try:
            await show_expiries(self.bot)
        except Exception:
            log.exception("editing expired challenges' messages failed")


async def setup(bot: GameBot) -> None:
    await bot.add_cog(Sweep(bot))
