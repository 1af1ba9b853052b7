"""Turn notifications as each player chose with ``/notify``: a mention in the thread (default),
a direct message — one digest an hour at most, listing every game waiting, with links; claimed
in storage so a restart does not repeat it — or silence. It applies to every "your move"
message (game start, boards after moves, catch-ups, reminders). A DM that cannot be delivered
(403) falls back to a ping in the thread."""

from __future__ import annotations

from typing import Any

import pytest

from bot.services.notify import DIGEST_EVERY

from .helpers import challenge_and_accept, last_board
from .test_bot_catchup import restart
from .test_bot_links import LINK
from .test_bot_mentions import Sent

MIN = 60


def dms(member: Any) -> list[Any]:
    """The messages in ``member``'s direct messages with the bot, oldest first."""
    return list(member.user.dm_channel.history())


def digests(member: Any) -> list[Any]:
    return [m for m in dms(member) if "It is your move" in m.content]


async def choose(member: Any, channel: Any, mode: str) -> str:
    r = await member.slash(channel, "notify", mode=mode)
    assert r.ephemeral
    return r.response.content


async def test_the_choice_is_shown_and_mention_is_the_default(arena):
    r = await arena.alice.slash(arena.channel, "notify")
    assert r.ephemeral and "I mention you in the game's thread (the default)" in r.response.content
    text = await choose(arena.alice, arena.channel, "dm")
    assert "at most one an hour" in text and "⚠️" not in text
    [welcome] = dms(arena.alice)
    assert "This is where I'll tell you it is your move" in welcome.content
    r = await arena.alice.slash(arena.channel, "notify")
    assert "I send you a direct message" in r.response.content
    assert "I don't notify you" in await choose(arena.alice, arena.channel, "silent")
    assert await arena.db.players.notify_mode(arena.alice.id) == "silent"
    assert await arena.db.players.notify_mode(arena.bob.id) == "mention"  # only hers changed


async def test_dm_players_get_one_digest_an_hour_listing_every_waiting_game(arena, bot_factory):
    alice, bob, carol = arena.alice, arena.bob, arena.carol
    await choose(alice, arena.channel, "dm")
    r = await bob.slash(arena.channel, "challenge", variant="rugen", opponent=alice, colour="black")
    sent = Sent(arena.env)
    await alice.click(r.response, label="Accept")  # Alice White: her move
    [game1] = await arena.db.games.active_games(user_id=alice.id)
    [where1] = arena.channel.threads
    start = last_board(where1)
    assert f"<@{alice.id}>, your move (White)" in start.content  # named, not pinged
    assert all(alice.id not in p for p in sent.pinged())
    assert digests(alice) == []  # the digest comes from the sweep, within a minute
    await arena.env.advance_time(MIN)
    [first] = digests(alice)
    assert "♟️ It is your move:" in first.content
    assert f"**Game #{game1.id}** · Latrunculi (Rügen) vs Bob" in first.content
    assert f"/{arena.guild.id}/{where1.id}/{start.id}" in first.content  # links to its board
    assert "🆕" in first.content

    # Alice moves, Bob answers: her turn again, and Carol starts a game with her: both within
    # the hour, so both wait for the next digest
    await arena.env.advance_time(5 * MIN)
    await alice.slash(where1, "move", move="a2-a3")
    await bob.slash(where1, "move", move="a7-a6")
    game2, where2 = await challenge_and_accept(arena, "classic", challenger=carol,
                                               opponent=alice, colour="white")  # Alice Black
    await arena.env.advance_time(30 * MIN)
    assert len(digests(alice)) == 1
    await arena.env.advance_time(DIGEST_EVERY - 35 * MIN)
    [_, second] = digests(alice)
    assert "It is your move in 2 games:" in second.content
    assert f"**Game #{game1.id}**" in second.content and f"**Game #{game2.id}**" in second.content
    assert second.content.count("🆕") == 2  # both turns began after the first digest
    for guild, channel, _ in LINK.findall(second.content):
        assert guild == str(arena.guild.id) and int(channel) in (where1.id, where2.id)

    # nothing new: no more digests, also not after a restart
    await restart(arena, bot_factory)
    await arena.env.advance_time(DIGEST_EVERY + 2 * MIN)
    assert len(digests(alice)) == 2
    # Bob still gets his mention as before
    sent = Sent(arena.env)
    await alice.slash(where1, "move", move="b2-b3")
    assert sent.pinged() == [[bob.id]]


async def test_silent_players_are_named_but_never_pinged_or_messaged(arena):
    await choose(arena.bob, arena.channel, "silent")
    game, where = await challenge_and_accept(arena, "rugen")  # Alice White, Bob Black
    sent = Sent(arena.env)
    r = await arena.alice.slash(where, "move", move="a2-a3")
    assert f"<@{arena.bob.id}>, your move (Black)" in r.response.content
    assert sent.pinged() == [[]]
    await arena.env.advance_time(DIGEST_EVERY + MIN)
    assert dms(arena.bob) == []


@pytest.mark.bot_settings(move_timeout_hours=0.25)
async def test_reminders_follow_the_choice(arena):
    await choose(arena.alice, arena.channel, "dm")
    await choose(arena.bob, arena.channel, "silent")
    game, where = await challenge_and_accept(arena, "rugen")  # Alice (White) to move
    sent = Sent(arena.env)
    await arena.env.advance_time(12 * MIN)  # the reminder is due
    [reminder] = [m for m in dms(arena.alice) if m.content.startswith("⏰")]
    assert f"your move in game #{game.id} — you have 3 minutes left" in reminder.content
    assert not [m for m in where.history() if m.content.startswith("⏰")]  # not in the thread
    await arena.alice.slash(where, "move", move="a2-a3")  # Bob (silent) to move
    await arena.env.advance_time(12 * MIN)
    [in_thread] = [m for m in where.history() if m.content.startswith("⏰")]
    assert f"<@{arena.bob.id}>, your move in game #{game.id}" in in_thread.content
    assert all(arena.bob.id not in p for p in sent.pinged())
    assert dms(arena.bob) == []


@pytest.mark.simcord(check_errors=False)
async def test_closed_dms_fall_back_to_a_ping_in_the_thread(arena):
    alice = arena.alice
    dm_id = alice.user.dm_channel.id
    arena.env.inject_error(
        "POST", f"/channels/{dm_id}/messages", status=403, code=50007,
        message="Cannot send messages to this user", times=None,
    )
    text = await choose(alice, arena.channel, "dm")
    assert "⚠️ I could not send you a direct message" in text
    assert await arena.db.players.notify_mode(alice.id) == "dm"  # kept: DMs may open later
    game, where = await challenge_and_accept(arena, "rugen")  # Alice (White) to move
    sent = Sent(arena.env)
    await arena.env.advance_time(MIN)
    assert dms(alice) == []
    [fallback] = [m for m in where.history() if m.content.startswith(f"<@{alice.id}>, your move")]
    assert f"your move in game #{game.id}: https://discord.com/channels/{arena.guild.id}/" in (
        fallback.content
    )
    assert [alice.id] in sent.pinged()
    await arena.env.advance_time(5 * MIN)  # once
    assert len([m for m in where.history() if m.content.startswith(f"<@{alice.id}>, your")]) == 1


async def test_help_explains_notify(arena):
    r = await arena.alice.slash(arena.channel, "help")
    assert "/notify" in r.response.embeds[0].description


@pytest.mark.simcord(check_errors=False)
async def test_a_caught_up_board_reaches_a_dm_player_by_digest(arena, bot_factory, monkeypatch):
    from .test_bot_catchup import catch_ups, crashes, fail_next_post

    await choose(arena.bob, arena.channel, "dm")
    game, where = await challenge_and_accept(arena, "rugen")  # Alice White, Bob (DM) Black
    await arena.env.advance_time(5 * MIN)
    fail_next_post(monkeypatch, "bot.services.pipeline")
    sent = Sent(arena.env)
    await arena.alice.slash(where, "move", move="a2-a3")  # stored, its board lost
    assert crashes(arena.env)
    await restart(arena, bot_factory)
    await arena.env.advance_time(MIN)
    [caught] = catch_ups(where)
    assert f"<@{arena.bob.id}>, your move (Black)" in caught.content
    assert all(arena.bob.id not in p for p in sent.pinged())  # named, not pinged
    [digest] = digests(arena.bob)
    assert f"**Game #{game.id}**" in digest.content
    assert f"/{arena.guild.id}/{where.id}/{caught.id}" in digest.content  # the caught-up board
