"""One way of counting moves everywhere a player reads it: full moves, as players count them
(White's and Black's turn make one move), in the board's header, in its picture's caption, in
``/history`` and on the final board, with the right plural."""

from __future__ import annotations

from bot.pictures import taken_in_game
from bot.presenters import BoardView, presenter_for
from bot.services.announce import last_move
from bot.services.names import display_names

from .helpers import board_image, challenge_and_accept, last_board

RUGEN = "**Latrunculi (Rügen)**"


def header(message) -> str:
    return message.content.split("\n")[0]


async def picture_bytes(message) -> bytes:
    [att] = [a for a in message.attachments if a.filename == "board.png"]
    return await att.read()


async def caption_number(arena, game_id: int, png: bytes) -> int:
    """The move number the picture's caption shows: the one whose board, drawn by the game's
    presenter as the bot draws it, equals the picture."""
    record = await arena.db.games.load_game(game_id)
    names = await display_names(arena.db, record)
    last = await last_move(arena.db, record)
    presenter = presenter_for(record.game_kind)
    taken = await taken_in_game(arena.db, record)
    for n in range(1, record.ply + 3):
        board = BoardView(
            record.current_position, players=names, last=last, move_number=n, taken=taken
        )
        if png == presenter.picture(board):
            return n
    raise AssertionError("the caption shows no move number from 1 to ply + 2")


async def test_header_caption_and_history_count_full_moves(arena):
    alice, bob = arena.alice, arena.bob
    game, where = await challenge_and_accept(arena, "rugen")  # Alice White, moves first
    start = last_board(where)
    assert header(start) == f"**Game #{game.id}** · **Latrunculi (Rügen)** · move 1, White to play"
    await board_image(start)  # a real PNG
    assert await caption_number(arena, game.id, await picture_bytes(start)) == 1

    r = await alice.slash(where, "move", move="a2-a3")
    assert header(r.response) == f"**Game #{game.id}** · {RUGEN} · move 1, Black to play"
    assert await caption_number(arena, game.id, await r.response.attachments[0].read()) == 1
    r = await bob.slash(where, "move", move="a7-a6")
    assert header(r.response).endswith(" · move 2, White to play")
    assert await caption_number(arena, game.id, await r.response.attachments[0].read()) == 2
    r = await alice.slash(where, "move", move="a3-a4")
    assert header(r.response).endswith(" · move 2, Black to play")

    h = await bob.slash(where, "history")
    assert "in progress, move 2, Black to play" in h.response.content
    assert "1. a2-a3 a7-a6 2. a3-a4" in h.response.content

    r = await bob.slash(where, "resign")
    assert header(r.response) == f"**Game #{game.id}** · **Latrunculi (Rügen)** · 2 moves"


async def test_final_board_plurals(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    await arena.alice.slash(where, "move", move="a2-a3")
    r = await arena.bob.slash(where, "abort")
    assert header(r.response) == f"**Game #{game.id}** · **Latrunculi (Rügen)** · 1 move"

    game, where = await challenge_and_accept(arena, "classic")
    r = await arena.alice.slash(where, "abort")
    assert header(r.response) == f"**Game #{game.id}** · **Latrunculi (classic)** · no moves"
