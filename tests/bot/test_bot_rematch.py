"""One live rematch per finished game, also across bot processes: storage's unique index on
``challenges.rematch_of`` decides; the loser is told a rematch was already offered (with a
link to it, or the game it became). A declined rematch can be offered again."""

from __future__ import annotations

import asyncio

import pytest

from bot.errors import UserError
from bot.services.rematch import offer_rematch
from storage import Database

from .helpers import challenge_and_accept, last_board, rematch_challenge


async def _finished_game(arena):
    game, where = await challenge_and_accept(arena, "rugen")  # Alice White, Bob Black
    await arena.alice.slash(where, "resign")
    return await arena.db.games.load_game(game.id), where


async def _offer(db, record, member, now):
    return await offer_rematch(
        db,
        record,
        member.id,
        member.name,
        guild_id=record.guild_id,
        channel_id=record.channel_id,
        expires_in=3600.0,
        now=now,
    )


@pytest.mark.parametrize("same_player", [False, True])
async def test_two_processes_offering_at_once_make_one_rematch(arena, db_path, same_player):
    record, _ = await _finished_game(arena)
    other = Database(db_path)  # the second bot process's own connection
    await other.start()
    try:
        second = arena.alice if same_player else arena.bob
        results = await asyncio.gather(
            _offer(arena.db, record, arena.alice, arena.bot.now()),
            _offer(other, record, second, arena.bot.now()),
            return_exceptions=True,
        )
    finally:
        await other.stop()
    [made] = [r for r in results if not isinstance(r, BaseException)]
    [error] = [r for r in results if isinstance(r, BaseException)]
    assert isinstance(error, UserError), error
    assert f"A rematch of game #{record.id} was already offered" in str(error)
    assert made.rematch_of == record.id
    pending = await arena.db.challenges.pending_challenges(now=arena.bot.now())
    assert [c.id for c in pending] == [made.id]


async def test_the_button_links_to_the_rematch_another_process_offered(arena, db_path):
    record, where = await _finished_game(arena)
    other = Database(db_path)
    await other.start()
    try:
        ch = await _offer(other, record, arena.bob, arena.bot.now())
        await other.challenges.set_challenge_message(ch.id, 4242)
    finally:
        await other.stop()
    c = await arena.alice.click(last_board(where), label="Rematch")
    assert c.ephemeral
    link = f"https://discord.com/channels/{arena.guild.id}/{ch.channel_id}/4242"
    assert c.response.content == f"A rematch of game #{record.id} was already offered: {link}."
    assert len(await arena.db.challenges.pending_challenges(now=arena.bot.now())) == 1


async def test_declined_rematch_may_be_offered_again_accepted_one_not(arena):
    record, where = await _finished_game(arena)
    final = last_board(where)
    await arena.bob.click(final, label="Rematch")
    await arena.alice.click(rematch_challenge(arena.channel), label="Decline")
    c = await arena.alice.click(final, label="Rematch")  # the other player offers anew
    assert not c.ephemeral and "offers" in c.response.content
    await arena.bob.click(rematch_challenge(arena.channel), label="Accept")
    [new] = await arena.db.games.active_games(user_id=arena.alice.id)
    assert (await arena.db.challenges.get_challenge(2)).rematch_of == record.id
    c = await arena.bob.click(final, label="Rematch")
    assert c.ephemeral
    assert c.response.content == (
        f"A rematch of game #{record.id} was already offered and accepted: it is game #{new.id}."
    )
