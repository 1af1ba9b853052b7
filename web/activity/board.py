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

import logging

from aiohttp import web

from ..auth import SessionUser
from .discord_api import DiscordApiError
from .identity import activity_user
from .instances import Claim, InstanceRefused
from .routes import ACTIVITY

log = logging.getLogger(__name__)

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
    state = request.app[ACTIVITY]
    assert session.instance_id is not None and session.channel_id is not None
    claim = Claim(session.instance_id, session.guild_id, session.channel_id)

    async def still_in_instance() -> bool:
        """Whether the user is still in the instance (Discord is asked again once the last
        answer is older than ``instance_recheck_seconds``; unreachable: still trusted)."""
        try:
            await state.guard.verify(claim, session.user_id)
        except InstanceRefused as exc:
            log.info("Activity user %d left instance %s: %s", session.user_id, claim, exc)
            return False
        except DiscordApiError:
            return True  # Discord's bad minute must not close every open board
        return True

    return SessionUser(
        user_id=session.user_id,
        name=session.name,
        csrf="",
        source="activity",
        bearer=True,
        guild_id=session.guild_id,
        origins=(activity_origin(state.config.client_id),),
        still_valid=still_in_instance,
    )
