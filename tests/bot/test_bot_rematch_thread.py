"""A rematch gets a thread of its own, named after it, rather than being played on in the old
game's thread under the old title: Rematch in the old thread posts the challenge in the game's
channel (with a link in the old thread), Accept opens the new game's thread under it, and the
old thread links to the new game. A game that had no thread keeps its rematch in its channel."""

from __future__ import annotations

from .helpers import button_labels, challenge_and_accept, game_at, last_board
from .test_bot_links import Links, assert_opens_right_place
from .test_bot_mentions import Sent


async def test_rematch_is_played_in_its_own_thread_linked_from_the_old_one(arena):
    alice, bob = arena.alice, arena.bob
    game, old = await challenge_and_accept(arena, "rugen")  # Alice White, in a thread
    assert old.name == f"Game #{game.id}: Alice vs Bob"
    await bob.slash(old, "resign")
    links = Links(arena.env)
    sent = Sent(arena.env)

    c = await bob.click(last_board(old), label="Rematch")
    assert not c.ephemeral and c.response.channel_id == old.id  # told in the old thread
    assert f"🔁 <@{bob.id}> offers <@{alice.id}> a rematch of game #{game.id}" in (
        c.response.content
    )
    [challenge] = [m for m in arena.channel.history() if "a rematch of game" in m.content]
    assert f"/{arena.channel.id}/{challenge.id}" in c.response.content  # links to it
    assert challenge.content.startswith(
        f"⚔️ <@{bob.id}> challenges <@{alice.id}> to a rematch of game #{game.id} "
        f"(<@{bob.id}> plays White)."  # colours swapped
    )
    assert button_labels(challenge) == ["Accept", "Decline", "Cancel"]
    assert [p for p in sent.pinged() if p] == [[alice.id]]  # the challenge pings Alice only

    r = await alice.click(challenge, label="Accept")
    assert r.acknowledged
    [new] = await arena.db.games.active_games(user_id=alice.id)
    assert (new.white_id, new.black_id) == (bob.id, alice.id)
    assert new.thread_id not in (None, old.id) and new.channel_id == arena.channel.id
    [thread] = [t for t in arena.channel.threads if t.id == new.thread_id]
    assert thread.name == f"Game #{new.id}: Bob vs Alice"
    first = last_board(thread)
    assert f"**Game #{new.id} begins.**" in first.content

    # the old thread: no board of the new game, a link to it
    assert f"Game #{new.id}" not in last_board(old).content
    [note] = [m for m in old.history() if "The rematch has started" in m.content]
    assert f"**game #{new.id}**" in note.content
    assert f"/{arena.guild.id}/{thread.id}/{first.id}" in note.content
    assert_opens_right_place(arena, links.found())

    # it is played in its thread
    r = await bob.slash(thread, "move", move="a2-a3")
    assert not r.ephemeral and r.response.channel_id == thread.id


async def test_the_loser_asking_for_a_rematch_gets_it_in_its_own_thread(arena):
    game, old = await challenge_and_accept(arena, "classic")  # Alice White, Bob Black
    await arena.alice.slash(old, "resign")
    c = await arena.alice.click(last_board(old), label="Rematch")  # Alice now plays Black
    [challenge] = [m for m in arena.channel.history() if "a rematch of game" in m.content]
    await arena.bob.click(challenge, label="Accept")
    [new] = await arena.db.games.active_games(user_id=arena.alice.id)
    assert (new.white_id, new.black_id) == (arena.bob.id, arena.alice.id)
    [thread] = [t for t in arena.channel.threads if t.id == new.thread_id]
    assert thread.name == f"Game #{new.id}: Bob vs Alice"
    assert c.response.channel_id == old.id


async def test_a_game_without_a_thread_keeps_its_rematch_in_its_channel(arena):
    game = await game_at(arena, "rugen:8/8/8/8/8/8/8/8 w")  # no thread: played in the channel
    await arena.bob.slash(arena.channel, "resign")
    final = last_board(arena.channel)
    c = await arena.bob.click(final, label="Rematch")
    assert not c.ephemeral and c.response.content.startswith(
        f"⚔️ <@{arena.bob.id}> challenges <@{arena.alice.id}> to a rematch of game #{game.id}"
    )
    await arena.alice.click(c.response, label="Accept")
    [new] = await arena.db.games.active_games(user_id=arena.alice.id)
    assert new.thread_id is not None  # made from the challenge message, as for /challenge
    assert not [m for m in arena.channel.history() if "The rematch has started" in m.content]
