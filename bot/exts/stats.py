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
from ..client import GameBot
from ..errors import UserError, user_errors
from ..i18n import mark, translate, translate_plural
from ..limits import MAX_CONTENT, fit_lines
from ..services.languages import language_for, server_language
from ..services.ratings import leaderboard_page, rating_chart_file, rating_words
from ..texts import game_title
from .challenges import game_choices

__all__ = ["RankingPageButton", "Stats", "setup"]

log = logging.getLogger(__name__)

Interaction = discord.Interaction[GameBot]

TOP = 10


def _line(row: LeaderboardRow, language: str) -> str:
    medal = {1: "🥇", 2: "🥈", 3: "🥉"}.get(row.rank, f"{row.rank}.")
    return translate_plural(
        "{medal} <@{player}> — {wins} won, {losses} lost, {draws} drawn ({count} game)",
        "{medal} <@{player}> — {wins} won, {losses} lost, {draws} drawn ({count} games)",
        row.games,
        language,
        medal=medal,
        player=row.user_id,
        wins=row.wins,
        losses=row.losses,
        draws=row.draws,
    )


async def reply_language(interaction: Interaction, *, private: bool) -> str:
    """A private reply is the reader's own: their language; a public one is read by
    everyone in the channel: the server's."""
    db = interaction.client.db
    if private:
        return await language_for(db, interaction)
    return await server_language(db, interaction.guild_id)


class Stats(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="leaderboard", description="This server's top ten, or its ratings for one game"
    )
    @app_commands.guild_only()
    @app_commands.describe(
        game="Ratings for this game (default: the top ten by wins over every game)",
        private="Show it only to you (default: no)",
    )
    @app_commands.choices(game=game_choices())
    async def leaderboard(
        self, interaction: Interaction, game: str | None = None, private: bool = False
    ) -> None:
        async with user_errors(interaction):
            assert interaction.guild_id is not None  # guild_only
            language = await reply_language(interaction, private=private)
            if game is not None:
                content, pages = await leaderboard_page(
                    self.bot.db,
                    interaction.guild_id,
                    game,
                    0,
                    now=self.bot.now(),
                    language=language,
                )
                view = ui.ranking_pages_view(game, 0, pages, language)
                if view is None:
                    await interaction.response.send_message(content, ephemeral=private)
                else:
                    await interaction.response.send_message(content, view=view, ephemeral=private)
                return
            rows = await self.bot.db.players.leaderboard(interaction.guild_id, limit=TOP)
            if not rows:
                raise UserError(
                    mark(
                        "No games have been finished in this server yet. "
                        "Start one with `/challenge`."
                    )
                )
            embed = discord.Embed(
                title=translate("Leaderboard: every game", language),
                description="\n".join(_line(r, language) for r in rows),
                colour=discord.Colour.dark_gold(),
            )
            if await self.bot.db.ratings.rated_games(interaction.guild_id):
                # a field, not the footer: a footer shows no code span, and the command
                # keeps its English name in one
                embed.add_field(
                    name=translate("Ratings of one game", language), value="`/leaderboard game`"
                )
            embed.set_footer(
                text=translate(
                    "Finished games in this server; ranked by wins, then losses.", language
                )
            )
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
    @app_commands.choices(game=game_choices())
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
                raise UserError(
                    mark("{player} is a bot: its games are not rated and it keeps no record."),
                    player=target.mention,
                )
            language = await reply_language(interaction, private=private)
            here = await db.players.guild_record(guild_id, target.id)
            overall = (
                await db.players.get_player(target.id) if target.id == interaction.user.id else None
            )
            lines = [translate("**Record of <@{player}>**", language, player=target.id)]
            if here is None:
                lines.append(translate("In this server: no finished games yet.", language))
            else:
                lines.append(
                    translate_plural(
                        "In this server: {wins} won, {losses} lost, {draws} drawn in {count} game "
                        "— rank {rank} on `/leaderboard`.",
                        "In this server: {wins} won, {losses} lost, {draws} drawn in {count} games "
                        "— rank {rank} on `/leaderboard`.",
                        here.games,
                        language,
                        wins=here.wins,
                        losses=here.losses,
                        draws=here.draws,
                        rank=here.rank,
                    )
                )
            if overall is not None and overall.games_played:
                lines.append(
                    translate_plural(
                        "In all servers: {wins} won, {losses} lost, {draws} drawn in {count} game.",
                        "In all servers: {wins} won, {losses} lost, {draws} drawn "
                        "in {count} games.",
                        overall.games_played,
                        language,
                        wins=overall.wins,
                        losses=overall.losses,
                        draws=overall.draws,
                    )
                )
            active = await db.games.active_games(user_id=target.id, guild_id=guild_id)
            if active:
                lines.append(
                    translate("Games in progress here: {count}.", language, count=len(active))
                )
            ratings = {r.game: r for r in await db.ratings.player_ratings(guild_id, target.id)}
            tallies = {t.game: t for t in await db.players.game_records(guild_id, target.id)}
            now = self.bot.now()
            for game_id in sorted(set(ratings) | set(tallies), key=game_title):
                lines.append(
                    _game_line(game_id, ratings.get(game_id), tallies.get(game_id), now, language)
                )
            chart_game = game or _most_rated(ratings)
            file = None
            if chart_game is not None:
                title = translate(
                    "{game} rating of {player}",
                    language,
                    game=game_title(chart_game, language=language),
                    player=target.display_name,
                )
                file = await rating_chart_file(
                    db, guild_id, target.id, chart_game, title=title, language=language
                )
                if file is None:
                    lines.append(
                        translate(
                            "No rated {game} results here yet.",
                            language,
                            game=game_title(chart_game, language=language),
                        )
                    )
            content = fit_lines(lines, MAX_CONTENT, keep_head=1)
            if file is None:
                await interaction.response.send_message(content, ephemeral=private)
            else:
                await interaction.response.send_message(content, file=file, ephemeral=private)


def _game_line(
    game: str, rating: RatingRecord | None, tally: GameTally | None, now: float, language: str
) -> str:
    """ "• Chess: rating **1741?** (± 397, 1 rated result); 1 won, 0 lost, 0 drawn"."""
    name = game_title(game, language=language)
    if rating is None:
        if tally is None:  # pragma: no cover - a game is listed for a rating or a record
            return translate("• {game}: not rated yet", language, game=name)
        return translate(
            "• {game}: not rated yet; {wins} won, {losses} lost, {draws} drawn",
            language,
            game=name,
            wins=tally.wins,
            losses=tally.losses,
            draws=tally.draws,
        )
    rd = rating.rd_at(now)
    values = {"game": name, "rating": rating_words(rating.rating, rd), "rd": round(rd)}
    if tally is None:
        return translate_plural(
            "• {game}: rating **{rating}** (± {rd}, {count} rated result)",
            "• {game}: rating **{rating}** (± {rd}, {count} rated results)",
            rating.results,
            language,
            **values,
        )
    return translate_plural(
        "• {game}: rating **{rating}** (± {rd}, {count} rated result); "
        "{wins} won, {losses} lost, {draws} drawn",
        "• {game}: rating **{rating}** (± {rd}, {count} rated results); "
        "{wins} won, {losses} lost, {draws} drawn",
        rating.results,
        language,
        wins=tally.wins,
        losses=tally.losses,
        draws=tally.draws,
        **values,
    )


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
        message = interaction.message
        private = message is not None and message.flags.ephemeral
        language = await reply_language(interaction, private=private)
        content, pages = await leaderboard_page(
            bot.db,
            interaction.guild_id,
            self.game,
            self.page,
            now=bot.now(),
            language=language,
        )
        page = min(self.page, pages - 1)
        await interaction.response.edit_message(
            content=content, view=ui.ranking_pages_view(self.game, page, pages, language)
        )


async def setup(bot: GameBot) -> None:
    bot.add_dynamic_items(RankingPageButton)
    await bot.add_cog(Stats(bot))
