"""Memory that must not grow with the number of messages: discord.py's stored views."""

from __future__ import annotations

import gc

import discord
import pytest

from bot.buttons import stored_views

from .helpers import challenge_and_accept, last_board, play_by_button, player, rules_game


def live_views() -> int:
    gc.collect()
    return sum(isinstance(o, discord.ui.View) for o in gc.get_objects())


async def test_stored_views_stay_flat_over_thirty_moves(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    stored, live = [], []
    for i in range(30):
        record = await arena.db.games.load_game(game.id)
        assert record.is_active
        rules = await rules_game(arena, game.id)
        move = next(str(m) for m in rules.legal_moves() if not str(m).startswith("x"))
        mover = player(arena, record, rules.turn.value)
        if i % 2:  # by the Move button's menus
            r = await play_by_button(arena, where, mover, move)
            assert r.response.content.startswith("✅"), r.response.content
        else:
            r = await mover.slash(where, "move", move=move)
            assert not r.ephemeral, r.response.content
        stored.append(stored_views(arena.bot))
        live.append(live_views())
    # every board carries a Move button, every menu is made of selects, and none of them
    # costs a stored View
    assert stored == [0] * 30
    # an ephemeral menu's View lives 15 minutes (discord.py times it out), then nothing is left
    await arena.env.advance_time(16 * 60)
    assert live_views() <= live[0], live


async def test_open_menus_are_remembered_for_15_minutes_only(arena):
    """The bot remembers open Move menus to take them down, but only while it could."""
    game, where = await challenge_and_accept(arena, "rugen")
    for _ in range(3):
        await arena.alice.click(last_board(where), label="Move")
    assert len(arena.bot.menus) == 3
    await arena.env.advance_time(15 * 60)
    await arena.bob.click(last_board(where), label="Move")  # refused (not Bob's turn)
    await arena.alice.click(last_board(where), label="Move")
    assert len(arena.bot.menus) == 1


@pytest.mark.parametrize("ending", ["move", "resign", "abort", "draw", "timeout"])
async def test_a_game_leaves_the_game_cache_when_it_ends(arena, ending):
    """Each replayed game keeps its whole history; a finished one is never played again."""
    game, where = await challenge_and_accept(arena, "rugen")  # Alice (White) to move
    line = "a2-a4 e6-e5 f2-f3 e5-e4 h2-h3 e4-e3 a4-e4".split()  # White captures the eagle
    for move in line[:1] if ending != "move" else line:
        record = await arena.db.games.load_game(game.id)
        mover = player(
            arena, record, "white" if record.current_position.split()[1] == "w" else "black"
        )
        r = await mover.slash(where, "move", move=move)
        assert not r.ephemeral, r.response.content
        if move != line[-1]:
            assert arena.bot.games.cached_games == 1
    if ending in ("resign", "abort"):
        r = await arena.bob.slash(where, ending)
        assert not r.ephemeral, r.response.content
    elif ending == "draw":
        await arena.bob.slash(where, "draw")
        r = await arena.alice.slash(where, "draw")
        assert not r.ephemeral, r.response.content
    elif ending == "timeout":
        from bot.services.timeouts import finish_on_time

        record = await arena.db.games.load_game(game.id)
        assert await finish_on_time(arena.bot, record, 60.0)
    assert not (await arena.db.games.load_game(game.id)).is_active
    assert arena.bot.games.cached_games == 0
    r = await arena.carol.slash(where, "board")  # showing it does not bring it back
    assert arena.bot.games.cached_games == 0
