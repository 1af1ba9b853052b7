"""Mounting the Activity on the live board the bot runs: its settings come from the bot's
(``bot.settings.Settings`` once it has the live board's, issue 34), read through a protocol so
``web`` does not import the bot."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

from aiohttp import web

from storage import Database

from ..ports import ChallengeActions
from .config import ActivityConfig
from .games import LaunchLookup
from .routes import ActivityState, setup_activity

__all__ = ["HostSettings", "activity_config", "mount_activity"]


class HostSettings(Protocol):
    """The bot's settings the Activity reads."""

    @property
    def activity_enabled(self) -> bool: ...
    @property
    def token(self) -> str: ...
    @property
    def discord_client_id(self) -> str: ...
    @property
    def discord_client_secret(self) -> str: ...
    @property
    def web_secret(self) -> str: ...
    @property
    def discord_api_url(self) -> str: ...


def activity_config(settings: HostSettings) -> ActivityConfig | None:
    """The Activity's settings, or ``None`` while ``ACTIVITY_ENABLED`` is off; a missing
    client id or secret raises :class:`~web.activity.config.ActivityConfigError` (at start,
    not at a player's first click)."""
    if not settings.activity_enabled:
        return None
    return ActivityConfig(
        client_id=settings.discord_client_id,
        client_secret=settings.discord_client_secret,
        bot_token=settings.token,
        session_secret=settings.web_secret,
        discord_url=settings.discord_api_url or "https://discord.com",
    )


def mount_activity(
    app: web.Application,
    settings: HostSettings,
    db: Database,
    launches: LaunchLookup,
    challenges: ChallengeActions | None = None,
    clock: Callable[[], float] = time.time,
) -> ActivityState | None:
    """Mount the Activity's API and page on the live board's ``app`` when it is enabled
    (``launches``: the bot's ``activity_launches.game_for``)."""
    config = activity_config(settings)
    if config is None:
        return None
    return setup_activity(app, config, db, launches, challenges=challenges, clock=clock)
