"""Who is asking: the session user, and the checks on state-changing requests.

A session user comes from one of the app's *session sources* (``app[SOURCES]``), tried in
order: the signed sign-in cookie Discord OAuth2 sets (:func:`cookie_user`), or any other source
a host adds (the Discord Activity's own sign-in, issue 35). Each session user carries a CSRF
token; every POST must send it back in the ``X-CSRF-Token`` header (a page of another site
cannot read it) and, when the browser says where it comes from, come from this site.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from aiohttp import web

from .config import WebConfig
from .signing import Signer

__all__ = [
    "CONFIG",
    "SESSION_COOKIE",
    "SIGNER",
    "SOURCES",
    "SessionSource",
    "SessionUser",
    "check_csrf",
    "cookie_user",
    "current_user",
    "set_session",
]

SESSION_COOKIE = "lat_session"
SESSION_PURPOSE = "session"
CONFIG = web.AppKey("config", WebConfig)
SIGNER = web.AppKey("signer", Signer)


@dataclass(frozen=True, slots=True)
class SessionUser:
    """A signed-in Discord user: ``csrf`` must accompany every request that changes state."""

    user_id: int
    name: str
    csrf: str
    source: str = "cookie"


SessionSource = Callable[[web.Request], Awaitable[SessionUser | None]]
SOURCES = web.AppKey("session_sources", list[SessionSource])
USER = web.RequestKey("session_user", object)


async def cookie_user(request: web.Request) -> SessionUser | None:
    """The user of a valid sign-in cookie."""
    raw = request.cookies.get(SESSION_COOKIE)
    if not raw:
        return None
    value = request.app[SIGNER].loads(SESSION_PURPOSE, raw)
    if value is None:
        return None
    uid, name, csrf = value.get("uid"), value.get("name"), value.get("csrf")
    if not (isinstance(uid, str) and uid.isdigit() and isinstance(csrf, str)):
        return None
    return SessionUser(int(uid), str(name or uid), csrf)


async def current_user(request: web.Request) -> SessionUser | None:
    """The session user from the first source that knows one (cached per request)."""
    if USER in request:
        cached = request[USER]
        return cached if isinstance(cached, SessionUser) else None
    found: SessionUser | None = None
    for source in request.app[SOURCES]:
        found = await source(request)
        if found is not None:
            break
    request[USER] = found
    return found


def set_session(
    response: web.StreamResponse, request: web.Request, user_id: int, name: str
) -> None:
    """Sign ``user_id`` in with a fresh CSRF token (HttpOnly, SameSite=Lax cookie)."""
    config = request.app[CONFIG]
    max_age = config.session_days * 86400
    value = request.app[SIGNER].dumps(
        SESSION_PURPOSE,
        {"uid": str(user_id), "name": name, "csrf": secrets.token_urlsafe(24)},
        max_age,
    )
    response.set_cookie(
        SESSION_COOKIE,
        value,
        max_age=int(max_age),
        httponly=True,
        samesite="Lax",
        secure=config.secure_cookies,
        path="/",
    )


def _origin(url: str) -> str:
    scheme, _, rest = url.partition("://")
    return f"{scheme}://{rest.split('/', 1)[0]}".lower()


def check_csrf(request: web.Request, user: SessionUser) -> None:
    """Refuse (403) a state-changing request without the user's CSRF token, or from a page of
    another site."""
    origin = request.headers.get("Origin")
    if origin and origin.lower() != _origin(request.app[CONFIG].url):
        raise web.HTTPForbidden(
            text='{"error": "This request came from another site and was refused."}',
            content_type="application/json",
        )
    sent = request.headers.get("X-CSRF-Token", "")
    if not sent or not hmac.compare_digest(sent, user.csrf):
        raise web.HTTPForbidden(
            text='{"error": "The request lacked a valid CSRF token: reload the page."}',
            content_type="application/json",
        )
