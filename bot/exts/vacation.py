"""``/vacation [days]``: pause your move clock for up to 14 days a month (what it does is in
``bot/services/vacations.py``); without ``days`` it says whether you are away and how many days
are left this month."""

from __future__ import annotations

import logging
import time

import discord
from discord import app_commands
from discord.ext import commands

from storage import VACATION_DAYS_PER_MONTH, NotAllowed

from ..client import LatrunculiBot
from ..errors import UserError, user_errors
from ..services.vacations import pause_clocks

log = logging.getLogger(__name__)

Interaction = discord.Interaction[LatrunculiBot]


class Vacation(commands.Cog):
    def __init__(self, bot: LatrunculiBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="vacation", description="Pause your move clock for some days (up to 14 a month)"
    )
    @app_commands.guild_only()
    @app_commands.describe(days="How many days, from now (or from the end of your vacation)")
    async def vacation(
        self,
        interaction: Interaction,
        days: app_commands.Range[int, 1, VACATION_DAYS_PER_MONTH] | None = None,
    ) -> None:
        async with user_errors(interaction):
            bot = self.bot
            user = interaction.user
            now = bot.now()
            month = time.strftime("%Y-%m", time.gmtime(now))
            if days is None:
                player = await bot.db.players.get_player(user.id)
                used = player.vacation_days if player and player.vacation_month == month else 0
                left = VACATION_DAYS_PER_MONTH - used
                if player is not None and player.on_vacation(now):
                    back = int(player.vacation_until or now)
                    head = f"🏖️ You are on vacation until <t:{back}:f>: your clock is paused."
                else:
                    head = "You are not on vacation."
                await interaction.response.send_message(
                    f"{head} {left} of {VACATION_DAYS_PER_MONTH} vacation days left this month "
                    "(`/vacation days`).",
                    ephemeral=True,
                )
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            try:
                start, until = await bot.db.players.book_vacation(
                    user.id, user.display_name, days, now=now
                )
            except NotAllowed as exc:
                raise UserError(f"No vacation was booked: {exc}.") from None
            paused = await pause_clocks(bot, user.id, start, until)
            waiting = (
                f" Paused now in {len(paused)} game{'s' if len(paused) != 1 else ''} waiting "
                "for your move;"
                if paused
                else ""
            )
            await interaction.followup.send(
                f"🏖️ You are on vacation until <t:{int(until)}:f> (<t:{int(until)}:R>).{waiting} "
                "a turn that becomes yours meanwhile starts its clock when you are back; your "
                "opponents see it under the board. A vacation cannot be cut short.",
                ephemeral=True,
            )


async def setup(bot: LatrunculiBot) -> None:
    await bot.add_cog(Vacation(bot))


__all__ = ["Vacation", "setup"]
