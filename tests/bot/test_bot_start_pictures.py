"""Issue 32: a grid game's ``/rules`` start picture marks the seat that moves first, as
backgammon's and ludo's do (chess and draughts did; the Latrunculi rule sets marked none under
their "Start position" caption)."""

from __future__ import annotations

import asyncio
import io

import pytest
from PIL import Image

from bot.pictures import start_picture
from bot.presenters import BoardView, presenter_for
from rendering import THEMES
from rendering.caption import row_box
from rules.games import find_game

ACCENT = THEMES["light"].accent


def _accent_share(img: Image.Image, box: tuple[int, int, int, int]) -> float:
    left, top, right, bottom = box
    pixels = [img.getpixel((x, y)) for x in range(left, right, 3) for y in range(top, bottom, 3)]
    return sum(1 for p in pixels if p == ACCENT) / len(pixels)


@pytest.mark.parametrize("game_id", ["classic", "rugen", "schadler", "lat", "chess", "draughts"])
def test_the_start_picture_marks_the_seat_that_moves_first(game_id: str) -> None:
    game = find_game(game_id)
    first = game.session(game.start()).to_move
    file = asyncio.run(start_picture(game))
    img = Image.open(io.BytesIO(file.fp.read())).convert("RGB")
    presenter = presenter_for(game_id)
    lay = presenter.board_layout(BoardView(game.start(), {}))
    assert lay is not None
    # the rows, top first: the seat at the top of the board (Black in White's view), then White
    top, bottom = ("black", "white") if lay.view.value == "white" else ("white", "black")
    shares = {seat: _accent_share(img, row_box(lay, i)) for i, seat in enumerate((top, bottom))}
    assert shares[first] > 0.3, shares
    assert shares[{"white": "black", "black": "white"}[first]] < 0.05, shares
