"""Playing and watching: ``/move`` (with autocomplete), the Move button's selects, ``/board``
and ``/history``."""

from __future__ import annotations

import io
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from rendering import THEMES
from rules import Game, MoveKind, Side, parse_position, square_name
from rules.geometry import square_file, square_rank
from storage import GameRecord

from .. import ui
from ..buttons import PersistentButton
from ..client import LatrunculiBot
from ..errors import UserError, message_for, refuse_deferred, report_unexpected, user_errors
from ..limits import MAX_CONTENT, MAX_SELECT_OPTIONS, cut
from ..links import message_link
from ..services.announce import (
    board_payload,
    home_channel,
    home_channel_id,
    jump_url,
    not_posted,
    publish,
    tell_stood,
)
from ..services.complete import game_label, move_choices
from ..services.names import display_names, names_for_text
from ..texts import describe_result, turn_words, variant_title

log = logging.getLogger(__name__)

Interaction = discord.Interaction[LatrunculiBot]


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


async def game_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The caller's active games in this channel (or anywhere, when there are none here)."""
    bot = interaction.client
    uid = interaction.user.id
    games = await bot.db.games.active_games(user_id=uid, channel_id=interaction.channel_id)
    if not games:
        games = await bot.db.games.active_games(user_id=uid, guild_id=interaction.guild_id)
    needle = current.strip().lstrip("#").lower()
    out = []
    for g in games:
        label = await game_label(bot.db, g, uid)
        if needle and needle not in label.lower():
            continue
        out.append(app_commands.Choice(name=label, value=str(g.id)))
        if len(out) == 25:
            break
    return out


# ----- the Move button and its selects -----------------------------------------------------


class MoveButton(
    PersistentButton, discord.ui.DynamicItem[discord.ui.Button[Any]], template=ui.MOVE_TEMPLATE
):
    """ "Move" on a board message: opens an ephemeral picker of legal moves (for phones)."""

    def __init__(self, game_id: int) -> None:
        super().__init__(ui.move_button(game_id))
        self.game_id = game_id

    async def act(self, interaction: Interaction) -> None:
        svc = interaction.client.games
        record = await svc.load_here(self.game_id, interaction.guild_id)
        game = await svc.rules_game(record)
        svc.check_turn(record, game, interaction.user.id)
        view = MovePicker(record, game, interaction.user.id)
        await interaction.response.send_message(view.prompt, view=view, ephemeral=True)


def first_options(game: Game) -> tuple[list[discord.SelectOption], int]:
    """The Move picker's first menu (every piece that can move, placing, removing, passing)
    and the number of empty squares a counter can be placed on."""
    options: list[discord.SelectOption] = []
    origins: dict[int, list[str]] = {}
    places = 0
    position = game.position
    for move in game.legal_moves():
        if move.kind is MoveKind.MOVE:
            origins.setdefault(move.path[0], []).append(str(move))
        elif move.kind is MoveKind.PLACE:
            places += 1
        elif move.kind is MoveKind.REMOVE:
            sq = square_name(move.path[0])
            options.append(
                discord.SelectOption(
                    label=f"Remove the trapped piece on {sq}", value=f"play:{move}"
                )
            )
        else:
            options.append(
                discord.SelectOption(label="Pass (you have no legal move)", value="play:pass")
            )
    if places:
        options.insert(
            0,
            discord.SelectOption(
                label="Place a counter", value="place", description=f"{places} empty squares"
            ),
        )
    for origin in sorted(origins, key=lambda s: (square_rank(s), square_file(s))):
        piece = position.piece_at(origin)
        n = len(origins[origin])
        options.append(
            discord.SelectOption(
                label=f"{square_name(origin)} {piece.name if piece else 'piece'}",
                value=f"from:{square_name(origin)}",
                description=f"{n} move{'s' if n != 1 else ''}",
            )
        )
    return options, places


def paged(options: list[discord.SelectOption], offset: int, key: str) -> list[discord.SelectOption]:
    """At most 25 options (Discord's limit): when there are more, 24 from ``offset`` and a
    last one that shows the next ones (value ``<key>@<next offset>``), or, on the last page,
    goes back to the first. No legal move is ever out of reach of the menus."""
    if len(options) <= MAX_SELECT_OPTIONS:
        return options
    offset = offset if 0 <= offset < len(options) else 0
    page = options[offset : offset + MAX_SELECT_OPTIONS - 1]
    rest = len(options) - offset - len(page)
    if rest > 0:
        label, value = f"More… ({rest} more)", f"{key}@{offset + len(page)}"
    else:
        label, value = "Back to the first choices", f"{key}@0"
    return [*page, discord.SelectOption(label=label, value=value)]


class MovePicker(discord.ui.View):
    """Ephemeral: pick a piece (or placement / removal), then where it goes.

    Holds only ids and the ply it was opened at; every step re-checks the stored game, and the
    final choice goes through :meth:`GameService.play_move` with that ply.
    """

    def __init__(self, record: GameRecord, game: Game, user_id: int) -> None:
        super().__init__(timeout=900)
        self.game_id = record.id
        self.ply = record.ply
        self.user_id = user_id
        options, places = first_options(game)
        self.prompt = f"**Game #{record.id}**: pick a piece to move."
        if places:
            self.prompt = f"**Game #{record.id}**: place a counter, or pick another action."
        self.add_item(
            PickSelect(
                options=paged(options, 0, "first"),
                placeholder="Choose a piece or action",
                custom_id="lat:pick:first",
            )
        )

    async def interaction_check(self, interaction: Interaction) -> bool:  # type: ignore[override]
        return interaction.user.id == self.user_id

    async def on_error(
        self, interaction: discord.Interaction[Any], error: Exception, item: discord.ui.Item[Any]
    ) -> None:
        await report_unexpected(interaction, error)

    async def choose(self, interaction: Interaction, value: str) -> None:
        async with user_errors(interaction):
            svc = interaction.client.games
            if value.startswith("play:"):
                await self.play(interaction, value.removeprefix("play:"))
                return
            record = await svc.load_here(self.game_id, interaction.guild_id)
            if record.ply != self.ply or not record.is_active:
                raise UserError(
                    "The game moved on since you opened this menu. Press Move on the latest board."
                )
            game = await svc.rules_game(record)
            svc.check_turn(record, game, interaction.user.id)
            self.clear_items()
            value, _, at = value.partition("@")  # "<choice>@<offset>": another page of it
            offset = int(at) if at.isdigit() else 0
            custom_id = "lat:pick:next"
            if value == "first":
                opts = paged(first_options(game)[0], offset, "first")
                prompt = f"**Game #{self.game_id}**: pick a piece to move."
                placeholder = "Choose a piece or action"
                custom_id = "lat:pick:first"
            elif value.startswith("from:"):
                origin = value.removeprefix("from:")
                choices = [
                    c
                    for c in move_choices(game, origin, limit=10_000)
                    if str(c.move).startswith(origin + "-")
                ]
                opts = paged(
                    [
                        discord.SelectOption(label=c.name[:100], value=f"play:{c.move}")
                        for c in choices
                    ],
                    offset,
                    value,
                )
                prompt = f"**Game #{self.game_id}**: where does the piece on {origin} go?"
                placeholder = "Choose the destination"
            else:  # placement, maybe by rank first
                empties = [m for m in game.legal_moves() if m.kind is MoveKind.PLACE]
                rank_filter = value.removeprefix("rank:") if value.startswith("rank:") else None
                if rank_filter is None and len(empties) > 25:
                    by_rank: dict[int, int] = {}
                    for m in empties:
                        by_rank[square_rank(m.path[0]) + 1] = (
                            by_rank.get(square_rank(m.path[0]) + 1, 0) + 1
                        )
                    opts = [
                        discord.SelectOption(
                            label=f"Rank {r}", value=f"rank:{r}", description=f"{n} empty squares"
                        )
                        for r, n in sorted(by_rank.items(), reverse=True)
                    ]
                    prompt = f"**Game #{self.game_id}**: on which rank do you place the counter?"
                    placeholder = "Choose a rank"
                else:
                    if rank_filter is not None:
                        empties = [
                            m for m in empties if square_rank(m.path[0]) + 1 == int(rank_filter)
                        ]
                    opts = paged(
                        [
                            discord.SelectOption(
                                label=f"Place on {square_name(m.path[0])}", value=f"play:{m}"
                            )
                            for m in empties
                        ],
                        offset,
                        value,
                    )
                    prompt = f"**Game #{self.game_id}**: where do you place the counter?"
                    placeholder = "Choose a square"
            if not opts:
                raise UserError("Nothing to choose there; press Move again.")
            self.add_item(PickSelect(options=opts, placeholder=placeholder, custom_id=custom_id))
            await interaction.response.edit_message(content=prompt, view=self)

    async def play(self, interaction: Interaction, move: str) -> None:
        bot = interaction.client
        await interaction.response.defer()
        played = await bot.games.play_move(
            self.game_id, interaction.user.id, move, expected_ply=self.ply
        )
        self.stop()
        record = played.game
        payload = await board_payload(
            bot.db, record, played=played, move_timeout=bot.settings.move_timeout_seconds
        )
        try:
            message = await home_channel(bot, record).send(**payload)
        except discord.HTTPException as exc:  # the move stands: say so, the catch-up posts it
            log.warning("game %d: board post failed after ply %d: %s", record.id, record.ply, exc)
            stood = (
                f"Your move `{played.moves[0].result.move}` in game #{record.id} was played "
                "and stands."
            )
            await tell_stood(interaction, f"{stood} {not_posted(exc)}")
            return
        await bot.db.games.set_board_message(
            record.id, message.channel.id, message.id, ply=record.ply, over=not record.is_active
        )
        link = message_link(record.guild_id, message.channel.id, message.id)
        await interaction.edit_original_response(
            content=f"✅ You played `{played.moves[0].result.move}` in game #{record.id}: {link}",
            view=None,
        )


class PickSelect(discord.ui.Select[MovePicker]):
    async def callback(self, interaction: Interaction) -> None:  # type: ignore[override]
        assert self.view is not None
        await self.view.choose(interaction, self.values[0])


# ----- commands ---------------------------------------------------------------------------------


VIEW_CHOICES = [
    app_commands.Choice(name="White at the bottom", value="white"),
    app_commands.Choice(name="Black at the bottom", value="black"),
]
THEME_CHOICES = [app_commands.Choice(name=t.title(), value=t) for t in THEMES]


class Play(commands.Cog):
    def __init__(self, bot: LatrunculiBot) -> None:
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
            async with svc.lock(record.id):
                pending = await svc.prepare(record.id, interaction.user.id, move)
                here = interaction.channel_id == home_channel_id(record)
                await interaction.response.defer(thinking=True, ephemeral=not here)
                try:
                    played = await svc.commit(pending)
                except Exception as exc:  # e.g. a resignation or a move landed meanwhile
                    text = message_for(exc)
                    if text is None:
                        raise
                    await refuse_deferred(
                        interaction, f"`{pending.move}` was not played. {text}", public=here
                    )
                    return
            record = played.game
            payload = await board_payload(
                self.bot.db,
                record,
                played=played,
                move_timeout=self.bot.settings.move_timeout_seconds,
            )
            await publish(
                interaction,
                record,
                payload,
                note=f"✅ You played `{played.moves[0].result.move}` in game #{record.id}:",
                stood=f"Your move `{played.moves[0].result.move}` in game #{record.id} was "
                "played and stands.",
            )

    @move.autocomplete("move")
    async def move_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        svc = self.bot.games
        try:
            record = await svc.resolve(
                interaction.user.id,
                interaction.channel_id,
                getattr(interaction.namespace, "game", None),
                guild_id=interaction.guild_id,
            )
        except UserError:
            return []
        if not record.is_active or record.colour_of(interaction.user.id) is None:
            return []
        game = await svc.rules_game(record)
        return [
            app_commands.Choice(name=c.name, value=c.value) for c in move_choices(game, current)
        ]

    move.autocomplete("game")(game_autocomplete)

    @app_commands.command(name="board", description="Show the current board of a game")
    @app_commands.guild_only()
    @app_commands.describe(
        game="Which game (default: yours here, or the only game in this channel)",
        private="Show it only to you (default: no)",
        view="Which side is at the bottom (default: your own colour, or White)",
        theme="Light or dark board (default: light)",
    )
    @app_commands.choices(view=VIEW_CHOICES, theme=THEME_CHOICES)
    @app_commands.autocomplete(game=game_autocomplete)
    async def board(
        self,
        interaction: Interaction,
        game: str | None = None,
        private: bool = False,
        view: str | None = None,
        theme: str = "light",
    ) -> None:
        async with user_errors(interaction):
            record = await self._watch(interaction, game)
            side = Side(view or record.colour_of(interaction.user.id) or "white")
            await interaction.response.defer(thinking=True, ephemeral=private)
            payload = await board_payload(
                self.bot.db,
                record,
                mention=False,
                view=side,
                theme=theme,
                move_timeout=self.bot.settings.move_timeout_seconds,
            )
            if private or not record.is_active:
                payload.pop("view")
            await interaction.followup.send(ephemeral=private, **payload)

    async def _watch(self, interaction: Interaction, game: str | None) -> GameRecord:
        svc = self.bot.games
        guild_id = interaction.guild_id
        if game:
            return await svc.load_here(svc.parse_game_ref(game), guild_id)
        try:
            return await svc.resolve(
                interaction.user.id, interaction.channel_id, None, guild_id=guild_id
            )
        except UserError:
            return await svc.resolve(
                interaction.user.id,
                interaction.channel_id,
                None,
                guild_id=guild_id,
                players_only=False,
            )

    @app_commands.command(
        name="history", description="The moves of a game so far, with the full record as a file"
    )
    @app_commands.guild_only()
    @app_commands.describe(
        game="Which game (default: yours here, or the only game in this channel)"
    )
    @app_commands.autocomplete(game=game_autocomplete)
    async def history(self, interaction: Interaction, game: str | None = None) -> None:
        async with user_errors(interaction):
            record = await self._watch(interaction, game)
            moves = await self.bot.db.games.game_moves(record.id)
            raw_names = await display_names(self.bot.db, record)
            names = names_for_text(raw_names)
            start = parse_position(record.start_position)
            first = start.turn
            rows: list[str] = []
            for i in range(0, len(moves), 2):
                pair = " ".join(m.move for m in moves[i : i + 2])
                rows.append(f"{i // 2 + 1}. {pair}")
            if record.is_active:
                turn = turn_words(record.ply, parse_position(record.current_position).turn)
                state = raw_state = f"in progress, {turn}"
            else:
                # bold off: the header is bold already (escaped names have no "**" in them)
                state = describe_result(record.winner, record.reason, names).replace("**", "")
                raw_state = describe_result(record.winner, record.reason, raw_names)
            header = (
                f"**Game #{record.id}** · {variant_title(record.variant, record.options)} · "
                f"{names['white']} (White) vs {names['black']} (Black) · "
                f"{first.title} moved first · {state}"
            )
            url = jump_url(record)
            header = cut(header, MAX_HEADER)
            tail = f"\nLatest board: {url}" if url else ""
            room = MAX_CONTENT - len(f"{header}\n```\n\n```{tail}")
            text = latest_moves(" ".join(rows) or "No moves yet.", room)
            opts_items = record.options.items()
            record_text = "\n".join(
                [
                    f'[Game "{record.id}"]',
                    f'[Variant "{record.variant}"]',
                    f'[Options "{",".join(f"{k}={v}" for k, v in sorted(opts_items))}"]',
                    f'[White "{tag(raw_names["white"])}"]',
                    f'[Black "{tag(raw_names["black"])}"]',
                    f'[Result "{tag(raw_state.replace("*", ""))}"]',
                    f'[Start "{record.start_position}"]',
                    f'[Position "{record.current_position}"]',
                    "",
                    *rows,
                    "",
                ]
            )
            file = discord.File(
                io.BytesIO(record_text.encode()), filename=f"latrunculi-game-{record.id}.txt"
            )
            await interaction.response.send_message(f"{header}\n```\n{text}\n```{tail}", file=file)


async def setup(bot: LatrunculiBot) -> None:
    bot.add_dynamic_items(MoveButton)
    await bot.add_cog(Play(bot))


__all__ = ["MoveButton", "MovePicker", "Play", "game_autocomplete", "setup"]
