"""Ending games by hand: ``/abort``, ``/resign``, ``/draw`` (offer, and the opponent's Accept /
Decline buttons) and the Rematch button under a finished game."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from storage import ChallengeRecord, ConcurrencyError, GameOver, GameRecord

from .. import ui
from ..buttons import PersistentButton
from ..client import LatrunculiBot
from ..errors import UserError, user_errors
from ..links import message_link
from ..mentions import ping_users, rationed_ping
from ..presenters import presenter_for
from ..services.announce import board_payload, publish
from ..services.challenges import launch_game, post_challenge, send_challenge, start_game
from ..services.draw_offers import (
    close_offer_message,
    close_pending_offer,
    refuse_lapsed_offer,
)
from ..services.rematch import offer_rematch
from .play import game_autocomplete

log = logging.getLogger(__name__)

Interaction = discord.Interaction[LatrunculiBot]


async def announce_end(
    interaction: Interaction, record: GameRecord, intro: str, *, stood: str
) -> None:
    """Post the final board: result, reason, both records and the Rematch button (``stood``:
    what was recorded, told to the user if the post fails)."""
    payload = await board_payload(interaction.client.db, record, intro=intro)
    await publish(interaction, record, payload, note="Done:", stood=stood)


class DrawButton(
    PersistentButton, discord.ui.DynamicItem[discord.ui.Button[Any]], template=ui.DRAW_TEMPLATE
):
    """Accept / Decline under a draw offer; only valid while the game is at the offer's ply."""

    def __init__(self, game_id: int, ply: int, answer: str) -> None:
        super().__init__(ui.draw_button(game_id, ply, answer))
        self.game_id, self.ply, self.answer = game_id, ply, answer

    async def act(self, interaction: Interaction) -> None:
        bot = interaction.client
        uid = interaction.user.id
        record = await bot.games.load_here(self.game_id, interaction.guild_id)
        if record.seat_of(uid) is None:
            raise UserError("Only the two players can answer a draw offer.")
        if not record.is_active:
            raise UserError(f"Game #{record.id} is already over.")
        offer = record.pending_draw_offer
        if record.ply != self.ply or offer is None:
            await interaction.response.edit_message(
                content="This draw offer has lapsed.", view=None
            )
            lapsed = record.lapsed_draw_offer
            if lapsed is not None and lapsed != uid and record.draw_offer_ply == self.ply:
                # told now: their next /draw makes an offer
                await bot.db.games.forget_lapsed_draw_offer(record.id, lapsed, self.ply)
            return
        if self.answer == "yes":
            if offer == uid:
                raise UserError("You made this offer; your opponent has to accept it.")
            async with bot.games.lock(record.id):
                record = await bot.db.games.accept_draw(record.id, uid, self.ply, now=bot.now())
            bot.games.forget(record.id)
            try:
                await interaction.response.edit_message(
                    content=f"🤝 <@{uid}> accepted <@{offer}>'s draw offer in game #{record.id}.",
                    view=None,
                )
            except discord.HTTPException as exc:  # the draw stands; the final board tells it
                log.warning("game %d: could not close the draw offer: %s", record.id, exc)
            await announce_end(
                interaction, record, "", stood=f"Game #{record.id} is drawn by agreement."
            )
        else:
            await bot.db.games.clear_draw_offer(record.id)
            word = "withdrew their" if offer == uid else "declined the"
            await interaction.response.edit_message(
                content=f"<@{uid}> {word} draw offer in game #{record.id}. Play on!", view=None
            )


class RematchButton(
    PersistentButton, discord.ui.DynamicItem[discord.ui.Button[Any]], template=ui.REMATCH_TEMPLATE
):
    """Rematch under a finished game: a challenge to the same opponent, colours swapped."""

    def __init__(self, game_id: int) -> None:
        super().__init__(ui.rematch_button(game_id))
        self.game_id = game_id

    async def act(self, interaction: Interaction) -> None:
        bot = interaction.client
        record = await bot.games.load_here(self.game_id, interaction.guild_id)
        # The lock only spares this process a doomed insert; storage's unique rematch index
        # is what keeps two processes from both offering one.
        async with bot.games.lock(record.id):
            ch = await offer_rematch(
                bot.db,
                record,
                interaction.user.id,
                interaction.user.display_name,
                guild_id=interaction.guild_id,
                channel_id=record.channel_id,  # where the game was set up, not its thread
                expires_in=bot.settings.challenge_ttl_seconds,
                now=bot.now(),
            )
        if ch.ai_level is not None:  # against the computer: it accepts at once
            await self._computer_rematch(interaction, record, ch)
            return
        if interaction.channel_id == ch.channel_id:  # the game had no thread
            await send_challenge(interaction, ch)
            return
        # Asked for in the game's thread: the challenge goes to the channel, so that its
        # game gets a thread of its own (named after it), and the old thread links to it.
        try:
            message = await post_challenge(bot, ch)
        except discord.HTTPException as exc:
            log.warning("game %d: cannot post its rematch in %d: %s", record.id, ch.channel_id, exc)
            await bot.db.challenges.cancel_challenge(ch.id, ch.challenger_id, now=bot.now())
            raise UserError(
                f"I can't post in <#{ch.channel_id}>, where game #{record.id} was set up, so no "
                "rematch was offered. Use `/challenge` in a channel where I can post."
            ) from exc
        link = message_link(ch.guild_id, ch.channel_id, message.id)
        if ch.is_table:
            await interaction.response.send_message(
                f"🔁 <@{ch.challenger_id}> opens a table for a rematch of game #{record.id} "
                f"with the same players seated: {link} (the host starts it; it is played in "
                "a thread of its own).",
                allowed_mentions=ping_users(),
            )
            return
        await interaction.response.send_message(
            f"🔁 <@{ch.challenger_id}> offers <@{ch.challenged_id}> a rematch of game "
            f"#{record.id}, colours swapped: {link} (once accepted, it is played in a thread "
            "of its own)."
        )


    async def _computer_rematch(
        self, interaction: Interaction, record: GameRecord, ch: ChallengeRecord
    ) -> None:
        """The computer accepts its rematch at once: the new game starts in a thread of its
        own under the challenge, posted where the old game was set up."""
        bot = interaction.client
        me = bot.user
        assert me is not None
        if interaction.channel_id == ch.channel_id:  # the game had no thread
            await send_challenge(interaction, ch)
            await start_game(
                interaction, ch, accepter=me, message=await interaction.original_response()
            )
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            message = await post_challenge(bot, ch)
        except discord.HTTPException as exc:
            await bot.db.challenges.cancel_challenge(ch.id, ch.challenger_id, now=bot.now())
            raise UserError(
                f"I can't post in <#{ch.channel_id}>, where game #{record.id} was set up, so no "
                "rematch was started. Use `/challenge` in a channel where I can post."
            ) from exc

        async def edit(content: str) -> None:
            await message.edit(content=content, view=None)

        game = await launch_game(bot, ch, me, edit=edit, channel=message.channel, message=message)
        await interaction.followup.send(
            f"🔁 The rematch of game #{record.id} has started: game #{game.id}, in its own "
            f"thread: {message_link(ch.guild_id, ch.channel_id, message.id)}",
            ephemeral=True,
        )


class GameEnd(commands.Cog):
    def __init__(self, bot: LatrunculiBot) -> None:
        self.bot = bot

    async def _end(
        self,
        interaction: Interaction,
        game: str | None,
        end: Callable[[GameRecord, int], Awaitable[GameRecord]],
        intro: str,
        stood: str,
    ) -> None:
        """End the user's game by ``end`` (the game service's resign or abort), post the final
        board and take down a pending draw offer. ``intro`` may name ``{uid}`` and ``{game}``;
        ``stood`` is completed with " game #N."."""
        async with user_errors(interaction):
            uid = interaction.user.id
            record = await self.bot.games.resolve(
                uid, interaction.channel_id, game, guild_id=interaction.guild_id
            )
            before = record
            record = await end(record, uid)
            await announce_end(
                interaction,
                record,
                intro.format(uid=uid, game=record.id),
                stood=f"{stood} game #{record.id}.",
            )
            await close_pending_offer(self.bot, before)

    @app_commands.command(name="resign", description="Resign one of your games")
    @app_commands.guild_only()
    @app_commands.describe(game="Which game, when you have several here (e.g. #12)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def resign(self, interaction: Interaction, game: str | None = None) -> None:
        await self._end(
            interaction, game, self.bot.games.resign, "🏳️ <@{uid}> resigned.", "You resigned"
        )

    @app_commands.command(
        name="abort", description="Call off a game before both sides have moved (no result)"
    )
    @app_commands.guild_only()
    @app_commands.describe(game="Which game, when you have several here (e.g. #12)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def abort(self, interaction: Interaction, game: str | None = None) -> None:
        await self._end(
            interaction,
            game,
            self.bot.games.abort,
            "🚫 <@{uid}> aborted game #{game} before it got going.",
            "You aborted",
        )

    @app_commands.command(
        name="draw", description="Offer a draw in your game (or accept your opponent's offer)"
    )
    @app_commands.guild_only()
    @app_commands.describe(game="Which game, when you have several here (e.g. #12)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def draw(self, interaction: Interaction, game: str | None = None) -> None:
        async with user_errors(interaction):
            bot = self.bot
            uid = interaction.user.id
            record = await bot.games.resolve(
                uid, interaction.channel_id, game, guild_id=interaction.guild_id
            )
            if not record.is_active:
                raise UserError(f"Game #{record.id} is already over.")
            no_draws = presenter_for(record.variant).no_draws
            if no_draws:
                raise UserError(f"Game #{record.id}: {no_draws}")
            if record.against_computer:  # decided: it plays every game to its end
                computer = record.computer_seats[0].player_id
                raise UserError(
                    f"<@{computer}> declines: the computer plays every game to its end and "
                    f"accepts no draw. Nothing was offered in game #{record.id}; play on, or "
                    "`/resign` to give it up."
                )
            opponent = record.opponent_of(uid)
            assert opponent is not None
            offer = record.pending_draw_offer
            if offer is None and record.lapsed_draw_offer == opponent:
                await refuse_lapsed_offer(bot, record, uid)  # meant to accept: say it lapsed
            if offer == opponent:  # they offered already: this is an acceptance
                offered = record
                try:
                    async with bot.games.lock(record.id):
                        record = await bot.db.games.accept_draw(
                            record.id, uid, record.ply, now=bot.now()
                        )
                except GameOver:
                    raise
                except ConcurrencyError:  # a move landed first: the offer lapsed meanwhile
                    now = await bot.games.load(record.id)
                    if now.lapsed_draw_offer == opponent:
                        await refuse_lapsed_offer(bot, now, uid)
                    raise
                bot.games.forget(record.id)
                await announce_end(
                    interaction,
                    record,
                    f"🤝 <@{uid}> accepted the draw offer.",
                    stood=f"You accepted the draw: game #{record.id} is drawn by agreement.",
                )
                await close_offer_message(
                    bot,
                    offered,
                    f"🤝 <@{uid}> accepted <@{opponent}>'s draw offer in game #{record.id} "
                    "with `/draw`.",
                )
                return
            if offer == uid:
                raise UserError("You have already offered a draw; wait for your opponent's answer.")
            record = await bot.db.games.offer_draw(record.id, uid, record.ply, now=bot.now())
            text = (
                f"🤝 <@{uid}> offers a draw in game #{record.id}. <@{opponent}>, do you accept? "
                "(The offer lapses when a move is played.)"
            )
            payload = {
                "content": text,
                "view": ui.draw_view(record.id, record.ply),
                "allowed_mentions": await rationed_ping(
                    bot.db, "draw", record.id, opponent, now=bot.now()
                ),
            }
            message = await publish(
                interaction,
                record,
                payload,
                note="Draw offered:",
                board=False,
                stood=f"Your draw offer in game #{record.id} stands until a move is played; "
                "your opponent can accept it with `/draw`.",
            )
            if message is not None:  # so its buttons can be taken off when it ends
                await bot.db.games.set_draw_offer_message(record.id, record.ply, message.id)


async def setup(bot: LatrunculiBot) -> None:
    bot.add_dynamic_items(DrawButton, RematchButton)
    await bot.add_cog(GameEnd(bot))


__all__ = ["DrawButton", "GameEnd", "RematchButton", "announce_end", "setup"]
