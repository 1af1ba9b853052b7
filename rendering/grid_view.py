"""Any grid game's picture, drawn from its :class:`~rules.games.view.PositionView` alone.

The drawer of a game that brings no drawer of its own (a game from outside the house, see
``docs/adding-a-game.md``): a ``files`` × ``ranks`` board with its coordinates, each piece a disc
in its seat's colour with the piece kind's first letter on it (a number beside it when several
stand on one cell), the cells the last action touched tinted, and the caption strip every board
of the house has. It reads nothing but the view, so it never changes with a game's rules.

    >>> from rules.games.view import PieceView, PositionView
    >>> view = PositionView("example", "grid", 3, 3, ("a1", "b1"), {"a1": (PieceView("white",
    ...     "x"),)}, ("white", "black"), "black", last=("a1",))
    >>> img = compose_grid(view)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from rules import Side, Square
from rules.games.gridview import last_cells
from rules.games.view import PositionView
from rules.geometry import make_square, parse_square

from .board import board_background
from .caption import Caption, draw_caption_strip, game_rows, game_status
from .layout import DEFAULT_SQUARE, Layout
from .marks import tint_square
from .text import draw_text, font
from .theme import RGB, Theme, get_theme

if TYPE_CHECKING:
    from .drawers import Scene

__all__ = [
    "GridLayout",
    "compose_grid",
    "draw_grid_scene",
    "grid_cells",
    "grid_layout",
    "seat_disc",
]

#: How much larger a disc is drawn before it is scaled down: smooth edges at any size.
_SUPERSAMPLE = 4
#: Seats other than White and Black, by name: a colour each (others get grey).
_SEAT_COLOURS: dict[str, tuple[RGB, RGB]] = {
    "red": ((214, 48, 49), (255, 255, 255)),
    "blue": ((9, 132, 227), (255, 255, 255)),
    "yellow": ((253, 203, 110), (40, 32, 24)),
    "green": ((0, 148, 50), (255, 255, 255)),
}


#: The board's width in squares of the default size that a small board is drawn as wide as (an
#: 8×8 board's), so that Discord shows a 3×3 board as large as a chess board, not a thumbnail.
_WIDTH_IN_SQUARES = 8


@dataclass(frozen=True, slots=True)
class GridLayout(Layout):
    """A :class:`Layout` whose words are as large, against the picture, as an 8×8 board's
    (a small board is drawn with larger squares, and its caption must not grow with them)."""

    @property
    def text_unit(self) -> float:
        longest = max(self.files, self.ranks)
        return self.square * max(self.files / 8, min(1.0, longest / _WIDTH_IN_SQUARES))

    @property
    def pad(self) -> int:
        return round(self.text_unit * 0.2)


def grid_layout(files: int, ranks: int, view: Side = Side.WHITE, square: int = 0) -> GridLayout:
    """The layout of a ``files`` × ``ranks`` grid: squares of ``square`` px, or (0) of the
    default size, larger on a board of fewer than 8 squares a side."""
    if not (1 <= files <= 12 and 1 <= ranks <= 12):
        raise ValueError(f"unsupported board size {files}x{ranks}")
    if not square:
        square = max(DEFAULT_SQUARE, DEFAULT_SQUARE * _WIDTH_IN_SQUARES // max(files, ranks))
    return GridLayout(files, ranks, view, square)


def _colours(seat: str, theme: Theme) -> tuple[RGB, RGB, RGB]:
    """(fill, outline, letter) of a seat's discs."""
    if seat == "white":
        return theme.white_fill, theme.white_outline, theme.white_outline
    if seat == "black":
        return theme.black_fill, theme.black_outline, theme.black_outline
    fill, ink = _SEAT_COLOURS.get(seat, ((150, 150, 150), (255, 255, 255)))
    return fill, theme.white_outline, ink


@lru_cache(maxsize=64)
def seat_disc(seat: str, letter: str, size: int, theme: Theme) -> Image.Image:
    """A ``size`` px RGBA disc in ``seat``'s colour with ``letter`` on it (none: plain)."""
    big = size * _SUPERSAMPLE
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    fill, outline, ink = _colours(seat, theme)
    margin = round(big * 0.13)
    edge = max(_SUPERSAMPLE, round(big * 0.045))
    draw.ellipse((margin, margin, big - margin, big - margin), fill=outline)
    inner = margin + edge
    draw.ellipse((inner, inner, big - inner, big - inner), fill=fill)
    if letter:
        f = font(round(big * 0.42), bold=True)
        draw.text((big / 2, big / 2), letter, font=f, fill=ink, anchor="mm")
    return img.resize((size, size), Image.Resampling.LANCZOS)


def grid_cells(view: PositionView) -> dict[str, Square]:
    """Each cell name of ``view`` → the square it is drawn on: its own name where it is a
    square name (``a1``), else its place in ``view.cells`` (rank by rank from the bottom-left):
    on every square when every square is a cell, on the squares of a1's colour when half of
    them are (a board played on one colour, as English draughts' 32 numbered squares)."""
    squares = [(f, r) for r in range(view.ranks) for f in range(view.files)]
    if len(view.cells) * 2 == len(squares):
        squares = [(f, r) for f, r in squares if (f + r) % 2 == 0]
    full = len(view.cells) == len(squares)
    out: dict[str, Square] = {}
    for i, name in enumerate(view.cells):
        try:
            out[name] = parse_square(name)
        except ValueError:
            if not full:
                raise ValueError(f"cell {name!r} is not a square name") from None
            out[name] = make_square(*squares[i])
    return out


def _side(seat: str | None) -> Side | None:
    return Side(seat) if seat in ("white", "black") else None


def compose_grid(
    view: PositionView,
    *,
    caption: Caption | None = None,
    perspective: str = "white",
    theme: str = "light",
    square: int = 0,
    strip: bool = True,
    over: bool | None = None,
) -> Image.Image:
    """``view`` (a ``grid`` board) as a Pillow picture, ``perspective``'s side at the bottom;
    ``strip=False`` leaves the caption strip blank;
    ``square``: the squares' size in px (0: :func:`grid_layout`'s). ``over``: whether the
    game has ended (default: whether the view has an outcome; a game resigned or lost on
    time has none on its board)."""
    if view.board != "grid":
        raise ValueError(f"a {view.board!r} board is not a grid")
    pal = get_theme(theme)
    bottom = _side(perspective) or Side.WHITE
    lay = grid_layout(view.files, view.ranks, bottom, square)
    cells = grid_cells(view)
    img = board_background(lay, pal).copy()
    draw = ImageDraw.Draw(img)
    for name in view.last:
        if name in cells:
            tint_square(draw, lay, pal, cells[name])
    badge = font(max(9, round(lay.text_unit * 0.22)), bold=True)
    for name, pieces in view.pieces.items():
        x0, y0, x1, y1 = lay.square_rect(cells[name])
        for piece in pieces[:1]:  # one disc a cell; a count says how many stand there
            disc = seat_disc(piece.seat, piece.piece[:1].upper(), lay.square, pal)
            img.paste(disc, (x0, y0), disc)
            if piece.count > 1:
                inset = round(lay.square * 0.12)
                xy = (x1 - inset, y1 - inset)
                draw_text(draw, xy, str(piece.count), badge, pal.text, align="right")

    words = caption if caption is not None else Caption()
    over = view.outcome is not None if over is None else over
    to_move = None if over else _side(view.to_move)
    if strip:
        status = game_status(words, to_move)
        rows = game_rows(
            lay,
            words,
            to_move,
            lambda side, size: seat_disc(side.value, "", size, pal),
            lambda letter, size: seat_disc("white", letter, size, pal),
            "",
        )
        draw_caption_strip(
            img,
            lay,
            pal,
            status,
            rows,
            over=over,
            title=words.title,
            rtl=words.words.rtl,
            frame=words.frame,
        )
    return img


def draw_grid_scene(scene: Scene) -> Image.Image:
    """The generic drawer of :mod:`rendering.drawers`: the scene's grid, its last action's
    cells marked."""
    view = scene.view
    if scene.last:
        view = dataclasses.replace(view, last=last_cells(scene.last))
    return compose_grid(
        view,
        caption=scene.caption,
        perspective=scene.perspective,
        theme=scene.theme,
        strip=scene.strip,
        over=scene.outcome is not None or view.outcome is not None,
    )
