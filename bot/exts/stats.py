"""``/leaderboard`` (this server's top ten) and ``/stats [user]`` (one player's record).

Both count this server's finished games only (storage computes them from the games table, so
they can never drift from the results); ``/stats`` of oneself adds one's all-server totals
(games of other servers are shown to nobody else: a game is seen only in its server). Players
are named by mention, which shows their current name and, with the bot's no-ping default,
notifies nobody.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from storage import LeaderboardRow

from ..client import LatrunculiBot
from ..errors import UserError, user_errors
from ..texts import record_words

__all__ = ["Stats", "setup"]

log = logging.getLogger(__name__)

Interaction = discord.Interaction[LatrunculiBot]

TOP = 10


def _line(row: LeaderboardRow) -> str:
    medal = {1: "🥇", 2: "🥈", 3: "🥉"}.get(row.rank, f"{row.rank}.")
    return (
        f"{medal} <@{row.user_id}> — {record_words(row.wins, row.losses, row.draws)} "
        f"({row.games} game{'s' if row.games != 1 else ''})"
    )


class Stats(commands.Cog):
    def __init__(self, bot: LatrunculiBot) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard", description="The top ten players of this server")
    @app_commands.guild_only()
    @app_commands.describe(private="Show it only to you (default: no)")
    async def leaderboard(self, interaction: Interaction, private: bool = False) -> None:
        async with user_errors(interaction):
            assert interaction.guild_id is not None  # guild_only
            rows = await self.bot.db.players.leaderboard(interaction.guild_id, limit=TOP)
            if not rows:
                raise UserError(
                    "No games have been finished in this server yet. Start one with `/challenge`."
                )
            embed = discord.Embed(
                title="Latrunculi leaderboard",
                description="\n".join(_line(r) for r in rows),
                colour=discord.Colour.dark_gold(),
            )
            embed.set_footer(text="Finished games in this server; ranked by wins, then losses.")
            await interaction.response.send_message(embed=embed, ephemeral=private)

    @app_commands.command(name="stats", description="A player's record (yours by default)")
    @app_commands.guild_only()
    @app_commands.describe(
        user="Whose record (default: yours)", private="Show it only to you (default: no)"
    )
    async def stats(
        self, interaction: Interaction, user: discord.User | None = None, private: bool = False
    ) -> None:
        async with user_errors(interaction):
            assert interaction.guild_id is not None  # guild_only
            target = user or interaction.user
            if target.bot:
                raise UserError(f"{target.mention} is a bot; bots don't play Latrunculi.")
            here = await self.bot.db.players.guild_record(interaction.guild_id, target.id)
            overall = (
                await self.bot.db.players.get_player(target.id)
                if target.id == interaction.user.id
                else None
            )
            lines = [f"**Record of <@{target.id}>**"]
            if here is None:
                lines.append("In this server: no finished games yet.")
            else:
                lines.append(
                    f"In this server: {record_words(here.wins, here.losses, here.draws)} "
                    f"in {here.games} game{'s' if here.games != 1 else ''} "
                    f"— rank {here.rank} on `/leaderboard`."
                )
            if overall is not None and overall.games_played:
                lines.append(
                    "In all servers: "
                    f"{record_words(overall.wins, overall.losses, overall.draws)} "
                    f"in {overall.games_played} game{'s' if overall.games_played != 1 else ''}."
                )
            active = await self.bot.db.games.active_games(
                user_id=target.id, guild_id=interaction.guild_id
            )
            if active:
                lines.append(f"Games in progress here: {len(active)}.")
            await interaction.response.send_message("\n".join(lines), ephemeral=private)


async def setup(bot: LatrunculiBot) -> None:
    await bot.add_cog(Stats(bot))
