"""Playing and watching: ``/move`` (with autocomplete), the Move button's selects, ``/board``
and ``/history``."""

from __future__ import annotations

import asyncio
import dataclasses
import io
import logging
import time
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from rendering import THEMES
from rules.games import find_game
from storage import GameRecord

from .. import ui
from ..buttons import PersistentItem, dynamic_view
from ..client import GameBot
from ..errors import (
    UserError,
    answer_language,
    game_over_error,
    user_errors,
)
from ..i18n import DEFAULT_LANGUAGE, mark, translate
from ..limits import MAX_CHOICE_NAME, MAX_CONTENT, cut
from ..pictures import taken_in_game
from ..presenters import BoardView, RecordInfo, playable_games, presenter_for
from ..services import picker
from ..services.announce import (
    board_payload,
    jump_url,
    result_words,
)
from ..services.complete import listed_label
from ..services.games import player_for, position_session
from ..services.languages import language_for, server_language
from ..services.menus import moved_on_text
from ..services.names import display_names, names_for_text, player_name
from ..services.pipeline import Surface, play_by
from ..services.replays import replay_file
from ..text_view import board_in_words
from ..texts import game_title, one_line, turn_words

log = logging.getLogger(__name__)

Interaction = discord.Interaction[GameBot]


def tag(value: str) -> str:
    """A value for a ``[Key "value"]`` line of the record file (a quote would end it)."""
    return value.replace('"', "'").replace("\n", " ")


MAX_HEADER = 600
"""At most this much of ``/history``'s first line (names are already shortened); the rest of
the message is the moves."""


def latest_moves(text: str, room: int) -> str:
    """The end of a game's move list in ``room`` characters: the earliest moves give way
    ("… " first) at a whole move, as the record file has them all."""
    if len(text) <= room:
        return text
    kept = text[len(text) - (room - 2) :]
    return "… " + kept[kept.find(" ") + 1 :] if " " in kept else "… " + kept


# ----- shared helpers -----------------------------------------------------------------------

NO_MOVE = "-"
"""The value of a suggestion that only explains (e.g. "Not your turn"): if picked anyway,
``/move`` refuses it with the same explanation (it is checked before the move is read)."""


def hint(text: str) -> app_commands.Choice[str]:
    """One suggestion line that explains why no moves are suggested (backticks and mentions
    are for messages; a suggestion shows them raw)."""
    return app_commands.Choice(name=one_line(text.replace("`", ""), MAX_CHOICE_NAME), value=NO_MOVE)


async def _game_choices(
    interaction: Interaction, current: str, *, spectating: bool, active_only: bool
) -> list[app_commands.Choice[str]]:
    """Games of this server to offer in a ``game`` option: one query, whatever the number."""
    if interaction.guild_id is None or interaction.channel_id is None:
        return []
    uid = interaction.user.id
    language = await answer_language(interaction)
    needle = current.strip().lstrip("#").strip().lower()[:100]
    listed = await interaction.client.db.games.listed_games(
        guild_id=interaction.guild_id,
        user_id=uid,
        channel_id=interaction.channel_id,
        spectating=spectating,
        active_only=active_only,
        needle=needle,
        game_kinds=[g.id for g in playable_games() if needle in g.id or needle in g.name.lower()],
    )
    return [
        app_commands.Choice(name=listed_label(g, uid, language), value=str(g.game.id))
        for g in listed
    ]


async def game_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """For acting in a game (/move, /resign, /draw, /abort): the caller's active games in this
    server, this channel's first, then the latest activity."""
    return await _game_choices(interaction, current, spectating=False, active_only=True)


async def watch_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """For looking at a game (/board, /history): the caller's games in this server and the
    games of this channel, finished ones too (the end is when players want the record); this
    channel's first, then the most recent. Each is marked "(your move)", "(finished)" etc."""
    return await _game_choices(interaction, current, spectating=True, active_only=False)


# ----- the Move button and its selects -----------------------------------------------------


class MoveButton(
    PersistentItem, discord.ui.DynamicItem[discord.ui.Button[Any]], template=ui.MOVE_TEMPLATE
):
    """ "Move" on a board message: opens an ephemeral menu of legal moves (for phones)."""

    def __init__(self, game_id: int) -> None:
        super().__init__(ui.move_button(game_id))
        self.game_id = game_id

    async def act(self, interaction: Interaction) -> None:
        bot = interaction.client
        record = await bot.games.load_here(self.game_id, interaction.guild_id)
        session = await bot.games.session(record)
        bot.games.check_turn(record, session, interaction.user.id)
        language = await answer_language(interaction, record)
        menu = presenter_for(record.game_kind).menu(record.id, session, picker.FIRST, language)
        preview = await preview_file(bot, record, session, menu, interaction.user.id, language)
        if preview is not None:
            menu = numbered(menu)
        sent = await interaction.response.send_message(
            menu.prompt,
            view=menu_view(record, menu),
            ephemeral=True,
            files=[preview] if preview is not None else [],
        )
        bot.menus.opened(record.id, record.ply, interaction, sent.message_id, language)


def menu_view(record: GameRecord, menu: picker.Menu, offset: int = 0) -> discord.ui.View:
    """The components of one Move menu step: a select, or one button for the only choice
    (the only move, or backgammon's only step), and the menu's Undo / Back button."""
    items: list[discord.ui.Item[Any]] = []
    if len(menu.options) == 1:
        [only] = menu.options
        if only.value.startswith("play:"):
            move = only.value.removeprefix("play:")
            label = translate(mark("Play {move}"), menu.language, move=only.label)
            items.append(ui.only_move_button(record.id, record.ply, move, label))
        else:
            items.append(ui.key_button(record.id, record.ply, only.value, only.label))
    else:
        options = [
            discord.SelectOption(label=o.label, value=o.value, description=o.description)
            for o in picker.page(menu, offset)
        ]
        items.append(ui.move_menu(record.id, record.ply, options, menu.placeholder))
    if menu.back is not None:
        label, key = menu.back
        items.append(ui.key_button(record.id, record.ply, key, label))
    return dynamic_view(*items)


class MoveMenu(
    PersistentItem, discord.ui.DynamicItem[discord.ui.Select[Any]], template=ui.MENU_TEMPLATE
):
    """A select of the Move menus. Persistent like the buttons: it carries the game and the
    ply it was opened for, reads the game from storage, and so answers after a restart or
    hours later; a menu of an earlier ply says the game moved on and does nothing."""

    def __init__(self, game_id: int, ply: int) -> None:
        super().__init__(ui.move_menu(game_id, ply))
        self.game_id, self.ply = game_id, ply

    async def act(self, interaction: Interaction) -> None:
        await pick(interaction, self.game_id, self.ply, self.item.values[0])


class OnlyMoveButton(
    PersistentItem,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=ui.ONLY_MOVE_TEMPLATE,
):
    """The Move menus' button for a single legal move."""

    def __init__(self, game_id: int, ply: int, move: str) -> None:
        super().__init__(ui.only_move_button(game_id, ply, move))
        self.game_id, self.ply, self.move = game_id, ply, move

    async def act(self, interaction: Interaction) -> None:
        await pick(interaction, self.game_id, self.ply, f"play:{self.move}")


class MenuKeyButton(
    PersistentItem, discord.ui.DynamicItem[discord.ui.Button[Any]], template=ui.KEY_TEMPLATE
):
    """A Move menu's button that shows another menu of the same turn (backgammon's Undo and
    Back, or a lone step); like the selects, good for the ply it was opened for only."""

    def __init__(self, game_id: int, ply: int, key: str) -> None:
        super().__init__(ui.key_button(game_id, ply, key, "…"))
        self.game_id, self.ply, self.key = game_id, ply, key

    async def act(self, interaction: Interaction) -> None:
        await pick(interaction, self.game_id, self.ply, self.key)


class ActionButton(
    PersistentItem,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=ui.ACTION_TEMPLATE,
):
    """A board's button for one action of the turn shown (backgammon's Roll, Double, Take,
    Drop): played through the one move path for the ply the board showed; the new board is
    posted in the game's channel and the presser told privately."""

    def __init__(self, game_id: int, ply: int, action: str) -> None:
        super().__init__(ui.action_button(game_id, ply, action))
        self.game_id, self.ply, self.action = game_id, ply, action

    async def act(self, interaction: Interaction) -> None:
        bot = interaction.client
        svc = bot.games
        record = await svc.load_here(self.game_id, interaction.guild_id)
        if not record.is_active:
            raise game_over_error(record.id, record.game_kind, record.reason)
        if record.ply != self.ply:
            raise UserError(
                mark(
                    "Game #{game} moved on since this board; nothing was played. The latest "
                    "board: {link}"
                ),
                game=record.id,
                link=jump_url(record),
            )
        await play_by(interaction, record, self.action, Surface.BUTTON, expected_ply=self.ply)


async def pick(interaction: Interaction, game_id: int, ply: int, value: str) -> None:
    """One pick in a Move menu of ``game_id`` opened at ``ply``: play the move, or show the
    next menu (or another page of this one) in its place."""
    bot = interaction.client
    record = await bot.games.load_here(game_id, interaction.guild_id)
    language = await answer_language(interaction, record)
    if record.ply != ply or not record.is_active:
        await interaction.response.edit_message(
            content=moved_on_text(record, jump_url(record), language), view=None
        )
        return
    session = await bot.games.session(record)
    bot.games.check_turn(record, session, interaction.user.id)
    if value.startswith("play:"):
        await play_from_menu(interaction, record, value.removeprefix("play:"), language)
        return
    key, _, at = value.partition("@")  # "<menu key>@<offset>": another page of that menu
    menu = presenter_for(record.game_kind).menu(record.id, session, key, language)
    preview = await preview_file(bot, record, session, menu, interaction.user.id, language)
    if preview is not None:
        menu = numbered(menu)
    await interaction.response.edit_message(
        content=menu.prompt,
        view=menu_view(record, menu, int(at) if at.isdigit() else 0),
        attachments=[preview] if preview is not None else [],
    )


def numbered(menu: picker.Menu) -> picker.Menu:
    """``menu`` with its moves numbered ``1.``, ``2.``, … as the preview numbers their
    destinations."""
    options = tuple(
        dataclasses.replace(o, label=f"{i}. {o.label}"[:100])
        for i, o in enumerate(menu.options, start=1)
    )
    return dataclasses.replace(menu, options=options)


async def preview_file(
    bot: GameBot,
    record: GameRecord,
    session: Any,
    menu: picker.Menu,
    user_id: int,
    language: str = DEFAULT_LANGUAGE,
) -> discord.File | None:
    """The private preview of a piece's menu (``preview.png``, drawn in a worker thread and
    seen from the player's side, its words in the player's ``language``), or ``None`` for a
    menu without one."""
    presenter = presenter_for(record.game_kind)
    if presenter.menu_squares(session, menu) is None:
        return None
    names = await display_names(bot.db, record)
    seat = record.colour_of(user_id)
    board = BoardView(
        record.current_position,
        players=names,
        view=seat or "white",
        language=language,
        taken=await taken_in_game(bot.db, record, session),
    )
    png = await asyncio.to_thread(presenter.preview, board, session, menu)
    if png is None:
        return None
    # the menu's own text lists the numbered choices; the picture in words is the board's
    alt = presenter.alt_text(board)
    return discord.File(io.BytesIO(png), filename="preview.png", description=alt)


async def play_from_menu(
    interaction: Interaction, record: GameRecord, move: str, language: str
) -> None:
    """Play the move picked in a menu; the menu becomes the confirmation, or the refusal (in
    the player's ``language``)."""
    bot = interaction.client
    if interaction.message is not None:
        bot.menus.used(record.id, interaction.message.id)
    await play_by(interaction, record, move, Surface.MENU, expected_ply=record.ply)


# ----- commands ---------------------------------------------------------------------------------


VIEW_CHOICES = [
    app_commands.Choice(name="White at the bottom", value="white"),
    app_commands.Choice(name="Black at the bottom", value="black"),
]
THEME_CHOICES = [app_commands.Choice(name=t.title(), value=t) for t in THEMES]


class Play(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @app_commands.command(name="move", description="Play a move in your game")
    @app_commands.guild_only()
    @app_commands.describe(
        move="The move in notation, e.g. a2-a5, c3-c5-e5, @d4, xd5 (suggestions show legal moves)",
        game="Which game, when you have several here (e.g. #12)",
    )
    async def move(self, interaction: Interaction, move: str, game: str | None = None) -> None:
        svc = self.bot.games
        async with user_errors(interaction):
            record = await svc.resolve(
                interaction.user.id, interaction.channel_id, game, guild_id=interaction.guild_id
            )
            await play_by(interaction, record, move, Surface.COMMAND)

    @move.autocomplete("move")
    async def move_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        svc = self.bot.games
        uid = interaction.user.id
        language = await answer_language(interaction)
        try:
            record = await svc.resolve(
                uid,
                interaction.channel_id,
                getattr(interaction.namespace, "game", None),
                guild_id=interaction.guild_id,
            )
            if not record.is_active:
                raise UserError(mark("Game #{game} is over."), game=record.id)
        except UserError as exc:  # say why there is nothing to suggest
            return [hint(exc.in_language(language))]
        session = await svc.session(record)
        to_move = player_for(record, session.to_move)
        title = presenter_for(record.game_kind).seat_title(session.to_move, language)
        if to_move != uid:
            name = one_line(await player_name(self.bot.db, to_move), 32)
            text = translate(
                mark("Not your turn: it is {name}'s move ({seat}) in game #{game}. Wait for it."),
                language,
                name=name,
                seat=title,
                game=record.id,
            )
            return [hint(text)]
        suggested = presenter_for(record.game_kind).suggestions(session, current, language=language)
        return [app_commands.Choice(name=c.name, value=c.value) for c in suggested]

    move.autocomplete("game")(game_autocomplete)

    @app_commands.command(name="board", description="Show the current board of a game")
    @app_commands.guild_only()
    @app_commands.describe(
        game="Which game (default: yours here, or the only game in this channel)",
        private="Show it only to you (default: no)",
        view="Which side is at the bottom (default: your own colour, or White)",
        theme="Light or dark board (default: light)",
        text="The position and legal moves in words, only to you (for screen readers)",
    )
    @app_commands.choices(view=VIEW_CHOICES, theme=THEME_CHOICES)
    @app_commands.autocomplete(game=watch_autocomplete)
    async def board(
        self,
        interaction: Interaction,
        game: str | None = None,
        private: bool = False,
        view: str | None = None,
        theme: str = "light",
        text: bool = False,
    ) -> None:
        async with user_errors(interaction):
            record = await self._watch(interaction, game)
            if text:  # in words, privately, in the reader's language (issue 32)
                await interaction.response.defer(thinking=True, ephemeral=True)
                words = await board_in_words(
                    self.bot.db,
                    record,
                    await answer_language(interaction, record),
                    move_timeout=self.bot.settings.move_timeout_seconds,
                )
                await interaction.followup.send(
                    words, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
                )
                return
            side = view or record.colour_of(interaction.user.id) or "white"
            await interaction.response.defer(thinking=True, ephemeral=private)
            payload = await board_payload(
                self.bot.db,
                record,
                mention=False,
                view=side,
                theme=theme,
                move_timeout=self.bot.settings.move_timeout_seconds,
                # a private board is the viewer's; a public one the server's (as in its thread)
                language=await language_for(self.bot.db, interaction) if private else None,
            )
            if private or not record.is_active:
                payload.pop("view")
            await interaction.followup.send(ephemeral=private, **payload)

    async def _watch(self, interaction: Interaction, game: str | None) -> GameRecord:
        """The game ``/board`` and ``/history`` show: the one named, else the game of this
        thread (finished or not), else the caller's only active game in this channel, else the
        channel's only active game."""
        svc = self.bot.games
        guild_id = interaction.guild_id
        if game:
            return await svc.load_here(svc.parse_game_ref(game), guild_id)
        if guild_id is None or interaction.channel_id is None:
            raise UserError(mark("Name the game with the `game` option."))
        thread, mine, anyone = await self.bot.db.games.games_here(
            guild_id=guild_id, channel_id=interaction.channel_id, user_id=interaction.user.id
        )
        if thread is not None:
            return thread  # this thread's game (the active one, else the latest)
        if len(mine) == 1:
            return mine[0]
        if not anyone:
            raise UserError(
                mark("There is no active game in this channel; name one with the `game` option.")
            )
        if not mine and len(anyone) == 1:
            return anyone[0]
        raise UserError(mark("Which game? Name it with the `game` option (e.g. `#12`)."))

    @app_commands.command(
        name="history",
        description="The moves of a game so far, with the full record as a file and a replay GIF",
    )
    @app_commands.guild_only()
    @app_commands.describe(
        game="Which game (default: yours here, or the only game in this channel)"
    )
    @app_commands.autocomplete(game=watch_autocomplete)
    async def history(self, interaction: Interaction, game: str | None = None) -> None:
        async with user_errors(interaction):
            record = await self._watch(interaction, game)
            await interaction.response.defer(thinking=True)  # the replay GIF takes a moment
            language = await server_language(self.bot.db, record.guild_id)  # a public reply
            moves = await self.bot.db.games.game_moves(record.id)
            raw_names = await display_names(self.bot.db, record)
            names = names_for_text(raw_names)
            presenter = presenter_for(record.game_kind)
            first = find_game(record.game_kind).first_mover(
                record.start_position, [m.move for m in moves]
            )
            rows: list[str] = []
            for i in range(0, len(moves), 2):
                pair = " ".join(m.move for m in moves[i : i + 2])
                rows.append(f"{i // 2 + 1}. {pair}" if presenter.rules.numbered_moves else pair)
            if record.is_active:  # the record file's words stay English, the header's not
                to_move = position_session(record).to_move
                if presenter.rules.numbered_moves:
                    raw_turn = turn_words(record.ply, to_move)
                    turn = turn_words(record.ply, to_move, language)
                else:
                    raw_turn = f"{presenter.seat_title(to_move)} to play"
                    seat = presenter.seat_title(to_move, language)
                    turn = translate(mark("{seat} to play"), language, seat=seat)
                raw_state = f"in progress, {raw_turn}"
                state = translate(mark("in progress, {turn}"), language, turn=turn)
            else:
                # bold off: the header is bold already (escaped names have no "**" in them)
                state = result_words(presenter, record, names, language).replace("**", "")
                raw_state = result_words(presenter, record, raw_names)
            seated = [
                translate(
                    mark("{name} ({seat})"),
                    language,
                    name=names[s.name],
                    seat=presenter.seat_title(s.name, language),
                )
                for s in sorted(record.seats, key=lambda s: s.name != "white")
            ]  # White first in a two-colour game, else in turn order
            if len(seated) == 2:
                players = translate(
                    mark("{white} vs {black}"), language, white=seated[0], black=seated[1]
                )
            else:
                players = ", ".join(seated)
            parts = [
                translate(mark("**Game #{game}**"), language, game=record.id),
                game_title(record.game_kind, record.options, language),
                players,
            ]
            if not find_game(record.game_kind).first_by_roll and first is not None:
                seat_title = presenter.seat_title(first, language)
                parts.append(translate(mark("{seat} moved first"), language, seat=seat_title))
            parts.append(state)
            url = jump_url(record)
            header = cut(" · ".join(parts), MAX_HEADER)
            tail = "\n" + translate(mark("Latest board: {url}"), language, url=url) if url else ""
            room = MAX_CONTENT - len(f"{header}\n```\n\n```{tail}")
            text = latest_moves(" ".join(rows) or translate(mark("No moves yet."), language), room)
            earlier = []
            if record.match_id is not None and record.match_game is not None:
                for g in await self.bot.db.matches.match_games(record.match_id):
                    outcome = g.outcome
                    if g.match_game is None or g.match_game >= record.match_game:
                        continue
                    if outcome is not None and outcome.winner is not None:  # aborted: no score
                        played = tuple(m.move for m in await self.bot.db.games.game_moves(g.id))
                        earlier.append((g.start_position, played, outcome))
            info = RecordInfo(
                earlier_games=tuple(earlier),
                game_number=record.id,
                title=game_title(record.game_kind, record.options),
                players=raw_names,
                start=record.start_position,
                position=record.current_position,
                winner=record.winner,
                reason=record.outcome.reason if record.outcome is not None else None,
                active=record.is_active,
                options=dict(record.options),
                date=time.strftime("%Y.%m.%d", time.gmtime(record.created_at)),
                result_words=raw_state,
                language=language,  # a record for people (ludo's): the header's language
                result_text=""  # plain text: no bold
                if record.is_active
                else result_words(presenter, record, raw_names, language).replace("**", ""),
            )
            record_text = presenter.record_text(info, [m.move for m in moves])
            file = discord.File(
                io.BytesIO(record_text.encode()),
                filename=presenter.record_filename(record.id),
            )
            files = [file]
            replay = await replay_file(self.bot.db, record, language)
            if replay is not None:
                files.append(replay)
            await interaction.followup.send(f"{header}\n```\n{text}\n```{tail}", files=files)


async def setup(bot: GameBot) -> None:
    bot.add_dynamic_items(MoveButton, MoveMenu, OnlyMoveButton, MenuKeyButton, ActionButton)
    await bot.add_cog(Play(bot))


__all__ = [
    "MoveButton",
    "MoveMenu",
    "MenuKeyButton",
    "OnlyMoveButton",
    "ActionButton",
    "Play",
    "game_autocomplete",
    "menu_view",
    "pick",
    "setup",
    "watch_autocomplete",
]
