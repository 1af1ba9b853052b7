"""The ways a chess or draughts game ends outside the board, as for Latrunculi: on time, by
abort within the window, by an agreed draw; and a draughts rematch."""

from __future__ import annotations

import pytest

from .helpers import button_labels, challenge_and_accept, last_board, rematch_challenge

MIN = 60


@pytest.mark.bot_settings(move_timeout_hours=0.25)
async def test_draughts_black_to_move_runs_out_of_time(arena):
    game, where = await challenge_and_accept(arena, "draughts")  # Alice White, Bob Black
    await arena.env.advance_time(15 * MIN + MIN)
    record = await arena.db.games.load_game(game.id)
    assert (record.status, record.winner, record.reason) == ("finished", "white", "timeout")
    final = last_board(where)
    assert f"⏰ Time is up: <@{arena.bob.id}> did not move" in final.content
    assert "**English draughts**" in final.content and "ran out of time" in final.content


async def test_chess_abort_only_before_both_sides_moved(arena):
    game, where = await challenge_and_accept(arena, "chess")
    await arena.alice.slash(where, "move", move="e4")
    await arena.bob.slash(where, "move", move="e5")
    r = await arena.alice.slash(where, "abort")
    assert r.ephemeral and "both sides have moved" in r.response.content
    other, where2 = await challenge_and_accept(arena, "chess")
    await arena.alice.slash(where2, "move", move="d4")
    r = await arena.bob.slash(where2, "abort")
    assert not r.ephemeral, r.response.content
    record = await arena.db.games.load_game(other.id)
    assert record.reason == "aborted"


async def test_chess_draw_by_agreement(arena):
    game, where = await challenge_and_accept(arena, "chess")
    await arena.alice.slash(where, "move", move="e4")
    await arena.alice.slash(where, "draw")
    r = await arena.bob.slash(where, "draw")
    assert not r.ephemeral and "**Draw** by agreement." in r.response.content
    record = await arena.db.games.load_game(game.id)
    assert (record.winner, record.reason) == (None, "agreement")


async def test_draughts_rematch_swaps_colours(arena):
    game, where = await challenge_and_accept(arena, "draughts")
    await arena.bob.slash(where, "resign")
    final = last_board(where)
    assert "(White) wins**: " in final.content and "resigned" in final.content
    assert button_labels(final) == ["Rematch"]  # no move: nothing to analyse
    r = await arena.alice.click(final, label="Rematch")
    assert "a rematch" in r.response.content
    await arena.bob.click(rematch_challenge(arena.channel), label="Accept")
    [again] = await arena.db.games.active_games(user_id=arena.alice.id)
    assert again.game_kind == "draughts" and again.white_id == arena.bob.id
    assert again.current_position.startswith("draughts:B:W21,")


async def test_a_lost_chess_board_is_caught_up_in_chess_words(arena):
    """Moves committed without their boards (stored through the one move path, never posted)
    are told by the sweep's catch-up as the presenter words them."""
    from bot.services.catchup import MARK, SETTLE_SECONDS

    game, where = await challenge_and_accept(arena, "chess")
    svc = arena.bot.games
    for user, move in [(arena.alice, "e4"), (arena.bob, "d5"), (arena.alice, "exd5")]:
        await svc.play_move(game.id, user.id, move)
    await arena.env.advance_time(SETTLE_SECONDS + 2 * MIN)
    [caught] = [m for m in where.history() if MARK in m.content]
    assert "(White) played `e4`" in caught.content
    assert "(White) played `exd5` and took the pawn on d5" in caught.content
    assert f"<@{arena.bob.id}>, your move (Black)" in caught.content
    record = await arena.db.games.load_game(game.id)
    assert record.announced_ply == 3
