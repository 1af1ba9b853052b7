"""A move (or a resignation, abort, agreed draw) that was stored stands even when Discord
refuses the board post afterwards (an HTTP 500): the player is told what stood and that the
board follows — never "something went wrong, try again" — and the catch-up posts the board."""

from __future__ import annotations

from typing import Any

import pytest

from bot.errors import APOLOGY
from bot.services.catchup import MARK, SETTLE_SECONDS

from .helpers import challenge_and_accept, play_by_button

FOLLOWS = "Discord refused to post the board just now; it will be posted in the game's channel"


def texts_seen_by(where: Any, member: Any) -> list[str]:
    return [m.content for m in where.history(viewer=member)]


def catch_ups(where: Any) -> list[Any]:
    return [m for m in where.history() if MARK in m.content and m.attachments]


def fail_board_post(arena: Any, path: str) -> None:
    """The next POST to ``path`` (a pattern) answers 500, as Discord sometimes does."""
    arena.env.inject_error("POST", path, status=500, message="Internal Server Error")


@pytest.mark.parametrize("how", ["/move in the thread", "/move elsewhere", "Move menu"])
async def test_a_move_whose_board_post_fails_is_told_as_played(arena, how):
    game, where = await challenge_and_accept(arena, "rugen")  # Alice (White) to move
    if how == "/move in the thread":
        fail_board_post(arena, "/webhooks/*")  # the reply to the deferred /move
        await arena.alice.slash(where, "move", move="a2-a3")
        told_in = where
    elif how == "/move elsewhere":
        fail_board_post(arena, f"/channels/{where.id}/messages")
        await arena.alice.slash(arena.channel, "move", move="a2-a3", game=f"#{game.id}")
        told_in = arena.channel
    else:
        fail_board_post(arena, f"/channels/{where.id}/messages")
        await play_by_button(arena, where, arena.alice, "a2-a3")
        told_in = where
    told = [t for t in texts_seen_by(told_in, arena.alice) if "a2-a3" in t]
    assert len(told) == 1, told
    assert f"Your move `a2-a3` in game #{game.id} was played and stands." in told[0]
    assert FOLLOWS in told[0]
    assert all(APOLOGY not in t for t in texts_seen_by(told_in, arena.alice))
    assert "thinking" not in " ".join(texts_seen_by(told_in, arena.alice)).lower()
    stored = await arena.db.games.load_game(game.id)
    assert (stored.ply, stored.needs_announcement) == (1, True)

    # a retry is refused consistently: the move was played
    r = await arena.alice.slash(where, "move", move="a2-a3")
    assert r.ephemeral and "not your turn" in r.response.content

    # the catch-up posts the board, once, asking Bob to move
    await arena.env.advance_time(SETTLE_SECONDS + 60)
    [caught] = catch_ups(where)
    assert "moved `a2-a3` — its board could not be posted at the time." in caught.content
    assert f"<@{arena.bob.id}>, your move (Black)" in caught.content
    await arena.env.advance_time(180)
    assert len(catch_ups(where)) == 1
    assert not (await arena.db.games.load_game(game.id)).needs_announcement


@pytest.mark.parametrize("how", ["resign", "abort", "/draw accepts", "draw button accepts"])
async def test_an_end_whose_board_post_fails_is_told_as_done(arena, how):
    game, where = await challenge_and_accept(arena, "rugen")  # Alice (White) to move
    stood = {
        "resign": f"You resigned game #{game.id}.",
        "abort": f"You aborted game #{game.id}.",
        "/draw accepts": f"You accepted the draw: game #{game.id} is drawn by agreement.",
        "draw button accepts": f"Game #{game.id} is drawn by agreement.",
    }[how]
    if how == "draw button accepts":
        offer = await arena.alice.slash(where, "draw")
        fail_board_post(arena, "/webhooks/*")  # the board follows the offer's edit
        await arena.bob.click(offer.response, label="Accept draw")
    else:
        if how == "/draw accepts":
            await arena.alice.slash(where, "draw")
        fail_board_post(arena, "/interactions/*/callback")  # the board is the reply
        command = {"resign": "resign", "abort": "abort", "/draw accepts": "draw"}[how]
        await arena.bob.slash(where, command)
    told = [t for t in texts_seen_by(where, arena.bob) if stood in t]
    assert len(told) == 1, texts_seen_by(where, arena.bob)
    assert FOLLOWS in told[0]
    assert all(APOLOGY not in t for t in texts_seen_by(where, arena.bob))
    stored = await arena.db.games.load_game(game.id)
    assert not stored.is_active and stored.needs_announcement

    await arena.env.advance_time(SETTLE_SECONDS + 60)
    [caught] = catch_ups(where)
    assert f"game #{game.id} ended — its board could not be posted at the time." in caught.content
    assert f"**Game #{game.id} is over.**" in caught.content
