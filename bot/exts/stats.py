"""``/leaderboard [game]`` (this server's top ten by wins, or its ratings for one game) and
``/stats [user] [game]`` (one player's record, ratings and rating chart).

Both count this server's finished games only (storage computes them from the games table, so
they can never drift from the results); ratings are per server too (``storage.ratings``).
``/stats`` of oneself adds one's all-server totals (games of other servers are shown to nobody
else: a game is seen only in its server). Players are named by mention, which shows their
current name and, with the bot's no-ping default, notifies nobody.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from storage import GameTally, LeaderboardRow, RatingRecord

from .. import ui
from ..buttons import PersistentButton
from ..client import LatrunculiBot
from ..errors import UserError, user_errors
from ..limits import MAX_CONTENT, fit_lines
from ..services.ratings import leaderboard_page, rating_chart_file, rating_words
from ..texts import record_words, variant_title
from .challenges import variant_choices

__all__ = ["RankingPageButton", "Stats", "setup"]

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

    @app_commands.command(
        name="leaderboard", description="This server's top ten, or its ratings for one game"
    )
    @app_commands.guild_only()
    @app_commands.describe(
        game="Ratings for this game (default: the top ten by wins over every game)",
        private="Show it only to you (default: no)",
    )
    @app_commands.choices(game=variant_choices())
    async def leaderboard(
        self, interaction: Interaction, game: str | None = None, private: bool = False
    ) -> None:
        async with user_errors(interaction):
            assert interaction.guild_id is not None  # guild_only
            if game is not None:
                content, pages = await leaderboard_page(
                    self.bot.db, interaction.guild_id, game, 0, now=self.bot.now()
                )
                view = ui.ranking_pages_view(game, 0, pages)
                if view is None:
                    await interaction.response.send_message(content, ephemeral=private)
                else:
                    await interaction.response.send_message(content, view=view, ephemeral=private)
                return
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
            rated = await self.bot.db.ratings.rated_games(interaction.guild_id)
            footer = "Finished games in this server; ranked by wins, then losses."
            if rated:
                footer += " Ratings: /leaderboard game:<game>."
            embed.set_footer(text=footer)
            await interaction.response.send_message(embed=embed, ephemeral=private)

    @app_commands.command(
        name="stats", description="A player's record and ratings (yours by default)"
    )
    @app_commands.guild_only()
    @app_commands.describe(
        user="Whose record (default: yours)",
        game="Whose rating chart to draw (default: the game they have most rated results in)",
        private="Show it only to you (default: no)",
    )
    @app_commands.choices(game=variant_choices())
    async def stats(
        self,
        interaction: Interaction,
        user: discord.User | None = None,
        game: str | None = None,
        private: bool = False,
    ) -> None:
        async with user_errors(interaction):
            assert interaction.guild_id is not None  # guild_only
            guild_id = interaction.guild_id
            db = self.bot.db
            target = user or interaction.user
            if target.bot:
                raise UserError(f"{target.mention} is a bot; bots don't play Latrunculi.")
            here = await db.players.guild_record(guild_id, target.id)
            overall = (
                await db.players.get_player(target.id) if target.id == interaction.user.id else None
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
            active = await db.games.active_games(user_id=target.id, guild_id=guild_id)
            if active:
                lines.append(f"Games in progress here: {len(active)}.")
            ratings = {r.game: r for r in await db.ratings.player_ratings(guild_id, target.id)}
            tallies = {t.game: t for t in await db.players.game_records(guild_id, target.id)}
            now = self.bot.now()
            for game_id in sorted(set(ratings) | set(tallies), key=variant_title):
                lines.append(_game_line(game_id, ratings.get(game_id), tallies.get(game_id), now))
            chart_game = game or _most_rated(ratings)
            file = None
            if chart_game is not None:
                title = f"{variant_title(chart_game)} rating of {target.display_name}"
                file = await rating_chart_file(db, guild_id, target.id, chart_game, title=title)
                if file is None:
                    lines.append(f"No rated {variant_title(chart_game)} results here yet.")
            content = fit_lines(lines, MAX_CONTENT, keep_head=1)
            if file is None:
                await interaction.response.send_message(content, ephemeral=private)
            else:
                await interaction.response.send_message(content, file=file, ephemeral=private)


def _game_line(game: str, rating: RatingRecord | None, tally: GameTally | None, now: float) -> str:
    """ "• Chess: rating **1741?** (± 397, 1 rated result); 1 won, 0 lost, 0 drawn"."""
    parts = [f"• {variant_title(game)}:"]
    if rating is not None:
        results = f"{rating.results} rated result{'s' if rating.results != 1 else ''}"
        rd = rating.rd_at(now)
        parts.append(f"rating **{rating_words(rating.rating, rd)}** (± {round(rd)}, {results})")
    else:
        parts.append("not rated yet")
    if tally is not None:
        parts[-1] += ";"
        parts.append(record_words(tally.wins, tally.losses, tally.draws))
    return " ".join(parts)


def _most_rated(ratings: dict[str, RatingRecord]) -> str | None:
    """The game with the most rated results (the latest on a tie), for the chart."""
    if not ratings:
        return None
    return max(ratings.values(), key=lambda r: (r.results, r.rated_at)).game


class RankingPageButton(
    PersistentButton,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=ui.RANKING_TEMPLATE,
):
    """Previous / Next under ``/leaderboard game``: another page of this server's ratings
    (read again from storage; works after a restart)."""

    def __init__(self, game: str, page: int, way: str) -> None:
        super().__init__(ui.ranking_page_button(game, page, way))
        self.game = game
        self.page = page

    async def act(self, interaction: Interaction) -> None:
        assert interaction.guild_id is not None
        bot = interaction.client
        content, pages = await leaderboard_page(
            bot.db, interaction.guild_id, self.game, self.page, now=bot.now()
        )
        page = min(self.page, pages - 1)
        await interaction.response.edit_message(
            content=content, view=ui.ranking_pages_view(self.game, page, pages)
        )


async def setup(bot: LatrunculiBot) -> None:
    bot.add_dynamic_items(RankingPageButton)
    await bot.add_cog(Stats(bot))
