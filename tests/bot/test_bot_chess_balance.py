"""Chess captions show the material balance (issue 32): "+N" at the end of the row of the
player who is ahead, counted from the pieces each has taken; nothing in the other's row.
Checked on the decoded picture the bot posts."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from bot.presenters import BoardView, presenter_for
from rendering import Caption, layout
from rendering.caption import row_box
from rendering.chess import compose_chess, material_balance, placement_pieces
from rendering.render import encode_png
from rules import Side

#: A middle game board (after 1. e4 d5 2. exd5 Nf6 3. Nc3 Nxd5 4. Nxd5); what each side took
#: is given to each picture.
FEN = "chess:rnbqkb1r/ppp1pppp/8/3N4/8/8/PPPP1PPP/R1BQKBNR b KQkq - 0 4"


def test_the_balance_counts_pawn_1_knight_and_bishop_3_rook_5_queen_9() -> None:
    assert material_balance(("n", "P")) == ("+2", "")
    assert material_balance(("p", "NB")) == ("", "+5")
    assert material_balance(("rq", "RQ")) == ("", "")
    assert material_balance(("", "")) == ("", "")
    assert material_balance(("pb", "N")) == ("+1", "")
    assert material_balance(("", "q"), rtl=True) == ("", "\u200e+9")  # not "9+" in Arabic


def _picture(taken: tuple[str, str]) -> Image.Image:
    board = BoardView(FEN, {"white": "Alice", "black": "Bob"}, language="en", taken=taken)
    return Image.open(io.BytesIO(presenter_for("chess").picture(board))).convert("RGB")


def _encoded(img: Image.Image) -> Image.Image:
    """``img`` as the bot posts it: reduced to its palette, a PNG, decoded."""
    return Image.open(io.BytesIO(encode_png(img))).convert("RGB")


def test_white_ahead_by_two_shows_plus_two_at_the_end_of_whites_row_only() -> None:
    lay = layout(8, 8, Side.WHITE)
    img = _picture(("n", "P"))
    # the same caption drawn without the balance: only White's row (the lower one) differs,
    # and there at its right end, where the "+2" is drawn after the taken pieces
    pieces = placement_pieces(FEN.split()[0].removeprefix("chess:"))
    caption = Caption(players=("Alice", "Bob"), title="Chess", taken=("n", "P"))
    plain = _encoded(compose_chess(pieces, to_move="black", caption=caption))
    diff = ImageChops.difference(img, plain).convert("L").point(lambda v: 255 if v > 40 else 0)
    black_row, white_row = row_box(lay, 0), row_box(lay, 1)
    assert diff.crop(black_row).getbbox() is None
    found = diff.crop(white_row).getbbox()
    assert found is not None
    left, _, right, _ = white_row
    assert found[2] > (right - left) - 40  # ink up to the row's end: the "+2"
    # the "+2" itself: muted ink in the last 40 px of White's row, none in Black's
    strip = img.crop((right - 40, white_row[1], right, white_row[3])).convert("L")
    assert min(strip.get_flattened_data()) < 160  # type: ignore[type-var]
    # even material: no note anywhere
    even = _picture(("p", "p"))
    same = _encoded(
        compose_chess(
            pieces,
            to_move="black",
            caption=Caption(players=("Alice", "Bob"), title="Chess", taken=("p", "p")),
        )
    )
    assert ImageChops.difference(even, same).getbbox() is None
