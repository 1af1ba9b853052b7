"""Tables: multi-seat challenges (ludo's lobby) -- join, leave, start, expire, races."""

from __future__ import annotations

import asyncio

import pytest

from rules.games import GameOutcome, Reason, find_game
from storage import (
    ChallengeExpired,
    ChallengeNotPending,
    Database,
    NotAllowed,
    RematchExists,
    Seat,
)

from .storage_helpers import ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD

ERIN = 15
LUDO = find_game("ludo")


async def _table(db: Database, **kw: object) -> int:
    table = await db.challenges.create_table(
        guild_id=GUILD,
        channel_id=CHANNEL,
        host_id=ALICE,
        game_kind="ludo",
        max_seats=4,
        expires_in=600,
        now=1000.0,
        **kw,  # type: ignore[arg-type]
    )
    return table.id


async def _start(db: Database, table_id: int, by: int = ALICE, **kw: object):  # type: ignore[no-untyped-def]
    table = await db.challenges.get_challenge(table_id)
    assert table is not None
    count = len(table.seated)
    seats = LUDO.session(LUDO.opening({"players": str(count)})).seats
    return await db.challenges.start_table(
        table_id,
        by,
        seat_names=seats,
        start_position=LUDO.opening({"players": str(count)}),
        options={"players": str(count)},
        now=1100.0,
        **kw,  # type: ignore[arg-type]
    )


async def test_a_table_seats_its_host_first_and_players_in_the_order_they_join(
    db: Database,
) -> None:
    table_id = await _table(db, invited=[BOB, CAROL, BOB])
    table = await db.challenges.get_challenge(table_id)
    assert table is not None and table.is_table and table.status == "pending"
    assert (table.seated, table.invited, table.max_seats) == ((ALICE,), (BOB, CAROL), 4)
    await db.challenges.join_table(table_id, CAROL, now=1001.0)
    table = await db.challenges.join_table(table_id, BOB, now=1002.0)
    assert table.seated == (ALICE, CAROL, BOB)
    game = await _start(db, table_id)
    assert game.seats == (Seat("red", ALICE), Seat("blue", CAROL), Seat("yellow", BOB))
    assert game.options == {"players": "3"}
    assert game.current_position == LUDO.opening({"players": "3"})
    table = await db.challenges.get_challenge(table_id)
    assert table is not None and (table.status, table.game_id, table.accepted_by) == (
        "accepted",
        game.id,
        ALICE,
    )
    assert [g.id for g in await db.games.active_games(user_id=BOB)] == [game.id]


async def test_leaving_frees_the_seat_and_the_order_of_the_others_stays(db: Database) -> None:
    table_id = await _table(db)
    for who in (BOB, CAROL, DAVE):
        await db.challenges.join_table(table_id, who, now=1001.0)
    table = await db.challenges.leave_table(table_id, CAROL, now=1002.0)
    assert table.seated == (ALICE, BOB, DAVE)
    table = await db.challenges.join_table(table_id, CAROL, now=1003.0)
    assert table.seated == (ALICE, BOB, DAVE, CAROL)
    game = await _start(db, table_id)
    assert game.player_ids == (ALICE, BOB, DAVE, CAROL)
    assert game.seat_names == ("red", "blue", "yellow", "green")


async def test_refusals_change_nothing(db: Database) -> None:
    table_id = await _table(db)
    with pytest.raises(NotAllowed, match="at least 2"):
        await db.challenges.start_table(
            table_id, ALICE, seat_names=("red",), start_position="x", now=1001.0
        )
    with pytest.raises(NotAllowed, match="already seated"):
        await db.challenges.join_table(table_id, ALICE, now=1001.0)
    with pytest.raises(NotAllowed, match="not seated"):
        await db.challenges.leave_table(table_id, BOB, now=1001.0)
    for who in (BOB, CAROL, DAVE):
        await db.challenges.join_table(table_id, who, now=1001.0)
    with pytest.raises(NotAllowed, match="full"):
        await db.challenges.join_table(table_id, ERIN, now=1002.0)
    with pytest.raises(NotAllowed, match="only the host"):
        await _start(db, table_id, by=BOB)
    with pytest.raises(NotAllowed, match="accepted"):
        await db.challenges.accept_challenge(table_id, ERIN, start_position="x", now=1002.0)
    table = await db.challenges.get_challenge(table_id)
    assert table is not None and (table.status, table.seated) == (
        "pending",
        (ALICE, BOB, CAROL, DAVE),
    )
    await _start(db, table_id)
    with pytest.raises(ChallengeNotPending):
        await db.challenges.join_table(table_id, ERIN, now=1200.0)
    with pytest.raises(ChallengeNotPending):
        await db.challenges.leave_table(table_id, BOB, now=1200.0)


async def test_a_start_refuses_when_the_table_changed_since_it_was_read(db: Database) -> None:
    table_id = await _table(db)
    await db.challenges.join_table(table_id, BOB, now=1001.0)
    with pytest.raises(NotAllowed, match="changed"):
        await db.challenges.start_table(
            table_id,
            ALICE,
            seat_names=("red", "blue", "yellow"),
            start_position=LUDO.opening({"players": "3"}),
            now=1100.0,
        )


async def test_the_host_leaving_cancels_the_table(db: Database) -> None:
    table_id = await _table(db)
    await db.challenges.join_table(table_id, BOB, now=1001.0)
    table = await db.challenges.leave_table(table_id, ALICE, now=1002.0)
    assert table.status == "cancelled"
    with pytest.raises(ChallengeNotPending):
        await db.challenges.join_table(table_id, CAROL, now=1003.0)


async def test_a_table_expires_like_a_challenge_with_its_seats(db: Database) -> None:
    table_id = await _table(db)
    await db.challenges.set_challenge_message(table_id, 777)
    await db.challenges.join_table(table_id, BOB, now=1001.0)
    with pytest.raises(ChallengeExpired):
        await db.challenges.join_table(table_id, CAROL, now=1600.0)
    [expired] = await db.challenges.expire_challenges(now=1600.0)
    assert (expired.id, expired.status, expired.seated) == (table_id, "expired", (ALICE, BOB))
    [stale] = await db.challenges.claim_stale_messages()
    assert stale.seated == (ALICE, BOB) and stale.message_id == 777


async def test_two_joins_for_the_last_seat_seat_exactly_one(db: Database) -> None:
    table_id = await _table(db)
    for who in (BOB, CAROL):
        await db.challenges.join_table(table_id, who, now=1001.0)
    results = await asyncio.gather(
        db.challenges.join_table(table_id, DAVE, now=1002.0),
        db.challenges.join_table(table_id, ERIN, now=1002.0),
        return_exceptions=True,
    )
    assert sum(isinstance(r, NotAllowed) for r in results) == 1
    table = await db.challenges.get_challenge(table_id)
    assert table is not None and len(table.seated) == 4


async def test_a_rematch_table_reseats_the_same_players_and_is_one_per_game(
    db: Database,
) -> None:
    first = await _table(db)
    for who in (BOB, CAROL):
        await db.challenges.join_table(first, who, now=1001.0)
    game = await _start(db, first)
    again = await db.challenges.create_table(
        guild_id=GUILD,
        channel_id=CHANNEL,
        host_id=CAROL,
        game_kind="ludo",
        max_seats=4,
        seated=[CAROL, ALICE, BOB],
        rematch_of=game.id,
        now=1200.0,
    )
    assert (again.seated, again.rematch_of, again.challenger_id) == (
        (CAROL, ALICE, BOB),
        game.id,
        CAROL,
    )
    with pytest.raises(RematchExists):
        await db.challenges.create_table(
            guild_id=GUILD,
            channel_id=CHANNEL,
            host_id=BOB,
            game_kind="ludo",
            max_seats=4,
            rematch_of=game.id,
            now=1201.0,
        )


async def test_one_player_may_fill_two_seats_when_seated_so(db: Database) -> None:
    """Seats are numbers, not players: a table may seat one id twice (a computer player)."""
    table = await db.challenges.create_table(
        guild_id=GUILD,
        channel_id=CHANNEL,
        host_id=ALICE,
        game_kind="ludo",
        max_seats=4,
        seated=[ALICE, 99, 99],
        now=1000.0,
    )
    assert table.seated == (ALICE, 99, 99)
    game = await _start(db, table.id)
    assert game.player_ids == (ALICE, 99, 99)


async def test_the_computer_fills_several_seats_and_its_game_counts_for_nobody(db: Database):
    """A table filled with computer players (schema 11): the bot's id may sit in several
    seats, each with its level; the game's seats carry them, and the finished game is
    recorded but enters nobody's record."""
    computer = 99
    table_id = await _table(db)
    await db.challenges.join_table(table_id, computer, ai_level="easy", now=1001.0)
    await db.challenges.join_table(table_id, BOB, now=1002.0)
    table = await db.challenges.join_table(table_id, computer, ai_level="hard", now=1003.0)
    assert table.seated == (ALICE, computer, BOB, computer)
    assert table.seated_levels == (None, "easy", None, "hard")
    with pytest.raises(NotAllowed):
        await db.challenges.join_table(table_id, BOB, now=1004.0)  # a person sits once
    game = await _start(db, table_id)
    assert game.seats == (
        Seat("red", ALICE),
        Seat("blue", computer, "easy"),
        Seat("yellow", BOB),
        Seat("green", computer, "hard"),
    )
    assert [s.name for s in game.computer_seats] == ["blue", "green"]
    outcome = GameOutcome("red", Reason.RESIGNATION, ("red", "blue", "yellow", "green"))
    await db.games.finish_game(game.id, 0, outcome, now=1100.0)
    alice = await db.players.get_player(ALICE)
    assert alice is not None and alice.games_played == 0
    # /stats' record per game leaves it out as well
    assert await db.players.game_records(GUILD, ALICE) == []
    assert await db.players.game_records(GUILD, BOB) == []


async def test_a_rematch_table_seats_the_computer_again_with_its_levels(db: Database) -> None:
    """``seated_levels`` seats the computer's seats at once (a rematch of a game with
    computer players); the computer getting up leaves its last seat only."""
    computer = 99
    table = await db.challenges.create_table(
        guild_id=GUILD,
        channel_id=CHANNEL,
        host_id=ALICE,
        game_kind="ludo",
        max_seats=4,
        seated=[ALICE, computer, BOB, computer],
        seated_levels=[None, "easy", None, "hard"],
        now=1000.0,
    )
    assert table.seated_levels == (None, "easy", None, "hard")
    table = await db.challenges.leave_table(table.id, computer, now=1001.0)
    assert (table.seated, table.seated_levels) == ((ALICE, computer, BOB), (None, "easy", None))
    game = await _start(db, table.id)
    assert [(s.player_id, s.ai_level) for s in game.seats] == [
        (ALICE, None),
        (computer, "easy"),
        (BOB, None),
    ]
    assert not game.rated


@pytest.mark.parametrize(
    ("seated", "levels"),
    [
        ([ALICE, 99], [None]),  # one level per seat
        ([ALICE, 99], ["easy", None]),  # the host is a person
        ([ALICE, 99], [None, "expert"]),  # a level there is
    ],
)
async def test_seated_levels_are_checked(db: Database, seated: list[int], levels: list) -> None:  # type: ignore[type-arg]
    with pytest.raises(ValueError):
        await db.challenges.create_table(
            guild_id=GUILD,
            channel_id=CHANNEL,
            host_id=ALICE,
            game_kind="ludo",
            max_seats=4,
            seated=seated,
            seated_levels=levels,
            now=1000.0,
        )
    assert await db.challenges.pending_challenges(GUILD, now=1000.0) == []
