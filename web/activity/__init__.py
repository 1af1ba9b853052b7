"""The Discord Activity's server side (issue 35): the Embedded App SDK's code exchange, the
check that an Activity instance belongs to its channel and user, and which game it shows.

Mounted on the live board's aiohttp application by :func:`setup_activity`; it reads storage
and the rules only and never touches a Discord object of the bot (the game each button launch
opened comes through a plain callable, :class:`~web.activity.games.LaunchLookup`).
"""

from __future__ import annotations

from .config import ActivityConfig
from .routes import setup_activity

__all__ = ["ActivityConfig", "setup_activity"]
