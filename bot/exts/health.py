"""The health line's loop: :func:`bot.health.log_health` once a minute (see bot/health.py)."""

from __future__ import annotations

import logging

from discord.ext import commands, tasks

from ..client import GameBot
from ..health import log_health

__all__ = ["HealthLog", "setup"]

log = logging.getLogger(__name__)


class HealthLog(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.loop.start()

    async def cog_unload(self) -> None:
        self.loop.cancel()

    @tasks.loop(minutes=1)
    async def loop(self) -> None:
        try:
            await log_health(self.bot)
        except Exception:  # a failed reading must not stop the next one
            log.exception("measuring the bot's health failed")

    @loop.before_loop
    async def _before(self) -> None:
        await self.bot.wait_until_ready()


async def setup(bot: GameBot) -> None:
    await bot.add_cog(HealthLog(bot))
