"""The Activity's server side over real HTTP (issue 35): the SDK's code exchange against a fake
Discord OAuth2 endpoint on loopback, the activity-instance check (and its refusal for a foreign
instance or a user not in it), which game the Activity shows, and the check before a user may
act — with a real SQLite database underneath."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from bot.activity import ActivityLaunches
from rules.games import find_game
from storage import Database, GameRecord
from web.activity import ActivityConfig, setup_activity
from web.activity.identity import activity_user
from web.activity.routes import require_player
from web.activity.sessions import ActivitySession, SessionSigner

from .activity_fake_discord import APP_ID, BOT_TOKEN, CLIENT_SECRET, FakeDiscord

GUILD = 1_200_000_000_000_000_001
OTHER_GUILD = 1_200_000_000_000_000_002
LOBBY = 1_200_000_000_000_000_010  # a channel without a game
GAMES = 1_200_000_000_000_000_011  # the channel the games were set up in
ALICE, BOB, CAROL, MALLORY = 101, 102, 103, 104
SECRET = "s" * 40


@dataclass
class World:
    client: TestClient[Any, Any]
    discord: FakeDiscord
    db: Database
    launches: ActivityLaunches
    draughts: GameRecord  # Alice (white) v Bob (black), in its thread
    chess: GameRecord  # Bob v Carol, no thread, in GAMES
    foreign: GameRecord  # another server's game

    async def sign_in(self, user_id: int) -> str:
        r = await self.client.post(
            "/api/activity/token", json={"code": self.discord.code_for(user_id)}
        )
        assert r.status == 200, await r.text()
        return str((await r.json())["session"])

    async def join(
        self, session: str, instance: str, guild: int | None, channel: int
    ) -> tuple[int, dict[str, Any]]:
        r = await self.client.post(
            "/api/activity/join",
            json={
                "instance_id": instance,
                "guild_id": str(guild) if guild is not None else None,
                "channel_id": str(channel),
            },
            headers={"Authorization": f"Bearer {session}"},
        )
        return r.status, await r.json()


def config(discord_url: str, **overrides: Any) -> ActivityConfig:
    return ActivityConfig(
        client_id=APP_ID,
        client_secret=CLIENT_SECRET,
        bot_token=BOT_TOKEN,
        session_secret=SECRET,
        discord_url=discord_url,
        **overrides,
    )


@pytest.fixture
def settings_overrides() -> dict[str, Any]:
    return {}


@pytest_asyncio.fixture
async def world(tmp_path: Path, settings_overrides: dict[str, Any]) -> AsyncIterator[World]:
    discord = FakeDiscord()
    for uid, name in ((ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol"), (MALLORY, "Mallory")):
        discord.add_user(uid, name)
    fake = TestServer(discord.app())
    await fake.start_server()
    db = Database(tmp_path / "activity.sqlite3")
    await db.start()
    draughts = await db.games.create_game(
        guild_id=GUILD,
        channel_id=GAMES,
        thread_id=GAMES + 100,
        game_kind="draughts",
        start_position=find_game("draughts").start(),
        white_id=ALICE,
        black_id=BOB,
    )
    chess = await db.games.create_game(
        guild_id=GUILD,
        channel_id=GAMES,
        game_kind="chess",
        start_position=find_game("chess").start(),
        white_id=BOB,
        black_id=CAROL,
    )
    foreign = await db.games.create_game(
        guild_id=OTHER_GUILD,
        channel_id=GAMES + 1,
        game_kind="chess",
        start_position=find_game("chess").start(),
        white_id=ALICE,
        black_id=MALLORY,
    )
    launches = ActivityLaunches(db)
    app = web.Application()
    url = str(fake.make_url(""))
    setup_activity(app, config(url, **settings_overrides), db, launches.game_for, dist=None)

    async def act(request: web.Request) -> web.Response:  # what a move endpoint runs first
        session, record = await require_player(request, int(request.match_info["game"]))
        return web.json_response({"user": session.user_id, "seat": record.seat_of(session.user_id)})

    async def who(request: web.Request) -> web.Response:  # what the board's endpoints ask
        user = await activity_user(request)
        return web.json_response(None if user is None else user.user_id)

    app.router.add_post("/test/act/{game}", act)
    app.router.add_route("*", "/test/who", who)
    client = TestClient(TestServer(app))
    await client.start_server()
    try:
        yield World(client, discord, db, launches, draughts, chess, foreign)
    finally:
        await client.close()
        await fake.close()
        await db.stop()


async def test_code_exchange_returns_the_token_and_keeps_the_secret(world: World) -> None:
    code = world.discord.code_for(ALICE)
    r = await world.client.post("/api/activity/token", json={"code": code})
    assert r.status == 200
    body = await r.json()
    assert body["access_token"] in world.discord.tokens  # the SDK authenticates with it
    assert world.discord.tokens[body["access_token"]] == str(ALICE)
    assert body["user"] == {"id": str(ALICE), "name": "Alice"}
    assert body["scope"] == "identify" and body["session"]
    assert r.headers["Cache-Control"] == "no-store"
    # the secret went to Discord's token endpoint, and nowhere near the browser
    [sent] = world.discord.exchanges
    assert sent == {
        "client_id": APP_ID,
        "client_secret": CLIENT_SECRET,
        "grant_type": "authorization_code",
        "code": code,
    }
    assert CLIENT_SECRET not in await r.text() and BOT_TOKEN not in await r.text()

    # a code is good once
    again = await world.client.post("/api/activity/token", json={"code": code})
    assert again.status == 400
    assert await again.json() == {
        "code": "code_refused",
        "error": 'Discord refused the sign-in: Invalid "code" in request..',
    }


async def test_bad_requests_to_the_token_endpoint(world: World) -> None:
    for body in ({}, {"code": ""}, {"code": 12}, {"code": "x" * 600}):
        r = await world.client.post("/api/activity/token", json=body)
        assert r.status == 400 and (await r.json())["code"] == "bad_code"
    r = await world.client.post("/api/activity/token", data="not json")
    assert r.status == 400 and (await r.json())["code"] == "bad_request"
    assert world.discord.exchanges == []  # none of these reached Discord
    world.discord.broken = True
    r = await world.client.post("/api/activity/token", json={"code": "abc"})
    assert r.status == 502
    assert (await r.json())["code"] == "discord_unavailable"


@pytest.mark.parametrize("settings_overrides", [{"token_requests_per_minute": 3}])
async def test_code_exchanges_are_rate_limited(world: World) -> None:
    async def exchange(player: str) -> tuple[int, str | None]:
        r = await world.client.post(
            "/api/activity/token",
            json={"code": world.discord.code_for(ALICE)},
            # as Discord's proxy and a reverse proxy in front of the bot say who asked
            headers={"X-Forwarded-For": f"{player}, 162.159.0.1"},
        )
        return r.status, r.headers.get("Retry-After")

    statuses = [await exchange("203.0.113.5") for _ in range(4)]
    assert statuses == [(200, None)] * 3 + [(429, "60")]
    assert len(world.discord.exchanges) == 3  # the refused one never reached Discord
    assert await exchange("198.51.100.7") == (200, None)  # another player, same proxies


async def test_opened_in_a_games_thread_it_shows_that_game(world: World) -> None:
    thread = world.draughts.thread_id
    assert thread is not None
    world.discord.launch("i-1-gc-1-1", GUILD, thread, ALICE, CAROL)
    session = await world.sign_in(CAROL)  # a spectator
    status, body = await world.join(session, "i-1-gc-1-1", GUILD, thread)
    assert status == 200, body
    assert body["view"]["mode"] == "game" and body["view"]["found_by"] == "channel"
    game = body["view"]["game"]
    assert game["id"] == world.draughts.id and game["variant"] == "draughts"
    assert game["to_move"] == "black" and game["to_move_user_id"] == str(BOB)
    assert game["your_seat"] is None and game["your_turn"] is False  # Carol watches
    seats = [(s["seat"], s["user_id"]) for s in game["seats"]]
    assert seats == [("black", str(BOB)), ("white", str(ALICE))]  # in turn order

    # the bound session reads the view again, and any game of that server, not another's
    bound = {"Authorization": f"Bearer {body['session']}"}
    r = await world.client.get("/api/activity/view", headers=bound)
    assert (await r.json())["game"]["id"] == world.draughts.id
    r = await world.client.get(f"/api/activity/games/{world.chess.id}", headers=bound)
    assert r.status == 200 and (await r.json())["id"] == world.chess.id
    r = await world.client.get(f"/api/activity/games/{world.foreign.id}", headers=bound)
    assert r.status == 404
    assert await r.json() == {
        "code": "no_game",
        "error": f"There is no game #{world.foreign.id} in this server.",
    }
    # the unbound session may not look at games
    r = await world.client.get("/api/activity/view", headers={"Authorization": f"Bearer {session}"})
    assert r.status == 403 and (await r.json())["code"] == "not_joined"


async def test_a_foreign_instance_is_refused(world: World) -> None:
    thread = world.draughts.thread_id
    assert thread is not None
    world.discord.launch("i-2-gc-1-1", OTHER_GUILD, GAMES + 1, MALLORY)
    world.discord.launch("i-3-gc-1-1", GUILD, thread, ALICE)
    mallory = await world.sign_in(MALLORY)
    # Mallory's own instance runs in another server: claiming it is Alice's thread fails
    status, body = await world.join(mallory, "i-2-gc-1-1", GUILD, thread)
    assert (status, body) == (
        403,
        {"code": "foreign_instance", "error": "This Activity instance runs in another channel."},
    )
    # Alice's instance in the thread: Mallory is not in it
    status, body = await world.join(mallory, "i-3-gc-1-1", GUILD, thread)
    assert (status, body["error"]) == (403, "You are not in this Activity instance.")
    # no such instance; not an instance id at all (never sent to Discord)
    status, body = await world.join(mallory, "i-404", GUILD, thread)
    assert (status, body["error"]) == (403, "This Activity instance is not running (any more).")
    status, body = await world.join(mallory, "../../users/@me", GUILD, thread)
    assert (status, body["code"]) == (400, "bad_request")
    assert world.discord.instance_reads == ["i-2-gc-1-1", "i-3-gc-1-1", "i-404"]
    # a DM: no games there
    world.discord.launch("i-4-pc-1", None, 555, MALLORY)
    status, body = await world.join(mallory, "i-4-pc-1", None, 555)
    assert (status, body["code"]) == (400, "not_in_server")


async def test_no_session_or_a_forged_one_is_refused(world: World) -> None:
    world.discord.launch("i-5-gc-1-1", GUILD, LOBBY, ALICE)
    status, body = await world.join("", "i-5-gc-1-1", GUILD, LOBBY)
    assert (status, body["code"]) == (401, "no_session")
    alice = await world.sign_in(ALICE)
    status, _ = await world.join(alice, "i-5-gc-1-1", GUILD, LOBBY)
    assert status == 200
    # Mallory rewrites the signed body to be Alice: the signature no longer matches
    body_part, mac = alice.split(".")
    forged = body_part[:-2] + ("AA" if body_part[-2:] != "AA" else "BB") + "." + mac
    status, body = await world.join(forged, "i-5-gc-1-1", GUILD, LOBBY)
    assert (status, body["code"]) == (401, "no_session")


async def test_launched_by_the_button_it_opens_that_game(world: World) -> None:
    # the chess game has no thread: the button's launch names it (bot.activity)
    world.discord.launch("i-6-gc-1-1", GUILD, GAMES, BOB)
    await world.launches.record(
        "i-6-gc-1-1", game_id=world.chess.id, user_id=BOB, guild_id=GUILD, channel_id=GAMES
    )
    status, body = await world.join(await world.sign_in(BOB), "i-6-gc-1-1", GUILD, GAMES)
    assert status == 200
    assert body["view"]["found_by"] == "launch"
    game = body["view"]["game"]
    assert (game["id"], game["your_seat"], game["your_turn"]) == (world.chess.id, "white", True)


async def test_from_the_app_launcher_without_a_game_it_lists_games(world: World) -> None:
    world.discord.launch("i-7-gc-1-1", GUILD, LOBBY, BOB)
    status, body = await world.join(await world.sign_in(BOB), "i-7-gc-1-1", GUILD, LOBBY)
    assert status == 200
    view = body["view"]
    assert view["mode"] == "lobby"
    # Bob plays both games of the server: his turn in chess (White) and in draughts (Black)
    assert [g["id"] for g in view["play"]] == [world.chess.id, world.draughts.id]
    assert all(g["your_turn"] for g in view["play"])
    assert view["watch"] == []  # nothing else in this server; never the other server's
    world.discord.launch("i-8-gc-1-1", GUILD, LOBBY, ALICE)
    status, body = await world.join(await world.sign_in(ALICE), "i-8-gc-1-1", GUILD, LOBBY)
    play, watch = body["view"]["play"], body["view"]["watch"]
    assert [(g["id"], g["your_turn"]) for g in play] == [(world.draughts.id, False)]
    assert [g["id"] for g in watch] == [world.chess.id]
    assert world.foreign.id not in {g["id"] for g in play + watch}


@pytest.mark.parametrize("settings_overrides", [{"instance_recheck_seconds": 0.0}])
async def test_only_a_player_still_in_the_instance_may_act(world: World) -> None:
    thread = world.draughts.thread_id
    assert thread is not None
    world.discord.launch("i-9-gc-1-1", GUILD, thread, ALICE, CAROL)
    alice = (await world.join(await world.sign_in(ALICE), "i-9-gc-1-1", GUILD, thread))[1]
    carol = (await world.join(await world.sign_in(CAROL), "i-9-gc-1-1", GUILD, thread))[1]

    async def act(view: dict[str, Any], game: int) -> tuple[int, dict[str, Any]]:
        r = await world.client.post(
            f"/test/act/{game}", headers={"Authorization": f"Bearer {view['session']}"}
        )
        return r.status, await r.json()

    assert await act(alice, world.draughts.id) == (200, {"user": ALICE, "seat": "white"})
    status, body = await act(carol, world.draughts.id)
    assert (status, body["code"]) == (403, "not_a_player")
    status, body = await act(alice, world.foreign.id)  # her game, but in another server
    assert (status, body["code"]) == (404, "no_game")
    # Alice leaves the Activity: the next check asks Discord again and refuses her
    world.discord.instances["i-9-gc-1-1"]["users"] = [str(CAROL)]
    status, body = await act(alice, world.draughts.id)
    assert (status, body["error"]) == (403, "You are not in this Activity instance.")


def test_a_session_expires_and_binding_never_extends_it() -> None:
    now = [1000.0]
    signer = SessionSigner(SECRET, 60.0, clock=lambda: now[0])
    session, token = signer.issue(ActivitySession(ALICE, "Alice"))
    assert signer.read(token) == session and session.expires == 1060.0
    now[0] += 30
    bound, bound_token = signer.issue(session.bind("i-1", GUILD, LOBBY))
    assert bound.expires == 1060.0 and signer.read(bound_token) == bound
    assert SessionSigner("t" * 40, 60.0, clock=lambda: now[0]).read(token) is None
    now[0] += 31
    assert signer.read(token) is None and signer.read(bound_token) is None


@pytest.mark.parametrize("settings_overrides", [{"instance_recheck_seconds": 0.0}])
async def test_the_boards_endpoints_know_the_activity_user(world: World) -> None:
    world.discord.launch("i-10-gc-1-1", GUILD, LOBBY, ALICE)
    signed_in = await world.sign_in(ALICE)
    _, joined = await world.join(signed_in, "i-10-gc-1-1", GUILD, LOBBY)
    bound = joined["session"]

    async def who(method: str, *, header: str | None = None, query: str | None = None) -> Any:
        headers = {"Authorization": f"Bearer {header}"} if header else {}
        params = {"activity_session": query} if query else {}
        r = await world.client.request(method, "/test/who", headers=headers, params=params)
        return await r.json()

    assert await who("POST", header=bound) == ALICE
    assert await who("GET", query=bound) == ALICE  # an EventSource's way
    assert await who("POST", query=bound) is None  # never for a state-changing request
    assert await who("POST", header=signed_in) is None  # not joined to an instance
    assert await who("POST") is None
    assert await who("POST", header=bound[:-3] + "abc") is None  # forged
    world.discord.instances["i-10-gc-1-1"]["users"] = []  # Alice left the Activity
    assert await who("POST", header=bound) is None
