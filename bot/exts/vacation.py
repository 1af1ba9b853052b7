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

from ..client import GameBot
from ..errors import send_ephemeral, user_errors
from ..i18n import translate, translate_plural
from ..services.languages import language_for
from ..services.vacations import pause_clocks
from ..translator import as_client_names

log = logging.getLogger(__name__)

Interaction = discord.Interaction[GameBot]


class Vacation(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
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
            language = await language_for(bot.db, interaction)
            if days is None:
                player = await bot.db.players.get_player(user.id)
                used = player.vacation_days if player and player.vacation_month == month else 0
                if player is not None and player.on_vacation(now):
                    back = int(player.vacation_until or now)
                    head = translate(
                        "🏖️ You are on vacation until <t:{until}:f>: your clock is paused.",
                        language,
                        until=back,
                    )
                else:
                    head = translate("You are not on vacation.", language)
                left = translate(
                    "{left} of {total} vacation days left this month (`/vacation days`).",
                    language,
                    left=VACATION_DAYS_PER_MONTH - used,
                    total=VACATION_DAYS_PER_MONTH,
                )
                await interaction.response.send_message(
                    as_client_names(f"{head} {left}", interaction.locale.value), ephemeral=True
                )
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            try:
                start, until = await bot.db.players.book_vacation(
                    user.id, user.display_name, days, now=now
                )
            except NotAllowed:  # too many days this month: storage's own check decided it
                player = await bot.db.players.get_player(user.id)
                used = player.vacation_days if player and player.vacation_month == month else 0
                await send_ephemeral(
                    interaction,
                    translate_plural(
                        "No vacation was booked: {count} more day would pass the monthly limit "
                        "of vacation days ({limit}); {left} left in {month}.",
                        "No vacation was booked: {count} more days would pass the monthly limit "
                        "of vacation days ({limit}); {left} left in {month}.",
                        days,
                        language,
                        limit=VACATION_DAYS_PER_MONTH,
                        left=max(VACATION_DAYS_PER_MONTH - used, 0),
                        month=month,
                    ),
                )
                return
            paused = await pause_clocks(bot, user.id, start, until)
            lines = [
                translate(
                    "🏖️ You are on vacation until <t:{until}:f> (<t:{until}:R>).",
                    language,
                    until=int(until),
                )
            ]
            if paused:
                lines.append(
                    translate_plural(
                        "Paused now in {count} game waiting for your move.",
                        "Paused now in {count} games waiting for your move.",
                        len(paused),
                        language,
                    )
                )
            lines.append(
                translate(
                    "A turn that becomes yours meanwhile starts its clock when you are back; "
                    "your opponents see it under the board. A vacation cannot be cut short.",
                    language,
                )
            )
            await interaction.followup.send(" ".join(lines), ephemeral=True)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(Vacation(bot))


__all__ = ["Vacation", "setup"]
