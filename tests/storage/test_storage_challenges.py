"""Challenges: pending → accepted | declined | cancelled | expired."""

from __future__ import annotations

import random

import pytest

from storage import (
    ChallengeExpired,
    ChallengeNotFound,
    ChallengeNotPending,
    ChallengeRecord,
    Database,
    NotAllowed,
)
from tests.storage.storage_helpers import ALICE, BOB, CAROL, CHANNEL, GUILD

T0 = 10_000.0


async def challenge(
    db: Database,
    challenged: int | None = BOB,
    *,
    colour: str = "white",
    channel: int = CHANNEL,
    guild: int | None = GUILD,
    expires_in: float = 600.0,
    now: float = T0,
) -> ChallengeRecord:
    return await db.challenges.create_challenge(
        guild_id=guild,
        channel_id=channel,
        challenger_id=ALICE,
        challenged_id=challenged,
        game_kind="classic",
        options={"size": "12x8"},
        colour=colour,  # type: ignore[arg-type]
        expires_in=expires_in,
        now=now,
    )


async def test_create_and_get(db: Database) -> None:
    created = await challenge(db)
    assert created.status == "pending" and not created.is_open
    assert (created.created_at, created.expires_at) == (T0, T0 + 600)
    assert created.options == {"size": "12x8"} and created.colour == "white"
    assert created.message_id is None and created.game_id is None
    await db.challenges.set_challenge_message(created.id, 4321)
    loaded = await db.challenges.get_challenge(created.id)
    assert loaded is not None and loaded.message_id == 4321
    assert await db.challenges.get_challenge(999) is None
    with pytest.raises(ChallengeNotFound):
        await db.challenges.set_challenge_message(999, 1)


async def test_create_rejects_nonsense(db: Database) -> None:
    with pytest.raises(NotAllowed):
        await db.challenges.create_challenge(
            guild_id=GUILD,
            channel_id=CHANNEL,
            challenger_id=ALICE,
            challenged_id=ALICE,
            game_kind="rugen",
        )
    with pytest.raises(ValueError):
        await challenge(db, colour="green")
    with pytest.raises(ValueError):
        await challenge(db, expires_in=0)


@pytest.mark.parametrize(
    ("colour", "white", "black"), [("white", ALICE, BOB), ("black", BOB, ALICE)]
)
async def test_accept_creates_game_with_chosen_colours(
    db: Database, colour: str, white: int, black: int
) -> None:
    created = await challenge(db, colour=colour)
    game = await db.challenges.accept_challenge(
        created.id, BOB, start_position="START", thread_id=31, now=T0 + 5
    )
    assert (game.white_id, game.black_id) == (white, black)
    assert (game.game_kind, game.options, game.guild_id, game.channel_id, game.thread_id) == (
        "classic",
        {"size": "12x8"},
        GUILD,
        CHANNEL,
        31,
    )
    assert game.start_position == game.current_position == "START" and game.ply == 0
    accepted = await db.challenges.get_challenge(created.id)
    assert accepted is not None
    assert (accepted.status, accepted.accepted_by, accepted.game_id, accepted.resolved_at) == (
        "accepted",
        BOB,
        game.id,
        T0 + 5,
    )
    assert await db.games.load_game(game.id) == game


async def test_random_colour_uses_the_given_rng(db: Database) -> None:
    seen = set()
    for seed in range(12):
        created = await challenge(db, colour="random")
        game = await db.challenges.accept_challenge(
            created.id, BOB, start_position="S", rng=random.Random(seed), now=T0
        )
        expected_white = random.Random(seed).choice(("white", "black")) == "white"
        assert (game.white_id == ALICE) == expected_white
        seen.add(game.white_id)
    assert seen == {ALICE, BOB}


async def test_accept_twice_and_after_other_resolutions(db: Database) -> None:
    created = await challenge(db)
    await db.challenges.accept_challenge(created.id, BOB, start_position="S", now=T0)
    with pytest.raises(ChallengeNotPending) as info:
        await db.challenges.accept_challenge(created.id, BOB, start_position="S", now=T0)
    assert info.value.status == "accepted"
    assert len(await db.games.active_games(user_id=BOB)) == 1
    with pytest.raises(ChallengeNotFound):
        await db.challenges.accept_challenge(999, BOB, start_position="S")


async def test_who_may_accept(db: Database) -> None:
    direct = await challenge(db, BOB)
    with pytest.raises(NotAllowed):
        await db.challenges.accept_challenge(direct.id, CAROL, start_position="S", now=T0)
    with pytest.raises(NotAllowed):
        await db.challenges.accept_challenge(direct.id, ALICE, start_position="S", now=T0)
    open_one = await challenge(db, None)
    assert open_one.is_open
    with pytest.raises(NotAllowed):
        await db.challenges.accept_challenge(open_one.id, ALICE, start_position="S", now=T0)
    game = await db.challenges.accept_challenge(open_one.id, CAROL, start_position="S", now=T0)
    assert CAROL in game.player_ids
    assert (await db.challenges.get_challenge(direct.id)).status == "pending"  # type: ignore[union-attr]
    assert await db.games.active_games(user_id=BOB) == []


async def test_accept_after_expiry_is_refused_even_before_the_sweep(db: Database) -> None:
    created = await challenge(db, expires_in=60)
    with pytest.raises(ChallengeExpired) as info:
        await db.challenges.accept_challenge(created.id, BOB, start_position="S", now=T0 + 60)
    assert isinstance(info.value, ChallengeNotPending) and info.value.status == "expired"
    assert await db.games.active_games() == []
    still = await db.challenges.get_challenge(created.id)
    assert still is not None and still.status == "pending"  # the sweep reports it later
    assert [c.id for c in await db.challenges.expire_challenges(T0 + 60)] == [created.id]


async def test_decline_and_cancel(db: Database) -> None:
    declined = await challenge(db)
    with pytest.raises(NotAllowed):
        await db.challenges.decline_challenge(declined.id, CAROL, now=T0)
    with pytest.raises(NotAllowed):  # the challenger cancels, never declines
        await db.challenges.decline_challenge(declined.id, ALICE, now=T0)
    result = await db.challenges.decline_challenge(declined.id, BOB, now=T0 + 1)
    assert (result.status, result.resolved_at) == ("declined", T0 + 1)
    with pytest.raises(ChallengeNotPending):
        await db.challenges.accept_challenge(declined.id, BOB, start_position="S", now=T0)

    cancelled = await challenge(db)
    with pytest.raises(NotAllowed):
        await db.challenges.cancel_challenge(cancelled.id, BOB, now=T0)
    result = await db.challenges.cancel_challenge(cancelled.id, ALICE, now=T0 + 2)
    assert result.status == "cancelled"
    with pytest.raises(ChallengeNotPending) as info:
        await db.challenges.cancel_challenge(cancelled.id, ALICE, now=T0 + 3)
    assert info.value.status == "cancelled"
    with pytest.raises(ChallengeNotFound):
        await db.challenges.cancel_challenge(999, ALICE)

    expired = await challenge(db, expires_in=10)
    with pytest.raises(ChallengeExpired):
        await db.challenges.cancel_challenge(expired.id, ALICE, now=T0 + 10)


async def test_expire_challenges_returns_each_once(db: Database) -> None:
    short = await challenge(db, expires_in=60)
    long = await challenge(db, expires_in=600)
    accepted = await challenge(db, expires_in=30)
    await db.challenges.accept_challenge(accepted.id, BOB, start_position="S", now=T0 + 1)

    assert await db.challenges.expire_challenges(T0 + 59) == []
    expired = await db.challenges.expire_challenges(T0 + 61)
    assert [(c.id, c.status, c.resolved_at) for c in expired] == [(short.id, "expired", T0 + 61)]
    assert await db.challenges.expire_challenges(T0 + 62) == []
    expired = await db.challenges.expire_challenges(T0 + 10_000)
    assert [c.id for c in expired] == [long.id]
    assert (await db.challenges.get_challenge(accepted.id)).status == "accepted"  # type: ignore[union-attr]


async def test_pending_challenges_filters(db: Database) -> None:
    a = await challenge(db, BOB, now=T0)
    b = await challenge(db, None, channel=CHANNEL + 1, now=T0 + 1)
    c = await challenge(db, CAROL, guild=GUILD + 1, channel=CHANNEL + 2, now=T0 + 2)
    d = await challenge(db, BOB, expires_in=5, now=T0 + 3)  # expired at T0 + 8
    e = await challenge(db, BOB, now=T0 + 4)
    await db.challenges.cancel_challenge(e.id, ALICE, now=T0 + 5)

    def ids(items: list[ChallengeRecord]) -> list[int]:
        return [x.id for x in items]

    now = T0 + 10
    assert ids(await db.challenges.pending_challenges(now=now)) == [a.id, b.id, c.id]
    assert ids(await db.challenges.pending_challenges(now=T0 + 4)) == [a.id, b.id, c.id, d.id]
    assert ids(await db.challenges.pending_challenges(GUILD, now=now)) == [a.id, b.id]
    assert ids(await db.challenges.pending_challenges(channel_id=CHANNEL + 1, now=now)) == [b.id]
    assert ids(await db.challenges.pending_challenges(GUILD, CHANNEL, now=now)) == [a.id]
    # BOB sees the one to him and the open one; CAROL hers and the open one.
    assert ids(await db.challenges.pending_challenges(user_id=BOB, now=now)) == [a.id, b.id]
    assert ids(await db.challenges.pending_challenges(user_id=CAROL, now=now)) == [b.id, c.id]
    assert ids(await db.challenges.pending_challenges(user_id=ALICE, now=now)) == [
        a.id,
        b.id,
        c.id,
    ]
