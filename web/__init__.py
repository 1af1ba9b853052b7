"""The live board in the browser (issue 34): an aiohttp server with a JSON API, pushed
updates (Server-Sent Events), Discord sign-in, and the front end under ``web/frontend``.

``web`` reads storage and the rules, and plays through the bot's one play pipeline
(:mod:`bot.services.pipeline`) behind the :class:`~web.ports.GameActions` port: it never
touches a Discord object. :func:`web.server.create_app` builds the application;
:mod:`web.bot_ext` starts it inside the bot process when ``WEB_PORT`` is set.
"""

from __future__ import annotations

from .config import WebConfig
from .server import create_app

__all__ = ["WebConfig", "create_app"]
