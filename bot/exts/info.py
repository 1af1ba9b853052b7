# ruff: noqa: E501
"""``/rules``, ``/help`` and ``/games``."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from rules.games import find_game
from storage import ListedGame

from .. import ui
from ..buttons import PersistentButton
from ..client import GameBot
from ..errors import mark_plural, user_errors
from ..i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    format_number,
    mark,
    translate,
    translate_plural,
)
from ..limits import MAX_CONTENT, cut
from ..pictures import start_picture
from ..presenters import all_presenters, presenter_for
from ..services.announce import jump_url
from ..services.complete import label
from ..services.languages import language_for
from ..services.names import shown_name
from ..services.pace import game_timeout, pace_words
from ..services.rules_texts import rules_messages
from ..translator import as_client_names, command_mention
from .challenges import game_choices

log = logging.getLogger(__name__)

Interaction = discord.Interaction[GameBot]

HELP_LINES = [
    mark(
        "**Latrunculi** — the Roman game of soldiers, in four rule sets (classic, Rügen, Schädler, LAT) — **chess**, **English draughts**, **backgammon** (with the doubling cube, single games or matches) and **ludo** for 2–4 players."
    ),
    mark(
        "• `/challenge variant [opponent] [colour] [options]` — challenge someone, or leave `opponent` empty for an open challenge. The game is played in a thread under the challenge."
    ),
    mark(
        "• `/challenge variant:ludo [players:@a @b @c]` — open a ludo table for 2–4: players press **{join}**, you press **{start}**; the bot rolls, you pick a token (buttons or `/move 12-17`)."
    ),
    mark(
        "• `/challenge variant:backgammon [options:match=5]` — backgammon with the doubling cube: I roll the dice; **{roll}**, **{double}**, **{take}** and **{drop}** under the board; `/move 24/18 13/11` or the **{move}** button step by step. `match=N` plays a match to N points (Crawford rule)."
    ),
    mark(
        "• `/challenge variant opponent:`{bot}` [level]` — play against me, in any game: `level` easy, medium (default) or hard; I move in the game's thread as soon as it is my turn."
    ),
    mark(
        "• `/move move [game]` — play a move: `a2-a5` (slide or step), `c3-c5-e5` (jumps), `@d4` (place), `xd5` (remove); chess in SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`); draughts in PDN (`11-15`, `22x15`, `15x24x31`). Suggestions list your legal moves; the **{move}** button under each board does the same with menus."
    ),
    mark(
        "• `/board [game] [private] [view] [theme]` — the current board (your side at the bottom). `/history [game]` — the moves and the full record as a file."
    ),
    mark(
        "• `/games` — your games in progress. `/draw` — offer (or accept) a draw. `/resign` — give up a game. `/abort` — call off a game before both sides have moved (no result)."
    ),
    mark(
        "• `/notify [mode]` — how you are told it is your move: a mention in the game's thread (default), a direct message (at most one an hour, listing every game waiting), or silent."
    ),
    mark(
        "• `/takeback [game]` — ask your opponent to take back your last move (and their reply); never across a dice roll."
    ),
    mark(
        "• `/challenge … days:` — the time for each move of that game: 1, 6 or 12 hours, or 1 to 14 days (default: this server's usual pace)."
    ),
    mark(
        "• `/tournament create game format` — a round-robin or Swiss tournament in this channel (ludo: tables re-seated by standing): players press **{join}**, the organiser **{start}**; each pairing is an ordinary game. `/tournament withdraw`, `/tournament standings`, `/tournament next`."
    ),
    mark(
        "• `/analysis [game]` — once a game is over: where it was won and lost (each player's accuracy, mistakes and blunders, the costliest moves, a chart)."
    ),
    mark(
        "• `/vacation [days]` — pause your move clock (up to 14 days a month); your opponents see it under the board."
    ),
    mark(
        "• `/settings [only_turn]` — whether the bot plays your turn when the dice allow only one legal play (backgammon; off by default)."
    ),
    mark(
        "• `/leaderboard [game]` — this server's top ten, or its ratings for a game. `/stats [user] [game]` — a player's record, ratings and rating chart. Games between people are rated unless you challenge with `rated:False`."
    ),
    mark(
        "• `/rules variant` — the rules of a game as its sheet states them, then the decisions of this bot, with its start position. `/help` — this page."
    ),
    mark(
        "• {command} — the language I speak to you, or this server's default (needs Manage Server)."
    ),
    mark(
        "Only a game's players can move; captures are announced after every move; forced passes are played for you."
    ),
]
"""``/help``, one catalog entry a line (``{command}``: ``/language`` as the reader's client
names it; ``{bot}``: the bot's own mention, the opponent to challenge to play against it;
``{move}``, ``{join}``…: the buttons' labels as the reader's language has them). Commands and
their options are shown as the reader's client lists them (:func:`as_client_names`)."""

HELP_BUTTONS = {
    name.lower(): name for name in ("Join", "Start", "Roll", "Double", "Take", "Drop", "Move")
}
"""The buttons ``/help`` names, by placeholder: the same catalog entries as the buttons."""

HELP_TITLE = mark("Latrunculi bot")

START_FOOTER = mark("Start position ({format}): {position}")
"""Under ``/rules``: the start position in the game's notation."""


def help_text(language: str, client_locale: str, bot: str) -> str:
    """``/help`` in ``language``, with the count of languages the bot speaks under it
    (``bot``: how to name the bot as an opponent, its mention)."""
    command = command_mention("language", client_locale)
    buttons = {key: translate(label, language) for key, label in HELP_BUTTONS.items()}
    lines = [
        as_client_names(
            translate(line, language, command=command, bot=bot, **buttons), client_locale
        )
        for line in HELP_LINES
    ]
    # the games /help's own lines do not name (a game registered from outside), after the first
    games = [p.help_line(language) for p in all_presenters()]
    lines[1:1] = [line for line in games if line]
    footer = translate_plural(
        "I speak {count} language; choose yours with {command}.",
        "I speak {count} languages; choose yours with {command}.",
        len(LANGUAGES),
        language,
        command=command,
    )
    return "\n".join(lines) + "\n\n" + footer


class Info(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="rules", description="The rules of a game (or Latrunculi variant), with its start"
    )
    @app_commands.guild_only()
    @app_commands.rename(game_kind="variant")  # the option players type (spec)
    @app_commands.describe(game_kind="Which game or rule set")
    @app_commands.choices(game_kind=game_choices())
    async def rules(self, interaction: Interaction, game_kind: str) -> None:
        """The game's rules in the reader's language -- its sheet's own text where the sheet
        has that language, then the house decisions (:mod:`bot.services.rules_texts`) -- with
        the start position's picture. Only the reader sees it: it is in their language, and
        several messages long for the longer sheets."""
        async with user_errors(interaction):
            game = find_game(game_kind)
            presenter = presenter_for(game.id)
            language = await language_for(self.bot.db, interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            start = game.start()
            footer = translate(
                START_FOOTER, language, format=presenter.position_format, position=start
            )
            messages = rules_messages(
                game.id,
                language,
                colour=discord.Colour.dark_gold(),
                footer=footer,
                client_locale=interaction.locale.value,
            )
            messages[0][-1].set_image(url="attachment://start.png")
            file = await start_picture(game, language, filename="start.png")
            await interaction.followup.send(embeds=messages[0], file=file, ephemeral=True)
            for embeds in messages[1:]:
                await interaction.followup.send(embeds=embeds, ephemeral=True)

    def _mention(self) -> str:
        """The bot as players name it in ``/challenge opponent:``."""
        user = self.bot.user
        return user.mention if user is not None else "@Latrunculi"

    @app_commands.command(name="help", description="How to play the games with this bot")
    @app_commands.guild_only()
    async def help(self, interaction: Interaction) -> None:
        language = await language_for(self.bot.db, interaction)
        embed = discord.Embed(
            title=translate(HELP_TITLE, language),
            description=help_text(language, interaction.locale.value, self._mention()),
            colour=discord.Colour.dark_gold(),
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(
        name="games", description="Your games in progress, with links to their boards"
    )
    @app_commands.guild_only()
    async def games(self, interaction: Interaction) -> None:
        """The caller's games in progress here, privately. Deferred first: the list is read
        from storage (one query, whatever the number of games) before anything is sent, and
        Discord drops an interaction not answered within 3 seconds."""
        async with user_errors(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            language = await language_for(self.bot.db, interaction)
            content, view = await games_page(
                self.bot, interaction.user.id, interaction.guild_id, 0, language
            )
            if view is None:
                await interaction.followup.send(content, ephemeral=True)
            else:
                await interaction.followup.send(content, view=view, ephemeral=True)


GAMES_HEADER_ROOM = 80
"""Room kept on each ``/games`` page for its first line (count and page number)."""

GAMES_PER_PAGE = 10
"""Games on each ``/games`` page. A fixed number, so a page is read and labelled alone (one
query for its ten rows, ten rules sessions to say whose move it is), however many games the
player has: pages cut by length needed every game's label, 3.7 s for 5,000 games. Ten lines
of a usual length (a label, its link) take about 1,600 characters."""

GAMES_LINE_ROOM = (MAX_CONTENT - GAMES_HEADER_ROOM) // GAMES_PER_PAGE
"""Characters of one ``/games`` line: ten of them always fit in a message (a label made long
by escaped markdown in a name is shortened; its game number and link always show)."""


NO_GAMES = mark("You have no games in progress here. Start one with `/challenge`.")
GAMES_TITLE = mark_plural(
    "Your game in progress here ({count}):", "Your games in progress here ({count}):"
)
GAMES_PAGE_TITLE = mark_plural(
    "Your game in progress here ({count}) — page {page} of {pages}:",
    "Your games in progress here ({count}) — page {page} of {pages}:",
)
"""``/games``' first line, one template per form (a language orders its words its own way)."""


def games_line(
    listed: ListedGame, user_id: int, language: str, default_timeout: float | None = None
) -> str:
    """ "• #12 Latrunculi (Rügen) vs Bob (your move) · ⏱️ 3 days per move — <link to its
    board>", at most :data:`GAMES_LINE_ROOM` characters: the label is cut to leave room for
    the link. The pace is the game's own, else ``default_timeout`` (seconds; the bot's)."""
    record = listed.game
    names = [shown_name(s.player_id, n) for s, n in zip(record.seats, listed.names, strict=True)]
    text = label(record, user_id, names, markdown=True, language=language)
    timeout = game_timeout(record, default_timeout)
    if timeout is not None:
        text += f" · ⏱️ {pace_words(timeout / 3600, language)}"
    url = jump_url(record)
    tail = f" — {url}" if url else ""
    return f"• {cut(text, GAMES_LINE_ROOM - len(tail) - 2)}{tail}"


async def games_page(
    bot: GameBot,
    user_id: int,
    guild_id: int | None,
    page: int,
    language: str = DEFAULT_LANGUAGE,
) -> tuple[str, discord.ui.View | None]:
    """Page ``page`` (0-based; past the end means the last) of the user's games in progress
    here, newest activity first, read from storage now, with Previous / Next buttons when
    there are several pages (:data:`GAMES_PER_PAGE` games each)."""
    games = bot.db.games
    page = max(page, 0)
    count, listed = await games.player_games_page(
        user_id, guild_id=guild_id, offset=page * GAMES_PER_PAGE, limit=GAMES_PER_PAGE
    )
    if count and not listed:  # past the end (games ended since the page was shown)
        page = (count - 1) // GAMES_PER_PAGE
        count, listed = await games.player_games_page(
            user_id, guild_id=guild_id, offset=page * GAMES_PER_PAGE, limit=GAMES_PER_PAGE
        )
    if not listed:
        return translate(NO_GAMES, language), None
    default = bot.settings.move_timeout_seconds
    lines = [games_line(one, user_id, language, default) for one in listed]
    pages = -(-count // GAMES_PER_PAGE)
    if pages > 1:
        singular, plural = GAMES_PAGE_TITLE
        title = translate_plural(
            singular,
            plural,
            count,
            language,
            page=format_number(page + 1, language),
            pages=format_number(pages, language),
        )
    else:
        title = translate_plural(*GAMES_TITLE, count, language)
    return title + "\n" + "\n".join(lines), ui.games_pages_view(page, pages, language)


class GamesPageButton(
    PersistentButton,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=ui.GAMES_TEMPLATE,
):
    """Previous / Next under ``/games``: shows another page of the clicker's games (read
    again from storage; works after a restart)."""

    def __init__(self, page: int, way: str) -> None:
        super().__init__(ui.games_page_button(page, way))
        self.page = page

    async def act(self, interaction: Interaction) -> None:
        bot = interaction.client
        await interaction.response.defer()  # (the page is read first, as for /games)
        language = await language_for(bot.db, interaction)
        content, view = await games_page(
            bot, interaction.user.id, interaction.guild_id, self.page, language
        )
        await interaction.edit_original_response(content=content, view=view)


async def setup(bot: GameBot) -> None:
    bot.add_dynamic_items(GamesPageButton)
    await bot.add_cog(Info(bot))


__all__ = ["HELP_LINES", "help_text", "GamesPageButton", "Info", "games_page", "setup"]
