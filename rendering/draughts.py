"""English draughts board pictures from a plain description: PDN square numbers and men/kings.

The caller says what stands where — ``{1: "b", 22: "w", 26: "W"}`` (upper case = king) — and
which move led here; no rules engine is needed, so the picture does not change when it does.

The board is the standard checkers diagram: pieces on the dark squares, numbered 1–32 in small
print, 1–4 (Black's back row) at the top when White is at the bottom. A move is tinted; a jump
is drawn as arrows landing by landing (numbered when there are several), and each piece it took
is left as a faint ghost with a cross over it.

    >>> from rendering.draughts import render_draughts
    >>> png = render_draughts({15: "b", 22: "w"}, last_move=[11, 15], to_move="white")
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from rules import Side, Square
from rules.games.effects import Moved, Taken
from rules.geometry import make_square

from .board import board_background
from .caption import Caption, draw_caption_strip, game_rows, game_status
from .layout import DEFAULT_SQUARE, Layout, layout
from .marks import ghost, jump_arrows, landing_badges, taken_mark, tint_square
from .palette import register, tag
from .preview import mark_choices
from .render import encode_png
from .sprites import piece_sprite
from .text import draw_text, font
from .theme import Theme, get_theme, mix

if TYPE_CHECKING:
    from .drawers import Scene

#: The picture kind of draughts boards: their fixed palette (:mod:`rendering.palette`).
KIND = "draughts"
#: The start position: Black's men on 1–12, White's on 21–32.
START_PIECES: dict[int, str] = {**{n: "b" for n in range(1, 13)}, **{n: "w" for n in range(21, 33)}}

_LETTERS = {"w": (Side.WHITE, False), "W": (Side.WHITE, True), "b": (Side.BLACK, False)}
_LETTERS["B"] = (Side.BLACK, True)


def draughts_square(number: int) -> Square:
    """PDN square ``number`` (1–32) → the board square it names.

    Seen from White: 1–4 are the top row (b8, d8, f8, h8), 29–32 the bottom row (a1 … g1), so
    each player has a dark square at their left-hand corner.
    """
    if not isinstance(number, int) or not 1 <= number <= 32:
        raise ValueError(f"{number!r} is not a draughts square (1 to 32)")
    row, index = divmod(number - 1, 4)  # row 0 is Black's back row
    file = 2 * index + (1 if row % 2 == 0 else 0)
    return make_square(file, 7 - row)


def _piece(letter: str) -> tuple[Side, bool]:
    try:
        return _LETTERS[letter]
    except KeyError:
        raise ValueError(
            f"{letter!r} is not a draughts piece (w, b for men; W, B for kings)"
        ) from None


def _sprite(side: Side, king: bool, size: int, theme: Theme) -> Image.Image:
    return piece_sprite("K" if king else "S", side, False, size, theme)


@lru_cache(maxsize=16)
def _ghost(side: Side, king: bool, size: int, theme: Theme) -> Image.Image:
    return ghost(_sprite(side, king, size, theme))


def number_font_size(lay: Layout) -> int:
    """Square numbers in small print: ~18 % of a square, at least 9 px.

    Small enough to stay clear of a piece standing on the square (its disc leaves the corner
    free), large enough to read at phone width.
    """
    return max(9, round(lay.square * 0.18))


@lru_cache(maxsize=16)
def draughts_background(lay: Layout, theme: Theme) -> Image.Image:
    """The empty board with its numbers in the top-left corner of each dark square (cached)."""
    img = board_background(lay, theme).copy()
    draw = ImageDraw.Draw(img)
    f = font(number_font_size(lay))
    ink = mix(theme.dark_square, theme.light_square, 0.75)
    inset = max(2, round(lay.square * 0.04))
    for number in range(1, 33):
        x0, y0, _, _ = lay.square_rect(draughts_square(number))
        top = f.getbbox("0", anchor="lm")[1]
        draw_text(draw, (x0 + inset, y0 + inset - top), str(number), f, ink)
    return img


def _centre(lay: Layout, number: int) -> tuple[float, float]:
    x, y = lay.square_center(draughts_square(number))
    return (float(x), float(y))


def compose_draughts(
    pieces: Mapping[int, str],
    *,
    last_move: Sequence[int] = (),
    jumped: Mapping[int, str] | Sequence[int] = (),
    to_move: Side | str | None = Side.BLACK,
    view: Side | str = Side.WHITE,
    theme: str = "light",
    caption: Caption | None = None,
    square: int = DEFAULT_SQUARE,
    strip: bool = True,
) -> Image.Image:
    """The draughts picture as a Pillow image (see :func:`render_draughts` for the arguments).

    ``strip=False`` leaves the caption strip blank.
    """
    pal = get_theme(theme)
    side_to_move = None if to_move is None else Side(to_move)
    lay = layout(8, 8, Side(view), square, edge_labels=False)
    placed = [(draughts_square(n), *_piece(letter)) for n, letter in pieces.items()]
    path = [int(n) for n in last_move]
    for n in path:
        draughts_square(n)
    words = caption if caption is not None else Caption()
    for letter in "".join(words.taken):
        _piece(letter)
    taken_squares = [draughts_square(n) for n in jumped]
    if isinstance(jumped, Mapping):
        ghosts = {draughts_square(n): _piece(letter) for n, letter in jumped.items()}
    else:
        # bare numbers: the pieces taken were men of the side that did not move
        mover = pieces.get(path[-1]) if path else None
        side = None if mover is None else _piece(mover)[0].other
        ghosts = {} if side is None else {sq: (side, False) for sq in taken_squares}

    img = draughts_background(lay, pal).copy()
    draw = ImageDraw.Draw(img)
    for n in path:
        tint_square(draw, lay, pal, draughts_square(n))
    for sq, (side, king) in ghosts.items():
        sprite = _ghost(side, king, lay.square, pal)
        x0, y0, _, _ = lay.square_rect(sq)
        img.paste(sprite, (x0, y0), sprite)
    if len(path) >= 2 and (taken_squares or len(path) > 2):
        jump_arrows(img, lay, pal, [_centre(lay, n) for n in path])
    # the crosses over the arrows: a jump's arrow runs along one of the cross's arms
    for sq in taken_squares:
        centre = lay.square_center(sq)
        w = max(3, round(lay.square / 11))
        taken_mark(img, centre, lay.square * 0.21, w, pal)

    for sq, side, king in placed:
        sprite = _sprite(side, king, lay.square, pal)
        x0, y0, _, _ = lay.square_rect(sq)
        img.paste(sprite, (x0, y0), sprite)

    if len(path) > 2:
        landing_badges(img, lay, pal, [_centre(lay, n) for n in path])

    status = game_status(words, side_to_move)
    rows = game_rows(
        lay,
        words,
        side_to_move,
        lambda s, size: _sprite(s, False, size, pal),
        lambda letter, size: _sprite(*_piece(letter), size, pal),
        "WBwb",
    )
    tag(img, KIND, pal.name)
    if strip:
        draw_caption_strip(
            img,
            lay,
            pal,
            status,
            rows,
            over=side_to_move is None,
            title=words.title,
            rtl=words.words.rtl,
            frame=words.frame,
        )
    return img


#: The letter of a piece by its seat and kind as the rules' view and effects name them.
_VIEW_LETTERS = {
    ("white", "man"): "w",
    ("white", "king"): "W",
    ("black", "man"): "b",
    ("black", "king"): "B",
}


def _view_letter(seat: str, piece: str, cell: str) -> str:
    letter = _VIEW_LETTERS.get((seat, piece))
    if letter is None:
        raise ValueError(f"{seat} {piece} on {cell} is not a draughts piece")
    return letter


def draw_scene(scene: Scene) -> Image.Image:
    """The draughts picture of ``scene`` (:func:`rendering.drawers.draw`): the pieces of the
    rules' view by square number, the last move's path (source, landings, target) from its
    :class:`~rules.games.effects.Moved`, the pieces it jumped from its
    :class:`~rules.games.effects.Taken` effects (ghosted as the man or king they were), and
    no side to move once the game is over (on the board or off it: a resignation)."""
    view = scene.view
    pieces = {
        int(cell): _view_letter(piece.seat, piece.piece, cell)
        for cell, stack in view.pieces.items()
        for piece in stack
    }
    path: list[int] = []
    jumped: dict[int, str] = {}
    for effect in scene.last:
        if isinstance(effect, Moved):
            path = [int(s) for s in (effect.source, *effect.path, effect.target)]
        elif isinstance(effect, Taken):
            jumped[int(effect.cell)] = _view_letter(effect.seat, effect.piece, effect.cell)
    over = scene.outcome is not None or view.outcome is not None
    return compose_draughts(
        pieces,
        last_move=path,
        jumped=jumped,
        to_move=None if over else view.to_move,
        view=scene.perspective,
        theme=scene.theme,
        caption=scene.caption,
        strip=scene.strip,
    )


def render_draughts(
    pieces: Mapping[int, str],
    *,
    last_move: Sequence[int] = (),
    jumped: Mapping[int, str] | Sequence[int] = (),
    to_move: Side | str | None = Side.BLACK,
    view: Side | str = Side.WHITE,
    theme: str = "light",
    caption: Caption | None = None,
    square: int = DEFAULT_SQUARE,
) -> bytes:
    """An English draughts position as PNG bytes.

    ``pieces`` maps PDN square numbers (1–32) to ``"w"``/``"b"`` (men) or ``"W"``/``"B"``
    (kings); ``last_move`` is the path of the move that led here, start first (``[11, 15]``,
    ``[15, 24, 31]``); ``jumped`` the squares it jumped, either as numbers (the pieces taken
    are then drawn as men of the side that did not move) or as {number: letter} to show kings
    too; ``to_move`` is ``"white"``, ``"black"`` or ``None`` once the game is over; ``view`` is
    the side at the bottom; ``caption`` carries names, title and a status or result line.
    Raises ValueError for a bad square number, piece letter, side or theme.
    """
    return encode_png(
        compose_draughts(
            pieces,
            last_move=last_move,
            jumped=jumped,
            to_move=to_move,
            view=view,
            theme=theme,
            caption=caption,
            square=square,
        )
    )


def _palette_samples(theme: str) -> list[Image.Image]:
    """Draughts boards showing every piece, mark and caption style, for the palette
    (:mod:`rendering.palette`): a double jump over a man and a king (ghosts, crosses, arrows,
    numbered landings), a single jump seen from Black with the Move picker's preview marks,
    taken pieces in both rows, each side to move and a finished game's banner and trophy."""
    taken = ("bbB", "wwW")
    play = Caption(players=("Alice", "Bob"), title="Draughts", move_number=20, taken=taken)
    out = [
        compose_draughts(
            {1: "b", 2: "b", 5: "b", 9: "B", 31: "B", 14: "w", 22: "w", 25: "w", 29: "W"},
            last_move=[15, 24, 31],
            jumped={19: "w", 27: "W"},
            to_move="white",
            theme=theme,
            caption=play,
        )
    ]
    img = compose_draughts(
        {1: "b", 6: "b", 10: "B", 23: "b", 21: "w", 30: "W", 32: "w"},
        last_move=[14, 23],
        jumped=[18],
        to_move="black",
        view="black",
        theme=theme,
        caption=play,
    )
    lay = layout(8, 8, Side.BLACK, edge_labels=False)
    mark_choices(
        img, lay, get_theme(theme), draughts_square(10), [draughts_square(n) for n in (14, 15, 7)]
    )
    out.append(img)
    won = Caption(
        players=("Alice", "Bob"),
        title="Draughts",
        winner="black",
        status="Bob (Black) wins — no moves left",
        taken=taken,
    )
    out.append(
        compose_draughts(
            {3: "B", 12: "b", 28: "W"},
            last_move=[8, 12],
            to_move=None,
            theme=theme,
            caption=won,
        )
    )
    return out


register(KIND, _palette_samples)
