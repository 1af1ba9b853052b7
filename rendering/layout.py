"""Geometry of a board picture: where each square, label band and the caption go.

Pure arithmetic with no Pillow inside, so tests (and the bot, e.g. for click maps) can ask where a
square is drawn without rendering anything. Everything scales from the square size, which keeps
text and pieces in proportion on every board size.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rules import Side, Square
from rules.geometry import make_square, square_file, square_rank

#: Square edge in pixels at the default size: 8×8 gives a 576 px board, which Discord shows at
#: full width on desktop and scales to about 60 % on phones; labels and text are sized for that.
DEFAULT_SQUARE = 72

Rect = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Layout:
    """Pixel geometry of one board size, view and square size.

    ``files`` × ``ranks`` is the board size; ``view`` is the side shown at the bottom.
    The picture is, top to bottom: a thin margin, the board (its rank numbers in a band
    left of it), the band of its file letters (a thin margin without labels), then the
    caption strip.
    """

    files: int
    ranks: int
    view: Side = Side.WHITE
    square: int = DEFAULT_SQUARE
    #: False for boards without file letters and rank numbers (draughts numbers its squares
    #: inside them instead).
    edge_labels: bool = True

    # ----- bands -------------------------------------------------------------------------

    @property
    def text_unit(self) -> float:
        """The size text is measured in: a square on 8-file boards, more on wider ones.

        Discord fits a picture to the width of the screen, so an 11- or 12-file board is shown
        smaller than an 8-file one; its labels and caption grow to stay as readable.
        """
        return self.square * max(1.0, self.files / 8)

    @property
    def label_size(self) -> int:
        """The coordinates' font size: ~22 % of the text unit, about 9 px after a phone scales
        an 8×8 picture down (as lichess's)."""
        return max(9, round(self.text_unit * 0.22))

    @property
    def label_band(self) -> int:
        """Width of the margin left of the board and height of the one below it: the band
        of the rank numbers and the one of the file letters (a layout without
        ``edge_labels`` gets the thin margin of the other sides).

        The coordinates were drawn inside the edge squares' corners, as on lichess, but the
        pieces fill the squares (Latrunculi's discs, LAT's wings, the chess men) and covered
        them, the more so on an 11- or 12-file board, whose labels grow with the text unit
        to stay readable once Discord shrinks the picture: in bands of their own, no piece
        covers them on any board size."""
        if self.edge_labels:
            # the labels and a frame's width counted in the text unit, not in squares: a small
            # grid drawn with large squares is as wide as a chess board
            return max(self.pad, round(self.label_size * 1.3 + self.text_unit / 24))
        return self.pad

    @property
    def pad(self) -> int:
        """Margin above and to the right of the board."""
        return round(self.square * 0.2)

    @property
    def frame_width(self) -> int:
        return max(2, round(self.square / 24))

    @property
    def caption_height(self) -> int:
        """Height of the caption strip: a status line and one row per player, with half a
        margin above, between and below them (about 17 % of an 8×8 picture)."""
        return 3 * self.caption_row + 3 * (self.pad // 2)

    @property
    def caption_row(self) -> int:
        return round(self.text_unit * 0.5)

    @property
    def board_rect(self) -> Rect:
        """The squares' area, (left, top, right, bottom) with right/bottom exclusive."""
        left = self.label_band
        top = self.pad
        return (left, top, left + self.files * self.square, top + self.ranks * self.square)

    @property
    def caption_rect(self) -> Rect:
        _, _, _, bottom = self.board_rect
        top = bottom + self.label_band
        return (0, top, self.image_size[0], top + self.caption_height)

    @property
    def image_size(self) -> tuple[int, int]:
        """(width, height) of the whole picture."""
        width = self.label_band + self.files * self.square + self.pad
        height = self.pad + self.ranks * self.square + self.label_band + self.caption_height
        return (width, height)

    # ----- squares -----------------------------------------------------------------------

    def cell(self, square: Square) -> tuple[int, int]:
        """(column, row) of ``square`` on screen, counted from the top-left square."""
        file, rank = square_file(square), square_rank(square)
        if self.view is Side.WHITE:
            return file, self.ranks - 1 - rank
        return self.files - 1 - file, rank

    def square_rect(self, square: Square) -> Rect:
        """Pixel rectangle of ``square``: (left, top, right, bottom), right/bottom exclusive."""
        col, row = self.cell(square)
        left, top, _, _ = self.board_rect
        x = left + col * self.square
        y = top + row * self.square
        return (x, y, x + self.square, y + self.square)

    def square_center(self, square: Square) -> tuple[int, int]:
        """Pixel at the middle of ``square`` (where tests sample a piece's colour)."""
        x0, y0, _, _ = self.square_rect(square)
        half = self.square // 2
        return (x0 + half, y0 + half)

    def file_at_column(self, col: int) -> int:
        """The board file drawn in screen column ``col`` (labels read left to right)."""
        return col if self.view is Side.WHITE else self.files - 1 - col

    def rank_at_row(self, row: int) -> int:
        """The board rank drawn in screen row ``row`` (0 is the top row)."""
        return self.ranks - 1 - row if self.view is Side.WHITE else row

    def squares(self) -> tuple[Square, ...]:
        """Every square of the board, rank by rank from a1."""
        return tuple(make_square(f, r) for r in range(self.ranks) for f in range(self.files))


@cache
def layout(
    files: int,
    ranks: int,
    view: Side = Side.WHITE,
    square: int = DEFAULT_SQUARE,
    edge_labels: bool = True,
) -> Layout:
    """The (shared) layout for a ``files`` × ``ranks`` board seen from ``view``."""
    if not (1 <= files <= 16 and 1 <= ranks <= 16):
        raise ValueError(f"unsupported board size {files}x{ranks}")
    if square < 16:
        raise ValueError(f"square size {square} px is too small to draw pieces")
    return Layout(files, ranks, view, square, edge_labels)
