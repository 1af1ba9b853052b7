"""Geometry of the backgammon picture: where points, checkers, bar, trays, dice and cube go.

Pure arithmetic with no Pillow inside, so tests can ask where a checker is drawn. By default
the board is seen with White at the bottom, as gnubg and eXtreme Gammon draw it: White's points
1–6 bottom right, 7–12 bottom left, 13–18 top left, 19–24 top right. Seen from Black's side
(``bottom=BLACK``) it is mirrored top to bottom, as those programs show it to the player of
Black: Black's points take White's places (Black's 1–6 bottom right, and so on, each of White's
points ``p`` drawn where White's ``25 - p`` is in White's view), and so do its bar, tray, dice
and cube; the columns and the text stay where they were. Left to right: the cube column (the
cube sits at its owner's end, centred when nobody owns it), the left field, the bar, the right
field, the borne-off trays (the top player's at the top, the bottom player's at the bottom,
beside their home boards). Everything scales from ``unit``, the width of one point.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

Rect = tuple[int, int, int, int]
Point = tuple[float, float]

#: Width of one point in pixels: the picture is then 700 px wide, about the chess board's width
#: plus the trays, so Discord scales it the same way on a phone.
DEFAULT_UNIT = 44
#: Checkers drawn on a point (and on each side of the bar) before the rest become a number.
STACK = 5
CHECKERS = 15

WHITE, BLACK = 0, 1


@dataclass(frozen=True)
class BackgammonLayout:
    """Pixel geometry of the backgammon picture at one ``unit`` (point width).

    The sizes are cached properties (no ``slots``): a picture asks for them a few hundred
    times, and recomputing the chain of rectangles each time cost ~5 ms a picture.
    """

    unit: int = DEFAULT_UNIT
    #: True: the label bands also carry the sheet's 1…12 / 1A…12A in small print.
    sheet_labels: bool = False
    #: The side seen at the bottom (``WHITE`` or ``BLACK``), whose home board is bottom right.
    bottom: int = WHITE

    def _low(self, side: int) -> bool:
        """Is ``side`` the player at the bottom of the picture?"""
        return side == self.bottom

    # ----- sizes -------------------------------------------------------------------------

    @cached_property
    def checker(self) -> int:
        """A checker's diameter: a little narrower than a point, so neighbours do not touch."""
        return round(self.unit * 0.94)

    @cached_property
    def pad(self) -> int:
        return round(self.unit * 0.3)

    @cached_property
    def frame(self) -> int:
        return max(2, round(self.unit * 0.22))

    @cached_property
    def side_column(self) -> int:
        """Width of the cube column (left) and of the trays (right)."""
        return round(self.unit * 1.15)

    @cached_property
    def label_band(self) -> int:
        return round(self.unit * (0.85 if self.sheet_labels else 0.55))

    @cached_property
    def gap(self) -> int:
        """Height of the middle strip between the top and bottom points (dice, offered cube)."""
        return round(self.unit * 1.7)

    @cached_property
    def half(self) -> int:
        """Height of one half of the field: five checkers."""
        return STACK * self.checker

    @cached_property
    def text_unit(self) -> float:
        """What caption text is measured in (a chess square at the same on-screen scale)."""
        return self.unit * 1.85

    @cached_property
    def caption_row(self) -> int:
        return round(self.text_unit * 0.6)

    @cached_property
    def caption_height(self) -> int:
        return 3 * self.caption_row + 2 * self.pad

    # ----- rectangles ----------------------------------------------------------------------

    @cached_property
    def board_rect(self) -> Rect:
        """The wooden box: cube column, fields, bar and trays (right/bottom exclusive)."""
        left = self.pad
        top = self.pad + self.label_band
        right = left + 2 * self.side_column + 13 * self.unit
        bottom = top + 2 * self.frame + 2 * self.half + self.gap
        return (left, top, right, bottom)

    @cached_property
    def field_top(self) -> int:
        return self.board_rect[1] + self.frame

    @cached_property
    def field_bottom(self) -> int:
        return self.board_rect[3] - self.frame

    @cached_property
    def middle(self) -> float:
        return (self.field_top + self.field_bottom) / 2

    @cached_property
    def left_field(self) -> Rect:
        x = self.pad + self.side_column
        return (x, self.field_top, x + 6 * self.unit, self.field_bottom)

    @cached_property
    def bar_rect(self) -> Rect:
        x = self.left_field[2]
        return (x, self.field_top, x + self.unit, self.field_bottom)

    @cached_property
    def right_field(self) -> Rect:
        x = self.bar_rect[2]
        return (x, self.field_top, x + 6 * self.unit, self.field_bottom)

    @cached_property
    def cube_column(self) -> Rect:
        left = self.pad
        return (left, self.field_top, left + self.side_column, self.field_bottom)

    @cached_property
    def tray_column(self) -> Rect:
        left = self.right_field[2]
        return (left, self.field_top, left + self.side_column, self.field_bottom)

    def tray_rect(self, side: int) -> Rect:
        """The borne-off tray of ``side``: the bottom player's at the bottom (White's in
        White's view), the other's at the top."""
        x0, _, x1, _ = self.tray_column
        inset = self.frame
        if self._low(side):
            return (x0 + inset, self.field_bottom - self.half, x1 - inset, self.field_bottom)
        return (x0 + inset, self.field_top, x1 - inset, self.field_top + self.half)

    @cached_property
    def caption_rect(self) -> Rect:
        top = self.board_rect[3] + self.label_band
        return (0, top, self.image_size[0], top + self.caption_height)

    @cached_property
    def image_size(self) -> tuple[int, int]:
        _, _, right, bottom = self.board_rect
        return (right + self.pad, bottom + self.label_band + self.caption_height)

    # ----- points and checkers -------------------------------------------------------------

    def column(self, point: int) -> int:
        """Screen column (0–11 from the left) of White's ``point`` (the same from either side:
        White's ``p`` and ``25 - p`` face each other)."""
        if not 1 <= point <= 24:
            raise ValueError(f"{point!r} is not a point (1 to 24)")
        return 12 - point if point <= 12 else point - 13

    def is_top(self, point: int) -> bool:
        """Is White's ``point`` in the top half (White's 13–24 in White's view, 1–12 in
        Black's)?"""
        return (point >= 13) is (self.bottom == WHITE)

    def point_rect(self, point: int) -> Rect:
        """The triangle's box of White's ``point``: base on the frame, tip toward the middle."""
        col = self.column(point)
        field = self.left_field if col < 6 else self.right_field
        x0 = field[0] + (col % 6) * self.unit
        if self.is_top(point):
            return (x0, self.field_top, x0 + self.unit, self.field_top + self.half)
        return (x0, self.field_bottom - self.half, x0 + self.unit, self.field_bottom)

    def checker_centre(self, point: int, index: int) -> Point:
        """Centre of the ``index``-th checker (0 at the base) on White's ``point``."""
        x0, _, x1, _ = self.point_rect(point)
        slot = min(index, STACK - 1)
        d = self.checker
        if self.is_top(point):
            y = self.field_top + d / 2 + slot * d
        else:
            y = self.field_bottom - d / 2 - slot * d
        return ((x0 + x1) / 2, y)

    def bar_centre(self, side: int, index: int) -> Point:
        """Centre of ``side``'s ``index``-th checker on the bar, stacked from the middle out.

        The bottom player's wait in the top half, next to the home board they enter (the top
        player's, top right); the top player's in the bottom half.
        """
        x0, _, x1, _ = self.bar_rect
        slot = min(index, STACK - 1)
        d = self.checker
        if self._low(side):
            y = self.field_top + self.half - d / 2 - slot * d
        else:
            y = self.field_bottom - self.half + d / 2 + slot * d
        return ((x0 + x1) / 2, y)

    @cached_property
    def slab(self) -> float:
        """Height of one borne-off checker in a tray (seen edge on): 15 fill the tray."""
        return self.half / CHECKERS

    def slab_rect(self, side: int, index: int) -> tuple[float, float, float, float]:
        """The ``index``-th borne-off checker of ``side`` (0 at the tray's outer end)."""
        x0, y0, x1, y1 = self.tray_rect(side)
        if self._low(side):
            return (x0, y1 - (index + 1) * self.slab, x1, y1 - index * self.slab)
        return (x0, y0 + index * self.slab, x1, y0 + (index + 1) * self.slab)

    def tray_count_centre(self, side: int) -> Point:
        """Where the count of ``side``'s borne-off checkers is written: in the middle strip
        of the tray column, on its owner's half."""
        x0, _, x1, _ = self.tray_column
        offset = self.gap * 0.22
        return ((x0 + x1) / 2, self.middle + (offset if self._low(side) else -offset))

    # ----- dice and cube -------------------------------------------------------------------

    @cached_property
    def die(self) -> int:
        return round(self.unit * 0.8)

    def dice_centres(self, side: int) -> tuple[Point, Point]:
        """The two dice of ``side``, in the middle of its half: the bottom player's right, the
        top player's left."""
        field = self.right_field if self._low(side) else self.left_field
        cx = (field[0] + field[2]) / 2
        step = self.die * 0.65
        return ((cx - step, self.middle), (cx + step, self.middle))

    @cached_property
    def cube(self) -> int:
        return round(self.unit * 0.86)

    def cube_centre(self, owner: int | None, offered_by: int | None = None) -> Point:
        """The cube: in its column, at the owner's end (the bottom player's low, the other's
        high) or in the middle when centred; an offered cube stands in the middle of the
        doubler's half."""
        if offered_by is not None:
            field = self.right_field if self._low(offered_by) else self.left_field
            return ((field[0] + field[2]) / 2, self.middle)
        x0, y0, x1, y1 = self.cube_column
        cx = (x0 + x1) / 2
        margin = self.frame + self.cube / 2
        if owner is None:
            return (cx, self.middle)
        return (cx, y1 - margin) if self._low(owner) else (cx, y0 + margin)

    def label_centre(self, column: int, top: bool) -> Point:
        """The middle of the label band above (``top``) or below screen ``column``."""
        field = self.left_field if column < 6 else self.right_field
        x = field[0] + (column % 6) * self.unit + self.unit / 2
        band = self.label_band
        y = self.board_rect[1] - band / 2 if top else self.board_rect[3] + band / 2
        return (x, y)


@cache
def backgammon_layout(
    unit: int = DEFAULT_UNIT, sheet_labels: bool = False, bottom: int = WHITE
) -> BackgammonLayout:
    """The (shared) layout at ``unit`` px per point, ``bottom``'s side at the bottom."""
    if unit < 16:
        raise ValueError(f"point width {unit} px is too small to draw checkers")
    if bottom not in (WHITE, BLACK):
        raise ValueError(f"the side at the bottom is WHITE (0) or BLACK (1), not {bottom!r}")
    return BackgammonLayout(unit, sheet_labels, bottom)
