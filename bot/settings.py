"""Settings read from the environment (and ``.env``, loaded by the launcher)."""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from storage.backends.urls import (
    SCHEMES,
    DatabaseUrlError,
    parse_sqlite_url,
    redact_url,
    scheme_of,
)

from .shards import ShardPlan, parse_shards

__all__ = ["DEFAULT_DATABASE_PATH", "Settings", "SettingsError"]

log = logging.getLogger(__name__)

DEFAULT_DATABASE_PATH = Path("data/latrunculi.sqlite3")
_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")
MAX_AI_TIME = 60.0
MAX_AI_WORKERS = 64
"""The longest a move of the computer may take (seconds); a player waits for it."""
MAX_SHOWN = 24
"""Longer than any good value of a setting that an error quotes back (a guild id has at most
20 digits); a longer bad value is described, never printed: it may be a pasted token."""
_TOKEN_SHAPE = re.compile(r"[\w-]{6,}\.[\w-]{4,}\.[\w-]{6,}")
"""Discord's token shape: base64 user id, timestamp and signature, joined by dots."""


def looks_like_token(value: str, token: str = "") -> bool:
    """Whether ``value`` may be (part of) a bot token: long, token-shaped, or a piece of the
    configured ``token``. Errors never print such a value, nor does the start-up log."""
    text = value.strip().removeprefix("Bot ").strip()
    if len(text) > MAX_SHOWN or _TOKEN_SHAPE.search(text):
        return True
    return bool(token) and len(text) >= 6 and (text in token or token in text)


def shown(value: str, token: str = "") -> str:
    """A bad setting as its error may quote it: ``'abc'``, or a description when it could
    be a secret (the operator pasted the token into the wrong line)."""
    if looks_like_token(value, token):
        return (
            f"a {len(value)}-character value that looks like a bot token "
            "(not shown; was the token pasted into the wrong line?)"
        )
    return repr(value)


DISCORD_API_URL = "https://discord.com"
"""Where Discord's OAuth2 pages and API live (``DISCORD_API_URL``; tests point it at a fake)."""


def _web_settings(env: Mapping[str, str], token: str) -> dict[str, object]:
    """The live board's settings (``WEB_PORT`` … ``DISCORD_API_URL``): all off while
    ``WEB_PORT`` is unset; with it, ``WEB_URL`` and a ``WEB_SECRET`` of 32 characters or more
    are required (the secret signs spectator links and session cookies)."""
    raw_port = env.get("WEB_PORT", "").strip()
    if not raw_port:
        return {}
    if not raw_port.isdigit() or not 0 < int(raw_port) < 65536:
        raise SettingsError(
            f"WEB_PORT must be a port number (1-65535), not {shown(raw_port, token)}"
        )
    url = env.get("WEB_URL", "").strip().rstrip("/")
    if not url.startswith(("http://", "https://")):
        raise SettingsError(
            "WEB_URL must be the live board's public address, e.g. https://games.example.org "
            "(needed with WEB_PORT)"
        )
    secret = env.get("WEB_SECRET", "").strip()
    if len(secret) < 32:
        raise SettingsError(
            "WEB_SECRET must be at least 32 random characters (it signs spectator links and "
            "sign-in cookies); make one with: "
            "python -c 'import secrets; print(secrets.token_urlsafe(32))'"
        )
    if token and secret == token:
        raise SettingsError("WEB_SECRET must not be the bot token: make a secret of its own")
    client_id = env.get("DISCORD_CLIENT_ID", "").strip()
    if client_id and not client_id.isdigit():
        raise SettingsError(
            f"DISCORD_CLIENT_ID must be the application id (digits), not {shown(client_id, token)}"
        )
    api = env.get("DISCORD_API_URL", "").strip().rstrip("/") or DISCORD_API_URL
    return {
        "web_port": int(raw_port),
        "web_host": env.get("WEB_HOST", "").strip() or "127.0.0.1",
        "web_url": url,
        "web_secret": secret,
        "discord_client_id": client_id,
        "discord_client_secret": env.get("DISCORD_CLIENT_SECRET", "").strip(),
        "discord_api_url": api,
    }


class SettingsError(ValueError):
    """A setting is missing or malformed; the message is one line meant for the operator."""


def _check_database_url(url: str, token: str) -> None:
    """A ``DATABASE_URL`` the storage layer can open, or a :class:`SettingsError` saying what
    would do."""
    scheme = scheme_of(url)
    if scheme == "sqlite":
        try:
            parse_sqlite_url(url)
        except DatabaseUrlError as exc:
            raise SettingsError(f"DATABASE_URL: {exc}") from None
    elif scheme not in SCHEMES:
        what = repr(scheme) if scheme else f"no scheme in {shown(redact_url(url), token)}"
        raise SettingsError(
            f"DATABASE_URL must start with sqlite:/// or postgresql://, not {what} "
            "(e.g. sqlite:///data/latrunculi.sqlite3 or "
            "postgresql://bot:secret@localhost:5432/latrunculi)"
        )


_TRUE = ("1", "true", "yes", "on")
_FALSE = ("", "0", "false", "no", "off")


def _flag(env: Mapping[str, str], key: str, token: str) -> bool:
    """A yes/no setting: ``true``/``1``/``yes``/``on`` or ``false``/``0``/``no``/``off``/empty."""
    raw = env.get(key, "").strip()
    if raw.lower() in _TRUE:
        return True
    if raw.lower() in _FALSE:
        return False
    raise SettingsError(f"{key} must be true or false, not {shown(raw, token)}")


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the bot reads from its environment.

    - ``DISCORD_TOKEN`` (required): the bot token from the Discord developer portal.
    - ``DATABASE_URL``: which database: ``sqlite:///path/to/file`` or
      ``postgresql://user:password@host:port/dbname``; unset: the SQLite file
      ``DATABASE_PATH``.
    - ``DATABASE_PATH``: SQLite file, default ``data/latrunculi.sqlite3`` (when
      ``DATABASE_URL`` is unset).
    - ``DEV_GUILD_ID``: sync commands to this guild only (instant); unset means global sync.
    - ``LOG_LEVEL``: ``DEBUG``, ``INFO`` (default), ``WARNING``, ``ERROR``.
    - ``CHALLENGE_TTL_HOURS``: how long a challenge stays open, default 24.
    - ``MOVE_TIMEOUT_HOURS``: a player who does not move for this long loses the game on
      time, default 72; ``0`` switches timeouts (and reminders) off.
    - ``AI_TIME_EASY``, ``AI_TIME_MEDIUM``, ``AI_TIME_HARD``: seconds the computer opponent
      may think per move at each level (up to 60); unset: the engine's own time for the
      level (:data:`ai.levels.DEFAULT_TIME`).
    - ``AI_WORKERS``: how many computer turns think at once, each in its own process
      (1–64); unset: one per core (:func:`ai.worker.default_processes`).
    - ``SHARD_COUNT``, ``SHARD_IDS``: run this process as an ``AutoShardedBot`` for those
      shards of that many (``SHARD_IDS`` like ``0-3`` or ``0,2,5``; only a count: all of
      them); both unset: the plain bot, one process (see :mod:`bot.shards`).
    - ``WEB_PORT``, ``WEB_HOST``, ``WEB_URL``, ``WEB_SECRET``, ``DISCORD_CLIENT_ID``,
      ``DISCORD_CLIENT_SECRET``, ``DISCORD_API_URL``: the live board in the browser
      (``web/``); off while ``WEB_PORT`` is unset.
    - ``ACTIVITY_ENABLED``: ``true`` once the application's Discord Activity is set up (README,
      *The Activity*): boards get a **Play in Discord** button and the global command sync
      makes sure the Activity's entry-point command exists; default ``false``.
    """

    token: str = ""
    database_path: Path = DEFAULT_DATABASE_PATH
    database_url: str = ""
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    challenge_ttl_hours: float = 24.0
    move_timeout_hours: float = 72.0
    ai_time_easy: float | None = None
    ai_time_medium: float | None = None
    ai_time_hard: float | None = None
    ai_workers: int | None = None
    #: The analyses' fixed search depth (``ANALYSIS_DEPTH``; ``None``: each family's own).
    analysis_depth: int | None = None
    shards: ShardPlan | None = None
    #: The live board (``web/``, issue 34): off while ``web_port`` is ``None``.
    web_port: int | None = None
    web_host: str = "127.0.0.1"
    web_url: str = ""
    web_secret: str = ""
    discord_client_id: str = ""
    discord_client_secret: str = ""
    discord_api_url: str = DISCORD_API_URL
    #: Build the front end at start when it is missing or stale (tests build it beforehand).
    web_build: bool = True
    activity_enabled: bool = False

    def ai_time_limit(self, level: str) -> float | None:
        """Seconds the computer may think per move at ``level`` (``None``: the engine's
        default for the level)."""
        limits = {
            "easy": self.ai_time_easy,
            "medium": self.ai_time_medium,
            "hard": self.ai_time_hard,
        }
        return limits[level]

    @property
    def database(self) -> str | Path:
        """What :class:`storage.Database` opens: ``DATABASE_URL`` if set, else the SQLite
        file ``DATABASE_PATH``."""
        return self.database_url or self.database_path

    @property
    def challenge_ttl_seconds(self) -> float:
        return self.challenge_ttl_hours * 3600.0

    @property
    def move_timeout_seconds(self) -> float | None:
        """Seconds a player has for a move, or ``None`` when timeouts are off."""
        return self.move_timeout_hours * 3600.0 if self.move_timeout_hours > 0 else None

    @property
    def reminder_lead_seconds(self) -> float | None:
        """How long before the deadline the one reminder per turn goes out: 24 hours, or a
        quarter of the timeout when that is shorter (a 2-hour timeout reminds at 30 minutes)."""
        timeout = self.move_timeout_seconds
        return None if timeout is None else min(24 * 3600.0, timeout / 4)

    @classmethod
    def from_env(
        cls, environ: Mapping[str, str] | None = None, *, require_token: bool = True
    ) -> Settings:
        env = os.environ if environ is None else environ
        token = env.get("DISCORD_TOKEN", "").strip()
        if require_token and not token:
            raise SettingsError(
                "DISCORD_TOKEN is not set: put DISCORD_TOKEN=<your bot token> in .env "
                "or the environment"
            )
        raw_path = env.get("DATABASE_PATH", "").strip()
        if raw_path and _TOKEN_SHAPE.search(raw_path) and "/" not in raw_path:
            raise SettingsError(f"DATABASE_PATH must be a file path, not {shown(raw_path, token)}")
        url = env.get("DATABASE_URL", "").strip()
        if url:
            _check_database_url(url, token)
        raw_guild = env.get("DEV_GUILD_ID", "").strip()
        dev_guild_id: int | None = None
        if raw_guild:
            if not raw_guild.isdigit():
                raise SettingsError(
                    f"DEV_GUILD_ID must be a guild id (digits), not {shown(raw_guild, token)}"
                )
            dev_guild_id = int(raw_guild)
        raw_level = env.get("LOG_LEVEL", "").strip()
        level = raw_level.upper() or "INFO"
        if level not in _LEVELS:
            raise SettingsError(
                f"LOG_LEVEL must be one of {', '.join(_LEVELS)}, not {shown(raw_level, token)}"
            )
        raw_ttl = env.get("CHALLENGE_TTL_HOURS", "").strip()
        ttl = 24.0
        if raw_ttl:
            try:
                ttl = float(raw_ttl)
            except ValueError:
                raise SettingsError(
                    f"CHALLENGE_TTL_HOURS must be a number of hours, not {shown(raw_ttl, token)}"
                ) from None
            if not 0 < ttl <= 24 * 30:
                raise SettingsError("CHALLENGE_TTL_HOURS must be between 0 and 720")
        raw_timeout = env.get("MOVE_TIMEOUT_HOURS", "").strip()
        timeout = 72.0
        if raw_timeout:
            try:
                timeout = float(raw_timeout)
            except ValueError:
                raise SettingsError(
                    f"MOVE_TIMEOUT_HOURS must be a number of hours (0 = no timeout), "
                    f"not {shown(raw_timeout, token)}"
                ) from None
            if not 0 <= timeout <= 24 * 365:
                raise SettingsError(
                    "MOVE_TIMEOUT_HOURS must be between 0 (no timeout) and 8760 (a year)"
                )
        ai_times: dict[str, float | None] = {}
        for ai_level in ("easy", "medium", "hard"):
            key = f"AI_TIME_{ai_level.upper()}"
            raw = env.get(key, "").strip()
            seconds: float | None = None
            if raw:
                try:
                    seconds = float(raw)
                except ValueError:
                    raise SettingsError(
                        f"{key} must be a number of seconds, not {shown(raw, token)}"
                    ) from None
                if not 0 < seconds <= MAX_AI_TIME:
                    raise SettingsError(
                        f"{key} must be more than 0 and at most {MAX_AI_TIME:g} seconds"
                    )
            ai_times[ai_level] = seconds
        raw_workers = env.get("AI_WORKERS", "").strip()
        ai_workers: int | None = None
        if raw_workers:
            try:
                ai_workers = int(raw_workers)
            except ValueError:
                raise SettingsError(
                    "AI_WORKERS must be a whole number of processes, "
                    f"not {shown(raw_workers, token)}"
                ) from None
            if not 1 <= ai_workers <= MAX_AI_WORKERS:
                raise SettingsError(f"AI_WORKERS must be between 1 and {MAX_AI_WORKERS}")
        raw_depth = env.get("ANALYSIS_DEPTH", "").strip()
        analysis_depth: int | None = None
        if raw_depth:
            try:
                analysis_depth = int(raw_depth)
            except ValueError:
                raise SettingsError(
                    f"ANALYSIS_DEPTH must be a whole number of plies, not {shown(raw_depth, token)}"
                ) from None
            if not 1 <= analysis_depth <= 30:
                raise SettingsError("ANALYSIS_DEPTH must be between 1 and 30")
        try:
            shards = parse_shards(
                env.get("SHARD_COUNT", ""), env.get("SHARD_IDS", ""), lambda v: shown(v, token)
            )
        except ValueError as exc:
            raise SettingsError(str(exc)) from None
        activity_enabled = _flag(env, "ACTIVITY_ENABLED", token)
        return cls(
            token=token,
            database_path=Path(raw_path) if raw_path else DEFAULT_DATABASE_PATH,
            database_url=url,
            dev_guild_id=dev_guild_id,
            log_level=level,
            challenge_ttl_hours=ttl,
            move_timeout_hours=timeout,
            ai_time_easy=ai_times["easy"],
            ai_time_medium=ai_times["medium"],
            ai_time_hard=ai_times["hard"],
            ai_workers=ai_workers,
            analysis_depth=analysis_depth,
            shards=shards,
            **_web_settings(env, token),  # type: ignore[arg-type]
            activity_enabled=activity_enabled,
        )

    def __repr__(self) -> str:  # never print the token
        return (
            f"Settings(token={'<set>' if self.token else '<unset>'}, "
            f"database_path={str(self.database_path)!r}, "
            f"database_url={redact_url(self.database_url)!r}, dev_guild_id={self.dev_guild_id}, "
            f"log_level={self.log_level!r}, challenge_ttl_hours={self.challenge_ttl_hours}, "
            f"move_timeout_hours={self.move_timeout_hours}, ai_time_easy={self.ai_time_easy}, "
            f"ai_time_medium={self.ai_time_medium}, ai_time_hard={self.ai_time_hard}, "
            f"ai_workers={self.ai_workers}, "
            f"shards={self.shards.describe() if self.shards else 'unsharded'!r}, "
            f"web_port={self.web_port}, web_url={self.web_url!r}, "
            f"web_secret={'<set>' if self.web_secret else '<unset>'}, "
            f"discord_client_secret={'<set>' if self.discord_client_secret else '<unset>'}, "
            f"activity_enabled={self.activity_enabled})"
        )
