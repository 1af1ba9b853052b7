"""What the web server needs to know, independent of where it came from (the bot's
settings, a test)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["DIST", "WebConfig"]

DIST = Path(__file__).resolve().parent / "frontend" / "dist"
"""The built front end (``npm run build`` in ``web/frontend``); never committed."""


@dataclass(frozen=True, slots=True)
class WebConfig:
    """The live board's settings.

    ``url`` is the public base address pages and links use (behind a reverse proxy, the
    proxy's ``https://`` address); ``secret`` signs spectator tokens and session cookies.
    ``discord_api_url`` is where Discord's OAuth2 pages and API are (a fake one in tests).
    """

    url: str
    secret: str
    client_id: str = ""
    client_secret: str = field(default="", repr=False)
    discord_api_url: str = "https://discord.com"
    move_timeout: float | None = None
    """Seconds a player has for a move (the bot's ``MOVE_TIMEOUT_HOURS``), for the clocks."""
    dist: Path = DIST
    moves_per_minute: int = 30
    """Moves one signed-in player may post per minute (over all games)."""
    sign_ins_per_minute: int = 10
    """Sign-in attempts one address may start per minute."""
    session_days: float = 30.0
    heartbeat: float = 15.0
    """Seconds between keep-alive comments on an idle event stream (proxies close silent
    ones)."""

    @property
    def secure_cookies(self) -> bool:
        """Cookies are ``Secure`` when the public address is HTTPS."""
        return self.url.startswith("https://")

    @property
    def authorize_url(self) -> str:
        return f"{self.discord_api_url}/oauth2/authorize"

    @property
    def token_url(self) -> str:
        return f"{self.discord_api_url}/api/oauth2/token"

    @property
    def me_url(self) -> str:
        return f"{self.discord_api_url}/api/users/@me"

    @property
    def redirect_uri(self) -> str:
        return f"{self.url}/auth/callback"
