"""Memory that must not grow with the number of messages: discord.py's stored views."""

from __future__ import annotations

import gc

import discord

from bot.buttons import stored_views

from .helpers import challenge_and_accept, player, rules_game


def live_views() -> int:
    gc.collect()
    return sum(isinstance(o, discord.ui.View) for o in gc.get_objects())


async def test_stored_views_stay_flat_over_thirty_moves(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    stored, live = [], []
    for _ in range(30):
        record = await arena.db.games.load_game(game.id)
        assert record.is_active
        rules = await rules_game(arena, game.id)
        move = next(str(m) for m in rules.legal_moves() if not str(m).startswith("x"))
        r = await player(arena, record, rules.turn.value).slash(where, "move", move=move)
        assert not r.ephemeral, r.response.content
        stored.append(stored_views(arena.bot))
        live.append(live_views())
    # every board carries a Move button, and none of them costs a stored View
    assert stored == [0] * 30
    assert live[-1] <= live[0], live
