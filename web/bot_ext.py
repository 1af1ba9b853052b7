"""The live board inside the bot process: a discord.py extension the bot loads when
``WEB_PORT`` is set. It is the only place where ``web`` meets the bot: it answers the web's
ports with the bot's own play pipeline (:mod:`bot.services.pipeline`) and error words, tells
the web which servers still have the bot, and gives every board its **Watch live** link."""

from __future__ import annotations

import asyncio
import importlib
import logging
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from bot.client import GameBot
from bot.errors import message_for
from bot.i18n import resolve_language
from bot.presenters import playable_games
from bot.services.challenge_requests import ChallengeAsk as BotAsk
from bot.services.challenge_requests import accept_from_web, challenge_from_web, close_from_web
from bot.services.computer import computer_games
from bot.services.pipeline import draw_from_web, play_from_web, resign_from_web
from bot.texts import game_name
from bot.watch import set_watch_links
from bot.web_words import game_titles, game_words, page_language, page_words
from storage import GameRecord

from .activity.board import board_user
from .activity.host import mount_activity
from .auth import SessionSource
from .config import WebConfig
from .frontend_build import ACTIVITY_FRONTEND, build_frontend
from .ports import ChallengeAsk, Refused
from .server import WebServer, create_app
from .signing import Signer

__all__ = [
    "ADDITIONS",
    "ADDITION_MODULES",
    "BotActions",
    "BotChallenges",
    "WebAdditions",
    "build_app",
    "setup",
    "teardown",
    "web_config",
]

log = logging.getLogger(__name__)

SERVER = "live_board_server"
BUILD = "live_board_build"


def web_config(bot: GameBot) -> WebConfig:
    s = bot.settings
    return WebConfig(
        url=s.web_url,
        secret=s.web_secret,
        client_id=s.discord_client_id,
        client_secret=s.discord_client_secret,
        discord_api_url=s.discord_api_url,
        move_timeout=s.move_timeout_seconds,
    )


MENTION = re.compile(r"<@!?(\d{1,20})>")
"""A user mention in the bot's words: Discord shows it as a name, a web page would not."""


async def named(bot: GameBot, text: str) -> str:
    """``text`` with each user mention replaced by ``@`` and the stored display name (the bot's
    own by its name), as Discord would show it; an unknown user stays "@someone"."""
    found: dict[str, str] = {}
    for match in MENTION.finditer(text):
        user_id = int(match.group(1))
        me = bot.user
        if me is not None and user_id == me.id:
            name = me.display_name
        else:
            player = await bot.db.players.get_player(user_id)
            name = player.display_name if player is not None and player.display_name else ""
        found[match.group(0)] = "@" + (name or "someone")
    return MENTION.sub(lambda m: found[m.group(0)], text)


async def reader_language(bot: GameBot, user_id: int, guild_id: int | None) -> str:
    """The language a web player reads: their ``/language``, else their server's (a browser
    has no Discord client language)."""
    db = bot.db
    server = await db.guilds.language(guild_id) if guild_id else None
    return resolve_language(await db.players.language(user_id), None, server)


async def refusal(bot: GameBot, exc: Exception, language: str) -> Refused:
    """``exc`` in the bot's words in ``language``, mentions named; unexpected errors rise."""
    text = message_for(exc, language)
    if text is None:
        raise exc
    return Refused(await named(bot, text))


class BotActions:
    """The web's :class:`~web.ports.GameActions`, played through the bot's pipeline; a
    refusal is worded as the bot words it, in the player's language."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    async def _refusal(self, exc: Exception, game_id: int, user_id: int) -> Refused:
        """``exc`` in the bot's words, in the player's language (:func:`reader_language` in
        the game's server); unexpected errors rise."""
        record = await self.bot.db.games.load_game(game_id)
        guild_id = record.guild_id if record is not None else None
        return await refusal(self.bot, exc, await reader_language(self.bot, user_id, guild_id))

    async def play(self, game_id: int, user_id: int, text: str, expected_ply: int) -> None:
        try:
            await play_from_web(self.bot, game_id, user_id, text, expected_ply=expected_ply)
        except Exception as exc:
            raise await self._refusal(exc, game_id, user_id) from exc

    async def resign(self, game_id: int, user_id: int) -> None:
        try:
            await resign_from_web(self.bot, game_id, user_id)
        except Exception as exc:
            raise await self._refusal(exc, game_id, user_id) from exc

    async def draw(self, game_id: int, user_id: int) -> str:
        try:
            return await draw_from_web(self.bot, game_id, user_id)
        except Exception as exc:
            raise await self._refusal(exc, game_id, user_id) from exc


class BotChallenges:
    """The web's :class:`~web.ports.ChallengeActions`: ``/challenge``'s own path (its checks,
    its message and buttons in the channel), refusals worded in the player's language."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    async def _language(self, user_id: int, guild_id: int) -> str:
        return await reader_language(self.bot, user_id, guild_id)

    async def choices(self, user_id: int, guild_id: int) -> list[dict[str, Any]]:
        language = await self._language(user_id, guild_id)
        plays = computer_games()
        return [
            {"id": g.id, "name": game_name(g.id, language), "computer": g.id in plays}
            for g in playable_games()
        ]

    async def challenge(
        self, guild_id: int, channel_id: int, user_id: int, ask: ChallengeAsk
    ) -> tuple[int, int | None]:
        language = await self._language(user_id, guild_id)
        me = self.bot.user
        opponent = me.id if ask.computer and me is not None else ask.opponent
        made = BotAsk(game_kind=ask.game_kind, colour=ask.colour, level=ask.level)
        try:
            ch, game = await challenge_from_web(
                self.bot, guild_id, channel_id, user_id, made, opponent, language
            )
        except Exception as exc:
            raise await refusal(self.bot, exc, language) from exc
        return ch.id, game.id if game is not None else None

    async def accept(self, guild_id: int, challenge_id: int, user_id: int) -> int:
        try:
            game = await accept_from_web(self.bot, guild_id, challenge_id, user_id)
        except Exception as exc:
            language = await self._language(user_id, guild_id)
            raise await refusal(self.bot, exc, language) from exc
        return game.id

    async def close(self, guild_id: int, challenge_id: int, user_id: int, action: str) -> None:
        try:
            await close_from_web(self.bot, guild_id, challenge_id, user_id, action)
        except Exception as exc:
            language = await self._language(user_id, guild_id)
            raise await refusal(self.bot, exc, language) from exc


class BotWords:
    """The web's :class:`~web.ports.PageWords`: the pages' words from the bot's catalogs, in
    the reader's ``/language``, else their server's, else their browser's."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    async def __call__(
        self,
        user_id: int | None,
        guild_id: int | None,
        accept_language: str,
        game_kind: str | None = None,
    ) -> dict[str, Any]:
        db = self.bot.db
        player = await db.players.language(user_id) if user_id is not None else None
        server = await db.guilds.language(guild_id) if guild_id is not None else None
        language = page_language(player, server, accept_language)
        return {
            **page_words(language),
            "game": game_words(game_kind, language),
            "titles": game_titles(language),
        }


class WebPresence:
    """Whether a server still has the bot. A server of a shard this process does not run
    cannot be seen from here: such a game is shown (its own process refuses it when gone)."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    def __call__(self, guild_id: int) -> bool:
        if self.bot.get_guild(guild_id) is not None:
            return True
        count = self.bot.shard_count or 1
        ids = getattr(self.bot, "shard_ids", None)
        if ids is None:
            return False  # this process runs every shard: the bot was removed
        return (guild_id >> 22) % count not in ids


@dataclass(frozen=True)
class WebAdditions:
    """What another part of the web side adds to the live board's application (the Discord
    Activity of issue 35: its routes, its sign-in as a session source)."""

    routes: tuple[web.RouteTableDef, ...] = ()
    sub_apps: Mapping[str, web.Application] = field(default_factory=dict)
    session_sources: tuple[SessionSource, ...] = ()


ADDITIONS: list[Callable[[GameBot, WebConfig], WebAdditions]] = []
"""Makers of :class:`WebAdditions`, asked when the application is built; a module adds its
maker here when imported (list it in :data:`ADDITION_MODULES`)."""
ADDITION_MODULES: tuple[str, ...] = ()
"""Modules imported before the application is built, so that they register their additions."""


def build_app(bot: GameBot, config: WebConfig) -> web.Application:
    """The live board, with the Discord Activity mounted on it when ``ACTIVITY_ENABLED``: its
    sign-in and page, its launches (the bot's memory of **Play in Discord**), and its bearer
    session accepted by the board's game API (so the Activity is the live board inside
    Discord; without the Activity mounted that source never answers)."""
    for name in ADDITION_MODULES:
        importlib.import_module(name)
    made = [maker(bot, config) for maker in ADDITIONS]
    app = create_app(
        config,
        bot.db,
        BotActions(bot),
        WebPresence(bot),
        routes=[table for m in made for table in m.routes],
        sub_apps={prefix: app for m in made for prefix, app in m.sub_apps.items()},
        session_sources=[board_user, *(source for m in made for source in m.session_sources)],
        clock=bot.now,  # the bot's time, pinned to its context by setup (GameBot.pin_clock)
        words=BotWords(bot),
    )
    mount_activity(
        app,
        bot.settings,
        bot.db,
        bot.activity_launches.game_for,
        challenges=BotChallenges(bot),
        clock=bot.now,
    )
    return app


async def build_pages(activity: bool) -> None:
    """Build the board's front end, then the Activity's (which imports the board's modules)."""
    await build_frontend()
    if activity:
        await build_frontend(ACTIVITY_FRONTEND)


async def setup(bot: GameBot) -> None:
    """Start the live board on ``WEB_HOST:WEB_PORT`` and link every board to it."""
    settings = bot.settings
    if settings.web_port is None:
        return
    config = web_config(bot)
    signer = Signer(config.secret)
    bot.pin_clock()  # the requests' own context reads the bot's time (moves, clocks)

    def link(record: GameRecord) -> str:
        return f"{config.url}/games/{record.id}?t={signer.watch_token(record.id)}"

    server = WebServer(build_app(bot, config), settings.web_host, settings.web_port)
    await server.start()
    setattr(bot, SERVER, server)  # noqa: B010 - the extension's own attribute
    set_watch_links(bot.db, link)
    if settings.web_build:  # kept on the bot: a task nobody holds may be collected
        task = asyncio.get_running_loop().create_task(build_pages(settings.activity_enabled))
        setattr(bot, BUILD, task)  # noqa: B010


async def teardown(bot: GameBot) -> None:
    set_watch_links(bot.db, None)
    server: WebServer | None = getattr(bot, SERVER, None)
    if server is not None:
        await server.stop()
