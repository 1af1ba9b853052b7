"""A warm ``/move`` costs at most 6 SQL statements in every game (issue 31): the game row is
read once, the settings (languages, names, vacations, notifications) with it, and nothing is
formatted or parsed twice. "Warm" is a game whose replayed session the bot already holds (its
second move in this process); the statements are counted at the real backend (every
``fetchall``/``executemany`` it runs: reads and writes; ``BEGIN``/``COMMIT`` are not statements
of the game's but the transaction around them)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from rules.games import find_game, open_session
from tests.pg_server import PostgresForTests

MAX_STATEMENTS = 6
GAMES = ("classic", "rugen", "schadler", "lat", "chess", "draughts", "backgammon", "ludo")


class Counting:
    """Counts the statements the database's backend runs while active."""

    def __init__(self, db: Any) -> None:
        self.backend = db.backend
        self.statements: list[str] = []

    def __enter__(self) -> Counting:
        real_fetchall, real_many = self.backend.fetchall, self.backend.executemany

        async def fetchall(sql: str, params: Any = ()) -> Any:
            self.statements.append(" ".join(sql.split()))
            return await real_fetchall(sql, params)

        async def executemany(sql: str, rows: Any) -> None:
            self.statements.append(" ".join(sql.split()))
            await real_many(sql, rows)

        self.backend.fetchall, self.backend.executemany = fetchall, executemany
        return self

    def __exit__(self, *exc: object) -> None:
        del self.backend.fetchall, self.backend.executemany


async def new_game(arena: Any, game_id: str) -> Any:
    """A game of ``game_id`` between Alice and Bob in the channel, its start played by the bot
    (backgammon's and ludo's opening rolls)."""
    rules = find_game(game_id)
    for m in (arena.alice, arena.bob):
        await arena.db.players.upsert_player(m.id, m.name)
    if rules.table_seats is None:
        start = rules.start()
        seats = dict(zip(rules.seats, (arena.alice.id, arena.bob.id), strict=True))
    else:
        seating = rules.seating({}, 2)
        start = seating.position
        seats = dict(zip(seating.seats, (arena.alice.id, arena.bob.id), strict=True))
    record = await arena.db.games.create_game(
        guild_id=arena.guild.id,
        channel_id=arena.channel.id,
        game_kind=game_id,
        seats=list(seats.items()),
        start_position=start,
        now=arena.bot.now(),
    )
    return (await arena.bot.games.open(record)).game


async def play_one(arena: Any, game_id: int, rnd: random.Random) -> list[str]:
    """The player to move plays a legal action of theirs with ``/move`` (``roll`` when the
    dice are theirs to call for); returns the statements the command ran."""
    record = await arena.db.games.load_game(game_id)
    session = open_session(record.current_position)
    actions = [a for a in session.legal_actions() if not a.startswith("roll:")]
    move = rnd.choice(actions) if actions else "roll"
    uid = record.player_at(session.to_move)
    member = next(m for m in (arena.alice, arena.bob) if m.id == uid)
    with Counting(arena.db) as counting:
        r = await member.slash(arena.channel, "move", game=str(game_id), move=move)
    assert not r.ephemeral, r.response.content
    assert (await arena.db.games.load_game(game_id)).ply > record.ply
    return counting.statements


async def warm_move_statements(arena: Any, game_id: str) -> list[str]:
    rnd = random.Random(7)
    record = await new_game(arena, game_id)
    await play_one(arena, record.id, rnd)  # the bot now holds the game's session
    return await play_one(arena, record.id, rnd)


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_warm_move_costs_at_most_six_statements(arena, game_id):
    statements = await warm_move_statements(arena, game_id)
    reads_of_the_game = [s for s in statements if s.startswith("SELECT games.*")]
    assert len(statements) <= MAX_STATEMENTS, "\n".join(statements)
    assert len(reads_of_the_game) == 1, "\n".join(statements)
    # the taken pieces come from the held session's effects, not the game's stored plies
    assert not [s for s in statements if "FROM moves" in s], "\n".join(statements)
    # read the game (with its settings); store the move; mark the posted board
    assert len(statements) == 4, "\n".join(statements)


@pytest.fixture
def bot_overrides(request: pytest.FixtureRequest) -> Iterator[dict[str, Any]]:
    if "postgres" not in request.fixturenames:
        yield {}
        return
    postgres: PostgresForTests = request.getfixturevalue("postgres")
    name, url = postgres.new_database()
    try:
        yield {"database_url": url}
    finally:
        postgres.drop_database(name)


async def test_a_warm_move_costs_at_most_six_statements_on_postgresql(arena, postgres):
    assert arena.db.dialect == "postgresql"
    statements = await warm_move_statements(arena, "chess")
    assert len(statements) <= MAX_STATEMENTS, "\n".join(statements)
