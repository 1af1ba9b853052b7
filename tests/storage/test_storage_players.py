"""Players: display names, records, and the per-guild leaderboard."""

from __future__ import annotations

from storage import Database, Winner
from tests.storage.storage_helpers import ALICE, BOB, CAROL, DAVE, GUILD, make_game


async def test_upsert_player_creates_then_renames(db: Database) -> None:
    created = await db.players.upsert_player(ALICE, "Alice", now=1.0)
    assert (created.display_name, created.games_played, created.created_at) == ("Alice", 0, 1.0)
    renamed = await db.players.upsert_player(ALICE, "Alicia", now=2.0)
    assert (renamed.display_name, renamed.created_at, renamed.updated_at) == ("Alicia", 1.0, 2.0)
    assert await db.players.get_player(ALICE) == renamed
    assert await db.players.get_player(BOB) is None


async def test_creating_a_game_keeps_an_existing_name(db: Database) -> None:
    await db.players.upsert_player(ALICE, "Alice")
    await make_game(db, ALICE, BOB)
    alice = await db.players.get_player(ALICE)
    assert alice is not None and alice.display_name == "Alice"


async def finish(
    db: Database, white: int, black: int, winner: Winner, reason: str, guild: int = GUILD
) -> None:
    game = await make_game(db, white, black, guild=guild)
    await db.games.finish_game(game.id, 0, winner, reason)


async def test_leaderboard_counts_wins_per_guild(db: Database) -> None:
    for user, name in ((ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol")):
        await db.players.upsert_player(user, name)
    await finish(db, ALICE, BOB, "white", "eagle_captured")  # Alice beats Bob
    await finish(db, BOB, ALICE, "black", "resignation")  # Alice beats Bob
    await finish(db, CAROL, BOB, "white", "timeout")  # Carol beats Bob
    await finish(db, CAROL, ALICE, "black", "no_soldiers")  # Alice beats Carol
    await finish(db, BOB, CAROL, None, "agreement")  # draw
    await finish(db, BOB, CAROL, "white", "aborted")  # does not count
    await finish(db, DAVE, DAVE, "white", "resignation")  # against oneself: does not count
    await finish(db, BOB, ALICE, "white", "resignation", guild=GUILD + 1)  # other guild
    active = await make_game(db, BOB, CAROL)
    await db.games.record_move(active.id, 0, BOB, "m", "P1")  # unfinished: does not count

    board = await db.players.leaderboard(GUILD)
    assert [
        (r.rank, r.user_id, r.display_name, r.wins, r.losses, r.draws, r.games) for r in board
    ] == [
        (1, ALICE, "Alice", 3, 0, 0, 3),
        (2, CAROL, "Carol", 1, 1, 1, 3),
        (3, BOB, "Bob", 0, 3, 1, 4),
    ]
    assert [r.user_id for r in await db.players.leaderboard(GUILD, limit=2)] == [ALICE, CAROL]
    other = await db.players.leaderboard(GUILD + 1)
    assert [(r.user_id, r.wins, r.losses) for r in other] == [(BOB, 1, 0), (ALICE, 0, 1)]
    assert await db.players.leaderboard(GUILD + 2) == []

    # Lifetime records span guilds and skip aborted and self-played games.
    bob = await db.players.get_player(BOB)
    alice = await db.players.get_player(ALICE)
    dave = await db.players.get_player(DAVE)
    assert bob is not None and alice is not None and dave is not None
    assert (bob.games_played, bob.wins, bob.losses, bob.draws) == (5, 1, 3, 1)
    assert (alice.games_played, alice.wins, alice.losses, alice.draws) == (4, 3, 1, 0)
    assert dave.games_played == 0


async def test_guild_record_of_one_player_with_rank(db: Database) -> None:
    for user, name in ((ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol")):
        await db.players.upsert_player(user, name)
    await finish(db, ALICE, BOB, "white", "eagle_captured")
    await finish(db, CAROL, BOB, None, "agreement")
    await finish(db, BOB, ALICE, "white", "resignation", guild=GUILD + 1)
    carol = await db.players.guild_record(GUILD, CAROL)
    assert carol is not None
    assert (carol.rank, carol.wins, carol.losses, carol.draws, carol.games) == (2, 0, 0, 1, 1)
    bob = await db.players.guild_record(GUILD, BOB)
    assert bob is not None and (bob.rank, bob.losses, bob.draws) == (3, 1, 1)
    assert await db.players.guild_record(GUILD, DAVE) is None
    assert (await db.players.guild_record(GUILD + 1, BOB)).rank == 1  # type: ignore[union-attr]
    assert [r.rank for r in await db.players.leaderboard(GUILD)] == [1, 2, 3]
