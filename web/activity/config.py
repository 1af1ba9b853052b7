"""What the Activity's server needs to know: the application's OAuth2 client, the bot token
for the instance check, where Discord's API is, and the secret its sessions are signed with."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["ActivityConfig", "ActivityConfigError"]

API_VERSION = "v10"


class ActivityConfigError(ValueError):
    """A setting the Activity needs is missing or malformed (one line for the operator)."""


@dataclass(frozen=True, slots=True)
class ActivityConfig:
    """The Activity's settings. ``client_id`` is the application's id (the Activity's, the
    bot's and the OAuth2 client's are one). ``client_secret`` and ``bot_token`` never leave the
    server; ``session_secret`` signs the Activity's session tokens. ``discord_url`` is where
    Discord is (a fake one on loopback in tests)."""

    client_id: str
    client_secret: str = field(repr=False)
    bot_token: str = field(repr=False)
    session_secret: str = field(repr=False)
    discord_url: str = "https://discord.com"
    session_seconds: float = 12 * 3600.0
    """How long an Activity session token is good for (a launch rarely lasts longer)."""
    instance_recheck_seconds: float = 60.0
    """How long a verified instance membership is trusted before it is asked again."""
    token_requests_per_minute: int = 10
    """Code exchanges one address may ask for per minute."""
    joins_per_minute: int = 30
    """Instance checks one user may ask for per minute."""
    challenges_per_minute: int = 10
    """Challenges (and accepts) one user may send from the Activity per minute."""

    def __post_init__(self) -> None:
        if not self.client_id.isdigit():
            raise ActivityConfigError(
                "DISCORD_CLIENT_ID must be the application id (digits) from the developer portal"
            )
        if not self.client_secret:
            raise ActivityConfigError(
                "DISCORD_CLIENT_SECRET is not set (developer portal, OAuth2 → Client Secret)"
            )
        if not self.bot_token:
            raise ActivityConfigError("the bot token is needed to check Activity instances")
        if len(self.session_secret) < 32:
            raise ActivityConfigError("the Activity's session secret must be 32 characters or more")

    @property
    def api(self) -> str:
        """The base of Discord's HTTP API."""
        return f"{self.discord_url.rstrip('/')}/api/{API_VERSION}"
