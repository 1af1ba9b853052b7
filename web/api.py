"""The JSON API and the push stream of the live board.

Who may see a game: a spectator with the game's signed token (``?t=``, from the **Watch
live** link), or a signed-in player of the game. Nothing is shown of a game whose server
removed the bot (:class:`~web.ports.GuildPresence`), and a game of another server answers
exactly like a game that does not exist. Only the player to move receives the legal
actions, and only a signed-in user's own moves are accepted -- through the bot's play
pipeline, which checks them again as for ``/move``.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from aiohttp import web

from .auth import CONFIG, SIGNER, SessionUser, check_csrf, current_user
from .events import Broadcaster
from .limits import RateLimiter
from .ports import GameActions, GuildPresence, PageWords, Refused
from .snapshot import GameState, Snapshots

__all__ = ["ACTIONS", "BROADCASTER", "MOVE_LIMIT", "PRESENCE", "SNAPSHOTS", "WORDS", "routes"]

log = logging.getLogger(__name__)

SNAPSHOTS = web.AppKey("snapshots", Snapshots)
BROADCASTER = web.AppKey("broadcaster", Broadcaster)
ACTIONS = web.AppKey("actions", GameActions)
PRESENCE = web.AppKey("presence", GuildPresence)
MOVE_LIMIT = web.AppKey("move_limit", RateLimiter)
WORDS = web.AppKey("words", PageWords)
MAX_BODY = 4096

routes = web.RouteTableDef()

NOT_FOUND = "There is no such game, or this link is not valid for it."


def _error(status: type[web.HTTPException], text: str) -> web.HTTPException:
    return status(text=json.dumps({"error": text}), content_type="application/json")


def _game_id(request: web.Request) -> int:
    raw = request.match_info["game"]
    if not raw.isdigit() or len(raw) > 12:
        raise _error(web.HTTPNotFound, NOT_FOUND)
    return int(raw)


async def visible_state(
    request: web.Request, game_id: int | None = None
) -> tuple[GameState, SessionUser | None]:
    """The game of the request, if the asker may watch it: the game's token, one of its
    players signed in, or a session confined to the game's server (the Activity's: anyone
    in it may watch); and its server still has the bot. A session confined to another
    server sees nothing of it. Else 404, the same for every case. ``game_id``: the game
    asked about, when not in the path."""
    if game_id is None:
        game_id = _game_id(request)
    state = await request.app[SNAPSHOTS].state(game_id)
    user = await current_user(request)
    if state is None:
        raise _error(web.HTTPNotFound, NOT_FOUND)
    record = state.record
    if record.guild_id is None or not request.app[PRESENCE](record.guild_id):
        raise _error(web.HTTPNotFound, NOT_FOUND)
    token = request.query.get("t", "")
    allowed = bool(token) and request.app[SIGNER].check_token("watch", str(game_id), token)
    if user is not None and user.guild_id is not None:
        if user.guild_id != record.guild_id:  # confined to another server: nothing here
            raise _error(web.HTTPNotFound, NOT_FOUND)
        allowed = True
    if not allowed and not (user is not None and record.seat_of(user.user_id) is not None):
        raise _error(web.HTTPNotFound, NOT_FOUND)
    return state, user


def _links(state: GameState, request: web.Request) -> dict[str, Any]:
    """The game's own token and its server's overview page: whoever may watch one game of a
    server may see which games are played there."""
    signer = request.app[SIGNER]
    guild = state.record.guild_id
    return {
        "watch_token": signer.watch_token(state.record.id),
        "server_link": f"/servers/{guild}?t={signer.server_token(guild)}" if guild else None,
    }


def _snapshot(state: GameState, user: SessionUser | None, request: web.Request) -> dict[str, Any]:
    data = state.for_user(user.user_id if user else None)
    data.update(_links(state, request))
    data["clock"] = {**data["clock"], "now": request.app[SNAPSHOTS].clock()}
    return data


@routes.get("/api/games/{game}")
async def game(request: web.Request) -> web.Response:
    state, user = await visible_state(request)
    return web.json_response(_snapshot(state, user, request))


@routes.get("/api/games/{game}/events")
async def events(request: web.Request) -> web.StreamResponse:
    """Server-Sent Events: the snapshot at once (a reconnecting page catches up with it),
    then again after every change of the game. A session that can end meanwhile (the
    Activity's: its user left the instance) is asked again after every change and every
    heartbeat; once it has ended the stream says ``closed`` and ends."""
    state, user = await visible_state(request)
    game_id = state.record.id
    response = web.StreamResponse(
        headers={
            "Content-Type": "text/event-stream",
            "Cache-Control": "no-cache, no-store",
            "X-Accel-Buffering": "no",  # nginx: do not buffer the stream
        }
    )
    await response.prepare(request)
    snapshots = request.app[SNAPSHOTS]
    async with request.app[BROADCASTER].subscribe(game_id) as queue:
        sent: object = None
        try:
            while True:
                current = await snapshots.current(game_id)
                if current is None:
                    await response.write(b"event: gone\ndata: {}\n\n")
                    break
                if current is not sent:
                    sent = current
                    extra = _links(current, request)
                    await response.write(current.event(user.user_id if user else None, extra))
                try:
                    await asyncio.wait_for(queue.get(), request.app[CONFIG].heartbeat)
                except TimeoutError:
                    await response.write(b": keep-alive\n\n")
                if user is not None and user.still_valid is not None:
                    if not await user.still_valid():  # e.g. left the Activity's instance
                        log.info("game %d: user %d's stream cut", game_id, user.user_id)
                        await response.write(b'event: closed\ndata: {"reason": "left"}\n\n')
                        break
        except ConnectionResetError:  # the page went away (aiohttp's is a subclass)
            log.debug("game %d: an event stream closed", game_id)
    return response


async def _signed_in_player(request: web.Request) -> tuple[GameState, SessionUser]:
    user = await current_user(request)
    if user is None:
        raise _error(web.HTTPUnauthorized, "Sign in with Discord to play.")
    check_csrf(request, user)
    state, _ = await visible_state(request)
    if not request.app[MOVE_LIMIT].allow(user.user_id):
        raise _error(web.HTTPTooManyRequests, "Too many moves at once: wait a few seconds.")
    return state, user


async def _body(request: web.Request) -> dict[str, Any]:
    if request.content_length is not None and request.content_length > MAX_BODY:
        raise _error(web.HTTPRequestEntityTooLarge, "That request is too large.")
    try:
        data = await request.json()
    except (ValueError, UnicodeDecodeError):
        raise _error(web.HTTPBadRequest, "The request was not JSON.") from None
    if not isinstance(data, dict):
        raise _error(web.HTTPBadRequest, "The request was not a JSON object.")
    return data


@routes.post("/api/games/{game}/move")
async def move(request: web.Request) -> web.Response:
    """Play ``{"action": text, "ply": n}`` for the signed-in user (``ply``: the ply the page
    showed; a move made meanwhile makes this one refused, never played on another position)."""
    state, user = await _signed_in_player(request)
    data = await _body(request)
    action, ply = data.get("action"), data.get("ply")
    if not isinstance(action, str) or not action.strip() or not isinstance(ply, int):
        raise _error(web.HTTPBadRequest, 'Send {"action": "<move>", "ply": <number>}.')
    try:
        await request.app[ACTIONS].play(state.record.id, user.user_id, action, ply)
    except Refused as exc:
        return web.json_response({"ok": False, "error": exc.message}, status=409)
    return web.json_response({"ok": True})


@routes.post("/api/games/{game}/resign")
async def resign(request: web.Request) -> web.Response:
    state, user = await _signed_in_player(request)
    try:
        await request.app[ACTIONS].resign(state.record.id, user.user_id)
    except Refused as exc:
        return web.json_response({"ok": False, "error": exc.message}, status=409)
    return web.json_response({"ok": True})


@routes.post("/api/games/{game}/draw")
async def draw(request: web.Request) -> web.Response:
    """Offer a draw, or accept the opponent's pending offer (as ``/draw``)."""
    state, user = await _signed_in_player(request)
    try:
        done = await request.app[ACTIONS].draw(state.record.id, user.user_id)
    except Refused as exc:
        return web.json_response({"ok": False, "error": exc.message}, status=409)
    return web.json_response({"ok": True, "done": done})


@routes.get("/api/words")
async def words(request: web.Request) -> web.Response:
    """The pages' own words in the reader's language: their ``/language``, else the
    language of the server whose game (``?game=<id>``, with ``t`` when a spectator's) or
    Activity they look at, else their browser's ``Accept-Language``; with the game's name and
    its reasons for ending; a server's overview (``?server=<id>&t=<its token>``) speaks its
    server's language. A game or server the reader may not watch counts for nothing (its
    server's language is not revealed)."""
    user = await current_user(request)
    guild = user.guild_id if user is not None else None
    game_kind = None
    raw = request.query.get("game", "")
    server_raw = request.query.get("server", "")
    if raw.isdigit() and len(raw) <= 12:
        try:
            state, _ = await visible_state(request, int(raw))
            guild, game_kind = state.record.guild_id, state.record.game_kind
        except web.HTTPNotFound:
            pass
    elif _server_allowed(request, server_raw):
        guild = int(server_raw)
    found = await request.app[WORDS](
        user.user_id if user is not None else None,
        guild,
        request.headers.get("Accept-Language", "")[:512],
        game_kind,
    )
    return web.json_response(
        found, headers={"Cache-Control": "private, no-cache", "Vary": "Accept-Language, Cookie"}
    )


@routes.get("/api/me")
async def me(request: web.Request) -> web.Response:
    user = await current_user(request)
    if user is None:
        return web.json_response({"user": None, "csrf": None})
    return web.json_response(
        {"user": {"id": str(user.user_id), "name": user.name}, "csrf": user.csrf}
    )


def _listing(request: web.Request, states: list[GameState], user_id: int | None) -> list[Any]:
    signer = request.app[SIGNER]
    out = []
    for state in states:
        data = state.public
        out.append(
            {
                "id": data["id"],
                "variant": data["variant"],
                "title": data["title"],
                "seats": data["seats"],
                "to_move": data["to_move"],
                "ply": data["ply"],
                "deadline": data["clock"]["deadline"],
                "your_turn": user_id is not None and state.mover_id == user_id,
                "link": f"/games/{data['id']}?t={signer.watch_token(state.record.id)}",
            }
        )
    return out


@routes.get("/api/me/games")
async def my_games(request: web.Request) -> web.Response:
    """The signed-in player's games in progress, those waiting for them first (soonest
    deadline first); ``now``: the bot's clock, which the deadlines are on."""
    user = await current_user(request)
    if user is None:
        raise _error(web.HTTPUnauthorized, "Sign in with Discord to see your games.")
    db = request.app[SNAPSHOTS].db
    records = await db.games.active_games(user_id=user.user_id, guild_id=user.guild_id, limit=100)
    presence = request.app[PRESENCE]
    states = []
    for record in records:
        if record.guild_id is None or not presence(record.guild_id):
            continue
        state = await request.app[SNAPSHOTS].state(record.id)
        if state is not None:
            states.append(state)
    states.sort(key=lambda s: (s.mover_id != user.user_id, s.public["clock"]["deadline"] or 0))
    return web.json_response(
        {
            "user": {"id": str(user.user_id), "name": user.name},
            "games": _listing(request, states, user.user_id),
            "now": request.app[SNAPSHOTS].clock(),
        }
    )


def _server_allowed(request: web.Request, raw: str) -> bool:
    """Whether the request's ``?t=`` is ``raw``'s server token and the server has the bot."""
    token = request.query.get("t", "")
    return (
        raw.isdigit()
        and len(raw) <= 20
        and bool(token)
        and request.app[SIGNER].check_token("server", raw, token)
        and request.app[PRESENCE](int(raw))
    )


@routes.get("/api/servers/{guild}")
async def server(request: web.Request) -> web.Response:
    """A server's games in progress, to watch (the server's signed token in ``?t=``)."""
    raw = request.match_info["guild"]
    if not _server_allowed(request, raw):
        raise _error(web.HTTPNotFound, "There is no such server, or this link is not valid.")
    db = request.app[SNAPSHOTS].db
    records = await db.games.active_games(guild_id=int(raw), limit=100)
    states = [s for r in records if (s := await request.app[SNAPSHOTS].state(r.id)) is not None]
    user = await current_user(request)
    return web.json_response(
        {
            "guild_id": raw,
            "games": _listing(request, states, user.user_id if user else None),
            "now": request.app[SNAPSHOTS].clock(),
        }
    )
