"""``/challenge`` and the Accept / Decline / Cancel buttons (old challenges expire in the sweep,
``bot/exts/sweep.py``)."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from rules.games import GameOption, find_game

from .. import ui
from ..buttons import PersistentButton
from ..client import GameBot
from ..errors import answer_language, send_ephemeral, user_errors
from ..i18n import DEFAULT_LANGUAGE, mark, translate
from ..presenters import playable_games
from ..services.challenge_requests import (
    ChallengeAsk,
    check_answer,
    close_challenge,
    make_challenge,
)
from ..services.challenges import send_challenge, start_game
from ..services.languages import language_for
from ..services.pace import PACE_CHOICES
from ..texts import option_words

log = logging.getLogger(__name__)

Interaction = discord.Interaction[GameBot]


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def game_choices() -> list[app_commands.Choice[str]]:
    """Every variant, named with its one-line summary (a choice has no separate description)."""
    return [
        app_commands.Choice(name=_short(f"{g.name} — {g.description.rstrip('.')}", 100), value=g.id)
        for g in playable_games()
    ]


LEVEL_CHOICES = [
    app_commands.Choice(name="Easy — a beginner can win", value="easy"),
    app_commands.Choice(name="Medium (default)", value="medium"),
    app_commands.Choice(name="Hard — the strongest it plays", value="hard"),
]

COLOUR_CHOICES = [
    app_commands.Choice(name="Random (default)", value="random"),
    app_commands.Choice(name="White", value="white"),
    app_commands.Choice(name="Black", value="black"),
]


OPTION_DESCRIPTIONS: dict[str, str] = {
    "size": mark("8×8 (standard) or the wide 12×8 board"),
    "rows": mark("also capture whole rows of soldiers flanked at both ends"),
    "match": mark("Play a match to this many points (without it: a single game with the cube)"),
    "players": mark("How many play: 2 (red, yellow), 3 (red, blue, yellow) or 4"),
}
"""What each game option does, as the options' suggestions say it (by the option's key; the
rules core has the English, the bot translates it where it shows it)."""


def _suggestion(option: GameOption, value: str, language: str) -> str:
    """One suggestion's name: "Board size: 12×8 — 8×8 (standard) or the wide 12×8 board"."""
    name, words = option_words(option, value, language)
    english = OPTION_DESCRIPTIONS.get(option.key)
    values = {
        "option": name,
        "value": words,
        "description": translate(english, language) if english else option.description,
    }
    if value == option.default:
        return translate("{option}: {value} (default) — {description}", language, **values)
    return translate("{option}: {value} — {description}", language, **values)


def option_choices(
    game_kind: str | None, typed: str, language: str = DEFAULT_LANGUAGE
) -> list[app_commands.Choice[str]]:
    """Options of the chosen game (none offered for a game without options, nor those
    a table decides by its seats: ludo's ``players``), named in ``language`` (the reader's:
    only they see the suggestions)."""
    if not game_kind:
        return []
    try:
        game_rules = find_game(game_kind)
    except ValueError:
        return []
    typed = typed.strip().lower()
    seated = game_rules.seated_options  # decided by the table's seats
    out = []
    for opt in game_rules.options:
        if opt.key in seated:
            continue
        for value, _ in opt.choices:
            name = _suggestion(opt, value, language)
            code = f"{opt.key}={value}"
            if typed and typed not in name.lower() and typed not in code:
                continue
            out.append(app_commands.Choice(name=_short(name, 100), value=code))
    return out[:25]


class ChallengeButton(
    PersistentButton,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=ui.CHALLENGE_TEMPLATE,
):
    """Accept / Decline / Cancel on a challenge message; works after restarts."""

    def __init__(self, challenge_id: int, action: str) -> None:
        super().__init__(ui.challenge_button(challenge_id, action))
        self.challenge_id = challenge_id
        self.action = action

    async def act(self, interaction: Interaction) -> None:
        bot = interaction.client
        uid = interaction.user.id
        ch = await check_answer(bot, self.challenge_id, interaction.guild_id, uid, self.action)
        if self.action in ("cancel", "decline"):
            content = await close_challenge(bot, ch, uid, self.action)
            await interaction.response.edit_message(content=content, view=None)
            return
        await interaction.response.defer()
        await start_game(interaction, ch)


class Challenges(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="challenge",
        description=(
            "Challenge someone (or anyone) to a game of Latrunculi, chess, draughts, backgammon "
            "or ludo"
        ),
    )
    @app_commands.guild_only()
    @app_commands.describe(
        game_kind="Which game (or Latrunculi rule set) to play",
        opponent="Who you challenge; leave empty for an open challenge anyone may accept",
        colour="The colour you want to play (random by default)",
        options="The variant's options, e.g. size=12x8 for classic or rows=1 for rugen",
        position="Start from this position (LPN, FEN, PDN FEN or XGID); such games are casual",
        rated="Whether the result changes your ratings (default: yes; no = a casual game)",
        players="Ludo: the players you invite to your table, e.g. @Bob @Carol (up to three)",
        level="Against me (opponent: this bot): how strong I play (medium by default)",
        days="Time for each move (default: the server's usual pace)",
    )
    @app_commands.rename(game_kind="variant")  # the option players type (spec)
    @app_commands.choices(game_kind=game_choices(), colour=COLOUR_CHOICES, level=LEVEL_CHOICES)
    @app_commands.choices(days=PACE_CHOICES)
    async def challenge(
        self,
        interaction: Interaction,
        game_kind: str,
        opponent: discord.Member | None = None,
        colour: str = "random",
        options: str | None = None,
        position: str | None = None,
        rated: bool = True,
        players: str | None = None,
        level: str | None = None,
        days: int | None = None,
    ) -> None:
        async with user_errors(interaction):
            bot = self.bot
            assert interaction.guild is not None  # /challenge is guild_only
            ask = ChallengeAsk(
                game_kind=game_kind,
                opponent=opponent,
                colour=colour,
                options=options,
                position=position,
                rated=rated,
                players=players,
                level=level,
                days=days,
            )
            ch, computer = await make_challenge(
                bot,
                interaction.guild,
                interaction.channel_id or 0,
                interaction.user,
                ask,
                await answer_language(interaction),
            )
            await send_challenge(interaction, ch)
            if computer:  # the computer accepts at once
                assert bot.user is not None
                message = await interaction.original_response()
                await start_game(interaction, ch, accepter=bot.user, message=message)

    @challenge.autocomplete("options")
    async def options_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        language = await language_for(self.bot.db, interaction)
        return option_choices(getattr(interaction.namespace, "variant", None), current, language)


async def setup(bot: GameBot) -> None:
    bot.add_dynamic_items(ChallengeButton)
    await bot.add_cog(Challenges(bot))


__all__ = [
    "ChallengeButton",
    "Challenges",
    "option_choices",
    "send_ephemeral",
    "setup",
    "game_choices",
]
