"""Building and running the live board's aiohttp application.

:func:`create_app` is the one factory: storage, the play port and the presence check go in,
and a host may add its own routes, sub-applications and session sources (the Discord
Activity of issue 35 adds its sign-in and its pages this way) without editing this module.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import time
from collections.abc import Callable, Iterable, Mapping

from aiohttp import web

from storage import Database

from . import api, oauth
from .auth import CONFIG, SIGNER, SOURCES, SessionSource, cookie_user
from .config import WebConfig
from .events import Broadcaster
from .limits import RateLimiter
from .pages import add_pages, security_headers
from .ports import GameActions, GuildPresence, PageWords, english_words
from .signing import Signer
from .snapshot import Snapshots

__all__ = ["WebServer", "create_app"]

log = logging.getLogger(__name__)

DB = web.AppKey("db", Database)


def create_app(
    config: WebConfig,
    db: Database,
    actions: GameActions,
    presence: GuildPresence,
    *,
    routes: Iterable[web.RouteTableDef] = (),
    sub_apps: Mapping[str, web.Application] | None = None,
    session_sources: Iterable[SessionSource] = (),
    clock: Callable[[], float] = time.time,
    words: PageWords = english_words,
) -> web.Application:
    """The live board: the API, the event streams, Discord sign-in and the pages.

    ``routes`` and ``sub_apps`` (by path prefix) are added as they are; ``session_sources``
    are asked for the session user before the sign-in cookie (each answers only for a
    credential the request names explicitly, such as a bearer token). ``clock`` is the one the game
    rows' times were written with (the bot's), for the move clocks. ``words``: the pages' own
    words in a reader's language (the bot's catalogs; English without them)."""
    app = web.Application(middlewares=[security_headers], client_max_size=64 * 1024)
    app[CONFIG] = config
    app[SIGNER] = Signer(config.secret)
    app[SOURCES] = [*session_sources, cookie_user]
    app[DB] = db
    snapshots = Snapshots(db, config.move_timeout, clock)
    app[api.SNAPSHOTS] = snapshots
    app[api.BROADCASTER] = Broadcaster(on_change=snapshots.invalidate)
    app[api.ACTIONS] = actions
    app[api.PRESENCE] = presence
    app[api.WORDS] = words
    app[api.MOVE_LIMIT] = RateLimiter(
        config.moves_per_minute, burst=max(5, config.moves_per_minute // 3)
    )
    app[oauth.SIGN_IN_LIMIT] = RateLimiter(config.sign_ins_per_minute)
    app.add_routes(api.routes)
    app.add_routes(oauth.routes)
    for table in routes:
        app.add_routes(table)
    for prefix, sub in (sub_apps or {}).items():
        app.add_subapp(prefix, sub)
    add_pages(app)

    async def attach(app: web.Application) -> None:
        await app[api.BROADCASTER].attach(app[DB])

    async def detach(app: web.Application) -> None:
        app[api.BROADCASTER].detach()

    app.on_startup.append(attach)
    app.on_cleanup.append(detach)
    return app


class WebServer:
    """Runs an application on ``host:port`` inside the current event loop."""

    def __init__(self, app: web.Application, host: str, port: int) -> None:
        self.app = app
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        """Listen, in a context of its own: requests are served in tasks that inherit none of
        the starter's context variables (an extension loader's, a test harness's), as they
        would when started from the launcher."""
        loop = asyncio.get_running_loop()
        await contextvars.Context().run(loop.create_task, self._start())

    async def _start(self) -> None:
        self._runner = web.AppRunner(self.app, access_log=None, shutdown_timeout=2.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        if self.port == 0:  # an ephemeral port (tests): remember which
            server = getattr(site, "_server", None)
            sockets = getattr(server, "sockets", None) or []
            if sockets:
                self.port = int(sockets[0].getsockname()[1])
        log.info("live board listening on %s:%d", self.host, self.port)

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()
