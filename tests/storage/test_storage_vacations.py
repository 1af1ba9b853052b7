"""Vacations in storage: at most 14 days booked per calendar month (UTC), an extension adds
to the end, a month starts afresh; a paused clock only moves later, guarded by the ply."""

from __future__ import annotations

import calendar

import pytest

from storage import Database, NotAllowed, PlyToRecord

from .storage_helpers import ALICE, BOB, make_game

DAY = 86_400.0
NOV_3 = float(calendar.timegm((2026, 11, 3, 12, 0, 0)))
DEC_1 = float(calendar.timegm((2026, 12, 1, 9, 0, 0)))


async def test_fourteen_days_a_month_extensions_add_to_the_end(db: Database) -> None:
    start, until = await db.players.book_vacation(ALICE, "Alice", 5, now=NOV_3)
    assert (start, until) == (NOV_3, NOV_3 + 5 * DAY)
    assert await db.players.vacations([ALICE, BOB], NOV_3 + DAY) == {ALICE: until}
    # booked again while away: from the end of this one
    start, until = await db.players.book_vacation(ALICE, "Alice", 9, now=NOV_3 + DAY)
    assert (start, until) == (NOV_3 + 5 * DAY, NOV_3 + 14 * DAY)
    with pytest.raises(NotAllowed, match="0 left in 2026-11"):
        await db.players.book_vacation(ALICE, "Alice", 1, now=NOV_3 + 2 * DAY)
    player = await db.players.get_player(ALICE)
    assert player is not None and (player.vacation_days, player.vacation_until) == (14, until)
    assert await db.players.vacations([ALICE], until) == {}  # over at its end
    # a new month: 14 days again
    start, until = await db.players.book_vacation(ALICE, "Alice", 14, now=DEC_1)
    assert until == DEC_1 + 14 * DAY
    with pytest.raises(NotAllowed, match="would pass the 14 days"):
        await db.players.book_vacation(ALICE, "Alice", 1, now=DEC_1 + 60)
    with pytest.raises(ValueError):
        await db.players.book_vacation(BOB, "Bob", 0, now=DEC_1)


async def test_a_paused_clock_moves_only_later_and_only_at_its_ply(db: Database) -> None:
    game = await make_game(db, now=1000.0)
    assert await db.games.pause_turn(game.id, 0, 5000.0)
    assert (await db.games.require_game(game.id)).turn_since == 5000.0
    assert not await db.games.pause_turn(game.id, 0, 4000.0)  # never earlier
    assert not await db.games.pause_turn(game.id, 1, 9000.0)  # another ply: moved on
    # the next turn's clock may start later than the move (its player is away)
    game = await db.games.record_moves(
        game.id, 0, [PlyToRecord(ALICE, "a2-a3", "P1")], now=6000.0, turn_since=8000.0
    )
    assert game.turn_since == 8000.0 and game.updated_at == 6000.0
