"""The Activity's sessions: signed, expiring bearer tokens.

Inside Discord the Activity runs in an iframe of ``discord.com`` on ``<app>.discordsays.com``,
where browsers treat cookies as third-party and often drop them; so the Activity's front end
keeps its session token in memory and sends it as ``Authorization: Bearer …``. A header a page
of another site cannot make a browser send also makes these requests safe from CSRF.

A session first says only who the user is (after the code exchange); once the instance check
passed it is *bound*: it also names the instance, server and channel that were verified, and
only a bound session may look at or act on a server's games.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace

__all__ = ["ActivitySession", "SessionSigner"]

PURPOSE = "activity-session"


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass(frozen=True, slots=True)
class ActivitySession:
    """Who is in the Activity and, once verified, where."""

    user_id: int
    name: str
    instance_id: str | None = None
    guild_id: int | None = None
    channel_id: int | None = None
    expires: float = 0.0

    @property
    def bound(self) -> bool:
        return self.instance_id is not None and self.channel_id is not None

    def bind(self, instance_id: str, guild_id: int | None, channel_id: int) -> ActivitySession:
        return replace(self, instance_id=instance_id, guild_id=guild_id, channel_id=channel_id)


class SessionSigner:
    """Makes and reads session tokens with one secret (HMAC-SHA256 over the JSON body)."""

    def __init__(self, secret: str, seconds: float, clock: Callable[[], float] = time.time) -> None:
        self._key = hashlib.sha256(f"latrunculi-activity:{secret}".encode()).digest()
        self._seconds = seconds
        self._clock = clock

    def _mac(self, body: str) -> str:
        return _b64(hmac.new(self._key, f"{PURPOSE}\x00{body}".encode(), hashlib.sha256).digest())

    def issue(self, session: ActivitySession) -> tuple[ActivitySession, str]:
        """``session`` with a fresh expiry, and its token (a bound session keeps the expiry of
        the one it was bound from: binding never extends a session)."""
        if session.expires <= 0:
            session = replace(session, expires=self._clock() + self._seconds)
        body = _b64(json.dumps(asdict(session), separators=(",", ":")).encode())
        return session, f"{body}.{self._mac(body)}"

    def read(self, token: str) -> ActivitySession | None:
        """The session of a genuine, unexpired ``token``; ``None`` otherwise."""
        body, _, mac = token.partition(".")
        if not body or not hmac.compare_digest(self._mac(body), mac):
            return None
        try:
            data = json.loads(_unb64(body))
            session = ActivitySession(**data)
        except (ValueError, TypeError):
            return None
        if session.expires < self._clock():
            return None
        return session
