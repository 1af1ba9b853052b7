"""The Move button's menus as a player meets them: they answer after a restart and hours later,
a menu of an earlier turn says so and does nothing, open menus are taken down when the game
moves on, and no move ever takes more than two picks or a menu of one option."""

from __future__ import annotations

import pytest

from .helpers import (
    challenge_and_accept,
    components_of,
    last_board,
    menu_options,
    play_by_button,
    player,
)
from .schadler_line import SCHADLER_LINE


async def open_menu(arena, where, member):
    r = await member.click(last_board(where), label="Move")
    assert r.ephemeral, r
    return r


async def moves_of(arena, game_id):
    return [m.move for m in await arena.db.games.game_moves(game_id)]


async def restart(arena, bot_factory):
    old = arena.bot
    await arena.env.restart_bot(bot_factory())
    await old.db.stop()


@pytest.mark.parametrize("pause", ["restart", "16 minutes"])
async def test_a_move_menu_answers_after_a_restart_or_a_long_pause(arena, bot_factory, pause):
    game, where = await challenge_and_accept(arena, "rugen")  # Alice (White) to move
    menu = await open_menu(arena, where, arena.alice)
    assert "from:a2" in menu_options(menu.response)
    if pause == "restart":
        await restart(arena, bot_factory)
    else:
        await arena.env.advance_time(16 * 60)
    r = await arena.alice.select(menu.response, ["from:a2"])
    assert "where does the soldier on a2 go?" in r.response.content
    assert "play:a2-a3" in menu_options(r.response)
    r = await arena.alice.select(r.response, ["play:a2-a3"])
    assert r.response.content.startswith("✅ You played `a2-a3` in game #")
    assert components_of(r.response) == []
    assert await moves_of(arena, game.id) == ["a2-a3"]
    assert "a2-a3" in last_board(where).content or "a3" in last_board(where).content


@pytest.mark.parametrize("pause", ["restart", "16 minutes"])
async def test_a_menu_of_an_earlier_turn_says_the_game_moved_on_and_does_nothing(
    arena, bot_factory, pause
):
    game, where = await challenge_and_accept(arena, "rugen")
    stale = await open_menu(arena, where, arena.alice)
    if pause == "restart":  # the bot cannot reach the old menu any more
        await restart(arena, bot_factory)
    else:
        await arena.env.advance_time(16 * 60)
    await arena.alice.slash(where, "move", move="b2-b3")
    await arena.bob.slash(where, "move", move="a7-a6")  # Alice's turn again, two plies on
    r = await arena.alice.select(stale.response, ["from:a2"])
    assert r.response.id == stale.response.id
    assert "moved on since this menu was opened — press Move again" in r.response.content
    assert components_of(r.response) == []  # the dead menu is gone
    assert await moves_of(arena, game.id) == ["b2-b3", "a7-a6"]
    # a fresh menu works
    r = await play_by_button(arena, where, arena.alice, "a2-a3")
    assert await moves_of(arena, game.id) == ["b2-b3", "a7-a6", "a2-a3"]


async def test_open_menus_are_taken_down_when_their_move_is_played(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    first = await open_menu(arena, where, arena.alice)
    second = await open_menu(arena, where, arena.alice)
    r = await arena.alice.select(second.response, ["from:a2"])
    r = await arena.alice.select(r.response, ["play:a2-a3"])
    assert second.response.content.startswith("✅ You played `a2-a3`")
    # the other menu, for the same turn, is closed at once
    assert "moved on since this menu was opened" in first.response.content
    assert components_of(first.response) == []
    # and one left open while the move was played with /move
    menu = await open_menu(arena, where, arena.bob)
    await arena.bob.slash(where, "move", move="a7-a6")
    assert "moved on since this menu was opened" in menu.response.content
    assert last_board(where).jump_url in menu.response.content
    assert components_of(menu.response) == []


@pytest.mark.parametrize("how", ["resign", "abort", "timeout"])
async def test_open_menus_are_closed_when_the_game_ends(arena, how):
    game, where = await challenge_and_accept(arena, "rugen")
    menu = await open_menu(arena, where, arena.alice)
    if how == "timeout":
        record = await arena.db.games.load_game(game.id)
        from bot.services.timeouts import finish_on_time

        assert await finish_on_time(arena.bot, record, 60.0)
    else:
        r = await arena.bob.slash(where, how)
        assert not r.ephemeral, r.response.content
    assert menu.response.content == f"Game #{game.id} is over; this menu is closed."
    assert components_of(menu.response) == []
    assert await moves_of(arena, game.id) == []


async def test_schadler_placement_takes_at_most_two_picks(arena):
    """Every placement of a schadler game takes two picks, rank then square (at least 33 of
    the 64 squares are empty while counters are placed), or one when its rank has a single
    empty square (listed as that placement); never a menu of one option (the helper checks
    each menu)."""
    moves, _, _ = SCHADLER_LINE
    game, where = await challenge_and_accept(arena, "schadler")
    picks = []
    for move in moves.split()[:32]:
        record = await arena.db.games.load_game(game.id)
        side = "white" if record.current_position.split(" ")[1] == "w" else "black"
        r = await play_by_button(arena, where, player(arena, record, side), move)
        assert r.response.content.startswith(f"✅ You played `{move}`"), r.response.content
        picks.append(r.picks)
    assert await moves_of(arena, game.id) == moves.split()[:32]
    assert set(picks) <= {1, 2} and picks[:8] == [2] * 8, picks


async def test_the_first_placement_menu_lists_ranks_not_a_single_choice(arena):
    game, where = await challenge_and_accept(arena, "schadler")
    record = await arena.db.games.load_game(game.id)
    side = "white" if record.current_position.split(" ")[1] == "w" else "black"
    menu = await open_menu(arena, where, player(arena, record, side))
    values = menu_options(menu.response)
    assert values == [f"rank:{r}" for r in range(8, 0, -1)], values
    assert "on which rank do you place a counter?" in menu.response.content
