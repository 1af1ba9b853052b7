"""Who is asking: the session user, and the checks on state-changing requests.

A session user comes from one of the app's *session sources* (``app[SOURCES]``), tried in
order: the sources a host adds (the Discord Activity's bearer session, issue 35: a credential
the request names explicitly), then the signed sign-in cookie Discord OAuth2 sets
(:func:`cookie_user`).

CSRF. A cookie is sent by the browser on its own, also with a request another site's page
makes; so a cookie session's every POST must send back its CSRF token in the
``X-CSRF-Token`` header (a page of another site cannot read it) and, when the browser says
where it comes from, come from this site. A *bearer* session (``Authorization: Bearer``) is
never sent on its own: a page of another site can only send it if it holds the token, and
cannot even add the header to a cross-site request without a CORS preflight, which this
server never grants. Such a request needs no CSRF token; it must still come from this site or
from one of the origins its session names (the Activity's ``https://<app id>.discordsays.com``,
where Discord's proxy serves it). A cookie session from such an origin stays refused.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

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
    """A signed-in Discord user: ``csrf`` must accompany every request that changes state
    (unless ``bearer``: see the module's comment).

    ``guild_id``: the session is confined to that server (an Activity session is bound to the
    instance's server): it may watch any of that server's games and none of another's.
    ``origins``: further origins its state-changing requests may come from (bearer only).
    ``still_valid``: asked again while a long request runs (an event stream) for a session
    that can end before it expires (the Activity's, when the user leaves the instance);
    ``None``: valid for as long as it was when the request came."""

    user_id: int
    name: str
    csrf: str
    source: str = "cookie"
    bearer: bool = False
    guild_id: int | None = None
    origins: tuple[str, ...] = ()
    still_valid: Callable[[], Awaitable[bool]] | None = field(default=None, compare=False)


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
    """Refuse (403) a state-changing request from a page of another site, or, for a cookie
    session, without the user's CSRF token (module comment: why a bearer session needs none)."""
    origin = request.headers.get("Origin")
    allowed = {_origin(request.app[CONFIG].url)}
    if user.bearer:
        allowed.update(o.lower() for o in user.origins)
    if origin and origin.lower() not in allowed:
        raise web.HTTPForbidden(
            text='{"error": "This request came from another site and was refused."}',
            content_type="application/json",
        )
    if user.bearer:
        return
    sent = request.headers.get("X-CSRF-Token", "")
    if not sent or not hmac.compare_digest(sent, user.csrf):
        raise web.HTTPForbidden(
            text='{"error": "The request lacked a valid CSRF token: reload the page."}',
            content_type="application/json",
        )
