"""Helpers for the ludo bot tests: open a table, seat players, play turns by button or /move."""

from __future__ import annotations

import random
from typing import Any

from rules.games import find_game
from rules.games.ludo import LudoSession

from .helpers import last_board


async def start_table(arena: Any, members: list[Any], seed: int) -> tuple[Any, Any]:
    """``members[0]`` opens a ludo table, the others join in order; the host starts it unless
    four sat down (then it started by itself). Returns (game record, its thread)."""
    arena.bot.games.dice = random.Random(seed)
    host = members[0]
    r = await host.slash(arena.channel, "challenge", variant="ludo")
    assert not r.ephemeral, r.response.content
    table = r.response
    for member in members[1:]:
        c = await member.click(table, label="Join")
        assert not c.ephemeral, c.response.content
    if len(members) < 4:
        table = next(m for m in arena.channel.history() if m.id == table.id)
        c = await host.click(table, label="Start")
        assert not c.ephemeral, c.response.content
    games = await arena.db.games.active_games(user_id=host.id)
    game = max(games, key=lambda g: g.id)
    [thread] = [t for t in arena.channel.threads if t.id == game.thread_id]
    return game, thread


async def session_of(arena: Any, game_id: int) -> tuple[Any, LudoSession]:
    record = await arena.db.games.load_game(game_id)
    session = find_game("ludo").session(record.current_position)
    assert isinstance(session, LudoSession)
    return record, session


def furthest(session: LudoSession) -> str:
    """The move of the most advanced token (games end sooner than with random moves)."""
    moves = [m.move for m in session.legal_moves() if m.move is not None]
    assert moves, "no token can move"
    best = max(moves, key=lambda m: (m.dst == 44, m.src, m.dst))
    return str(best)


async def play_turn(
    arena: Any, thread: Any, game_id: int, members: dict[int, Any], how: str
) -> Any:
    """The player to move plays :func:`furthest` by its token button or by ``/move``."""
    from bot.presenters.ludo import token_label

    record, session = await session_of(arena, game_id)
    member = members[record.player_at(session.to_move)]
    move = furthest(session)
    if how == "button":
        board = last_board(thread)
        [action] = [m.move for m in session.legal_moves() if str(m.move) == move]
        assert action is not None
        r = await member.click(board, label=token_label(action))
        assert r.ephemeral and "You played" in r.response.content, r.response.content
    else:
        r = await member.slash(thread, "move", move=move)
        assert not r.ephemeral, r.response.content
    return r
