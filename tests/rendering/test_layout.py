"""Geometry: sizes, orientation, and where squares land, without rendering anything."""

from __future__ import annotations

import pytest

from rendering import DEFAULT_SQUARE, layout
from rules import Side, parse_square


def test_default_8x8_board_is_phone_friendly_size() -> None:
    lay = layout(8, 8)
    left, top, right, bottom = lay.board_rect
    assert 512 <= right - left <= 640
    assert right - left == bottom - top == 8 * DEFAULT_SQUARE
    width, height = lay.image_size
    assert width > right and height > bottom + lay.caption_height


@pytest.mark.parametrize("files,ranks", [(8, 8), (12, 8), (11, 8)])
def test_squares_tile_the_board_without_overlap(files: int, ranks: int) -> None:
    for view in Side:
        lay = layout(files, ranks, view)
        rects = {lay.square_rect(sq) for sq in lay.squares()}
        assert len(rects) == files * ranks
        left, top, right, bottom = lay.board_rect
        for x0, y0, x1, y1 in rects:
            assert left <= x0 < x1 <= right and top <= y0 < y1 <= bottom


def test_white_view_has_a1_bottom_left_and_black_view_flips_it() -> None:
    white = layout(8, 8, Side.WHITE)
    black = layout(8, 8, Side.BLACK)
    a1, h8 = parse_square("a1"), parse_square("h8")
    left, top, right, bottom = white.board_rect
    assert white.square_rect(a1)[0] == left and white.square_rect(a1)[3] == bottom
    assert white.square_rect(h8)[2] == right and white.square_rect(h8)[1] == top
    assert black.square_rect(a1)[2] == right and black.square_rect(a1)[1] == top
    assert black.square_rect(h8)[0] == left and black.square_rect(h8)[3] == bottom
    # labels follow the flip: leftmost column is file h, top row is rank 1
    assert black.file_at_column(0) == 7 and black.rank_at_row(0) == 0
    assert white.file_at_column(0) == 0 and white.rank_at_row(0) == 7


def test_wide_boards_flip_on_their_own_width() -> None:
    lay = layout(11, 8, Side.BLACK)
    k1 = parse_square("k1")
    assert lay.square_rect(k1)[0] == lay.board_rect[0]


def test_layout_is_shared_and_rejects_nonsense() -> None:
    assert layout(8, 8) is layout(8, 8)
    with pytest.raises(ValueError):
        layout(0, 8)
    with pytest.raises(ValueError):
        layout(8, 8, Side.WHITE, 4)


def test_what_lies_under_the_board_takes_about_a_fifth_of_an_8x8_picture() -> None:
    """Tight caption rows: the board gets more of the picture (the caption and label band
    took 24 % of it before); the coordinates have a band of their own under the board and
    left of it (issue 32: inside the edge squares the pieces covered them)."""
    lay = layout(8, 8)
    _, height = lay.image_size
    # what lies under the board: the band below it and the caption (189 of 779 px before)
    assert (lay.label_band + lay.caption_height) / height < 0.21
    assert lay.label_band > lay.pad  # a band of its own for the labels
    assert layout(8, 8, edge_labels=False).label_band == lay.pad  # draughts: none
