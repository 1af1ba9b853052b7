"""Who is asking, for the live board's own endpoints, when the request comes from the Activity.

The live board knows users by its sign-in cookie; inside Discord the Activity's requests carry
its bound session token instead (:mod:`web.activity.sessions`). :func:`activity_user` is the
one question the board's endpoints ask to accept them: a genuine, unexpired session bound to an
instance that Discord still reports with that user in it (asked again once the last answer is
older than ``instance_recheck_seconds``). The board's session sources (issue 34's
``web.auth.SOURCES``) wrap it.

``EventSource`` (the live updates) cannot send headers, so a ``GET`` may carry the token as
``?activity_session=`` instead; it is short-lived and bound to one instance.
"""

from __future__ import annotations

import logging

from aiohttp import web

from .discord_api import DiscordApiError
from .instances import Claim, InstanceRefused
from .routes import ACTIVITY
from .sessions import ActivitySession

__all__ = ["QUERY_PARAMETER", "activity_user", "session_token"]

log = logging.getLogger(__name__)

QUERY_PARAMETER = "activity_session"


def session_token(request: web.Request) -> str | None:
    """The Activity session token a request carries, if any."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme == "Bearer" and token.strip():
        return token.strip()
    if request.method == "GET":
        return request.query.get(QUERY_PARAMETER) or None
    return None


async def activity_user(request: web.Request) -> ActivitySession | None:
    """The Activity user of ``request``, verified; ``None`` when it carries no Activity
    session, or one that is forged, expired, unbound, or whose user is no longer in its
    instance (the request is then anonymous: it may watch what a spectator may, nothing
    more)."""
    token = session_token(request)
    if token is None or ACTIVITY not in request.app:
        return None
    state = request.app[ACTIVITY]
    session = state.signer.read(token)
    if session is None or not session.bound:
        return None
    assert session.instance_id is not None and session.channel_id is not None
    claim = Claim(session.instance_id, session.guild_id, session.channel_id)
    try:
        await state.guard.verify(claim, session.user_id)
    except (InstanceRefused, DiscordApiError) as exc:
        log.info("Activity session of user %d not accepted: %s", session.user_id, exc)
        return None
    return session
