"""HMAC signatures with ``WEB_SECRET``: spectator tokens per game and per server, and signed
cookie values. Nothing here is encrypted: what is signed is public (a game number, a user id);
the signature only proves the server made it."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time

__all__ = ["Signer"]


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Signer:
    """Makes and checks tokens with one secret; each use has its own ``purpose``, so a token
    made for one thing never passes for another."""

    def __init__(self, secret: str) -> None:
        if len(secret) < 16:
            raise ValueError("the web secret is too short")
        self._key = hashlib.sha256(("latrunculi-web:" + secret).encode()).digest()

    def _mac(self, purpose: str, text: str) -> bytes:
        return hmac.new(self._key, f"{purpose}\x00{text}".encode(), hashlib.sha256).digest()

    def token(self, purpose: str, subject: str) -> str:
        """An unguessable token for ``subject`` (128 bits of HMAC)."""
        return _b64(self._mac(purpose, subject)[:16])

    def check_token(self, purpose: str, subject: str, token: str) -> bool:
        return hmac.compare_digest(self.token(purpose, subject), token)

    def watch_token(self, game_id: int) -> str:
        """The spectator token of one game (in its ``Watch live`` link)."""
        return self.token("watch", str(game_id))

    def server_token(self, guild_id: int) -> str:
        """The token of a server's overview page."""
        return self.token("server", str(guild_id))

    def dumps(self, purpose: str, value: dict[str, object], max_age: float) -> str:
        """``value`` as signed, expiring text (a cookie)."""
        body = _b64(json.dumps({"v": value, "exp": time.time() + max_age}).encode())
        return f"{body}.{_b64(self._mac(purpose, body))}"

    def loads(self, purpose: str, text: str) -> dict[str, object] | None:
        """The value of a signed text, or ``None`` when forged, for another purpose or expired."""
        body, _, mac = text.partition(".")
        try:
            if not hmac.compare_digest(_b64(self._mac(purpose, body)), mac):
                return None
            data = json.loads(_unb64(body))
        except (ValueError, TypeError):
            return None
        if not isinstance(data, dict) or float(data.get("exp", 0)) < time.time():
            return None
        value = data.get("v")
        return value if isinstance(value, dict) else None
