"""**Play in Discord** under a board: launches the bot's Activity on that game.

The button always answers (old boards keep working after a restart, and after the operator
switched the Activity off it says so rather than failing). The launch's instance id, which
Discord returns with the callback, is remembered with the game (:class:`bot.activity.
ActivityLaunches`) so the Activity opens that game, not just the channel's.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from ..activity import PLAY_TEMPLATE, play_button
from ..buttons import PersistentItem
from ..client import GameBot
from ..errors import UserError
from ..i18n import mark

log = logging.getLogger(__name__)

Interaction = discord.Interaction[GameBot]

__all__ = ["PlayInDiscordButton"]


class PlayInDiscordButton(
    PersistentItem, discord.ui.DynamicItem[discord.ui.Button[Any]], template=PLAY_TEMPLATE
):
    """Launches the Activity for anyone in the game's server: players play there, everyone
    else watches (what each may do is decided by the Activity's server, per user)."""

    def __init__(self, game_id: int) -> None:
        super().__init__(play_button(game_id))
        self.game_id = game_id

    async def act(self, interaction: Interaction) -> None:
        bot = interaction.client
        if not bot.settings.activity_enabled:
            raise UserError(mark("The Activity is switched off for this bot; use `/move` here."))
        record = await bot.games.load_here(self.game_id, interaction.guild_id)
        try:
            callback = await interaction.response.launch_activity()
        except discord.HTTPException as exc:  # not answered: the refusal can still be said
            log.warning("game %d: Discord refused to launch the Activity: %s", record.id, exc)
            raise UserError(
                mark(
                    "Discord could not open the Activity in this channel; "
                    "play here with the buttons or `/move`."
                )
            ) from None
        if (
            callback.activity_id is not None
            and record.guild_id is not None
            and interaction.channel_id is not None
        ):
            await bot.activity_launches.record(
                callback.activity_id,
                game_id=record.id,
                user_id=interaction.user.id,
                guild_id=record.guild_id,
                channel_id=interaction.channel_id,
            )
        log.info(
            "game %d: Activity launched by %d (instance %s)",
            record.id,
            interaction.user.id,
            callback.activity_id,
        )


async def setup(bot: GameBot) -> None:
    bot.add_dynamic_items(PlayInDiscordButton)
