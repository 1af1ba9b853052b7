"""The bot on PostgreSQL (issue 22): the same simulated Discord and bot as every bot test, its
database a fresh one on a real PostgreSQL server (tests/pg_server.py) instead of a SQLite file.
The rest of the bot suite runs on SQLite; the storage suite runs on both."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pg_server import PostgresForTests

from .helpers import challenge_and_accept, last_board, play_by_button, player

LINE = "a2-a4 e6-e5 f2-f3 e5-e4 h2-h3 e4-e3 a4-e4"  # rugen: White captures the eagle


@pytest.fixture
def bot_overrides(postgres: PostgresForTests) -> Iterator[dict[str, Any]]:
    name, url = postgres.new_database()
    try:
        yield {"database_url": url}
    finally:
        postgres.drop_database(name)


async def test_a_game_is_played_to_its_end_on_postgresql(arena):
    assert arena.db.dialect == "postgresql"
    game, where = await challenge_and_accept(arena, "rugen")
    moves = LINE.split()
    for i, move in enumerate(moves):
        record = await arena.db.games.load_game(game.id)
        side = record.current_position.split(" ")[1]
        member = player(arena, record, "white" if side == "w" else "black")
        if i % 2 == 0:
            r = await member.slash(where, "move", move=move)
            assert not r.ephemeral, r.response.content
        else:
            await play_by_button(arena, where, member, move)
        assert f"`{move}`" in last_board(where).content
        if i == 1:  # a move out of turn is refused and changes nothing
            again = await member.slash(where, "move", move=move)
            assert again.ephemeral
            assert (await arena.db.games.load_game(game.id)).ply == 2
    record = await arena.db.games.load_game(game.id)
    assert (record.status, record.winner, record.reason) == ("finished", "white", "eagle_captured")
    stored = [m.move for m in await arena.db.games.game_moves(game.id)]
    assert stored == moves
