"""Discord sign-in: the OAuth2 authorization-code flow with the ``identify`` scope.

``/auth/login`` sends the browser to Discord with a random ``state`` (kept in a short-lived
signed cookie); ``/auth/callback`` checks that ``state``, exchanges the code for a token on the
server (the client secret never leaves it), reads who signed in and sets the session cookie.
The Discord token itself is dropped at once: the bot only needs to know who the user is.
"""

from __future__ import annotations

import hmac
import logging
import secrets
from urllib.parse import urlencode

import aiohttp
from aiohttp import web

from .auth import CONFIG, SESSION_COOKIE, SIGNER, check_csrf, current_user, set_session
from .limits import RateLimiter

__all__ = ["routes", "SIGN_IN_LIMIT"]

log = logging.getLogger(__name__)

STATE_COOKIE = "lat_oauth"
STATE_PURPOSE = "oauth-state"
SIGN_IN_LIMIT = web.AppKey("sign_in_limit", RateLimiter)

routes = web.RouteTableDef()


def safe_next(value: str | None) -> str:
    """Where to go after signing in: a path of this site only (never ``//other.site``)."""
    if value and value.startswith("/") and not value.startswith("//") and "\\" not in value:
        return value
    return "/me"


LOOPBACK = ("127.0.0.1", "::1")


def client_ip(request: web.Request) -> str:
    """Who is asking, for the rate limit: behind a reverse proxy on this machine (the
    connection comes from loopback) the address the proxy names last in ``X-Forwarded-For``
    (the one it saw; earlier entries are the client's own word), else the connection's."""
    remote = request.remote or "?"
    forwarded = request.headers.get("X-Forwarded-For", "")
    if remote in LOOPBACK and forwarded:
        return forwarded.split(",")[-1].strip() or remote
    return remote


@routes.get("/auth/login")
async def login(request: web.Request) -> web.StreamResponse:
    config = request.app[CONFIG]
    if not config.client_id or not config.client_secret:
        raise web.HTTPServiceUnavailable(
            text="Signing in with Discord is not set up on this bot (DISCORD_CLIENT_ID and "
            "DISCORD_CLIENT_SECRET)."
        )
    if not request.app[SIGN_IN_LIMIT].allow(client_ip(request)):
        raise web.HTTPTooManyRequests(text="Too many sign-in attempts: wait a minute.")
    state = secrets.token_urlsafe(24)
    query = urlencode(
        {
            "client_id": config.client_id,
            "redirect_uri": config.redirect_uri,
            "response_type": "code",
            "scope": "identify",
            "state": state,
            "prompt": "none",
        }
    )
    response = web.Response(status=302, headers={"Location": f"{config.authorize_url}?{query}"})
    signed = request.app[SIGNER].dumps(
        STATE_PURPOSE, {"state": state, "next": safe_next(request.query.get("next"))}, 600
    )
    response.set_cookie(
        STATE_COOKIE,
        signed,
        max_age=600,
        httponly=True,
        samesite="Lax",
        secure=config.secure_cookies,
        path="/auth",
    )
    return response


@routes.get("/auth/callback")
async def callback(request: web.Request) -> web.StreamResponse:
    config = request.app[CONFIG]
    if not request.app[SIGN_IN_LIMIT].allow(client_ip(request)):
        raise web.HTTPTooManyRequests(text="Too many sign-in attempts: wait a minute.")
    kept = request.app[SIGNER].loads(STATE_PURPOSE, request.cookies.get(STATE_COOKIE, ""))
    state = request.query.get("state", "")
    if kept is None or not state or not hmac.compare_digest(str(kept.get("state")), state):
        raise web.HTTPBadRequest(text="Sign-in refused: the state did not match. Start again.")
    code = request.query.get("code")
    if not code:
        raise web.HTTPBadRequest(text="Sign-in was cancelled or refused by Discord.")
    timeout = aiohttp.ClientTimeout(total=15)
    try:
        async with aiohttp.ClientSession(timeout=timeout) as http:
            async with http.post(
                config.token_url,
                data={
                    "client_id": config.client_id,
                    "client_secret": config.client_secret,
                    "grant_type": "authorization_code",
                    "code": code,
                    "redirect_uri": config.redirect_uri,
                },
            ) as answer:
                if answer.status != 200:
                    log.warning("OAuth2 code exchange refused: HTTP %d", answer.status)
                    raise web.HTTPBadRequest(text="Discord refused the sign-in. Start again.")
                token = (await answer.json()).get("access_token")
            async with http.get(
                config.me_url, headers={"Authorization": f"Bearer {token}"}
            ) as answer:
                if answer.status != 200:
                    raise web.HTTPBadRequest(text="Discord did not say who you are. Start again.")
                me = await answer.json()
    except aiohttp.ClientError as exc:
        log.warning("OAuth2 sign-in failed: %s", exc)
        raise web.HTTPBadGateway(text="Discord could not be reached: try again.") from None
    user_id = str(me.get("id", ""))
    if not user_id.isdigit():
        raise web.HTTPBadRequest(text="Discord did not say who you are. Start again.")
    name = str(me.get("global_name") or me.get("username") or user_id)[:40]
    response = web.Response(status=302, headers={"Location": safe_next(str(kept.get("next")))})
    set_session(response, request, int(user_id), name)
    response.del_cookie(STATE_COOKIE, path="/auth")
    log.info("web sign-in: user %s", user_id)
    return response


@routes.post("/auth/logout")
async def logout(request: web.Request) -> web.StreamResponse:
    user = await current_user(request)
    if user is not None:
        check_csrf(request, user)
    response = web.json_response({"ok": True})
    response.del_cookie(SESSION_COOKIE, path="/")
    return response
