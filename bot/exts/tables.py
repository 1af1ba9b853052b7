"""The Join / Leave / Start buttons under a table (the lobby of a multi-seat game, ludo), and
the host's Add bot / Remove bot (the computer's seats); tables are opened by ``/challenge``
(:mod:`bot.exts.challenges`) and expire in the sweep."""

from __future__ import annotations

import logging
from typing import Any, cast

import discord

from storage import AILevel, ChallengeRecord

from .. import ui
from ..buttons import PersistentButton
from ..client import GameBot
from ..errors import UserError
from ..i18n import mark, translate
from ..mentions import ping_users
from ..services.computer import computer_games
from ..services.languages import server_language
from ..services.tables import closed_line, start_table_game, table_payload

log = logging.getLogger(__name__)

Interaction = discord.Interaction[GameBot]


_CLOSED = {
    "expired": mark("This table is no longer open: it has expired."),
    "cancelled": mark("This table is no longer open: the host closed it."),
}


def _closed(ch: ChallengeRecord, now: float) -> UserError | None:
    """Why the table takes no one any more, or ``None`` while it is open."""
    if ch.status == "accepted":
        return UserError(
            mark("This table is no longer open: its game has started (game #{game})."),
            game=ch.game_id,
        )
    if ch.status == "pending" and ch.expires_at <= now:
        return UserError(_CLOSED["expired"])
    if ch.status != "pending":
        return UserError(_CLOSED.get(ch.status, _CLOSED["expired"]))
    return None


class TableButton(
    PersistentButton,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=ui.TABLE_TEMPLATE,
):
    """Join / Leave / Start on a table's message; the seats are read from storage on every
    click, so it works after restarts and two clicks for one seat seat one player."""

    def __init__(self, challenge_id: int, action: str) -> None:
        super().__init__(ui.table_button(challenge_id, action))
        self.challenge_id = challenge_id
        self.action = action

    async def act(self, interaction: Interaction) -> None:
        bot = interaction.client
        ch = await bot.db.challenges.get_challenge(self.challenge_id)
        if ch is None or ch.guild_id != interaction.guild_id or not ch.is_table:
            raise UserError(mark("I can't find that table any more."))
        closed = _closed(ch, bot.now())
        if closed is not None:
            raise closed
        user = interaction.user
        if self.action.startswith("bot-") or self.action == "unbot":
            ch = await self._computer_seat(interaction, ch)
            if ch is None:
                return  # the table filled up and started
        elif self.action == "join":
            if user.id in ch.seated:
                raise UserError(mark("You are already seated at this table."))
            if len(ch.seated) >= (ch.max_seats or 4):
                raise UserError(
                    mark("This table is full: all {seats} seats are taken."),
                    seats=ch.max_seats or 4,
                )
            await bot.db.players.upsert_player(user.id, user.display_name, now=bot.now())
            ch = await bot.db.challenges.join_table(ch.id, user.id, now=bot.now())
            if len(ch.seated) >= (ch.max_seats or 4):  # full: it starts by itself
                await interaction.response.defer()
                await start_table_game(interaction, ch, host_only=False)
                return
        elif self.action == "leave":
            if user.id not in ch.seated:
                raise UserError(mark("You are not seated at this table."))
            ch = await bot.db.challenges.leave_table(ch.id, user.id, now=bot.now())
            if ch.status == "cancelled":
                language = await server_language(bot.db, ch.guild_id)
                closed_by = translate(
                    "🚫 <@{player}>, the host, closed the table.", language, player=user.id
                )
                await interaction.response.edit_message(
                    content=closed_line(ch, language, closed_by),
                    view=None,
                    allowed_mentions=ping_users(),
                )
                return
        else:  # start
            if user.id != ch.challenger_id:
                raise UserError(
                    mark("Only the host, <@{host}>, can start the game."), host=ch.challenger_id
                )
            if len(ch.seated) < 2:
                raise UserError(mark("A game needs at least 2 players; wait for someone to join."))
            await interaction.response.defer()
            await start_table_game(interaction, ch, host_only=True)
            return
        language = await server_language(bot.db, ch.guild_id)
        await interaction.response.edit_message(**table_payload(ch, language))

    async def _computer_seat(
        self, interaction: Interaction, ch: ChallengeRecord
    ) -> ChallengeRecord | None:
        """The host's Add bot (a seat the computer plays at the button's level) or Remove bot
        (the computer's last seat); the table as it is now, or ``None`` when adding the bot
        filled it and the game started."""
        bot = interaction.client
        me = bot.user
        assert me is not None
        host = ch.challenger_id
        if ch.game_kind not in computer_games():  # pragma: no cover - no button is shown
            raise UserError(mark("I can't play this game myself; invite people instead."))
        if interaction.user.id != host:
            if self.action == "unbot":
                raise UserError(
                    mark("Only the host, <@{host}>, can remove my seat at this table."), host=host
                )
            raise UserError(mark("Only the host, <@{host}>, can seat me at this table."), host=host)
        if self.action == "unbot":
            if me.id not in ch.seated:
                raise UserError(mark("I have no seat at this table to give up."))
            return await bot.db.challenges.leave_table(ch.id, me.id, now=bot.now())
        most = ch.max_seats or 4
        if len(ch.seated) >= most:
            raise UserError(mark("This table is full: all {seats} seats are taken."), seats=most)
        level = cast(AILevel, self.action.removeprefix("bot-"))
        await bot.db.players.upsert_player(me.id, me.display_name, now=bot.now())
        ch = await bot.db.challenges.join_table(ch.id, me.id, ai_level=level, now=bot.now())
        if len(ch.seated) >= most:  # full: it starts by itself
            await interaction.response.defer()
            await start_table_game(interaction, ch, host_only=False)
            return None
        return ch


async def setup(bot: GameBot) -> None:
    bot.add_dynamic_items(TableButton)


__all__ = ["TableButton", "setup"]
