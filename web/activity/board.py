"""The Activity's players on the live board's own game API (snapshot, event stream, move,
resign, draw): a session source for :data:`web.auth.SOURCES` that accepts the Activity's
bound bearer session (:func:`~web.activity.identity.activity_user`).

What such a session may do is what the live board lets any session user do, confined to the
instance's server: watch every game of that server (everyone in the Activity watches with no
extra step), move only in a game where the user has a seat (the board's API and the bot's
play pipeline check that, as for ``/move``). State-changing requests carry the token in a
header a browser never adds by itself, so they need no CSRF token (:mod:`web.auth`); they may
come from the Activity's origin, ``https://<app id>.discordsays.com``.
"""

from __future__ import annotations

from aiohttp import web

from ..auth import SessionUser
from .identity import activity_user
from .routes import ACTIVITY

__all__ = ["activity_origin", "board_user"]


def activity_origin(client_id: str) -> str:
    """Where Discord's proxy serves the Activity of application ``client_id``."""
    return f"https://{client_id}.discordsays.com"


async def board_user(request: web.Request) -> SessionUser | None:
    """The live board's session user of an Activity request, or ``None`` (no, or no valid,
    Activity session: the request is then anonymous, or the sign-in cookie's)."""
    session = await activity_user(request)
    if session is None:
        return None
    return SessionUser(
        user_id=session.user_id,
        name=session.name,
        csrf="",
        source="activity",
        bearer=True,
        guild_id=session.guild_id,
        origins=(activity_origin(request.app[ACTIVITY].config.client_id),),
    )
