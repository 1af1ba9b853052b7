"""/abort: either player may call a game off before both sides have moved; no result, no
records; later it is refused with a pointer to /resign and /draw; a racing move wins or loses
cleanly (storage's ply check), also across two bot processes on one database file."""

from __future__ import annotations

import asyncio

import pytest

from bot.errors import message_for
from bot.services.games import GameService
from storage import Database

from .helpers import button_labels, challenge_and_accept, game_at, last_board


async def _records(arena):
    out = []
    for m in (arena.alice, arena.bob):
        p = await arena.db.players.get_player(m.id)
        out.append((p.games_played, p.wins, p.losses, p.draws))
    return out


@pytest.mark.parametrize("plies", [0, 1])
@pytest.mark.parametrize("who", ["white", "black"])
async def test_either_player_aborts_a_young_game(arena, plies, who):
    game, where = await challenge_and_accept(arena, "rugen")  # Alice White, Bob Black
    if plies:
        await arena.alice.slash(where, "move", move="a2-a3")
    before = await _records(arena)
    member = arena.alice if who == "white" else arena.bob
    r = await member.slash(where, "abort")
    assert not r.ephemeral, r.response.content
    assert f"<@{member.id}> aborted game #{game.id}" in r.response.content
    assert "Aborted" in r.response.content and "Draw" not in r.response.content
    record = await arena.db.games.load_game(game.id)
    assert (record.status, record.winner, record.reason) == ("finished", None, "aborted")
    assert record.ply == plies
    assert await _records(arena) == before  # aborted games never count
    assert await arena.db.players.leaderboard(arena.guild.id) == []
    final = last_board(where)
    # Analysis once there is a move to analyse
    analysis = ["Analysis"] if plies else []
    assert final.id == r.response.id and button_labels(final) == ["Rematch", *analysis]
    r = await arena.alice.slash(where, "move", move="b2-b3", game=str(game.id))
    assert r.ephemeral and "over" in r.response.content


async def test_abort_refused_once_both_sides_have_moved(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    await arena.alice.slash(where, "move", move="a2-a3")
    await arena.bob.slash(where, "move", move="a7-a6")
    for member in (arena.alice, arena.bob):
        r = await member.slash(where, "abort")
        assert r.ephemeral
        assert "can no longer be aborted" in r.response.content
        assert "/resign" in r.response.content and "/draw" in r.response.content
    record = await arena.db.games.load_game(game.id)
    assert record.is_active and record.ply == 2


async def test_non_player_cannot_abort(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    r = await arena.carol.slash(where, "abort")
    assert r.ephemeral and "not playing" in r.response.content
    r = await arena.carol.slash(arena.channel, "abort", game=f"#{game.id}")
    assert r.ephemeral and f"not playing in game #{game.id}" in r.response.content
    assert (await arena.db.games.load_game(game.id)).is_active


async def test_forced_pass_is_not_a_move_of_ones_own(arena):
    """White moves and Black is passed for (ply 2): Black has not moved, so either may abort."""
    record = await game_at(arena, "schadler:C7/8/8/8/8/8/8/Cc*C1Cc*C1 w hand=0,0")
    await arena.alice.slash(arena.channel, "move", move="a8-a7")
    assert (await arena.db.games.load_game(record.id)).ply == 2
    r = await arena.bob.slash(arena.channel, "abort")
    assert not r.ephemeral, r.response.content
    assert (await arena.db.games.load_game(record.id)).reason == "aborted"


@pytest.mark.parametrize("attempt", ["together", "reversed", "move lands first"])
async def test_abort_racing_a_move_from_another_process(arena, db_path, attempt):
    """A second bot process (its own service and connection) aborts while this one moves:
    exactly one of the two stands; the loser is told the game moved on. In the last case the
    abort was decided on the game as read before the move landed."""
    game, where = await challenge_and_accept(arena, "rugen")
    other_db = Database(db_path)
    await other_db.start()
    try:
        other = GameService(other_db, arena.bot.clock)
        record = await other.load(game.id)
        move = arena.bot.games.play_move(game.id, arena.alice.id, "a2-a3")
        abort = other.abort(record, arena.bob.id)
        if attempt == "move lands first":
            results = [await move, *await asyncio.gather(abort, return_exceptions=True)]
        else:
            calls = [move, abort] if attempt == "together" else [abort, move]
            results = await asyncio.gather(*calls, return_exceptions=True)
    finally:
        await other_db.stop()
    errors = [r for r in results if isinstance(r, BaseException)]
    assert len(errors) == 1, results
    text = message_for(errors[0])
    assert text is not None and ("moved on" in text or "over" in text), text
    record = await arena.db.games.load_game(game.id)
    moves = await arena.db.games.game_moves(game.id)
    if record.is_active:
        assert attempt == "move lands first" or "over" not in text
        assert record.ply == 1 and len(moves) == 1
    else:
        assert record.reason == "aborted" and record.ply == 0 and moves == []
    for m in (arena.alice, arena.bob):
        p = await arena.db.players.get_player(m.id)
        assert p.games_played == 0
