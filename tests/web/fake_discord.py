"""A fake Discord OAuth2 provider on loopback: the authorize page (which signs in the user
the test chose, by a cookie or ``?as=``), the code exchange and ``/users/@me``. It checks what
the real one checks: the client id and secret, the redirect URI, the scope, one use per code."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from urllib.parse import urlencode

from aiohttp import web

CLIENT_ID = "424242424242424242"
CLIENT_SECRET = "fake-client-secret-never-in-a-page"
WHO = "fake_discord_user"
"""The fake's cookie naming the user who "is signed in to Discord" in a browser."""


@dataclass
class FakeDiscord:
    users: dict[str, dict[str, str]] = field(default_factory=dict)
    codes: dict[str, tuple[str, str]] = field(default_factory=dict)  # code -> (user, redirect)
    tokens: dict[str, str] = field(default_factory=dict)
    exchanges: list[dict[str, str]] = field(default_factory=list)

    def add_user(self, user_id: int, name: str) -> None:
        self.users[str(user_id)] = {
            "id": str(user_id),
            "username": name.lower(),
            "global_name": name,
        }

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/oauth2/authorize", self.authorize)
        app.router.add_get("/as/{user}", self.sign_in_as)
        app.router.add_post("/api/oauth2/token", self.token)
        app.router.add_get("/api/users/@me", self.me)
        return app

    async def sign_in_as(self, request: web.Request) -> web.Response:
        response = web.Response(text="signed in to fake Discord")
        response.set_cookie(WHO, request.match_info["user"], path="/")
        return response

    async def authorize(self, request: web.Request) -> web.Response:
        q = request.query
        if q.get("client_id") != CLIENT_ID or q.get("response_type") != "code":
            raise web.HTTPBadRequest(text="bad client")
        if q.get("scope") != "identify":
            raise web.HTTPBadRequest(text="bad scope")
        user = q.get("as") or request.cookies.get(WHO, "")
        if user not in self.users:
            raise web.HTTPForbidden(text="nobody signed in to fake Discord")
        code = secrets.token_urlsafe(12)
        self.codes[code] = (user, q["redirect_uri"])
        query = urlencode({"code": code, "state": q.get("state", "")})
        raise web.HTTPFound(f"{q['redirect_uri']}?{query}")

    async def token(self, request: web.Request) -> web.Response:
        form = dict(await request.post())
        self.exchanges.append({k: str(v) for k, v in form.items()})
        if form.get("client_id") != CLIENT_ID or form.get("client_secret") != CLIENT_SECRET:
            return web.json_response({"error": "invalid_client"}, status=401)
        found = self.codes.pop(str(form.get("code")), None)
        if found is None or found[1] != form.get("redirect_uri"):
            return web.json_response({"error": "invalid_grant"}, status=400)
        token = secrets.token_urlsafe(12)
        self.tokens[token] = found[0]
        return web.json_response(
            {"access_token": token, "token_type": "Bearer", "scope": "identify"}
        )

    async def me(self, request: web.Request) -> web.Response:
        auth = request.headers.get("Authorization", "")
        user = self.tokens.get(auth.removeprefix("Bearer "))
        if user is None:
            return web.json_response({"message": "401: Unauthorized"}, status=401)
        return web.json_response(self.users[user])
