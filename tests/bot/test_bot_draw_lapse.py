"""A draw offer lasts until the next move. A ``/draw`` meant to accept an offer that has just
lapsed is told so — it never silently becomes a public offer — and the next ``/draw`` offers
deliberately. An offer's Accept / Decline buttons come off when it lapses, is accepted with
``/draw`` or the game ends."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import button_labels, challenge_and_accept, play_by_button
from .test_bot_races import first, other  # noqa: F401 - the second process's fixture


def current(where: Any, message_id: int) -> Any:
    [message] = [m for m in where.history() if m.id == message_id]
    return message


def offers(where: Any, by: Any = None) -> list[Any]:
    """Open draw offers (by ``by``) in ``where``."""
    text = f"<@{by.id}> offers a draw" if by is not None else "offers a draw"
    return [m for m in where.history() if text in m.content]


async def test_draw_after_the_offer_lapsed_is_told_and_the_next_draw_offers(arena):
    game, where = await challenge_and_accept(arena, "rugen")  # Alice (White) to move
    offer = await arena.alice.slash(where, "draw")
    assert button_labels(offer.response) == ["Accept draw", "Decline draw"]
    await arena.alice.slash(where, "move", move="a2-a3")  # her move makes her offer lapse
    closed = current(where, offer.response.id)
    assert button_labels(closed) == []
    assert f"<@{arena.alice.id}>'s draw offer in game #{game.id} lapsed" in closed.content

    r = await arena.bob.slash(where, "draw")  # Bob meant to accept
    assert r.ephemeral
    assert f"<@{arena.alice.id}>'s draw offer in game #{game.id} lapsed" in r.response.content
    assert "Nothing was accepted or offered" in r.response.content
    assert "Use `/draw` again to offer a draw yourself." in r.response.content
    stored = await arena.db.games.load_game(game.id)
    assert stored.is_active and stored.pending_draw_offer is None
    assert offers(where, arena.bob) == []  # Bob offered nothing

    r = await arena.bob.slash(where, "draw")  # now deliberately
    assert not r.ephemeral and f"<@{arena.bob.id}> offers a draw" in r.response.content
    assert (await arena.db.games.load_game(game.id)).pending_draw_offer == arena.bob.id


async def test_draw_racing_the_move_that_lapses_the_offer_is_told(
    arena, other, monkeypatch  # noqa: F811
):
    """Bob's /draw read Alice's offer as pending; her move (in another bot process) lands
    before his acceptance is stored."""
    game, where = await challenge_and_accept(arena, "rugen")
    offer = await arena.alice.slash(where, "draw")

    async def alice_moves() -> None:
        await other.play_move(game.id, arena.alice.id, "a2-a3")

    first(monkeypatch, arena.db.games, "accept_draw", alice_moves)
    r = await arena.bob.slash(where, "draw")
    assert r.ephemeral and "draw offer" in r.response.content and "lapsed" in r.response.content
    assert "Use `/draw` again" in r.response.content
    stored = await arena.db.games.load_game(game.id)
    assert stored.is_active and stored.ply == 1 and stored.pending_draw_offer is None
    assert button_labels(current(where, offer.response.id)) == []
    assert offers(where, arena.bob) == []


async def test_an_offer_accepted_with_the_command_loses_its_buttons(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    offer = await arena.alice.slash(where, "draw")
    r = await arena.bob.slash(where, "draw")
    assert not r.ephemeral and "accepted the draw offer" in r.response.content
    closed = current(where, offer.response.id)
    assert button_labels(closed) == []
    assert "accepted" in closed.content and "`/draw`" in closed.content


@pytest.mark.parametrize("how", ["Move menu", "resign", "abort"])
async def test_an_offer_ended_otherwise_loses_its_buttons(arena, how):
    game, where = await challenge_and_accept(arena, "rugen")
    offer = await arena.bob.slash(where, "draw")  # offered while Alice is to move
    if how == "Move menu":
        await play_by_button(arena, where, arena.alice, "a2-a3")
    else:
        await arena.alice.slash(where, how)
    closed = current(where, offer.response.id)
    assert button_labels(closed) == []
    assert "lapsed" in closed.content


async def test_offers_made_on_another_channel_are_closed_too(arena):
    """The offer is posted in the game's thread; the command came from the channel."""
    game, where = await challenge_and_accept(arena, "rugen")
    r = await arena.alice.slash(arena.channel, "draw", game=f"#{game.id}")
    assert r.ephemeral  # the note with the link; the offer is in the thread
    [offer] = offers(where)
    assert button_labels(offer) == ["Accept draw", "Decline draw"]
    await arena.alice.slash(where, "move", move="a2-a3")
    assert button_labels(current(where, offer.id)) == []


@pytest.mark.bot_settings(move_timeout_hours=0.25)
async def test_an_offer_pending_when_time_runs_out_loses_its_buttons(arena):
    game, where = await challenge_and_accept(arena, "rugen")  # Alice (White) to move
    offer = await arena.bob.slash(where, "draw")
    await arena.env.advance_time(16 * 60)  # Alice does not move within 15 minutes
    stored = await arena.db.games.load_game(game.id)
    assert (stored.status, stored.reason) == ("finished", "timeout")
    closed = current(where, offer.response.id)
    assert button_labels(closed) == [] and "lapsed: the game is over" in closed.content
