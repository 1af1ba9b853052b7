"""Every board picture the bot posts carries alt text (its attachment's description): the game,
the last action in words, and whose turn it is or the result -- what a screen reader says and
a phone shows before the picture loads (issue 32, its first part)."""

from __future__ import annotations

import pytest

from bot.i18n import translate

from .helpers import challenge_and_accept, last_board
from .test_bot_boards_language import set_server_language


def _alt(message) -> str:
    [picture] = [a for a in message.attachments if a.filename.endswith(".png")]
    assert picture.description, "a board picture without alt text"
    assert len(picture.description) <= 1024
    return str(picture.description)


async def test_a_chess_game_is_told_in_words_move_by_move_and_at_its_end(arena):
    game, where = await challenge_and_accept(arena, "chess")
    assert _alt(last_board(where)) == "Chess. Alice (White) to move."
    r = await arena.alice.slash(where, "move", move="e4")
    assert not r.ephemeral, r.response.content
    assert _alt(last_board(where)) == "Chess. Alice (White) played e4. Bob (Black) to move."
    await arena.bob.slash(where, "move", move="d5")
    await arena.alice.slash(where, "move", move="exd5")
    said = _alt(last_board(where))
    assert "Alice (White) played exd5 and took the pawn on d5." in said, said
    await arena.bob.slash(where, "resign")
    said = _alt(last_board(where))
    assert said.startswith("Chess.") and "Alice (White) wins" in said, said


@pytest.mark.parametrize(
    "game_kind", ["rugen", "classic", "schadler", "lat", "draughts", "backgammon"]
)
async def test_every_games_first_board_has_alt_text(arena, game_kind):
    game, where = await challenge_and_accept(arena, game_kind)
    said = _alt(last_board(where))
    record = await arena.db.games.load_game(game.id)
    assert said.endswith(".") and ("to move" in said or "to play" in said), said
    assert record.is_active


async def test_alt_text_is_in_the_servers_language(arena):
    await set_server_language(arena, "ru")
    game, where = await challenge_and_accept(arena, "chess")
    await arena.alice.slash(where, "move", move="e4")
    said = _alt(last_board(where))
    assert said.startswith(translate("Chess", "ru") + ".")
    assert "to move" not in said and "played" not in said, said
    assert "e4" in said


async def test_the_replay_gif_says_where_the_game_ended(arena):
    game, where = await challenge_and_accept(arena, "chess")
    await arena.alice.slash(where, "move", move="e4")
    await arena.bob.slash(where, "resign")
    [gif] = [
        a
        for m in where.history()
        for a in m.attachments
        if a.filename == f"game-{game.id}-replay.gif"
    ]
    assert gif.description and gif.description.startswith("Chess. Alice (White) played e4.")
    assert "wins" in gif.description
