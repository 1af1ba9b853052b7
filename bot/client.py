"""The Bot subclass: settings, database, services, extensions, command sync, error handling."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import AppCommand
from discord.ext import commands

from ai.analysis.worker import AnalysisWorker
from ai.worker import AIWorker
from storage import Database

from .activity import ActivityLaunches
from .clock import Clock, discord_clock, read_from_here
from .entry_point import with_entry_point
from .errors import answer_language, message_for, report_unexpected, send_ephemeral
from .i18n import translate
from .mentions import NO_MENTIONS
from .services.analysis import AnalysisQueue, Analyst
from .services.claims import new_owner
from .services.computer import ComputerPlayer, Opponent
from .services.games import GameService
from .services.menus import OpenMenus
from .settings import Settings
from .translator import CatalogTranslator

__all__ = [
    "EXTENSIONS",
    "GameBot",
    "GameCommandTree",
    "ShardedGameBot",
    "create_bot",
]

log = logging.getLogger(__name__)

EXTENSIONS = (
    "bot.exts.challenges",
    "bot.exts.tables",
    "bot.exts.play",
    "bot.exts.activity",
    "bot.exts.game_end",
    "bot.exts.info",
    "bot.exts.language",
    "bot.exts.stats",
    "bot.exts.notify",
    "bot.exts.preferences",
    "bot.exts.takeback",
    "bot.exts.vacation",
    "bot.exts.tournaments",
    "bot.exts.sweep",
    "bot.exts.health",
    "bot.exts.analysis",
)

WEB_EXTENSION = "web.bot_ext"
"""The live board's extension, loaded only with ``WEB_PORT`` (by name: the bot does not import
``web``; ``web`` plays through the bot's pipeline)."""


class GameCommandTree(app_commands.CommandTree["GameBot"]):
    """The command tree with the central error handler, whose global sync keeps the
    Activity's entry-point command (:mod:`bot.entry_point`)."""

    async def sync(self, *, guild: discord.abc.Snowflake | None = None) -> list[AppCommand]:
        if guild is not None:
            return await super().sync(guild=guild)
        application_id = self.client.application_id
        if application_id is None:
            raise app_commands.MissingApplicationID
        commands = self._get_all_commands(guild=None)  # what the plain sync sends
        translator = self.translator
        if translator:
            payload = [await c.get_translated_payload(self, translator) for c in commands]
        else:
            payload = [c.to_dict(self) for c in commands]
        existing = await self._http.get_global_commands(application_id)
        full = with_entry_point(payload, existing, create=self.client.settings.activity_enabled)
        try:
            data = await self._http.bulk_upsert_global_commands(application_id, payload=full)
        except discord.HTTPException as e:
            if e.status == 400 and e.code == 50035:
                raise app_commands.CommandSyncFailure(e, commands) from None
            raise
        return [AppCommand(data=d, state=self._state) for d in data]

    async def on_error(
        self, interaction: discord.Interaction[GameBot], error: app_commands.AppCommandError
    ) -> None:
        original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        language = await answer_language(interaction)
        text = message_for(original, language)
        if isinstance(error, app_commands.NoPrivateMessage):
            text = translate(
                "The games are played in servers: use this command in a server channel.", language
            )
        if text is not None:
            await send_ephemeral(interaction, text)
            return
        await report_unexpected(interaction, original)


class GameBot(commands.Bot):
    """The board-games bot (Latrunculi, chess, draughts, backgammon, ludo on Discord). ``db`` is
    opened by the launcher (or by ``setup_hook``)."""

    db: Database
    settings: Settings
    games: GameService
    menus: OpenMenus
    computer: ComputerPlayer
    analysis: AnalysisQueue
    claim_owner: str
    activity_launches: ActivityLaunches

    def __init__(
        self,
        *,
        settings: Settings,
        db: Database,
        clock: Clock = discord_clock,
        opponent: Opponent | None = None,
        analyst: Analyst | None = None,
        **client_options: Any,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # slash commands and buttons need no privileged intents
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=GameCommandTree,
            help_command=None,
            # Nobody is pinged unless a message opts in to exactly the one user it is for.
            allowed_mentions=NO_MENTIONS,
            **client_options,
        )
        self.settings = settings
        self.db = db
        self.clock = clock
        #: This process's name in the database's claims (bot/services/claims.py): random, made
        #: at start, so work claimed by several processes on one database is done by one.
        self.claim_owner = new_owner()
        # the services read the bot's clock through ``now``: pinned (pin_clock), they see it too
        self.games = GameService(db, self.now)
        self.menus = OpenMenus(self.now)
        #: Which game each Activity launched from a board's button shows (bot/activity.py).
        self.activity_launches = ActivityLaunches(db, clock)
        # The computer opponent's search runs in a worker process (started in setup_hook,
        # closed with the bot); ``opponent`` is the seam where tests may put another one.
        self.computer = ComputerPlayer(
            self, opponent if opponent is not None else AIWorker(processes=settings.ai_workers)
        )
        # Finished games' analyses: one niced worker process of their own (issue 33).
        self.analysis = AnalysisQueue(
            self, analyst if analyst is not None else AnalysisWorker(), settings.analysis_depth
        )

    def now(self) -> float:
        return self.clock()

    def pin_clock(self) -> None:
        """From now on read the clock as the caller's context does (the bot's own), whichever
        task asks: for work started in a context of another's -- the live board serves its
        requests in one of its own, and a move made there must be stamped with the bot's time
        (the simulated Discord selects its virtual clock by a context variable)."""
        self.clock = read_from_here(self.clock)

    async def setup_hook(self) -> None:
        await self.db.start()  # no-op when the launcher opened it
        # Command names and descriptions in the players' client languages (bot/locale).
        await self.tree.set_translator(CatalogTranslator())
        self.computer.opponent.start()
        await self.analysis.start()  # resumes the analyses a restart interrupted
        for ext in EXTENSIONS:
            await self.load_extension(ext)
        if self.settings.web_port is not None:  # the live board (web/, issue 34) in this process
            await self.load_extension(WEB_EXTENSION)
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to dev guild %d", len(synced), guild.id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d commands globally (may take up to an hour to appear)", len(synced))

    async def close(self) -> None:
        """Stop the computer's turns under way (replayed at the next start) and its worker
        process, then log out."""
        try:
            await self.computer.close()
            await self.computer.opponent.close()
            await self.analysis.close()
        finally:
            await super().close()

    async def on_ready(self) -> None:
        plan = self.settings.shards
        log.info(
            "logged in as %s (%s) in %d guilds%s",
            self.user,
            getattr(self.user, "id", "?"),
            len(self.guilds),
            f" ({plan.describe()})" if plan else "",
        )


class ShardedGameBot(GameBot, commands.AutoShardedBot):
    """The same bot as discord.py's ``AutoShardedBot`` for the shards of ``settings.shards``
    (``SHARD_COUNT`` / ``SHARD_IDS``): one gateway connection per shard, one cache, one
    database. Several such processes, each with its own shard ids, share one database; what
    more than one of them might do is claimed there (docs/bot.md, *Many processes*)."""

    def __init__(
        self,
        *,
        settings: Settings,
        db: Database,
        clock: Clock = discord_clock,
        opponent: Opponent | None = None,
        analyst: Analyst | None = None,
    ) -> None:
        plan = settings.shards
        if plan is None:
            raise ValueError("a sharded bot needs SHARD_COUNT")
        super().__init__(
            settings=settings,
            db=db,
            clock=clock,
            opponent=opponent,
            analyst=analyst,
            shard_count=plan.count,
            shard_ids=list(plan.ids),
        )


def create_bot(
    settings: Settings,
    *,
    db: Database | None = None,
    clock: Clock = discord_clock,
    opponent: Opponent | None = None,
    analyst: Analyst | None = None,
) -> GameBot:
    """The bot for ``settings``: sharded when ``SHARD_COUNT`` is set, else the plain bot (one
    process, discord.py's own single connection, as before)."""
    bot_class = GameBot if settings.shards is None else ShardedGameBot
    return bot_class(
        settings=settings,
        db=db or Database(settings.database),
        clock=clock,
        opponent=opponent,
        analyst=analyst,
    )
