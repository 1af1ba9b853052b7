"""Challenging from the Activity's lobby (opened in a channel without a game).

- ``GET /api/activity/challenges``: the open challenges the lobby lists.
- ``GET /api/activity/challenge-choices``: the games one may challenge to, named in the
  player's language, and which of them the computer plays.
- ``POST /api/activity/challenges`` ``{"game", "opponent", "colour", "level"}``: ``opponent``
  is a member's id, ``"computer"`` (the bot) or ``null`` (an open challenge). The challenge
  goes through the bot's own ``/challenge`` path (:class:`~web.ports.ChallengeActions`): the
  same checks, its message with Accept / Decline / Cancel posted in the instance's channel.
  Against the computer the game has started when this answers.
- ``GET /api/activity/challenges/{id}``: a challenge of the instance's server, whether it
  is still open and the game it started.
- ``POST /api/activity/challenges/{id}/accept``: accept it, as its Accept button does.
- ``POST /api/activity/challenges/{id}/decline`` (the challenged) and ``.../cancel`` (the
  challenger): close it, as its Decline / Cancel button does.

Every request needs a bound session whose instance Discord still reports with the user in it.
"""

from __future__ import annotations

import logging
from typing import Any

from aiohttp import web

from storage import ChallengeRecord

from ..ports import ChallengeActions, ChallengeAsk, Refused
from .games import LIST_LIMIT, challenge_summary, game_summary
from .routes import ACTIVITY, ActivityState, bound_and_verified, json_body, refuse
from .sessions import ActivitySession

__all__ = ["routes"]

log = logging.getLogger(__name__)

routes = web.RouteTableDef()

COLOURS = ("random", "white", "black")
LEVELS = ("easy", "medium", "hard")
MAX_GAME_ID = 40
"""Longer than any game's id (``latrunculi-classic``): longer text is refused unread."""


def _actions(state: ActivityState) -> ChallengeActions:
    if state.challenges is None:
        refuse(404, "no_challenges", "This server does not take challenges from the Activity.")
    return state.challenges


@routes.get("/api/activity/challenge-choices")
async def choices(request: web.Request) -> web.Response:
    session = await bound_and_verified(request)
    state = request.app[ACTIVITY]
    assert session.guild_id is not None
    games = await _actions(state).choices(session.user_id, session.guild_id)
    return web.json_response({"games": games, "colours": COLOURS, "levels": LEVELS})


def _ask(body: dict[str, Any]) -> ChallengeAsk:
    """The request body as a challenge, refused (400, English: the page never sends such a
    thing) when malformed; whether it may be made is the bot's to say."""
    game = body.get("game")
    if not isinstance(game, str) or not game or len(game) > MAX_GAME_ID:
        refuse(400, "bad_request", "game must be the id of a game.")
    colour = body.get("colour", "random")
    if colour not in COLOURS:
        refuse(400, "bad_request", "colour must be random, white or black.")
    level = body.get("level")
    if level is not None and level not in LEVELS:
        refuse(400, "bad_request", "level must be easy, medium or hard.")
    opponent = body.get("opponent")
    if opponent == "computer":
        return ChallengeAsk(game, None, True, colour, level)
    if opponent is not None and not (
        isinstance(opponent, str) and opponent.isdigit() and len(opponent) <= 20
    ):
        refuse(400, "bad_request", 'opponent must be a user id, "computer" or null.')
    return ChallengeAsk(game, int(opponent) if opponent else None, False, colour, level)


def _refused(exc: Refused) -> web.Response:
    return web.json_response({"code": "refused", "error": exc.message}, status=409)


async def _game(state: ActivityState, game_id: int | None, user_id: int) -> Any:
    record = await state.db.games.load_game(game_id) if game_id is not None else None
    return game_summary(record, user_id) if record is not None else None


@routes.get("/api/activity/challenges")
async def listing(request: web.Request) -> web.Response:
    """The server's open challenges the user made, is challenged to or may accept (what the
    lobby lists, asked again every few seconds), and the user's games in progress there (a
    new one -- a challenge accepted, here or in Discord -- is opened by the lobby)."""
    session = await bound_and_verified(request)
    state = request.app[ACTIVITY]
    uid = session.user_id
    pending = await state.db.challenges.pending_challenges(
        session.guild_id, user_id=uid, now=state.clock()
    )
    games = await state.db.games.active_games(
        guild_id=session.guild_id, user_id=uid, limit=LIST_LIMIT
    )
    return web.json_response(
        {
            "challenges": [challenge_summary(c, uid) for c in pending[-LIST_LIMIT:]],
            "games": [game_summary(g, uid) for g in games],
        }
    )


@routes.post("/api/activity/challenges")
async def make(request: web.Request) -> web.Response:
    session = await bound_and_verified(request)
    state = request.app[ACTIVITY]
    if not state.challenge_limit.allow(session.user_id):
        refuse(429, "rate_limited", "Too many challenges: wait a minute.")
    ask = _ask(await json_body(request))
    assert session.guild_id is not None and session.channel_id is not None
    try:
        challenge_id, game_id = await _actions(state).challenge(
            session.guild_id, session.channel_id, session.user_id, ask
        )
    except Refused as exc:
        return _refused(exc)
    log.info("Activity: user %d made challenge %d", session.user_id, challenge_id)
    return web.json_response(
        {"challenge": challenge_id, "game": await _game(state, game_id, session.user_id)}
    )


async def _server_challenge(
    state: ActivityState, session: ActivitySession, challenge_id: int
) -> ChallengeRecord:
    ch = await state.db.challenges.get_challenge(challenge_id)
    if ch is None or ch.guild_id != session.guild_id:  # other servers' look missing
        refuse(404, "no_challenge", f"There is no challenge #{challenge_id} in this server.")
    return ch


async def _answered_challenge(
    request: web.Request,
) -> tuple[ActivityState, ActivitySession, ChallengeRecord]:
    """What an answer to a challenge (accept, decline, cancel) starts with: a verified session
    within its rate limit, and the challenge of that session's server named by the path."""
    session = await bound_and_verified(request)
    state = request.app[ACTIVITY]
    if not state.challenge_limit.allow(session.user_id):
        refuse(429, "rate_limited", "Too many requests: wait a minute.")
    ch = await _server_challenge(state, session, int(request.match_info["challenge_id"]))
    return state, session, ch


@routes.get(r"/api/activity/challenges/{challenge_id:\d{1,15}}")
async def one(request: web.Request) -> web.Response:
    session = await bound_and_verified(request)
    state = request.app[ACTIVITY]
    ch = await _server_challenge(state, session, int(request.match_info["challenge_id"]))
    summary = challenge_summary(ch, session.user_id)
    summary["game"] = await _game(state, ch.game_id, session.user_id)
    return web.json_response(summary)


@routes.post(r"/api/activity/challenges/{challenge_id:\d{1,15}}/accept")
async def accept(request: web.Request) -> web.Response:
    state, session, ch = await _answered_challenge(request)
    assert session.guild_id is not None
    try:
        game_id = await _actions(state).accept(session.guild_id, ch.id, session.user_id)
    except Refused as exc:
        return _refused(exc)
    return web.json_response({"game": await _game(state, game_id, session.user_id)})


@routes.post(r"/api/activity/challenges/{challenge_id:\d{1,15}}/{action:decline|cancel}")
async def close(request: web.Request) -> web.Response:
    state, session, ch = await _answered_challenge(request)
    action = request.match_info["action"]
    assert session.guild_id is not None
    try:
        await _actions(state).close(session.guild_id, ch.id, session.user_id, action)
    except Refused as exc:
        return _refused(exc)
    log.info("Activity: user %d closed challenge %d (%s)", session.user_id, ch.id, action)
    closed = await state.db.challenges.get_challenge(ch.id)
    assert closed is not None
    return web.json_response(challenge_summary(closed, session.user_id))
