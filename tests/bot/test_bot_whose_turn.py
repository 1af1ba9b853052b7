"""Whose turn it is decides what ``/move`` offers and which game it means: the player who is
not to move is told so (not offered the opponent's moves), and of several games the one
waiting for the player is the one ``/move`` without ``game`` plays in."""

from __future__ import annotations

from .helpers import challenge_and_accept, rules_game


async def test_the_player_not_to_move_is_told_it_is_the_opponents_turn(arena):
    game, where = await challenge_and_accept(arena, "rugen")  # Alice is White, White starts
    not_yours = {
        "name": f"Not your turn: it is Alice's move (White) in game #{game.id}. Wait for it.",
        "value": "-",
    }
    for typed in ("", "a7", "a2-a3"):
        assert await arena.bob.autocomplete(where, "move", "move", typed) == [not_yours]
    # Picking that line anyway plays nothing and says why again.
    r = await arena.bob.slash(where, "move", move=not_yours["value"])
    assert r.ephemeral and r.response.content.startswith(f"It is not your turn in game #{game.id}")
    assert (await arena.db.games.load_game(game.id)).ply == 0
    # Once Alice has moved, it is the other way round.
    r = await arena.alice.slash(where, "move", move="a2-a3")
    assert not r.ephemeral, r.response.content
    [line] = await arena.alice.autocomplete(where, "move", "move", "")
    assert line["name"].startswith("Not your turn: it is Bob's move (Black)")
    offered = await arena.bob.autocomplete(where, "move", "move", "a7")
    legal = {str(m) for m in (await rules_game(arena, game.id)).legal_moves()}
    assert offered and {c["value"] for c in offered} <= legal
    # After the end the line says the game is over.
    await arena.bob.slash(where, "resign")
    [line] = await arena.bob.autocomplete(where, "move", "move", "", game=f"#{game.id}")
    assert line == {"name": f"Game #{game.id} is over.", "value": "-"}


async def test_move_without_game_plays_in_the_one_game_waiting_for_you(arena):
    first, first_thread = await challenge_and_accept(arena, "rugen", opponent=arena.bob)
    second, second_thread = await challenge_and_accept(arena, "rugen", opponent=arena.carol)
    here = arena.channel  # both games were set up here (each is played in its thread)
    # Both wait for Alice: she has to say which.
    r = await arena.alice.slash(here, "move", move="a2-a3")
    assert r.ephemeral and "choose one with the `game` option" in r.response.content
    assert f"You have 2 games here (#{second.id}, #{first.id})" in r.response.content
    [line] = await arena.alice.autocomplete(here, "move", "move", "")
    assert line["name"].startswith("You have 2 games here") and line["value"] == "-"
    # She moves in the first; now only the second waits for her.
    r = await arena.alice.slash(first_thread, "move", move="a2-a3")
    assert not r.ephemeral, r.response.content
    # Suggestions before `game` is filled in: the second game's moves.
    offered = await arena.alice.autocomplete(here, "move", "move", "b2")
    legal = {str(m) for m in (await rules_game(arena, second.id)).legal_moves()}
    assert offered and all(c["value"].startswith("b2") for c in offered)
    assert {c["value"] for c in offered} <= legal
    r = await arena.alice.slash(here, "move", move="b2-b3")
    assert r.ephemeral and f"in game #{second.id}" in r.response.content, r.response.content
    assert (await arena.db.games.load_game(second.id)).ply == 1
    assert (await arena.db.games.load_game(first.id)).ply == 1
    assert "b2-b3" in [m.content for m in second_thread.history()][-1]
    # Now neither waits for her.
    r = await arena.alice.slash(here, "move", move="c2-c3")
    assert r.ephemeral and r.response.content == (
        f"You have 2 games here (#{second.id}, #{first.id}), none waiting for your move; "
        "choose one with the `game` option."
    )
    await arena.carol.slash(second_thread, "move", move="a7-a6")
    r = await arena.alice.slash(here, "draw")  # /draw, /resign, /abort choose the same way
    assert r.ephemeral and f"/{second_thread.id}/" in r.response.content, r.response.content
    assert (await arena.db.games.load_game(second.id)).pending_draw_offer == arena.alice.id
