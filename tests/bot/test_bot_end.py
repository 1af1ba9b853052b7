"""/resign, /draw with Accept / Decline, Rematch, and the refusals around them."""

from __future__ import annotations

from .helpers import (
    board_image,
    button_labels,
    challenge_and_accept,
    last_board,
    rematch_challenge,
)


async def test_draw_offer_declined_then_accepted(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    r = await arena.carol.slash(where, "draw")
    assert r.ephemeral and "not playing" in r.response.content
    r = await arena.alice.slash(where, "draw")
    assert "offers a draw" in r.response.content
    assert button_labels(r.response) == ["Accept draw", "Decline draw"]
    c = await arena.alice.click(r.response, label="Accept draw")
    assert c.ephemeral and "your opponent has to accept" in c.response.content
    c = await arena.carol.click(r.response, label="Accept draw")
    assert c.ephemeral and "Only the two players" in c.response.content
    await arena.bob.click(r.response, label="Decline draw")
    assert (await arena.db.games.load_game(game.id)).pending_draw_offer is None
    # a new offer lapses when a move is played: its buttons come off, and Bob's /draw is
    # told it lapsed (it does not become an offer of his)
    r = await arena.alice.slash(where, "draw")
    await arena.alice.slash(where, "move", move="a2-a3")
    [offer] = [m for m in where.history() if m.id == r.response.id]
    assert button_labels(offer) == [] and "lapsed" in offer.content
    told = await arena.bob.slash(where, "draw")
    assert told.ephemeral and "lapsed" in told.response.content
    assert (await arena.db.games.load_game(game.id)).is_active
    # offer and accept
    r = await arena.bob.slash(where, "draw")
    await arena.alice.click(r.response, label="Accept draw")
    record = await arena.db.games.load_game(game.id)
    assert record.status == "finished" and record.winner is None and record.reason == "agreement"
    final = last_board(where)
    assert "Draw" in final.content and "0 won, 0 lost, 1 drawn" in final.content
    assert button_labels(final) == ["Rematch", "Analysis"]
    await board_image(final)


async def test_draw_command_accepts_pending_offer(arena):
    game, where = await challenge_and_accept(arena, "classic")
    await arena.alice.slash(where, "draw")
    r = await arena.alice.slash(where, "draw")
    assert r.ephemeral and "already offered" in r.response.content
    r = await arena.bob.slash(where, "draw")
    assert not r.ephemeral and "Draw" in r.response.content
    assert (await arena.db.games.load_game(game.id)).reason == "agreement"


async def test_resign_and_rematch_with_colours_swapped(arena):
    game, where = await challenge_and_accept(arena, "rugen")  # alice white
    r = await arena.carol.slash(where, "resign")
    assert r.ephemeral
    r = await arena.bob.slash(where, "resign")
    assert not r.ephemeral
    assert "resigned" in r.response.content and "wins" in r.response.content
    record = await arena.db.games.load_game(game.id)
    assert record.winner == "white" and record.reason == "resignation"
    alice = await arena.db.players.get_player(arena.alice.id)
    assert (alice.wins, alice.losses) == (1, 0)
    # after the end: moves and resigning are refused
    r = await arena.alice.slash(where, "move", move="a2-a3", game=str(game.id))
    assert r.ephemeral and "over" in r.response.content
    r = await arena.alice.slash(where, "resign", game=str(game.id))
    assert r.ephemeral and "over" in r.response.content
    final = last_board(where)
    c = await arena.carol.click(final, label="Rematch")
    assert c.ephemeral and "Only the two players" in c.response.content
    c = await arena.bob.click(final, label="Rematch")
    assert "offers" in c.response.content and "a rematch" in c.response.content
    await arena.alice.click(rematch_challenge(arena.channel), label="Accept")
    games = await arena.db.games.active_games(user_id=arena.alice.id)
    [new] = games
    assert new.white_id == arena.bob.id and new.black_id == arena.alice.id
    assert new.thread_id != where.id  # the rematch is played in a thread of its own
