"""``db.guilds``: a server's own settings, for now its default language (``/language``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._convert import to_ms

if TYPE_CHECKING:
    from .database import Database

__all__ = ["GuildRepository"]


class GuildRepository:
    """Per-server settings, one row per server that changed one (no row: the defaults)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def set_language(
        self, guild_id: int, language: str | None, *, now: float | None = None
    ) -> None:
        """Store the server's default language for the bot (None: back to English)."""
        await self._db.execute(
            """
            INSERT INTO guild_settings (guild_id, language, updated_at)
            VALUES (:guild, :language, :now)
            ON CONFLICT (guild_id) DO UPDATE
               SET language = excluded.language, updated_at = excluded.updated_at
            """,
            {"guild": guild_id, "language": language, "now": to_ms(now)},
        )

    async def language(self, guild_id: int) -> str | None:
        """The server's default language (None: none set)."""
        value = await self._db.fetchval(
            "SELECT language FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return None if value is None else str(value)
