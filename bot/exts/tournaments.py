"""``/tournament`` (issue 36): create one, withdraw, standings, force the next round; and the
Join / Leave / Start / Cancel buttons under a tournament's message. What happens is in
:mod:`bot.services.tournaments`; this module checks who may do what and answers."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from rules.games import find_game
from storage import TournamentRecord

from ..buttons import PersistentButton
from ..client import GameBot
from ..errors import UserError, answer_language, send_ephemeral, user_errors
from ..i18n import mark, translate, translate_plural
from ..services.challenges import parse_options
from ..services.languages import server_language
from ..services.pace import PACE_CHOICES
from ..services.tournaments import (
    MAX_PLAYERS,
    MAX_ROUND_ROBIN,
    MIN_PLAYERS,
    TOURNAMENT_TEMPLATE,
    begin,
    force_round,
    post_standings,
    refresh_message,
    round_deadline,
    tournament_content,
    tournament_view,
    withdraw,
)
from .challenges import game_choices

log = logging.getLogger(__name__)

Interaction = discord.Interaction[GameBot]

FORMAT_CHOICES = [
    app_commands.Choice(name="Round-robin (everyone plays everyone, 3–16 players)", value="rr"),
    app_commands.Choice(name="Double round-robin (everyone twice, both colours)", value="drr"),
    app_commands.Choice(name="Swiss (FIDE Dutch pairings, any number of players)", value="swiss"),
]
_FORMATS = {"rr": "round-robin", "drr": "double-round-robin", "swiss": "swiss"}


def may_manage(interaction: Interaction, t: TournamentRecord) -> bool:
    """The organiser, or a member who may manage the server."""
    user = interaction.user
    if user.id == t.organiser_id:
        return True
    perms = getattr(user, "guild_permissions", None)
    return bool(perms is not None and perms.manage_guild)


async def _tournament(interaction: Interaction, tournament_id: int) -> TournamentRecord:
    t = await interaction.client.db.tournaments.get(tournament_id)
    if t is None or t.guild_id != interaction.guild_id:
        raise UserError(mark("There is no tournament #{id} in this server."), id=tournament_id)
    return t


def _not_manager() -> UserError:
    return UserError(
        mark("Only the organiser (or a member who may manage the server) can do that.")
    )


class TournamentButton(
    PersistentButton,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=TOURNAMENT_TEMPLATE,
):
    """Join / Leave / Start / Cancel: the tournament is read from storage on every click."""

    def __init__(self, tournament_id: int, action: str) -> None:
        from ..services.tournaments import tournament_button

        super().__init__(tournament_button(tournament_id, action))
        self.tournament_id = tournament_id
        self.action = action

    async def act(self, interaction: Interaction) -> None:
        bot = interaction.client
        t = await _tournament(interaction, self.tournament_id)
        if t.status != "open":
            raise UserError(mark("Tournament #{id} has started or is over."), id=t.id)
        user = interaction.user
        language = await answer_language(interaction)
        if self.action == "join":
            await bot.db.players.upsert_player(user.id, user.display_name, now=bot.now())
            most = MAX_ROUND_ROBIN if t.format != "swiss" else MAX_PLAYERS
            if t.entrant(user.id) is not None:
                raise UserError(mark("You have joined tournament #{id} already."), id=t.id)
            if not await bot.db.tournaments.join(t.id, user.id, most=most, now=bot.now()):
                raise UserError(mark("Tournament #{id} is full."), id=t.id)
            said = translate("You have joined tournament #{id}.", language, id=t.id)
        elif self.action == "leave":
            if not await bot.db.tournaments.leave(t.id, user.id):
                raise UserError(mark("You have not joined tournament #{id}."), id=t.id)
            said = translate("You have left tournament #{id}.", language, id=t.id)
        elif not may_manage(interaction, t):
            raise _not_manager()
        elif self.action == "cancel":
            await bot.db.tournaments.cancel(t.id, now=bot.now())
            said = translate("Tournament #{id} is cancelled.", language, id=t.id)
        else:  # start
            if len(t.entrants) < MIN_PLAYERS[t.format]:
                raise UserError(
                    mark("A tournament of this kind needs {least} players at least."),
                    least=MIN_PLAYERS[t.format],
                )
            await interaction.response.defer(ephemeral=True, thinking=True)
            await begin(bot, t)
            await interaction.followup.send(
                translate("Tournament #{id} has started.", language, id=t.id), ephemeral=True
            )
            return
        t = await bot.db.tournaments.require(t.id)
        server = await server_language(bot.db, t.guild_id)
        await interaction.response.edit_message(
            content=tournament_content(t, server, _default_hours(bot)),
            view=tournament_view(t, server),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await interaction.followup.send(said, ephemeral=True)


def _default_hours(bot: GameBot) -> float | None:
    seconds = bot.settings.move_timeout_seconds
    return None if seconds is None else seconds / 3600


class Tournaments(
    commands.GroupCog,
    group_name="tournament",
    group_description="Tournaments in this server: create one, withdraw, standings",
):
    """``/tournament create | withdraw | standings | next``."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @app_commands.command(name="create", description="Organise a tournament in this channel")
    @app_commands.guild_only()
    @app_commands.describe(
        game="Which game (or Latrunculi rule set) is played",
        format="Round-robin or Swiss (ludo: tables re-seated by standing)",
        rounds="Swiss and ludo: how many rounds (default 3)",
        days="Time for each move (default: the server's usual pace)",
        rated="Whether the games change ratings (default: yes)",
        starts="Start by itself this many hours from now (default: when you press Start)",
        options="The game's options, e.g. match=3 (backgammon: each pairing a match to 3)",
    )
    @app_commands.choices(game=game_choices(), format=FORMAT_CHOICES)
    @app_commands.choices(days=PACE_CHOICES)
    async def create(
        self,
        interaction: Interaction,
        game: str,
        format: str,
        rounds: app_commands.Range[int, 1, 20] | None = None,
        days: int | None = None,
        rated: bool = True,
        starts: app_commands.Range[int, 1, 336] | None = None,
        options: str | None = None,
    ) -> None:
        async with user_errors(interaction):
            bot = self.bot
            kind = _FORMATS.get(format, "swiss")
            if find_game(game).table_seats:  # ludo: tables of 3-4, re-seated by standing
                kind = "tables"
            elif rounds is not None and kind != "swiss":
                raise UserError(
                    mark(
                        "A round-robin has as many rounds as its players need; leave "
                        "`rounds` empty. No tournament was made."
                    )
                )
            chosen = parse_options(game, options)  # refused with the game's words
            assert interaction.guild_id is not None  # guild_only
            now = bot.now()
            t = await bot.db.tournaments.create(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id or 0,
                organiser_id=interaction.user.id,
                game=game,
                options=chosen,
                format=kind,
                rounds=(rounds or 3) if kind in ("swiss", "tables") else None,
                pace_hours=days,
                rated=rated,
                starts_at=None if starts is None else now + starts * 3600.0,
                now=now,
            )
            language = await server_language(bot.db, t.guild_id)
            await interaction.response.send_message(
                tournament_content(t, language, _default_hours(bot)),
                view=tournament_view(t, language) or discord.utils.MISSING,
                allowed_mentions=discord.AllowedMentions.none(),
            )
            message = await interaction.original_response()
            await bot.db.tournaments.set_message(t.id, message.id)

    @app_commands.command(name="withdraw", description="Leave a tournament you play in")
    @app_commands.guild_only()
    @app_commands.describe(tournament="The tournament's number")
    async def withdraw_command(self, interaction: Interaction, tournament: int) -> None:
        async with user_errors(interaction):
            t = await _tournament(interaction, tournament)
            user = interaction.user
            entrant = t.entrant(user.id)
            if entrant is None or not entrant.active:
                raise UserError(mark("You are not playing in tournament #{id}."), id=t.id)
            if t.status == "open":
                await self.bot.db.tournaments.leave(t.id, user.id)
                await refresh_message(self.bot, await self.bot.db.tournaments.require(t.id))
            elif t.status == "running":
                await interaction.response.defer(ephemeral=True, thinking=True)
                await withdraw(self.bot, t, user.id)
            else:
                raise UserError(mark("Tournament #{id} has started or is over."), id=t.id)
            language = await answer_language(interaction)
            await send_ephemeral(
                interaction,
                translate("You have withdrawn from tournament #{id}.", language, id=t.id),
            )

    @app_commands.command(name="standings", description="A tournament's standings")
    @app_commands.guild_only()
    @app_commands.describe(tournament="The tournament's number")
    async def standings_command(self, interaction: Interaction, tournament: int) -> None:
        async with user_errors(interaction):
            t = await _tournament(interaction, tournament)
            await interaction.response.defer(ephemeral=True, thinking=True)
            await post_standings(self.bot, t, final=t.status == "finished")
            language = await answer_language(interaction)
            await interaction.followup.send(
                translate("The standings are posted in the tournament's thread.", language),
                ephemeral=True,
            )

    @app_commands.command(
        name="next", description="Organiser: end the round after its deadline and go on"
    )
    @app_commands.guild_only()
    @app_commands.describe(tournament="The tournament's number")
    async def next_command(self, interaction: Interaction, tournament: int) -> None:
        async with user_errors(interaction):
            t = await _tournament(interaction, tournament)
            if not may_manage(interaction, t):
                raise _not_manager()
            if t.status != "running":
                raise UserError(mark("Tournament #{id} is not being played."), id=t.id)
            deadline = round_deadline(t, self.bot.settings.move_timeout_seconds)
            if deadline is not None and self.bot.now() < deadline:
                raise UserError(
                    mark("Round {round} may be ended after its deadline, <t:{when}:f>."),
                    round=t.round,
                    when=int(deadline),
                )
            await interaction.response.defer(ephemeral=True, thinking=True)
            ended = await force_round(self.bot, t)
            language = await answer_language(interaction)
            await interaction.followup.send(
                translate_plural(
                    "Round {round} ended: {count} game lost on time.",
                    "Round {round} ended: {count} games lost on time.",
                    ended,
                    language,
                    round=t.round,
                ),
                ephemeral=True,
            )


async def setup(bot: GameBot) -> None:
    bot.add_dynamic_items(TournamentButton)
    await bot.add_cog(Tournaments(bot))


__all__ = ["TournamentButton", "Tournaments", "may_manage", "setup"]
