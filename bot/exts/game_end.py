"""Ending games by hand: ``/abort``, ``/resign``, ``/draw`` (offer, and the opponent's Accept /
Decline buttons) and the Rematch button under a finished game."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from rules import Wording
from storage import ChallengeRecord, ConcurrencyError, GameOver, GameRecord

from .. import ui
from ..buttons import PersistentButton
from ..client import GameBot
from ..errors import UserError, answer_language, user_errors
from ..i18n import mark, translate
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
from ..services.games import ALREADY_OVER
from ..services.languages import server_language
from ..services.rematch import offer_rematch
from .play import game_autocomplete

NO_DRAWS = "this game always ends with a winner: it has no draws."
"""Why ``/draw`` is refused in a game from outside the house whose presenter gives no words of
its own (:attr:`GamePresenter.no_draws`; the house's games all do, translated)."""

log = logging.getLogger(__name__)

Interaction = discord.Interaction[GameBot]


async def announce_end(
    interaction: Interaction, record: GameRecord, intro: str, *, stood: str
) -> None:
    """Post the final board: result, reason, both records and the Rematch button (``intro``
    in the server's language, as the board; ``stood``, in the user's: what was recorded, told
    to them if the post fails). A game that goes on (a ludo seat resigned, the others play)
    gets the next player's deadline, as every board of a game in progress does."""
    bot = interaction.client
    payload = await board_payload(
        bot.db, record, intro=intro, move_timeout=bot.settings.move_timeout_seconds
    )
    note = translate(mark("Done:"), await answer_language(interaction))
    await publish(interaction, record, payload, note=note, stood=stood)


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
            raise UserError(mark("Only the two players can answer a draw offer."))
        if not record.is_active:
            raise UserError(ALREADY_OVER, game=record.id)
        offer = record.pending_draw_offer
        public = await server_language(bot.db, record.guild_id)  # the offer is public
        if record.ply != self.ply or offer is None:
            await interaction.response.edit_message(
                content=translate(mark("This draw offer has lapsed."), public), view=None
            )
            lapsed = record.lapsed_draw_offer
            if lapsed is not None and lapsed != uid and record.draw_offer_ply == self.ply:
                # told now: their next /draw makes an offer
                await bot.db.games.forget_lapsed_draw_offer(record.id, lapsed, self.ply)
            return
        if self.answer == "yes":
            if offer == uid:
                raise UserError(mark("You made this offer; your opponent has to accept it."))
            async with bot.games.lock(record.id):
                record = await bot.db.games.accept_draw(record.id, uid, self.ply, now=bot.now())
            bot.games.forget(record.id)
            try:
                await interaction.response.edit_message(
                    content=translate(
                        mark("🤝 {player} accepted {offerer}'s draw offer in game #{game}."),
                        public,
                        player=f"<@{uid}>",
                        offerer=f"<@{offer}>",
                        game=record.id,
                    ),
                    view=None,
                )
            except discord.HTTPException as exc:  # the draw stands; the final board tells it
                log.warning("game %d: could not close the draw offer: %s", record.id, exc)
            stood = translate(
                mark("Game #{game} is drawn by agreement."),
                await answer_language(interaction),
                game=record.id,
            )
            await announce_end(interaction, record, "", stood=stood)
        else:
            await bot.db.games.clear_draw_offer(record.id)
            if offer == uid:
                text = mark("{player} withdrew their draw offer in game #{game}. Play on!")
            else:
                text = mark("{player} declined the draw offer in game #{game}. Play on!")
            await interaction.response.edit_message(
                content=translate(text, public, player=f"<@{uid}>", game=record.id), view=None
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
        if record.match_id is not None:  # a Rematch left under a board from before
            match = await bot.db.matches.require_match(record.match_id)
            if match.is_active:
                raise UserError(
                    mark(
                        "Game #{game} is a game of a match that goes on: its next game follows "
                        "in the same place. A rematch is offered when the match is over."
                    ),
                    game=record.id,
                )
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
                mark(
                    "I can't post in {channel}, where game #{game} was set up, so no rematch was "
                    "offered. Use `/challenge` in a channel where I can post."
                ),
                channel=f"<#{ch.channel_id}>",
                game=record.id,
            ) from exc
        link = message_link(ch.guild_id, ch.channel_id, message.id)
        public = await server_language(bot.db, record.guild_id)  # said in the game's thread
        if ch.is_table:
            text = translate(
                mark(
                    "🔁 {host} opens a table for a rematch of game #{game} with the same players "
                    "seated: {link} (the host starts it; it is played in a thread of its own)."
                ),
                public,
                host=f"<@{ch.challenger_id}>",
                game=record.id,
                link=link,
            )
            await interaction.response.send_message(text, allowed_mentions=ping_users())
            return
        await interaction.response.send_message(
            translate(
                mark(
                    "🔁 {player} offers {opponent} a rematch of game #{game}, colours swapped: "
                    "{link} (once accepted, it is played in a thread of its own)."
                ),
                public,
                player=f"<@{ch.challenger_id}>",
                opponent=f"<@{ch.challenged_id}>",
                game=record.id,
                link=link,
            )
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
                mark(
                    "I can't post in {channel}, where game #{game} was set up, so no rematch was "
                    "started. Use `/challenge` in a channel where I can post."
                ),
                channel=f"<#{ch.channel_id}>",
                game=record.id,
            ) from exc

        async def edit(content: str) -> None:
            await message.edit(content=content, view=None)

        game = await launch_game(bot, ch, me, edit=edit, channel=message.channel, message=message)
        text = translate(
            mark(
                "🔁 The rematch of game #{game} has started: game #{new}, in its own thread: {link}"
            ),
            await answer_language(interaction),
            game=record.id,
            new=game.id,
            link=message_link(ch.guild_id, ch.channel_id, message.id),
        )
        await interaction.followup.send(text, ephemeral=True)


class GameEnd(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
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
        board and take down a pending draw offer. ``intro`` (marked; said in the server's
        language) and ``stood`` (marked; said to the user in theirs) may name ``{player}`` and
        ``{game}``."""
        async with user_errors(interaction):
            uid = interaction.user.id
            record = await self.bot.games.resolve(
                uid, interaction.channel_id, game, guild_id=interaction.guild_id
            )
            before = record
            record = await end(record, uid)
            public = await server_language(self.bot.db, record.guild_id)
            await announce_end(
                interaction,
                record,
                translate(intro, public, player=f"<@{uid}>", game=record.id),
                stood=translate(stood, await answer_language(interaction), game=record.id),
            )
            await close_pending_offer(self.bot, before)

    @app_commands.command(name="resign", description="Resign one of your games")
    @app_commands.guild_only()
    @app_commands.describe(game="Which game, when you have several here (e.g. #12)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def resign(self, interaction: Interaction, game: str | None = None) -> None:
        await self._end(
            interaction,
            game,
            self.bot.games.resign,
            mark("🏳️ {player} resigned."),
            mark("You resigned game #{game}."),
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
            mark("🚫 {player} aborted game #{game} before it got going."),
            mark("You aborted game #{game}."),
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
                raise UserError(ALREADY_OVER, game=record.id)
            presenter = presenter_for(record.game_kind)
            if not presenter.rules.draws_by_agreement:  # the rules decide; the presenter words
                raise UserError(
                    mark("Game #{game}: {reason}"),
                    game=record.id,
                    reason=Wording(presenter.no_draws or NO_DRAWS),
                )
            if record.against_computer:  # decided: it plays every game to its end
                computer = record.computer_seats[0].player_id
                raise UserError(
                    mark(
                        "{computer} declines: the computer plays every game to its end and "
                        "accepts no draw. Nothing was offered in game #{game}; play on, or "
                        "`/resign` to give it up."
                    ),
                    computer=f"<@{computer}>",
                    game=record.id,
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
                public = await server_language(bot.db, record.guild_id)
                language = await answer_language(interaction)
                await announce_end(
                    interaction,
                    record,
                    translate(
                        mark("🤝 {player} accepted the draw offer."), public, player=f"<@{uid}>"
                    ),
                    stood=translate(
                        mark("You accepted the draw: game #{game} is drawn by agreement."),
                        language,
                        game=record.id,
                    ),
                )
                await close_offer_message(
                    bot,
                    offered,
                    translate(
                        mark(
                            "🤝 {player} accepted {offerer}'s draw offer in game #{game} "
                            "with `/draw`."
                        ),
                        public,
                        player=f"<@{uid}>",
                        offerer=f"<@{opponent}>",
                        game=record.id,
                    ),
                )
                return
            if offer == uid:
                raise UserError(
                    mark("You have already offered a draw; wait for your opponent's answer.")
                )
            record = await bot.db.games.offer_draw(record.id, uid, record.ply, now=bot.now())
            public = await server_language(bot.db, record.guild_id)
            text = translate(
                mark(
                    "🤝 {player} offers a draw in game #{game}. {opponent}, do you accept? "
                    "(The offer lapses when a move is played.)"
                ),
                public,
                player=f"<@{uid}>",
                game=record.id,
                opponent=f"<@{opponent}>",
            )
            language = await answer_language(interaction)
            payload = {
                "content": text,
                "view": ui.draw_view(record.id, record.ply, public),
                "allowed_mentions": await rationed_ping(
                    bot.db, "draw", record.id, opponent, now=bot.now()
                ),
            }
            message = await publish(
                interaction,
                record,
                payload,
                note=translate(mark("Draw offered:"), language),
                board=False,
                stood=translate(
                    mark(
                        "Your draw offer in game #{game} stands until a move is played; your "
                        "opponent can accept it with `/draw`."
                    ),
                    language,
                    game=record.id,
                ),
            )
            if message is not None:  # so its buttons can be taken off when it ends
                await bot.db.games.set_draw_offer_message(record.id, record.ply, message.id)


async def setup(bot: GameBot) -> None:
    bot.add_dynamic_items(DrawButton, RematchButton)
    await bot.add_cog(GameEnd(bot))


__all__ = ["DrawButton", "GameEnd", "RematchButton", "announce_end", "setup"]
