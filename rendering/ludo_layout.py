"""Geometry of the ludo picture: the 11×11 cross board, its track, bases, home lines, finish.

Pure arithmetic, so tests can ask where a token is drawn. Red's quarter is laid out once —
its base in the top-left corner, its start field at the left end of the left arm's upper row,
its home line along the left arm's middle row — and the other colours' quarters are red's
turned clockwise about the centre, 90° per colour (blue top right, yellow bottom right, green
bottom left), so the 40-field track runs clockwise as the rules count it (red's start is
field 0, blue's 10, yellow's 20, green's 30).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

Rect = tuple[int, int, int, int]
Point = tuple[float, float]
Cell = tuple[int, int]

#: Colour letters clockwise from red (the rules' order).
COLOURS = "RBYG"
GRID = 11
TRACK = 40
HOME = 40  # progress 40–43: the home line
FINISH = 44
BASE = -1
#: Edge of one grid cell in pixels: the picture is then ~660 px wide, like the chess board.
DEFAULT_CELL = 56

#: Red's ten track fields (0–9) as (column, row), and its home line and base spots.
_RED_TRACK: tuple[Cell, ...] = (
    (0, 4), (1, 4), (2, 4), (3, 4), (4, 4), (4, 3), (4, 2), (4, 1), (4, 0), (5, 0),
)  # fmt: skip
_RED_HOME: tuple[Cell, ...] = ((1, 5), (2, 5), (3, 5), (4, 5))
_RED_BASE: tuple[Cell, ...] = ((0, 0), (1, 0), (0, 1), (1, 1))


def _turn(x: float, y: float, quarters: int, centre: float = 5.0) -> tuple[float, float]:
    """(x, y) turned ``quarters`` × 90° clockwise about (centre, centre): 5 for a cell's
    column and row, 5.5 for a point in cell units (the middle of the centre cell)."""
    for _ in range(quarters % 4):
        dx, dy = x - centre, y - centre
        x, y = centre - dy, centre + dx
    return x, y


def colour_index(colour: str) -> int:
    return COLOURS.index(colour)


def track_cell(field: int) -> Cell:
    """The cell of track field 0–39 (red's start is 0)."""
    x, y = _turn(*_RED_TRACK[field % 10], field // 10)
    return round(x), round(y)


def home_cell(colour: str, step: int) -> Cell:
    """The cell of ``colour``'s home line field ``step`` (0–3, progress 40–43)."""
    x, y = _turn(*_RED_HOME[step], colour_index(colour))
    return round(x), round(y)


@dataclass(frozen=True)
class LudoLayout:
    """Pixel geometry of the ludo picture for ``rows`` caption player rows at one ``cell``."""

    cell: int = DEFAULT_CELL
    rows: int = 4

    @cached_property
    def pad(self) -> int:
        return round(self.cell * 0.3)

    @cached_property
    def frame(self) -> int:
        return max(2, round(self.cell * 0.12))

    @cached_property
    def token(self) -> int:
        """A token's diameter."""
        return round(self.cell * 0.8)

    @cached_property
    def die(self) -> int:
        return round(self.cell * 1.1)

    @cached_property
    def text_unit(self) -> float:
        """What caption text is measured in (a chess square at the same on-screen scale)."""
        return self.cell * 1.45

    @cached_property
    def caption_row(self) -> int:
        return round(self.text_unit * 0.6)

    @cached_property
    def board_rect(self) -> Rect:
        o = self.pad + self.frame
        return (o, o, o + GRID * self.cell, o + GRID * self.cell)

    @cached_property
    def caption_rect(self) -> Rect:
        top = self.board_rect[3] + self.frame + self.pad // 2
        height = (1 + self.rows) * self.caption_row + 2 * self.pad
        return (0, top, self.image_size[0], top + height)

    @cached_property
    def image_size(self) -> tuple[int, int]:
        side = self.board_rect[2] + self.frame + self.pad
        top = self.board_rect[3] + self.frame + self.pad // 2
        return (side, top + (1 + self.rows) * self.caption_row + 2 * self.pad)

    # ----- where things are -------------------------------------------------------------

    def at(self, x: float, y: float) -> Point:
        """The pixel at (x, y) in cell units from the board's top-left corner."""
        left, top, _, _ = self.board_rect
        return (left + x * self.cell, top + y * self.cell)

    def cell_rect(self, cell: Cell) -> Rect:
        left, top, _, _ = self.board_rect
        x0, y0 = left + cell[0] * self.cell, top + cell[1] * self.cell
        return (x0, y0, x0 + self.cell, y0 + self.cell)

    def cell_centre(self, cell: Cell) -> Point:
        return self.at(cell[0] + 0.5, cell[1] + 0.5)

    def base_centre(self, colour: str, spot: int) -> Point:
        """The centre of ``colour``'s base spot 0–3."""
        x, y = _turn(*_RED_BASE[spot], colour_index(colour))
        return self.cell_centre((round(x), round(y)))

    def base_rect(self, colour: str) -> tuple[float, float, float, float]:
        """The rounded square round ``colour``'s four base spots."""
        xs = [self.base_centre(colour, i)[0] for i in range(4)]
        ys = [self.base_centre(colour, i)[1] for i in range(4)]
        r = self.cell * 0.62
        return (min(xs) - r, min(ys) - r, max(xs) + r, max(ys) + r)

    def finish_centre(self, colour: str) -> Point:
        """Where ``colour``'s finished tokens stand: in its quarter of the centre field."""
        x, y = _turn(5.5 - 0.3, 5.5, colour_index(colour), 5.5)
        return self.at(x, y)

    def finish_count_centre(self, colour: str) -> Point:
        """Where the count of ``colour``'s finished tokens goes: the centre field's corner
        clockwise of its triangle, a free spot between the fields round the centre."""
        x, y = _turn(5.0, 5.0, colour_index(colour), 5.5)
        return self.at(x, y)

    def die_centre(self, colour: str) -> Point:
        """The die beside ``colour``'s base, toward the board's centre."""
        x, y = _turn(2.95, 2.95, colour_index(colour), 5.5)
        return self.at(x, y)

    def progress_centre(self, colour: str, progress: int, spot: int = 0) -> Point:
        """Where a ``colour`` token with ``progress`` stands (``spot``: which base spot)."""
        if progress == BASE:
            return self.base_centre(colour, spot)
        if progress == FINISH:
            return self.finish_centre(colour)
        if progress >= HOME:
            return self.cell_centre(home_cell(colour, progress - HOME))
        return self.cell_centre(track_cell(field_of(colour, progress)))


def field_of(colour: str, progress: int) -> int:
    """The track field (0–39) of a token of ``colour`` with track ``progress`` 0–39."""
    return (10 * colour_index(colour) + progress) % TRACK


@cache
def ludo_layout(cell: int = DEFAULT_CELL, rows: int = 4) -> LudoLayout:
    """The layout for ``cell`` and ``rows`` (cached: frozen, and asked for every picture)."""
    return LudoLayout(cell, rows)
