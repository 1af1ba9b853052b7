"""Rationed pings (issue 12.9): offering and withdrawing a draw, or challenging and cancelling,
again and again pings the other player once an hour at most — the message still appears,
naming them, without the ping — and a restart does not reset it (it is stored)."""

from __future__ import annotations

from .helpers import challenge_and_accept
from .test_bot_mentions import Sent

CYCLES = 40
HOUR = 3600


async def test_forty_draw_offers_withdrawn_ping_the_opponent_once_an_hour(arena, bot_factory):
    game, where = await challenge_and_accept(arena, "rugen")  # Alice White, Bob Black
    alice, bob = arena.alice, arena.bob
    sent = Sent(arena.env)
    pings: list[list[int]] = []
    for cycle in range(CYCLES):
        if cycle == CYCLES // 2:  # a restart does not forget who was pinged
            pings += sent.pinged()
            old = arena.bot
            await arena.env.restart_bot(bot_factory())
            await old.db.stop()
            sent.bodies()  # nothing the restart itself sent counts
        r = await alice.slash(where, "draw")
        assert not r.ephemeral
        offer = r.response
        assert f"<@{alice.id}> offers a draw in game #{game.id}. <@{bob.id}>, do you accept?" in (
            offer.content
        )
        await alice.click(offer, label="Decline draw")  # withdrawn
    pings += sent.pinged()
    assert [p for p in pings if p] == [[bob.id]], pings  # one ping in forty offers
    assert len(pings) == 2 * CYCLES  # every offer and every withdrawal was still sent
    await arena.env.advance_time(HOUR)
    await alice.slash(where, "draw")
    assert sent.pinged()[-1] == [bob.id]  # an hour later, the next offer pings again
    # a draw offer in another game pings too (the limit is per game)
    other, there = await challenge_and_accept(arena, "classic", opponent=arena.carol)
    sent.bodies()
    await alice.slash(there, "draw")
    assert sent.pinged() == [[arena.carol.id]]


async def test_forty_challenges_cancelled_ping_the_challenged_once_an_hour(arena):
    alice, bob, carol = arena.alice, arena.bob, arena.carol
    sent = Sent(arena.env)
    for _ in range(CYCLES):
        r = await alice.slash(arena.channel, "challenge", variant="rugen", opponent=bob)
        assert f"<@{alice.id}> challenges <@{bob.id}>" in r.response.content
        await alice.click(r.response, label="Cancel")
    pings = sent.pinged()
    assert [p for p in pings if p] == [[bob.id]], pings
    assert len(pings) == 2 * CYCLES
    # another challenger is another pair: Bob is pinged by Carol's challenge
    r = await carol.slash(arena.channel, "challenge", variant="rugen", opponent=bob)
    assert sent.pinged() == [[bob.id]]
    await carol.click(r.response, label="Cancel")
    await arena.env.advance_time(HOUR)
    sent.bodies()
    await alice.slash(arena.channel, "challenge", variant="rugen", opponent=bob)
    assert sent.pinged() == [[bob.id]]
