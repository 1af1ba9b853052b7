"""A fake Discord on loopback for the Activity: the OAuth2 code exchange (checking the client
id and secret, one use per code), ``/users/@me``, and the activity-instances endpoint behind the
bot token. It records what it was sent, so tests can check that the secret went only here."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

APP_ID = "424242424242424242"
CLIENT_SECRET = "fake-activity-client-secret-stays-on-the-server"
BOT_TOKEN = "fake-bot-token-for-instances"


@dataclass
class FakeDiscord:
    users: dict[str, dict[str, str]] = field(default_factory=dict)
    codes: dict[str, str] = field(default_factory=dict)
    tokens: dict[str, str] = field(default_factory=dict)
    instances: dict[str, dict[str, Any]] = field(default_factory=dict)
    exchanges: list[dict[str, str]] = field(default_factory=list)
    instance_reads: list[str] = field(default_factory=list)
    broken: bool = False
    """Answer every call with a 500 (Discord having a bad day)."""

    def add_user(self, user_id: int, name: str) -> None:
        self.users[str(user_id)] = {
            "id": str(user_id),
            "username": name.lower(),
            "global_name": name,
        }

    def code_for(self, user_id: int) -> str:
        """An authorization code the SDK's ``authorize`` would have given ``user_id``."""
        code = secrets.token_urlsafe(12)
        self.codes[code] = str(user_id)
        return code

    def launch(self, instance_id: str, guild_id: int | None, channel_id: int, *users: int) -> None:
        """An instance of the application running in ``channel_id`` with ``users`` in it."""
        kind = "gc" if guild_id is not None else "pc"
        self.instances[instance_id] = {
            "application_id": APP_ID,
            "instance_id": instance_id,
            "launch_id": "1300000000000000001",
            "location": {
                "id": f"{kind}-{guild_id}-{channel_id}",
                "kind": kind,
                "channel_id": str(channel_id),
                "guild_id": str(guild_id) if guild_id is not None else None,
            },
            "users": [str(u) for u in users],
        }

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_post("/api/v10/oauth2/token", self.token)
        app.router.add_get("/api/v10/users/@me", self.me)
        app.router.add_get(
            "/api/v10/applications/{app}/activity-instances/{instance}", self.instance
        )
        return app

    async def token(self, request: web.Request) -> web.Response:
        form = {k: str(v) for k, v in (await request.post()).items()}
        self.exchanges.append(form)
        if self.broken:
            return web.json_response({"message": "500: Internal Server Error"}, status=500)
        if form.get("client_id") != APP_ID or form.get("client_secret") != CLIENT_SECRET:
            return web.json_response({"error": "invalid_client"}, status=401)
        if form.get("grant_type") != "authorization_code":
            return web.json_response({"error": "unsupported_grant_type"}, status=400)
        user = self.codes.pop(form.get("code", ""), None)
        if user is None:
            return web.json_response(
                {"error": "invalid_grant", "error_description": 'Invalid "code" in request.'},
                status=400,
            )
        token = secrets.token_urlsafe(12)
        self.tokens[token] = user
        return web.json_response(
            {
                "access_token": token,
                "token_type": "Bearer",
                "expires_in": 604800,
                "scope": "identify",
            }
        )

    async def me(self, request: web.Request) -> web.Response:
        user = self.tokens.get(request.headers.get("Authorization", "").removeprefix("Bearer "))
        if user is None:
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        return web.json_response(self.users[user])

    async def instance(self, request: web.Request) -> web.Response:
        if request.headers.get("Authorization") != f"Bot {BOT_TOKEN}":
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        if self.broken:
            return web.json_response({"message": "500: Internal Server Error"}, status=500)
        instance_id = request.match_info["instance"]
        self.instance_reads.append(instance_id)
        found = self.instances.get(instance_id)
        if request.match_info["app"] != APP_ID or found is None:
            return web.json_response(
                {"message": "Unknown Activity Instance", "code": 10000}, status=404
            )
        return web.json_response(found)
