"""The Activity's HTTP API, mounted on the live board's aiohttp application.

- ``POST /api/activity/token`` ``{"code"}``: exchanges the Embedded App SDK's authorization
  code at Discord (the client secret stays here), reads who signed in, and answers the
  ``access_token`` for the SDK's ``authenticate`` plus the Activity's own session token.
- ``POST /api/activity/join`` ``{"instance_id", "guild_id", "channel_id"}`` (session token):
  checks with Discord that the instance runs in that channel and has the user in it, then
  answers a session bound to it and what the Activity shows (:mod:`web.activity.games`).
- ``GET /api/activity/view`` (bound session): what it shows now.
- ``GET /api/activity/config``: the application id the SDK is started with.
- ``GET /api/activity/games/{id}`` (bound session): one game of the instance's server.
- Challenging from the lobby: :mod:`web.activity.challenges`.

Every refusal is JSON ``{"code": …, "error": …}`` with a stable code for the front end (which
words it in the player's language) and English words for logs and developers.
:func:`require_player` is the check the move endpoints run before an Activity user may act.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any, NoReturn

import aiohttp
from aiohttp import web

from storage import Database, GameRecord

from ..ports import ChallengeActions
from .config import ActivityConfig
from .discord_api import DiscordApi, DiscordApiError
from .games import LaunchLookup, activity_view, game_summary
from .instances import Claim, InstanceGuard, InstanceRefused, valid_instance_id
from .limits import RateLimiter
from .sessions import ActivitySession, SessionSigner

__all__ = [
    "ACTIVITY",
    "DIST",
    "ActivityState",
    "bound_and_verified",
    "json_body",
    "refuse",
    "require_player",
    "require_session",
    "serve_page",
    "setup_activity",
]

log = logging.getLogger(__name__)

MAX_CODE = 512
"""Longer than any OAuth2 code Discord hands out (about 30 characters)."""


class ActivityState:
    """Everything the handlers share (one per application)."""

    def __init__(
        self,
        config: ActivityConfig,
        db: Database,
        launches: LaunchLookup | None,
        clock: Callable[[], float],
        challenges: ChallengeActions | None = None,
    ) -> None:
        self.config = config
        self.db = db
        self.launches = launches
        self.challenges = challenges
        """The bot's ``/challenge`` path for the lobby (``None``: the lobby offers none)."""
        self.clock = clock
        self.challenge_limit = RateLimiter(config.challenges_per_minute)
        self.signer = SessionSigner(config.session_secret, config.session_seconds, clock)
        self.token_limit = RateLimiter(config.token_requests_per_minute)
        self.join_limit = RateLimiter(config.joins_per_minute)
        self.http: aiohttp.ClientSession | None = None
        self._guard: InstanceGuard | None = None

    @property
    def api(self) -> DiscordApi:
        if self.http is None:
            raise RuntimeError("the Activity's HTTP client is not started")
        return DiscordApi(self.config, self.http)

    def reset_guard(self) -> None:
        self._guard = None

    @property
    def guard(self) -> InstanceGuard:
        if self._guard is None:
            self._guard = InstanceGuard(
                self.api, int(self.config.client_id), self.config.instance_recheck_seconds
            )
        return self._guard


ACTIVITY = web.AppKey("activity", ActivityState)

routes = web.RouteTableDef()


_REFUSALS: dict[int, type[web.HTTPException]] = {
    400: web.HTTPBadRequest,
    401: web.HTTPUnauthorized,
    403: web.HTTPForbidden,
    404: web.HTTPNotFound,
    429: web.HTTPTooManyRequests,
    502: web.HTTPBadGateway,
}


def refuse(status: int, code: str, error: str) -> NoReturn:
    """Stop the request with a JSON refusal ``{"code", "error"}`` (a rate limit's says when
    to try again: the buckets refill within a minute)."""
    raise _REFUSALS[status](
        text=json.dumps({"code": code, "error": error}),
        content_type="application/json",
        headers={"Retry-After": "60"} if status == 429 else None,
    )


def client_address(request: web.Request) -> str:
    """Whom a code exchange is counted against. Inside Discord every request arrives through
    Discord's proxy (and often a reverse proxy too), so the peer address is theirs, shared by
    all players: the first ``X-Forwarded-For`` entry names the player's address. A client
    can forge that header, so this limit stops floods and runaway pages, not a determined
    attacker (Discord's own limits on its token endpoint stay the last word)."""
    forwarded = request.headers.get("X-Forwarded-For", "").split(",")[0].strip()
    return forwarded or request.remote or "?"


async def json_body(request: web.Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except ValueError:
        refuse(400, "bad_request", "The request body must be a JSON object.")
    if not isinstance(body, dict):
        refuse(400, "bad_request", "The request body must be a JSON object.")
    return body


def _discord_failed(exc: DiscordApiError) -> NoReturn:
    if exc.status == 401:  # the application's own credentials, not the player's code
        log.error(
            "Discord refused the client id or secret (%s): check DISCORD_CLIENT_ID "
            "and DISCORD_CLIENT_SECRET",
            exc.message,
        )
    if exc.status in (400, 401, 403):
        refuse(400, "code_refused", f"Discord refused the sign-in: {exc.message}.")
    refuse(502, "discord_unavailable", "Discord did not answer; try again in a moment.")


@routes.get("/api/activity/config")
async def public_config(request: web.Request) -> web.Response:
    """The application's id, which the front end's SDK needs (public: it is in every invite)."""
    return web.json_response({"client_id": request.app[ACTIVITY].config.client_id})


@routes.post("/api/activity/token")
async def exchange_token(request: web.Request) -> web.Response:
    state = request.app[ACTIVITY]
    if not state.token_limit.allow(client_address(request)):
        refuse(429, "rate_limited", "Too many sign-ins from here: wait a minute.")
    body = await json_body(request)
    code = body.get("code")
    if not isinstance(code, str) or not code.strip() or len(code) > MAX_CODE:
        refuse(400, "bad_code", "Send the authorization code from the SDK's authorize().")
    try:
        grant = await state.api.exchange_code(code.strip())
        user = await state.api.current_user(grant.access_token)
    except DiscordApiError as exc:
        log.info("Activity code exchange refused: %s (%d)", exc.message, exc.status)
        _discord_failed(exc)
    session, token = state.signer.issue(ActivitySession(user.id, user.name))
    log.info("Activity sign-in: user %d", user.id)
    return web.json_response(
        {
            "access_token": grant.access_token,
            "expires_in": grant.expires_in,
            "scope": grant.scope,
            "session": token,
            "user": {"id": str(user.id), "name": user.name},
        },
        headers={"Cache-Control": "no-store"},
    )


def require_session(request: web.Request, *, bound: bool = False) -> ActivitySession:
    """The Activity session of the request's ``Authorization: Bearer`` token (401 without a
    valid one; with ``bound``, 403 unless the instance check has passed)."""
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    session = request.app[ACTIVITY].signer.read(token.strip()) if scheme == "Bearer" else None
    if session is None:
        refuse(401, "no_session", "Sign in through the Activity first.")
    if bound and not session.bound:
        refuse(403, "not_joined", "Join the Activity's instance first.")
    return session


def _id(value: Any, name: str, *, optional: bool = False) -> int | None:
    if value is None and optional:
        return None
    if isinstance(value, str) and value.isdigit() and len(value) <= 20:
        return int(value)
    refuse(400, "bad_request", f"{name} must be an id (digits, as a string).")


async def _verify(state: ActivityState, claim: Claim, user_id: int) -> None:
    try:
        await state.guard.verify(claim, user_id)
    except InstanceRefused as exc:
        log.info("Activity instance %s refused for user %d: %s", claim.instance_id, user_id, exc)
        refuse(403, "foreign_instance", str(exc))
    except DiscordApiError as exc:
        log.warning("Activity instance check failed: %s (%d)", exc.message, exc.status)
        refuse(502, "discord_unavailable", "Discord did not answer; try again in a moment.")


async def bound_and_verified(request: web.Request) -> ActivitySession:
    session = require_session(request, bound=True)
    assert session.instance_id is not None and session.channel_id is not None
    claim = Claim(session.instance_id, session.guild_id, session.channel_id)
    await _verify(request.app[ACTIVITY], claim, session.user_id)
    return session


async def _view(state: ActivityState, session: ActivitySession) -> dict[str, Any]:
    assert session.guild_id is not None and session.channel_id is not None
    launched = None
    if state.launches is not None and session.instance_id is not None:
        launched = await state.launches(session.instance_id, session.guild_id)
    return await activity_view(
        state.db,
        guild_id=session.guild_id,
        channel_id=session.channel_id,
        user_id=session.user_id,
        launched_game=launched,
        now=state.clock(),
        challenges=state.challenges is not None,
    )


@routes.post("/api/activity/join")
async def join(request: web.Request) -> web.Response:
    state = request.app[ACTIVITY]
    session = require_session(request)
    if not state.join_limit.allow(session.user_id):
        refuse(429, "rate_limited", "Too many requests: wait a minute.")
    body = await json_body(request)
    instance_id = body.get("instance_id")
    if not isinstance(instance_id, str) or not valid_instance_id(instance_id):
        refuse(400, "bad_request", "instance_id must be the SDK's instanceId.")
    guild_id = _id(body.get("guild_id"), "guild_id", optional=True)
    channel_id = _id(body.get("channel_id"), "channel_id")
    assert channel_id is not None
    if guild_id is None:
        refuse(400, "not_in_server", "The games are played in servers: open the Activity there.")
    await _verify(state, Claim(instance_id, guild_id, channel_id), session.user_id)
    bound, token = state.signer.issue(session.bind(instance_id, guild_id, channel_id))
    log.info("Activity: user %d joined instance %s", session.user_id, instance_id)
    return web.json_response(
        {"session": token, "view": await _view(state, bound)},
        headers={"Cache-Control": "no-store"},
    )


@routes.get("/api/activity/view")
async def view(request: web.Request) -> web.Response:
    session = await bound_and_verified(request)
    return web.json_response(await _view(request.app[ACTIVITY], session))


async def _server_game(state: ActivityState, session: ActivitySession, game_id: int) -> GameRecord:
    record = await state.db.games.load_game(game_id)
    if record is None or record.guild_id != session.guild_id:  # other servers' look missing
        refuse(404, "no_game", f"There is no game #{game_id} in this server.")
    return record


@routes.get(r"/api/activity/games/{game_id:\d{1,15}}")
async def one_game(request: web.Request) -> web.Response:
    session = await bound_and_verified(request)
    record = await _server_game(request.app[ACTIVITY], session, int(request.match_info["game_id"]))
    return web.json_response(game_summary(record, session.user_id))


async def require_player(request: web.Request, game_id: int) -> tuple[ActivitySession, GameRecord]:
    """Before an Activity user acts on ``game_id``: a bound session whose instance Discord
    still reports with the user in it (asked again once the last answer is older than
    ``instance_recheck_seconds``), a game of that server, and a seat in it. Refuses (JSON 401
    / 403 / 404) otherwise; the move itself then goes through the bot's play pipeline."""
    session = await bound_and_verified(request)
    record = await _server_game(request.app[ACTIVITY], session, game_id)
    if record.seat_of(session.user_id) is None:
        refuse(403, "not_a_player", f"Only the players of game #{game_id} can move in it.")
    return session, record


DIST = Path(__file__).resolve().parent.parent / "frontend-activity" / "dist"
"""The Activity's built page (``npm run build`` in ``web/frontend-activity``); never committed."""


FRAME_ANCESTORS = "https://discord.com https://*.discord.com https://*.discordsays.com"
"""Who may show the Activity's page in a frame: Discord's clients (the page runs in an iframe
of discord.com, served through ``<app id>.discordsays.com``)."""

NOT_BUILT = (
    "The Activity's page is not built. Run: cd web/frontend-activity && npm ci && npm run build "
    "(the bot does it by itself at start when npm is installed)."
)


def serve_page(app: web.Application, dist: Path) -> None:
    """Serve the built Activity page under ``/activity/`` (Discord's root URL mapping points
    there; ``/api`` is mapped to the API: README, *The Activity*). Files are looked up per
    request, so a page the bot builds after it started is served at once."""
    root = dist.resolve()

    async def page(request: web.Request) -> web.StreamResponse:
        name = request.match_info.get("name", "") or "index.html"
        path = (root / name).resolve()
        if not path.is_relative_to(root):
            raise web.HTTPNotFound()
        if not path.is_file():
            if not (root / "index.html").is_file():
                raise web.HTTPServiceUnavailable(text=NOT_BUILT)
            raise web.HTTPNotFound()
        headers = {"Cache-Control": "no-cache" if name.endswith(".html") else "max-age=3600"}
        if name.endswith(".html"):  # Discord frames it; nobody else may
            headers["Content-Security-Policy"] = (
                "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                f"frame-ancestors 'self' {FRAME_ANCESTORS}"
            )
        return web.FileResponse(path, headers=headers)

    app.router.add_get("/activity/", page)
    app.router.add_get("/activity/{name:.+}", page)


def setup_activity(
    app: web.Application,
    config: ActivityConfig,
    db: Database,
    launches: LaunchLookup | None = None,
    *,
    clock: Callable[[], float] = time.time,
    dist: Path | None = DIST,
    challenges: ChallengeActions | None = None,
) -> ActivityState:
    """Mount the Activity's API on ``app`` (and its page from ``dist``, when built); its HTTP
    client to Discord lives as long as the application. ``challenges``: the bot's
    ``/challenge`` path, which the lobby offers (:mod:`web.activity.challenges`)."""
    from .challenges import routes as challenge_routes  # it builds on this module

    state = ActivityState(config, db, launches, clock, challenges)
    app[ACTIVITY] = state
    if dist is not None:
        if not (dist / "index.html").is_file():
            log.warning("the Activity's page is not built yet (%s)", dist)
        serve_page(app, dist)

    async def client(_app: web.Application) -> AsyncIterator[None]:
        state.http = aiohttp.ClientSession()
        state.reset_guard()  # its Discord client is this session's
        yield
        await state.http.close()

    app.cleanup_ctx.append(client)
    app.add_routes(routes)
    app.add_routes(challenge_routes)
    return state
