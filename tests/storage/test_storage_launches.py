"""``db.launches`` on both backends (schema 19): the game each Play in Discord launch was for,
found by another process on the same database (another shard's, or the bot after a restart),
the latest launch into an instance winning, never another server's, old launches forgotten,
and a launch gone with its game."""

from __future__ import annotations

from storage import Database
from storage.launches import KEEP_SECONDS

from .conftest import DbTarget

GUILD, OTHER_GUILD, CHANNEL = 7, 9, 8


async def _game(db: Database) -> int:
    for uid in (1, 2):
        await db.players.upsert_player(uid, f"p{uid}")
    game = await db.games.create_game(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game_kind="chess",
        start_position="chess",
        white_id=1,
        black_id=2,
    )
    return game.id


async def test_a_launch_is_found_by_another_process_and_after_a_restart(
    db: Database, db_target: DbTarget
) -> None:
    first, second = await _game(db), await _game(db)
    launches = db.launches  # the bot process that launched
    await launches.record("i-1-gc-7-8", game_id=first, user_id=1, guild_id=GUILD, channel_id=8)
    await launches.record("i-2-gc-7-8", game_id=second, user_id=2, guild_id=GUILD, channel_id=8)
    await launches.record("i-1-gc-7-8", game_id=second, user_id=2, guild_id=GUILD, channel_id=8)
    other = Database(db_target)  # another process (or this one restarted) on the database
    await other.start()
    try:
        elsewhere = other.launches
        assert await elsewhere.game_for("i-1-gc-7-8", GUILD) == second  # relaunched: latest
        assert await elsewhere.game_for("i-2-gc-7-8", GUILD) == second
        assert await elsewhere.game_for("i-1-gc-7-8", OTHER_GUILD) is None  # never another's
        assert await elsewhere.game_for("i-3-gc-7-8", GUILD) is None
    finally:
        await other.stop()


async def test_old_launches_are_forgotten_and_a_launch_goes_with_its_game(db: Database) -> None:
    gid = await _game(db)
    await db.launches.record("i-old", game_id=gid, user_id=1, guild_id=GUILD, channel_id=8, now=0.0)
    await db.launches.record(
        "i-new", game_id=gid, user_id=1, guild_id=GUILD, channel_id=8, now=KEEP_SECONDS - 1
    )
    assert await db.launches.game_for("i-old", GUILD) == gid  # not yet too old
    await db.launches.record(
        "i-later", game_id=gid, user_id=1, guild_id=GUILD, channel_id=8, now=KEEP_SECONDS + 1
    )
    assert await db.launches.game_for("i-old", GUILD) is None
    assert await db.launches.game_for("i-new", GUILD) == gid
    await db.execute("DELETE FROM game_seats WHERE game_id = ?", (gid,))
    await db.execute("DELETE FROM games WHERE id = ?", (gid,))
    assert await db.launches.game_for("i-new", GUILD) is None
