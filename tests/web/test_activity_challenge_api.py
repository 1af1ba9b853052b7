"""The lobby's challenge API without the bot (a recording port stands in for ``/challenge``'s
path, tested end to end in ``test_activity_challenge.py``): the challenge is made where the
verified session says -- never where the body claims --, a malformed request is refused before
the port is asked, only a bound session in the instance may challenge, and another server's
challenges look missing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest_asyncio
from aiohttp.test_utils import TestClient, TestServer

from storage import Database
from web.ports import ChallengeAsk, Refused

from .activity_board import board_with_activity
from .activity_fake_discord import FakeDiscord

GUILD, OTHER_GUILD, CHANNEL = 1_500_000_000_000_000_001, 1_500_000_000_000_000_002, 15
INSTANCE = "1500000000000000099"
ALICE, BOB, MALLORY = 401, 402, 403


class Port:
    """Records the challenges that reached the bot's side; ``refuse`` makes it say no."""

    def __init__(self) -> None:
        self.made: list[tuple[int, int, int, ChallengeAsk]] = []
        self.refuse: str | None = None
        self.closed: list[tuple[int, int, int, str]] = []

    async def choices(self, user_id: int, guild_id: int) -> list[dict[str, Any]]:
        return [{"id": "chess", "name": "Chess", "computer": True}]

    async def challenge(
        self, guild_id: int, channel_id: int, user_id: int, ask: ChallengeAsk
    ) -> tuple[int, int | None]:
        if self.refuse:
            raise Refused(self.refuse)
        self.made.append((guild_id, channel_id, user_id, ask))
        return len(self.made), None

    async def accept(self, guild_id: int, challenge_id: int, user_id: int) -> int:
        raise Refused("not here")

    async def close(self, guild_id: int, challenge_id: int, user_id: int, action: str) -> None:
        if self.refuse:
            raise Refused(self.refuse)
        self.closed.append((guild_id, challenge_id, user_id, action))


@dataclass
class Lobby:
    client: TestClient[Any, Any]
    port: Port
    db: Database
    discord: FakeDiscord


@pytest_asyncio.fixture
async def lobby(tmp_path: Path) -> AsyncIterator[Lobby]:
    discord = FakeDiscord()
    for uid, name in ((ALICE, "Alice"), (BOB, "Bob"), (MALLORY, "Mallory")):
        discord.add_user(uid, name)
    discord.launch(INSTANCE, GUILD, CHANNEL, ALICE, BOB)
    fake = TestServer(discord.app())
    await fake.start_server()
    db = Database(tmp_path / "lobby.sqlite3")
    await db.start()
    port = Port()
    app = board_with_activity(
        db, "http://127.0.0.1", str(fake.make_url("")).rstrip("/"), challenges=port
    )
    client = TestClient(TestServer(app))
    await client.start_server()
    try:
        yield Lobby(client, port, db, discord)
    finally:
        await client.close()
        await fake.close()
        await db.stop()


async def _joined(lobby: Lobby, user_id: int) -> str:
    client = lobby.client
    r = await client.post("/api/activity/token", json={"code": lobby.discord.code_for(user_id)})
    session = (await r.json())["session"]
    r = await client.post(
        "/api/activity/join",
        json={"instance_id": INSTANCE, "guild_id": str(GUILD), "channel_id": str(CHANNEL)},
        headers={"Authorization": f"Bearer {session}"},
    )
    assert r.status == 200, await r.text()
    return str((await r.json())["session"])


async def test_a_challenge_is_made_where_the_session_was_verified(lobby: Lobby) -> None:
    client, port, _db = lobby.client, lobby.port, lobby.db
    alice = {"Authorization": f"Bearer {await _joined(lobby, ALICE)}"}
    body = {"game": "chess", "opponent": str(BOB), "colour": "black", "guild_id": str(OTHER_GUILD)}
    r = await client.post("/api/activity/challenges", json=body, headers=alice)
    assert r.status == 200, await r.text()
    assert await r.json() == {"challenge": 1, "game": None}
    assert port.made == [(GUILD, CHANNEL, ALICE, ChallengeAsk("chess", BOB, False, "black"))]
    r = await client.post(
        "/api/activity/challenges",
        json={"game": "chess", "opponent": "computer", "level": "hard"},
        headers=alice,
    )
    assert r.status == 200 and port.made[-1][3] == ChallengeAsk(
        "chess", None, True, "random", "hard"
    )
    # the bot's refusal reaches the page as it words it
    port.refuse = "You can't challenge yourself."
    r = await client.post("/api/activity/challenges", json={"game": "chess"}, headers=alice)
    assert r.status == 409
    assert await r.json() == {"code": "refused", "error": "You can't challenge yourself."}


async def test_malformed_or_unverified_requests_never_reach_the_bot(lobby: Lobby) -> None:
    client, port, _db = lobby.client, lobby.port, lobby.db
    alice = {"Authorization": f"Bearer {await _joined(lobby, ALICE)}"}
    for body in (
        {"game": "chess", "colour": "purple"},
        {"game": "chess", "level": "godlike"},
        {"game": "chess", "opponent": "@everyone"},
        {"game": "x" * 41},
        {"colour": "white"},
    ):
        r = await client.post("/api/activity/challenges", json=body, headers=alice)
        assert r.status == 400 and (await r.json())["code"] == "bad_request", body
    # not signed in; signed in but not joined; joined but since gone from the instance
    r = await client.post("/api/activity/challenges", json={"game": "chess"})
    assert r.status == 401
    r = await client.post("/api/activity/token", json={"code": lobby.discord.code_for(MALLORY)})
    unbound = {"Authorization": f"Bearer {(await r.json())['session']}"}
    r = await client.post("/api/activity/challenges", json={"game": "chess"}, headers=unbound)
    assert r.status == 403
    assert port.made == []


async def test_another_servers_challenge_looks_missing(lobby: Lobby) -> None:
    client, _port, db = lobby.client, lobby.port, lobby.db
    for uid in (ALICE, BOB):
        await db.players.upsert_player(uid, str(uid))
    foreign = await db.challenges.create_challenge(
        guild_id=OTHER_GUILD, channel_id=CHANNEL + 1, challenger_id=BOB, challenged_id=ALICE,
        game_kind="chess",
    )  # fmt: skip
    here = await db.challenges.create_challenge(
        guild_id=GUILD, channel_id=CHANNEL, challenger_id=BOB, challenged_id=ALICE,
        game_kind="chess",
    )  # fmt: skip
    alice = {"Authorization": f"Bearer {await _joined(lobby, ALICE)}"}
    r = await client.get(f"/api/activity/challenges/{foreign.id}", headers=alice)
    assert r.status == 404
    for action in ("accept", "decline", "cancel"):
        r = await client.post(f"/api/activity/challenges/{foreign.id}/{action}", headers=alice)
        assert r.status == 404, action
    assert lobby.port.closed == []
    r = await client.get("/api/activity/challenges", headers=alice)
    listed = (await r.json())["challenges"]
    assert [(c["id"], c["can_accept"], c["can_decline"], c["can_cancel"]) for c in listed] == [
        (here.id, True, True, False)
    ]
    r = await client.get(f"/api/activity/challenges/{here.id}", headers=alice)
    assert (await r.json())["status"] == "pending"


async def test_decline_and_cancel_reach_the_bot_for_the_sessions_server(lobby: Lobby) -> None:
    client, port, db = lobby.client, lobby.port, lobby.db
    for uid in (ALICE, BOB):
        await db.players.upsert_player(uid, str(uid))
    ch = await db.challenges.create_challenge(
        guild_id=GUILD, channel_id=CHANNEL, challenger_id=BOB, challenged_id=ALICE,
        game_kind="chess",
    )  # fmt: skip
    alice = {"Authorization": f"Bearer {await _joined(lobby, ALICE)}"}
    bob = {"Authorization": f"Bearer {await _joined(lobby, BOB)}"}
    r = await client.get("/api/activity/challenges", headers=bob)
    [mine] = (await r.json())["challenges"]
    assert (mine["can_accept"], mine["can_decline"], mine["can_cancel"]) == (False, False, True)
    # the bot's refusal (its checks: e.g. Bob may not decline his own) reaches the page
    port.refuse = "You can't accept or decline your own challenge; use Cancel to withdraw it."
    r = await client.post(f"/api/activity/challenges/{ch.id}/decline", headers=bob)
    assert r.status == 409 and (await r.json())["error"] == port.refuse
    port.refuse = None
    r = await client.post(f"/api/activity/challenges/{ch.id}/decline", headers=alice)
    assert r.status == 200, await r.text()
    r = await client.post(f"/api/activity/challenges/{ch.id}/cancel", headers=bob)
    assert r.status == 200, await r.text()
    assert port.closed == [(GUILD, ch.id, ALICE, "decline"), (GUILD, ch.id, BOB, "cancel")]
    # nothing else is a way to close one
    r = await client.post(f"/api/activity/challenges/{ch.id}/delete", headers=bob)
    assert r.status in (404, 405) and len(port.closed) == 2
