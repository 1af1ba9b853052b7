"""``create_app`` is built to be extended (issue 35's Activity): extra routes and
sub-applications, and a session user from another source than the sign-in cookie, who is then
held to the same rules (CSRF, only their own moves)."""

from __future__ import annotations

from pathlib import Path

from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from rules.games import find_game
from storage import Database
from web import WebConfig, create_app
from web.auth import SessionUser, current_user

from .conftest import SECRET

ALICE, BOB = 101, 202


class Recorder:
    """The play port, recording what reached it."""

    def __init__(self) -> None:
        self.played: list[tuple[int, int, str, int]] = []

    async def play(self, game_id: int, user_id: int, text: str, expected_ply: int) -> None:
        self.played.append((game_id, user_id, text, expected_ply))

    async def resign(self, game_id: int, user_id: int) -> None:
        raise AssertionError("not used")

    async def draw(self, game_id: int, user_id: int) -> str:
        raise AssertionError("not used")


async def header_user(request: web.Request) -> SessionUser | None:
    """Another sign-in (an Activity's token, say): here a header names the user."""
    raw = request.headers.get("X-Test-User", "")
    return SessionUser(int(raw), f"user {raw}", f"csrf-{raw}", "test") if raw else None


async def test_extra_routes_sub_apps_and_session_sources(tmp_path: Path) -> None:
    db = Database(tmp_path / "db.sqlite3")
    await db.start()
    record = await db.games.create_game(
        guild_id=7,
        channel_id=8,
        game_kind="chess",
        white_id=ALICE,
        black_id=BOB,
        start_position=find_game("chess").start(),
    )
    extra = web.RouteTableDef()

    @extra.get("/extra/whoami")
    async def whoami(request: web.Request) -> web.Response:
        user = await current_user(request)
        return web.json_response({"user": user.user_id if user else None})

    sub = web.Application()

    async def ping(request: web.Request) -> web.Response:
        return web.Response(text="pong")

    sub.router.add_get("/ping", ping)
    recorder = Recorder()
    app = create_app(
        WebConfig(url="http://127.0.0.1", secret=SECRET),
        db,
        recorder,
        lambda guild_id: guild_id == 7,
        routes=[extra],
        sub_apps={"/activity": sub},
        session_sources=[header_user],
    )
    async with TestClient(TestServer(app)) as http:
        r = await http.get("/extra/whoami", headers={"X-Test-User": str(ALICE)})
        assert await r.json() == {"user": ALICE}
        assert await (await http.get("/activity/ping")).text() == "pong"
        # the other source's user sees their own game and its actions
        r = await http.get(f"/api/games/{record.id}", headers={"X-Test-User": str(ALICE)})
        assert r.status == 200 and len((await r.json())["actions"]) == 20
        url = f"/api/games/{record.id}/move"
        body = {"action": "e4", "ply": 0}
        r = await http.post(url, json=body, headers={"X-Test-User": str(ALICE)})
        assert r.status == 403  # no CSRF token
        r = await http.post(
            url, json=body, headers={"X-Test-User": str(ALICE), "X-CSRF-Token": f"csrf-{BOB}"}
        )
        assert r.status == 403  # another user's token
        r = await http.post(
            url, json=body, headers={"X-Test-User": str(ALICE), "X-CSRF-Token": f"csrf-{ALICE}"}
        )
        assert r.status == 200
        # a user of no seat in the game cannot even see it without its link
        r = await http.get(f"/api/games/{record.id}", headers={"X-Test-User": "303"})
        assert r.status == 404
    assert recorder.played == [(record.id, ALICE, "e4", 0)]
    await db.stop()


def test_the_rate_limit_counts_the_address_a_local_proxy_saw() -> None:
    from aiohttp.test_utils import make_mocked_request

    from web.oauth import client_ip

    def asked(remote: str, forwarded: str) -> web.Request:
        request = make_mocked_request("GET", "/auth/login", headers={"X-Forwarded-For": forwarded})
        return request.clone(remote=remote)

    # through a proxy on this machine: the address it saw, not what the client claimed
    assert client_ip(asked("127.0.0.1", "6.6.6.6, 203.0.113.9")) == "203.0.113.9"
    # straight from the network: the header is the client's own word and is ignored
    assert client_ip(asked("198.51.100.7", "6.6.6.6")) == "198.51.100.7"


def test_the_rate_limiter_refuses_past_its_burst_and_refills() -> None:
    from web.limits import RateLimiter

    now = [0.0]
    limiter = RateLimiter(6, burst=2, clock=lambda: now[0])
    assert [limiter.allow("a") for _ in range(3)] == [True, True, False]
    assert limiter.allow("b")  # each key its own bucket
    now[0] += 10.0  # 6 a minute: one more every 10 s
    assert limiter.allow("a") and not limiter.allow("a")
