"""``/challenge`` and the Accept / Decline / Cancel buttons (old challenges expire in the sweep,
``bot/exts/sweep.py``)."""

from __future__ import annotations

import logging
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from rules import Wording
from rules.games import GameOption, find_game
from storage import CUSTOM_POSITION, AILevel

from .. import ui
from ..buttons import PersistentButton
from ..client import GameBot
from ..errors import UserError, answer_language, send_ephemeral, user_errors
from ..i18n import DEFAULT_LANGUAGE, mark, translate
from ..presenters import playable_games
from ..services.challenges import (
    checked_start_position,
    closed_challenge,
    parse_options,
    send_challenge,
    start_game,
)
from ..services.computer import computer_games
from ..services.languages import language_for, server_language
from ..services.pace import PACE_CHOICES
from ..services.tables import check_invited, invited_ids, is_table_game
from ..texts import game_name, join_words, option_words

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


DEFAULT_LEVEL = "medium"
"""The computer's level when a challenge to it names none."""

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


def challenge_options(game_kind: str, options: str | None, position: str | None) -> dict[str, str]:
    """The challenge's checked options, with the start ``position`` a player gave (kept as
    the option :data:`storage.CUSTOM_POSITION`)."""
    resolved = parse_options(game_kind, options)
    if position is not None and position.strip():
        if options:
            raise UserError(
                mark(
                    "Give either `options` or a `position`: a position says everything "
                    "about the board. No challenge was made."
                )
            )
        resolved[CUSTOM_POSITION] = checked_start_position(game_kind, position)
    return resolved


NO_LONGER_OPEN = {
    "expired": mark("This challenge is no longer open: it has expired."),
    "accepted": mark("This challenge is no longer open: it was accepted."),
    "declined": mark("This challenge is no longer open: it was declined."),
    "cancelled": mark("This challenge is no longer open: it was cancelled."),
}
"""Why a challenge's button refuses, by the challenge's status."""


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
        ch = await bot.db.challenges.get_challenge(self.challenge_id)
        if ch is None or ch.guild_id != interaction.guild_id:  # a challenge of another server
            raise UserError(mark("I can't find that challenge any more."))
        uid = interaction.user.id
        if ch.status != "pending" or ch.expires_at <= bot.now():
            status = "expired" if ch.status == "pending" else ch.status
            raise UserError(NO_LONGER_OPEN.get(status, NO_LONGER_OPEN["expired"]))
        if self.action == "cancel":
            if uid != ch.challenger_id:
                raise UserError(
                    mark("Only <@{player}>, who made this challenge, can cancel it."),
                    player=ch.challenger_id,
                )
            await bot.db.challenges.cancel_challenge(ch.id, uid, now=bot.now())
            language = await server_language(bot.db, ch.guild_id)  # the message is public
            words = translate("🚫 Cancelled by the challenger.", language)
            await interaction.response.edit_message(
                content=closed_challenge(ch, language, words), view=None
            )
            return
        if uid == ch.challenger_id:
            raise UserError(
                mark("You can't accept or decline your own challenge; use Cancel to withdraw it.")
            )
        if ch.challenged_id is not None and uid != ch.challenged_id:
            raise UserError(
                mark("This challenge is for <@{player}>; only they can answer it."),
                player=ch.challenged_id,
            )
        if self.action == "decline":
            await bot.db.challenges.decline_challenge(ch.id, uid, now=bot.now())
            language = await server_language(bot.db, ch.guild_id)
            words = translate("❌ Declined by <@{player}>.", language, player=uid)
            await interaction.response.edit_message(
                content=closed_challenge(ch, language, words), view=None
            )
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
            user = interaction.user
            if is_table_game(game_kind):
                if position:
                    raise UserError(
                        mark(
                            "A ludo table starts from the start (the bot rolls for the first "
                            "player); leave `position` empty. No table was opened."
                        )
                    )
                await self.open_table(
                    interaction, game_kind, opponent, colour, options, players, rated, level, days
                )
                return
            if players:
                raise UserError(
                    mark(
                        "`players` invites players to a ludo table; to challenge one person to "
                        "{game}, use `opponent`."
                    ),
                    game=Wording(find_game(game_kind).name),
                )
            me = self.bot.user
            if opponent is not None and me is not None and opponent.id == me.id:
                resolved = challenge_options(game_kind, options, position)
                await self._challenge_computer(
                    interaction, game_kind, colour, resolved, level, days
                )
                return
            if level is not None:
                raise UserError(
                    mark(
                        "`level` is for a game against me: choose <@{bot}> as the opponent, "
                        "or leave `level` empty. No challenge was made."
                    ),
                    bot=me.id if me else 0,
                )
            if opponent is not None:
                if opponent.id == user.id:
                    raise UserError(
                        mark(
                            "You can't challenge yourself. "
                            "Leave `opponent` empty for an open challenge."
                        )
                    )
                if opponent.bot:
                    raise UserError(
                        mark(
                            "{player} is a bot and can't play; challenge a person, "
                            "or me (<@{bot}>)."
                        ),
                        player=opponent.mention,
                        bot=me.id if me else 0,
                    )
            resolved = challenge_options(game_kind, options, position)
            bot = self.bot
            now = bot.now()
            await bot.db.players.upsert_player(user.id, user.display_name, now=now)
            if opponent is not None:
                await bot.db.players.upsert_player(opponent.id, opponent.display_name, now=now)
            ch = await bot.db.challenges.create_challenge(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id or 0,
                challenger_id=user.id,
                challenged_id=opponent.id if opponent else None,
                game_kind=game_kind,
                options=resolved,
                colour=colour,  # type: ignore[arg-type]
                expires_in=bot.settings.challenge_ttl_seconds,
                # a custom start is casual, and so is a game against a bot (the computer)
                rated=rated
                and CUSTOM_POSITION not in resolved
                and not (opponent is not None and opponent.bot),
                pace_hours=days,
                now=now,
            )
            await send_challenge(interaction, ch)

    async def open_table(
        self,
        interaction: Interaction,
        game_kind: str,
        opponent: discord.Member | None,
        colour: str,
        options: str | None,
        players: str | None,
        rated: bool = True,
        level: str | None = None,
        days: int | None = None,
    ) -> None:
        """``/challenge`` for a multi-seat game: post a table players join (the host sits
        first; ``players`` -- people of this server only -- and ``opponent`` are invited,
        pinged as challenges are: once an hour at most). With the bot itself as ``opponent``
        it sits second, played by the computer at ``level``."""
        user = interaction.user
        if colour != "random":
            raise UserError(
                mark(
                    "At a ludo table the colours follow the seats (the order players sit down); "
                    "leave `colour` empty."
                )
            )
        most = find_game(game_kind).table_seats or 4
        invited = invited_ids(players, user.id, most)
        me = self.bot.user
        assert interaction.guild is not None  # /challenge is guild_only
        await check_invited(interaction.guild, me.id if me else None, invited)
        seated: list[int] | None = None
        levels: list[AILevel | None] | None = None
        if opponent is not None and me is not None and opponent.id == me.id:
            if game_kind not in computer_games():  # pragma: no cover - the bot plays ludo
                raise UserError(
                    mark("I can't play {game} myself yet; challenge a person to it."),
                    game=Wording(find_game(game_kind).name),
                )
            seated, levels = [user.id, me.id], [None, cast(AILevel, level or DEFAULT_LEVEL)]
            opponent = None
        elif level is not None:
            raise UserError(
                mark(
                    "`level` is for my seat: choose <@{bot}> as the opponent (or press "
                    "**Add bot** on the table), or leave `level` empty. No table was opened."
                ),
                bot=me.id if me else 0,
            )
        if opponent is not None:
            if opponent.bot:
                raise UserError(
                    mark("{player} is a bot and can't play; invite a person."),
                    player=opponent.mention,
                )
            if opponent.id != user.id and opponent.id not in invited:
                invited.insert(0, opponent.id)
        if len(invited) > most - 1:
            raise UserError(
                mark("A table has {seats} seats: invite at most {most} players."),
                seats=most,
                most=most - 1,
            )
        resolved = parse_options(game_kind, options)
        bot = self.bot
        now = bot.now()
        await bot.db.players.upsert_player(user.id, user.display_name, now=now)
        if seated is not None and me is not None:
            await bot.db.players.upsert_player(me.id, me.display_name, now=now)
        ch = await bot.db.challenges.create_table(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id or 0,
            host_id=user.id,
            game_kind=game_kind,
            max_seats=most,
            options=resolved,
            invited=invited,
            seated=seated,
            seated_levels=levels,
            expires_in=bot.settings.challenge_ttl_seconds,
            rated=rated,
            pace_hours=days,
            now=now,
        )
        await send_challenge(interaction, ch)

    async def _challenge_computer(
        self,
        interaction: Interaction,
        game_kind: str,
        colour: str,
        resolved: dict[str, str],
        level: str | None,
        days: int | None = None,
    ) -> None:
        """A challenge to the bot itself: stored like any other, with the level on it, and
        accepted by the computer at once; the game starts in its thread like any other."""
        bot = self.bot
        me = bot.user
        assert me is not None
        if game_kind not in computer_games():
            language = await answer_language(interaction)  # the refusal is the player's
            playable = [g.id for g in playable_games() if g.id in computer_games()]
            mine = join_words([game_name(g, language) for g in playable], language)
            if not playable:  # pragma: no cover - the bot plays the Latrunculi rule sets
                raise UserError(
                    mark("I can't play {game} myself yet; challenge a person to it."),
                    game=Wording(find_game(game_kind).name),
                )
            raise UserError(
                mark("I can't play {game} myself yet; challenge a person to it. I play {games}."),
                game=Wording(find_game(game_kind).name),
                games=mine,
            )
        user = interaction.user
        now = bot.now()
        await bot.db.players.upsert_player(user.id, user.display_name, now=now)
        await bot.db.players.upsert_player(me.id, me.display_name, now=now)
        ch = await bot.db.challenges.create_challenge(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id or 0,
            challenger_id=user.id,
            challenged_id=me.id,
            game_kind=game_kind,
            options=resolved,
            colour=colour,  # type: ignore[arg-type]
            expires_in=bot.settings.challenge_ttl_seconds,
            ai_level=cast(AILevel, level or DEFAULT_LEVEL),
            rated=False,  # a game against the computer is never rated
            pace_hours=days,  # the computer moves at once; the person has this long
            now=now,
        )
        await send_challenge(interaction, ch)
        message = await interaction.original_response()
        await start_game(interaction, ch, accepter=me, message=message)

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
