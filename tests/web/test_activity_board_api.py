"""The Activity's bearer session on the live board's own game API (issues 34 + 35): anyone
in the instance watches the server's games (snapshot and event stream, whose token comes in
the query), a player moves with no CSRF token from the Activity's origin, and what must stay
refused is: another site's page, a session of another server, an unbound session, a token in
the query of a state-changing request, and a cookie session from the Activity's origin."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest_asyncio
from aiohttp.test_utils import TestClient, TestServer

from rules.games import find_game
from storage import Database, GameRecord
from web.auth import SESSION_COOKIE
from web.signing import Signer

from .activity_board import BOARD_SECRET, Recorder, board_with_activity
from .activity_fake_discord import APP_ID, FakeDiscord
from .conftest import free_port

GUILD, OTHER_GUILD = 1_400_000_000_000_000_001, 1_400_000_000_000_000_002
CHANNEL = 1_400_000_000_000_000_010
INSTANCE = "1400000000000000099"
ALICE, BOB, CAROL = 301, 302, 303
ACTIVITY_ORIGIN = f"https://{APP_ID}.discordsays.com"


@dataclass
class World:
    client: TestClient[Any, Any]
    discord: FakeDiscord
    recorder: Recorder
    game: GameRecord
    foreign: GameRecord
    origin: str

    async def signed_in(self, user_id: int) -> str:
        """The session of the code exchange only (not yet bound to an instance)."""
        r = await self.client.post(
            "/api/activity/token", json={"code": self.discord.code_for(user_id)}
        )
        assert r.status == 200, await r.text()
        return str((await r.json())["session"])

    async def joined(self, user_id: int) -> str:
        """The session bound to the instance, after Discord confirmed the user is in it."""
        session = await self.signed_in(user_id)
        r = await self.client.post(
            "/api/activity/join",
            json={"instance_id": INSTANCE, "guild_id": str(GUILD), "channel_id": str(CHANNEL)},
            headers={"Authorization": f"Bearer {session}"},
        )
        assert r.status == 200, await r.text()
        return str((await r.json())["session"])


@pytest_asyncio.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with make_world(tmp_path) as made:
        yield made


@pytest_asyncio.fixture
async def strict_world(tmp_path: Path) -> AsyncIterator[World]:
    """Discord asked about the instance on every check; streams beat every 50 ms."""
    async with make_world(tmp_path, heartbeat=0.05, recheck=0.0) as made:
        yield made


@asynccontextmanager
async def make_world(tmp_path: Path, **board: float) -> AsyncIterator[World]:
    discord = FakeDiscord()
    for uid, name in ((ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol")):
        discord.add_user(uid, name)
    discord.launch(INSTANCE, GUILD, CHANNEL, ALICE, BOB, CAROL)
    fake = TestServer(discord.app())
    await fake.start_server()
    db = Database(tmp_path / "board.sqlite3")
    await db.start()
    game = await db.games.create_game(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game_kind="draughts",
        start_position=find_game("draughts").start(),
        white_id=ALICE,
        black_id=BOB,
    )
    foreign = await db.games.create_game(  # Alice plays in another server too
        guild_id=OTHER_GUILD,
        channel_id=CHANNEL + 1,
        game_kind="chess",
        start_position=find_game("chess").start(),
        white_id=ALICE,
        black_id=CAROL,
    )
    port = free_port()
    origin = f"http://127.0.0.1:{port}"
    recorder = Recorder()
    app = board_with_activity(db, origin, str(fake.make_url("")).rstrip("/"), recorder, **board)
    client = TestClient(TestServer(app, port=port))
    await client.start_server()
    try:
        yield World(client, discord, recorder, game, foreign, origin)
    finally:
        await client.close()
        await fake.close()
        await db.stop()


def bearer(session: str, origin: str | None = None) -> dict[str, str]:
    headers = {"Authorization": f"Bearer {session}"}
    if origin:
        headers["Origin"] = origin
    return headers


async def test_anyone_in_the_instance_watches_and_the_stream_takes_the_token_in_the_query(
    world: World,
) -> None:
    carol = await world.joined(CAROL)  # in the instance, not in the game
    r = await world.client.get(f"/api/games/{world.game.id}", headers=bearer(carol))
    assert r.status == 200
    snapshot = await r.json()
    assert snapshot["id"] == world.game.id and snapshot["actions"] == []
    assert snapshot["me"]["seat"] is None  # she watches
    me = await (await world.client.get("/api/me", headers=bearer(carol))).json()
    assert me["user"] == {"id": str(CAROL), "name": "Carol"}
    # EventSource sends no headers: the stream takes the token as ?activity_session=
    r = await world.client.get(
        f"/api/games/{world.game.id}/events", params={"activity_session": carol}
    )
    assert r.status == 200 and r.headers["Content-Type"] == "text/event-stream"
    line = b""
    while not line.startswith(b"data:"):
        line = await r.content.readline()
    assert f'"id": {world.game.id}'.encode() in line or f'"id":{world.game.id}'.encode() in line
    r.close()
    # without a session, or with one not yet bound to an instance, nothing is shown
    assert (await world.client.get(f"/api/games/{world.game.id}")).status == 404
    unbound = await world.signed_in(CAROL)
    r = await world.client.get(f"/api/games/{world.game.id}", headers=bearer(unbound))
    assert r.status == 404
    r = await world.client.get(f"/api/games/{world.game.id}", headers=bearer(carol + "x"))
    assert r.status == 404  # a forged token is no session


async def test_a_session_is_confined_to_its_instances_server(world: World) -> None:
    alice = await world.joined(ALICE)
    r = await world.client.get(f"/api/games/{world.foreign.id}", headers=bearer(alice))
    assert r.status == 404  # her own game, but of another server than the Activity's
    r = await world.client.post(
        f"/api/games/{world.foreign.id}/move",
        json={"action": "e4", "ply": 0},
        headers=bearer(alice, ACTIVITY_ORIGIN),
    )
    assert r.status == 404 and world.recorder.played == []
    games = await (await world.client.get("/api/me/games", headers=bearer(alice))).json()
    assert [g["id"] for g in games["games"]] == [world.game.id]


async def test_a_player_moves_from_the_activitys_origin_and_csrf_still_holds(
    world: World,
) -> None:
    bob = await world.joined(BOB)
    url = f"/api/games/{world.game.id}/move"
    move = {"action": "11-15", "ply": 0}
    # another site's page, even with the token, is refused
    r = await world.client.post(url, json=move, headers=bearer(bob, "https://evil.example"))
    assert r.status == 403 and world.recorder.played == []
    # the token in the query of a state-changing request is no session
    r = await world.client.post(url, json=move, params={"activity_session": bob})
    assert r.status == 401 and world.recorder.played == []
    unbound = await world.signed_in(BOB)
    r = await world.client.post(url, json=move, headers=bearer(unbound, ACTIVITY_ORIGIN))
    assert r.status == 401 and world.recorder.played == []
    # from the Activity (Discord's proxy origin) or the board's own: no CSRF token needed
    r = await world.client.post(url, json=move, headers=bearer(bob, ACTIVITY_ORIGIN))
    assert r.status == 200, await r.text()
    r = await world.client.post(
        f"/api/games/{world.game.id}/resign", headers=bearer(bob, world.origin)
    )
    assert r.status == 200
    assert world.recorder.played == [(world.game.id, BOB, "11-15", 0)]
    assert world.recorder.resigned == [(world.game.id, BOB)]


async def test_a_cookie_session_from_the_activitys_origin_is_refused(world: World) -> None:
    cookie = Signer(BOARD_SECRET).dumps(
        "session", {"uid": str(BOB), "name": "Bob", "csrf": "bob-csrf"}, 3600
    )
    url = f"/api/games/{world.game.id}/move"
    move = {"action": "11-15", "ply": 0}
    for origin, status in ((ACTIVITY_ORIGIN, 403), (world.origin, 200)):
        r = await world.client.post(
            url,
            json=move,
            headers={
                "Cookie": f"{SESSION_COOKIE}={cookie}",
                "X-CSRF-Token": "bob-csrf",
                "Origin": origin,
            },
        )
        assert r.status == status, await r.text()
    assert world.recorder.played == [(world.game.id, BOB, "11-15", 0)]  # once, from the board


async def test_leaving_the_instance_cuts_the_open_stream_and_refuses_moves(
    strict_world: World,
) -> None:
    world = strict_world
    bob = await world.joined(BOB)
    r = await world.client.get(
        f"/api/games/{world.game.id}/events", params={"activity_session": bob}
    )
    assert r.status == 200
    line = b""
    while not line.startswith(b"data:"):
        line = await r.content.readline()
    assert b'"reason"' not in line  # the snapshot, not a closing
    # Bob leaves the Activity: Discord no longer lists him in the instance
    world.discord.launch(INSTANCE, GUILD, CHANNEL, ALICE, CAROL)
    lines = []  # Discord is asked at the next beat: a few lines at most, then the end
    while len(lines) < 100 and (line := await r.content.readline()) != b"":
        lines.append(line)
    assert lines[-3:] == [b"event: closed\n", b'data: {"reason": "left"}\n', b"\n"], lines[-5:]
    assert await r.content.readline() == b""  # the server ended the stream
    r.close()
    # and his moves are refused (his session no longer counts), nothing reaches the pipeline
    move = {"action": "11-15", "ply": 0}
    r = await world.client.post(
        f"/api/games/{world.game.id}/move", json=move, headers=bearer(bob, ACTIVITY_ORIGIN)
    )
    assert r.status == 401 and world.recorder.played == []
    # Alice, still there, keeps her stream open past several heartbeats
    alice = await world.joined(ALICE)
    r = await world.client.get(
        f"/api/games/{world.game.id}/events", params={"activity_session": alice}
    )
    keep_alives = 0
    while keep_alives < 3:
        line = await r.content.readline()
        assert line not in (b"", b"event: closed\n")
        keep_alives += line == b": keep-alive\n"
    r.close()
