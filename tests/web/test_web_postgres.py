"""With PostgreSQL, a move stored by another process reaches the pages this process serves
(``LISTEN/NOTIFY``, no polling): another ``Database`` on the same URL stands for the other
bot process."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import aiohttp
import pytest

from rules.games import find_game
from storage import Database, PlyToRecord
from tests.bot.helpers import challenge_and_accept
from tests.pg_server import PostgresForTests

from .conftest import client
from .test_web_api import read_event, watch_token


@pytest.fixture
def bot_overrides(postgres: PostgresForTests) -> Iterator[dict[str, Any]]:
    name, url = postgres.new_database()
    try:
        yield {"database_url": url}
    finally:
        postgres.drop_database(name)


async def test_a_move_stored_by_another_process_is_pushed(arena, web_url, bot_overrides):
    assert arena.db.dialect == "postgresql"
    game, _ = await challenge_and_accept(arena, "chess")
    other = Database(bot_overrides["database_url"])  # the other process
    await other.start()
    try:
        async with client() as http:
            async with http.get(
                f"{web_url}/api/games/{game.id}/events?t={watch_token(game.id)}",
                timeout=aiohttp.ClientTimeout(total=60),
            ) as stream:
                assert (await read_event(stream.content))["ply"] == 0
                session = find_game("chess").session(game.start_position)
                session.play("d4")
                await other.games.record_moves(
                    game.id, 0, [PlyToRecord(arena.alice.id, "d4", session.position_text())]
                )
                pushed = await read_event(stream.content)
        assert pushed["ply"] == 1 and pushed["moves"][-1]["text"] == "d4"
    finally:
        await other.stop()
