"""A player's language and a server's default language (``/language``), in a real database."""

from __future__ import annotations

from storage import Database
from tests.storage.conftest import DbTarget
from tests.storage.storage_helpers import ALICE, BOB, GUILD


async def test_a_players_language_is_kept_across_a_restart_and_can_be_cleared(
    db_target: DbTarget,
) -> None:
    async with Database(db_target) as db:
        assert await db.players.language(ALICE) is None  # never seen: no row at all
        await db.players.upsert_player(BOB, "Bob", now=100.0)
        await db.players.set_language(ALICE, "Alice", "sl", now=200.0)
    async with Database(db_target) as db:
        assert await db.players.language(ALICE) == "sl"
        assert await db.players.language(BOB) is None
        await db.players.set_language(ALICE, "Alice", None, now=300.0)
        assert await db.players.language(ALICE) is None
        player = await db.players.get_player(ALICE)
        assert player is not None and player.display_name == "Alice"


async def test_a_servers_language_is_its_own(db_target: DbTarget) -> None:
    async with Database(db_target) as db:
        assert await db.guilds.language(GUILD) is None
        await db.guilds.set_language(GUILD, "tr", now=100.0)
        await db.guilds.set_language(GUILD + 1, "el", now=100.0)
        await db.guilds.set_language(GUILD, "hr", now=200.0)
        assert await db.guilds.language(GUILD) == "hr"
        assert await db.guilds.language(GUILD + 1) == "el"
        await db.guilds.set_language(GUILD, None, now=300.0)
        assert await db.guilds.language(GUILD) is None
