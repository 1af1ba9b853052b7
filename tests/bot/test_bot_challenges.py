"""/challenge, Accept / Decline / Cancel, open challenges, refusals and expiry."""

from __future__ import annotations

import pytest

from .helpers import board_image, challenge_and_accept, last_board


async def test_challenge_accept_starts_game_in_thread(arena):
    r = await arena.alice.slash(arena.channel, "challenge", variant="rugen", opponent=arena.bob)
    text = r.response.content
    assert arena.alice.mention in text and arena.bob.mention in text
    assert "Rügen" in text and "expires" in text
    labels = [c["label"] for row in r.response.components for c in row["components"]]
    assert labels == ["Accept", "Decline", "Cancel"]
    # the challenged player was pinged, nobody else
    posted = [
        h
        for h in arena.env.http_requests
        if isinstance(h.json, dict) and (h.json.get("data") or {}).get("content") == text
    ]
    assert posted and posted[-1].json["data"]["allowed_mentions"]["users"] == [arena.bob.id]

    await arena.bob.click(r.response, label="Accept")
    [game] = await arena.db.games.active_games(user_id=arena.alice.id)
    assert game.game_kind == "rugen" and {game.white_id, game.black_id} == {
        arena.alice.id,
        arena.bob.id,
    }
    [thread] = arena.channel.threads
    assert game.thread_id == thread.id
    board = last_board(thread)
    assert "plays **White**" in board.content and "White moves first" in board.content
    white = game.white_id
    assert f"<@{white}>, your move" in board.content
    img = await board_image(board)
    assert img.width > 100 and img.height > 100
    # the challenge message now says it was accepted, without buttons
    msg = arena.channel.history()[0]
    assert "Accepted" in msg.content and not msg.components


async def test_only_challenged_may_answer_and_only_challenger_cancels(arena):
    r = await arena.alice.slash(arena.channel, "challenge", variant="classic", opponent=arena.bob)
    c = await arena.carol.click(r.response, label="Accept")
    assert c.ephemeral and "only they can answer" in c.response.content
    c = await arena.carol.click(r.response, label="Decline")
    assert c.ephemeral and "only they can answer" in c.response.content
    c = await arena.bob.click(r.response, label="Cancel")
    assert c.ephemeral and "can cancel it" in c.response.content
    c = await arena.alice.click(r.response, label="Accept")
    assert c.ephemeral and "your own challenge" in c.response.content
    assert await arena.db.games.active_games() == []
    c = await arena.alice.click(r.response, label="Cancel")
    assert "Cancelled" in arena.channel.history()[0].content
    ch = await arena.db.challenges.get_challenge(1)
    assert ch.status == "cancelled"


async def test_decline(arena):
    r = await arena.alice.slash(arena.channel, "challenge", variant="rugen", opponent=arena.bob)
    await arena.bob.click(r.response, label="Decline")
    assert "Declined" in arena.channel.history()[0].content
    assert (await arena.db.challenges.get_challenge(1)).status == "declined"


async def test_refusals(arena):
    r = await arena.alice.slash(arena.channel, "challenge", variant="rugen", opponent=arena.alice)
    assert r.ephemeral and "yourself" in r.response.content
    robot = arena.guild.add_member(arena.env.create_user("robot", bot=True))
    r = await arena.alice.slash(arena.channel, "challenge", variant="rugen", opponent=robot)
    assert r.ephemeral and "bot" in r.response.content
    r = await arena.alice.slash(arena.channel, "challenge", variant="rugen", options="size=12x8")
    assert r.ephemeral and "size" in r.response.content
    r = await arena.alice.slash(arena.channel, "challenge", variant="classic", options="size=9x9")
    assert r.ephemeral and "12x8" in r.response.content
    assert await arena.db.challenges.pending_challenges() == []


async def test_open_challenge_anyone_but_challenger(arena):
    r = await arena.alice.slash(arena.channel, "challenge", variant="rugen")
    assert "looking for an opponent" in r.response.content
    labels = [c["label"] for row in r.response.components for c in row["components"]]
    assert labels == ["Accept", "Cancel"]
    c = await arena.alice.click(r.response, label="Accept")
    assert c.ephemeral
    await arena.carol.click(r.response, label="Accept")
    [game] = await arena.db.games.active_games()
    assert {game.white_id, game.black_id} == {arena.alice.id, arena.carol.id}
    c = (
        await arena.bob.click(r.response, label="Accept")
        if arena.channel.history()[0].components
        else None
    )
    assert c is None  # the buttons are gone


async def test_options_autocomplete_only_where_they_exist(arena):
    got = await arena.alice.autocomplete(
        arena.channel, "challenge", "options", "", variant="classic"
    )
    assert [c["value"] for c in got] == ["size=8x8", "size=12x8"]
    got = await arena.alice.autocomplete(arena.channel, "challenge", "options", "", variant="rugen")
    assert [c["value"] for c in got] == ["rows=0", "rows=1"]
    for other in ("schadler", "lat"):
        from rules import variants

        if other in {v.id for v in variants()}:
            assert (
                await arena.alice.autocomplete(
                    arena.channel, "challenge", "options", "", variant=other
                )
                == []
            )


async def test_classic_wide_board_option(arena):
    game, where = await challenge_and_accept(arena, "classic", options="size=12x8")
    assert game.current_position.startswith("classic:ssssssssssss/")
    img = await board_image(last_board(where))
    assert img.width > img.height


@pytest.mark.bot_settings(challenge_ttl_hours=0.5)
@pytest.mark.parametrize("restart", [False, True])
async def test_challenges_expire(arena, bot_factory, restart):
    r = await arena.alice.slash(arena.channel, "challenge", variant="rugen", opponent=arena.bob)
    assert "expires" in r.response.content
    if restart:
        old = arena.bot
        await arena.env.restart_bot(bot_factory())
        await old.db.stop()
    await arena.env.advance_time(31 * 60)
    msg = arena.channel.history()[0]
    assert "expired" in msg.content and not msg.components
    assert (await arena.db.challenges.get_challenge(1)).status == "expired"
    c = await arena.bob.click(r.response, label="Accept") if msg.components else None
    assert c is None
