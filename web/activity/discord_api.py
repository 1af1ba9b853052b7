"""The three calls the Activity's server makes to Discord, typed: exchange the SDK's
authorization code for a token (with the client secret, which stays here), read who that token
belongs to, and read an Activity instance with the bot token.

Errors become :class:`DiscordApiError` with a short, safe message (never the secret, never
Discord's raw body beyond its ``error``/``message`` words).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import aiohttp

from .config import ActivityConfig

__all__ = [
    "ActivityInstance",
    "DiscordApi",
    "DiscordApiError",
    "DiscordUser",
    "TokenGrant",
    "parse_instance",
]

log = logging.getLogger(__name__)

TIMEOUT = aiohttp.ClientTimeout(total=10)
"""Discord answers in well under a second; a stuck call must not hold a request forever."""


class DiscordApiError(Exception):
    """Discord refused or failed a call: ``status`` is its HTTP status (0: unreachable)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True, slots=True)
class TokenGrant:
    """What the code exchange gives: the user's access token for the SDK's ``authenticate``."""

    access_token: str
    token_type: str
    expires_in: int
    scope: str


@dataclass(frozen=True, slots=True)
class DiscordUser:
    id: int
    username: str
    global_name: str | None

    @property
    def name(self) -> str:
        return self.global_name or self.username


@dataclass(frozen=True, slots=True)
class ActivityInstance:
    """An Activity instance as Discord reports it: where it runs and who is in it."""

    application_id: int
    instance_id: str
    launch_id: str
    kind: str
    """``gc`` in a server channel, ``pc`` in a private one (a DM or group DM)."""
    guild_id: int | None
    channel_id: int
    users: frozenset[int]


def _snowflake(value: Any) -> int | None:
    return int(value) if isinstance(value, str | int) and str(value).isdigit() else None


def parse_instance(data: Any) -> ActivityInstance:
    """An instance from Discord's JSON (``ValueError`` when it is not one)."""
    if not isinstance(data, dict):
        raise ValueError("not an object")
    location = data.get("location")
    if not isinstance(location, dict):
        raise ValueError("no location")
    app = _snowflake(data.get("application_id"))
    channel = _snowflake(location.get("channel_id"))
    users = data.get("users")
    if app is None or channel is None or not isinstance(users, list):
        raise ValueError("missing application, channel or users")
    return ActivityInstance(
        application_id=app,
        instance_id=str(data.get("instance_id", "")),
        launch_id=str(data.get("launch_id", "")),
        kind=str(location.get("kind", "")),
        guild_id=_snowflake(location.get("guild_id")),
        channel_id=channel,
        users=frozenset(u for u in map(_snowflake, users) if u is not None),
    )


def _reason(body: Any) -> str:
    """Discord's own short words for a refusal (OAuth2's ``error``, the API's ``message``)."""
    if isinstance(body, dict):
        for key in ("error_description", "error", "message"):
            value = body.get(key)
            if isinstance(value, str) and value:
                return value[:200]
    return "no reason given"


class DiscordApi:
    """Discord's HTTP API at ``config.api`` over one ``aiohttp`` session (the caller's)."""

    def __init__(self, config: ActivityConfig, session: aiohttp.ClientSession) -> None:
        self._config = config
        self._session = session

    async def _call(self, method: str, path: str, **kwargs: Any) -> Any:
        url = f"{self._config.api}{path}"
        try:
            async with self._session.request(method, url, timeout=TIMEOUT, **kwargs) as response:
                try:
                    body = await response.json(content_type=None)
                except ValueError:
                    body = None
                if response.status >= 400:
                    raise DiscordApiError(response.status, _reason(body))
                return body
        except aiohttp.ClientError as exc:
            log.warning("Discord unreachable for %s %s: %s", method, path, exc)
            raise DiscordApiError(0, "Discord could not be reached") from exc
        except TimeoutError as exc:
            raise DiscordApiError(0, "Discord did not answer in time") from exc

    async def exchange_code(self, code: str) -> TokenGrant:
        """The access token for the SDK's authorization ``code`` (OAuth2 ``authorization_code``
        grant, authenticated with the client secret)."""
        body = await self._call(
            "POST",
            "/oauth2/token",
            data={
                "client_id": self._config.client_id,
                "client_secret": self._config.client_secret,
                "grant_type": "authorization_code",
                "code": code,
            },
        )
        token = body.get("access_token") if isinstance(body, dict) else None
        if not isinstance(token, str) or not token:
            raise DiscordApiError(502, "Discord's answer had no access token")
        return TokenGrant(
            access_token=token,
            token_type=str(body.get("token_type", "Bearer")),
            expires_in=int(body.get("expires_in", 0) or 0),
            scope=str(body.get("scope", "")),
        )

    async def current_user(self, access_token: str) -> DiscordUser:
        """Who ``access_token`` belongs to (``/users/@me``)."""
        body = await self._call(
            "GET", "/users/@me", headers={"Authorization": f"Bearer {access_token}"}
        )
        uid = _snowflake(body.get("id")) if isinstance(body, dict) else None
        if uid is None:
            raise DiscordApiError(502, "Discord's answer had no user")
        global_name = body.get("global_name")
        return DiscordUser(
            uid,
            str(body.get("username", uid)),
            global_name if isinstance(global_name, str) and global_name else None,
        )

    async def activity_instance(self, instance_id: str) -> ActivityInstance | None:
        """The application's Activity instance ``instance_id`` (with the bot token), or
        ``None`` when Discord knows no such running instance."""
        try:
            body = await self._call(
                "GET",
                f"/applications/{self._config.client_id}/activity-instances/{instance_id}",
                headers={"Authorization": f"Bot {self._config.bot_token}"},
            )
        except DiscordApiError as exc:
            if exc.status == 404:
                return None
            raise
        try:
            return parse_instance(body)
        except ValueError as exc:
            raise DiscordApiError(502, f"Discord's instance was not understood ({exc})") from exc
