"""Both players are told a game ended — by a winning move, a resignation, an agreed draw or an
abort, as already by a timeout — with one ping each, on the final board (the loser above all,
who may not be watching the thread). Exactly once: nothing after it pings them again, and a
final board caught up after a crash pings them once too."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import challenge_and_accept, last_board
from .test_bot_catchup import crashes, fail_next_post, restart
from .test_bot_mentions import Sent

MIN = 60
LAT_WIN = [("alice", "e1-e7"), ("bob", "a8-a7"), ("alice", "g1-g7"), ("bob", "k8-k7")]
"""Then Alice's f2-f6 shuts in Black's queen on f7: White wins."""


def both(arena: Any) -> list[int]:
    return sorted([arena.alice.id, arena.bob.id])


def told_once(arena: Any, pings: list[list[int]], final: Any) -> None:
    """Exactly one message pinged both players, and it is the final board with the result."""
    assert [sorted(p) for p in pings if len(p) == 2] == [both(arena)], pings
    assert "**Game #" in final.content and "is over.**" in final.content
    assert f"<@{arena.alice.id}>" in final.content and f"<@{arena.bob.id}>" in final.content


async def test_a_winning_move_tells_both_players(arena):
    game, where = await challenge_and_accept(arena, "lat")  # Alice White, Bob Black
    for who, move in LAT_WIN:
        await getattr(arena, who).slash(where, "move", move=move)
    sent = Sent(arena.env)
    r = await arena.alice.slash(where, "move", move="f2-f6")
    assert "wins" in r.response.content
    pings = sent.pinged()
    told_once(arena, pings, last_board(where))
    assert all(p in ([], both(arena)) for p in map(sorted, pings)), pings


async def test_a_resignation_from_the_channel_tells_both_players(arena):
    game, thread = await challenge_and_accept(arena, "rugen")
    sent = Sent(arena.env)
    r = await arena.bob.slash(arena.channel, "resign")  # outside the game's thread
    assert r.ephemeral
    told_once(arena, sent.pinged(), last_board(thread))
    assert "resigned" in last_board(thread).content


@pytest.mark.parametrize("how", ["button", "command"])
async def test_an_accepted_draw_tells_both_players(arena, how):
    game, where = await challenge_and_accept(arena, "classic")
    offer = await arena.alice.slash(where, "draw")
    sent = Sent(arena.env)
    if how == "button":
        await arena.bob.click(offer.response, label="Accept draw")
    else:
        await arena.bob.slash(where, "draw")
    final = last_board(where)
    assert "Draw" in final.content
    told_once(arena, sent.pinged(), final)


async def test_an_abort_tells_both_players(arena):
    game, where = await challenge_and_accept(arena, "schadler")
    sent = Sent(arena.env)
    await arena.bob.slash(where, "abort")
    told_once(arena, sent.pinged(), last_board(where))


async def test_a_finished_board_shown_later_pings_nobody(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    await arena.bob.slash(where, "resign")
    sent = Sent(arena.env)
    await arena.carol.slash(where, "board", game=str(game.id))
    await arena.alice.slash(where, "history", game=str(game.id))
    assert all(p == [] for p in sent.pinged())


@pytest.mark.simcord(check_errors=False)
async def test_a_lost_resignation_is_told_to_both_once_after_a_restart(
    arena, bot_factory, monkeypatch
):
    game, where = await challenge_and_accept(arena, "rugen")
    fail_next_post(monkeypatch, "bot.exts.game_end")
    sent = Sent(arena.env)
    await arena.bob.slash(where, "resign")
    assert crashes(arena.env)
    assert not [p for p in sent.pinged() if p]  # nobody was told yet
    await restart(arena, bot_factory)
    await arena.env.advance_time(MIN)
    told_once(arena, sent.pinged(), last_board(where))
    await restart(arena, bot_factory)
    await arena.env.advance_time(3 * MIN)
    assert not [p for p in sent.pinged() if p]  # not again
