"""Chess board pictures from a plain description: square names and FEN letters.

The caller (the bot, the command line) says what stands where — ``{"e1": "K", "e8": "k", …}``
— and what to mark; no chess library is needed here, so the picture does not change when the
rules engine does.

    >>> from rendering.chess import render_chess
    >>> png = render_chess({"e1": "K", "e8": "k"}, last_move=("e2", "e1"), to_move="black")
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from rules import Side, Square
from rules.games.effects import Moved
from rules.geometry import make_square

from .board import board_background
from .caption import Caption, draw_caption_strip, game_rows, game_status
from .chess_pieces import PIECE_LETTERS, chess_sprite
from .layout import DEFAULT_SQUARE, layout
from .marks import check_mark, tint_square
from .palette import register, tag
from .preview import mark_choices
from .render import encode_png
from .theme import get_theme

if TYPE_CHECKING:
    from .drawers import Scene

#: The FEN of the start position's piece placement, for callers and tests.
START_PLACEMENT = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
#: The picture kind of chess boards: their fixed palette (:mod:`rendering.palette`).
KIND = "chess"


def chess_square(name: str) -> Square:
    """``"e4"`` → the square; a ValueError naming ``name`` if it is not a1…h8."""
    if len(name) != 2 or not "a" <= name[0] <= "h" or not "1" <= name[1] <= "8":
        raise ValueError(f"{name!r} is not a chess square (a1 to h8)")
    return make_square(ord(name[0]) - ord("a"), int(name[1]) - 1)


def placement_pieces(placement: str) -> dict[str, str]:
    """The first field of a FEN (``rnbqkbnr/pppppppp/8/…``) as {square name: FEN letter}."""
    ranks = placement.split("/")
    if len(ranks) != 8:
        raise ValueError(f"a FEN placement has 8 ranks separated by '/', not {len(ranks)}")
    pieces: dict[str, str] = {}
    for i, text in enumerate(ranks):
        rank = 8 - i
        file = 0
        for ch in text:
            if ch.isdigit():
                file += int(ch)
            elif ch.upper() in PIECE_LETTERS:
                if file < 8:
                    pieces[f"{'abcdefgh'[file]}{rank}"] = ch
                file += 1
            else:
                raise ValueError(f"{ch!r} is not a FEN piece letter (KQRBNP, kqrbnp)")
        if file != 8:
            raise ValueError(f"FEN rank {rank} has {file} squares, not 8")
    return pieces


#: The usual values of the pieces, for the material balance (a king is never taken).
PIECE_VALUES = {"p": 1, "n": 3, "b": 3, "r": 5, "q": 9}


def material_balance(taken: tuple[str, str], *, rtl: bool = False) -> tuple[str, str]:
    """The (White's, Black's) row notes saying who is ahead in material, from the pieces
    each has taken (FEN letters, as :attr:`Caption.taken`): "+N" for the side that leads by
    N points (pawn 1, knight and bishop 3, rook 5, queen 9), nothing for the other or when
    even. A promotion is not counted (only what was taken is).

    ``rtl`` (a right-to-left caption): the sign is kept before the number, as everywhere,
    by a left-to-right mark before it (a right-to-left line would draw "3+")."""
    white, black = (sum(PIECE_VALUES.get(c.lower(), 0) for c in side) for side in taken)
    lead = white - black
    mark = "\u200e" if rtl else ""
    if lead > 0:
        return (f"{mark}+{lead}", "")
    if lead < 0:
        return ("", f"{mark}+{-lead}")
    return ("", "")


def _chip(side: Side, size: int, theme_name: str) -> Image.Image:
    return chess_sprite("K" if side is Side.WHITE else "k", size, get_theme(theme_name))


def compose_chess(
    pieces: Mapping[str, str],
    *,
    last_move: tuple[str, str] | None = None,
    check: str | None = None,
    to_move: Side | str | None = Side.WHITE,
    view: Side | str = Side.WHITE,
    theme: str = "light",
    caption: Caption | None = None,
    square: int = DEFAULT_SQUARE,
    strip: bool = True,
) -> Image.Image:
    """The chess picture as a Pillow image (see :func:`render_chess` for the arguments).

    ``strip=False`` leaves the caption strip blank.
    """
    pal = get_theme(theme)
    side_to_move = None if to_move is None else Side(to_move)
    lay = layout(8, 8, Side(view), square)
    placed = [(chess_square(name), letter) for name, letter in pieces.items()]
    for name, letter in pieces.items():
        if letter.upper() not in PIECE_LETTERS or len(letter) != 1:
            raise ValueError(f"{letter!r} on {name} is not a FEN piece letter (KQRBNP, kqrbnp)")
    words = caption if caption is not None else Caption()
    for letter in "".join(words.taken):
        if letter.upper() not in PIECE_LETTERS:
            raise ValueError(f"{letter!r} taken is not a FEN piece letter (KQRBNP, kqrbnp)")
    img = board_background(lay, pal).copy()
    draw = ImageDraw.Draw(img)

    if last_move is not None:
        for name in last_move:
            tint_square(draw, lay, pal, chess_square(name))
    if check is not None:
        mark = check_mark(lay.square, pal)
        x0, y0, _, _ = lay.square_rect(chess_square(check))
        img.paste(mark, (x0, y0), mark)

    for sq, letter in placed:
        sprite = chess_sprite(letter, lay.square, pal)
        x0, y0, _, _ = lay.square_rect(sq)
        img.paste(sprite, (x0, y0), sprite)

    status = game_status(words, side_to_move, check=check is not None)
    rows = game_rows(
        lay,
        words,
        side_to_move,
        lambda side, size: _chip(side, size, theme),
        lambda letter, size: chess_sprite(letter, size, pal),
        "QRBNPqrbnp",
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


#: The FEN letter of each piece kind as the rules' view names it (White's: upper case).
_VIEW_LETTERS = {
    "pawn": "p",
    "knight": "n",
    "bishop": "b",
    "rook": "r",
    "queen": "q",
    "king": "k",
}


def draw_scene(scene: Scene) -> Image.Image:
    """The chess picture of ``scene`` (:func:`rendering.drawers.draw`): the pieces of the
    rules' view, the last move's squares from its first :class:`~rules.games.effects.Moved`
    (the king's, when castling), the king in check from the view's ``extra["check"]``, and
    no side to move once the game is over (on the board or off it: a resignation)."""
    view = scene.view
    pieces: dict[str, str] = {}
    for cell, stack in view.pieces.items():
        for piece in stack:
            letter = _VIEW_LETTERS.get(piece.piece)
            if letter is None:
                raise ValueError(f"{piece.piece!r} on {cell} is not a chess piece")
            pieces[cell] = letter.upper() if piece.seat == "white" else letter
    moved = next((e for e in scene.last if isinstance(e, Moved)), None)
    check = view.extra.get("check")
    over = scene.outcome is not None or view.outcome is not None
    return compose_chess(
        pieces,
        last_move=(moved.source, moved.target) if moved is not None else None,
        check=check if isinstance(check, str) else None,
        to_move=None if over else view.to_move,
        view=scene.perspective,
        theme=scene.theme,
        caption=scene.caption,
        strip=scene.strip,
    )


def render_chess(
    pieces: Mapping[str, str],
    *,
    last_move: tuple[str, str] | None = None,
    check: str | None = None,
    to_move: Side | str | None = Side.WHITE,
    view: Side | str = Side.WHITE,
    theme: str = "light",
    caption: Caption | None = None,
    square: int = DEFAULT_SQUARE,
) -> bytes:
    """A chess position as PNG bytes.

    ``pieces`` maps square names to FEN letters (``{"e1": "K", "d8": "q"}``); ``last_move`` is
    the (from, to) squares of the move that led here, both tinted (for castling, the king's);
    ``check`` is the square of the king in check, if any (a glow and an outlined ring); ``to_move``
    is ``"white"``, ``"black"`` or ``None`` once the game is over; ``view`` is the side at the
    bottom; ``caption`` carries the players' names, the title and a status or result line.
    Raises ValueError for a bad square name, piece letter, side or theme.
    """
    return encode_png(
        compose_chess(
            pieces,
            last_move=last_move,
            check=check,
            to_move=to_move,
            view=view,
            theme=theme,
            caption=caption,
            square=square,
        )
    )


def _palette_samples(theme: str) -> list[Image.Image]:
    """Chess boards showing every piece, mark and caption style, for the palette
    (:mod:`rendering.palette`): a king in check on a light square and one on a dark square,
    last moves on both, taken pieces in both rows, the Move picker's preview marks, each side
    to move and a finished game's banner and trophy."""
    taken = ("pnbrq", "PNBRQ")
    play = Caption(players=("Alice", "Bob"), title="Chess", move_number=7, taken=taken)
    img = compose_chess(
        placement_pieces("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR"),
        last_move=("h5", "f7"),
        check="e8",
        to_move="black",
        theme=theme,
        caption=play,
    )
    mark_choices(
        img,
        layout(8, 8, Side.WHITE),
        get_theme(theme),
        chess_square("c4"),
        [chess_square(n) for n in ("b5", "a6", "d5", "e6", "f7", "b3", "d3")],
    )
    out = [img]
    out.append(
        compose_chess(
            placement_pieces("4k3/8/8/8/8/8/3q4/4K3"),
            last_move=("d8", "d2"),
            check="e1",
            to_move="white",
            view="black",
            theme=theme,
            caption=play,
        )
    )
    won = Caption(
        players=("Alice", "Bob"),
        title="Chess",
        winner="white",
        status="Alice (White) wins — checkmate",
        taken=taken,
    )
    out.append(
        compose_chess(
            placement_pieces("rnbqkbnr/ppppp2p/5p2/6pQ/4P3/8/PPPP1PPP/RNB1KBNR"),
            last_move=("d1", "h5"),
            check="e8",
            to_move=None,
            theme=theme,
            caption=won,
        )
    )
    return out


register(KIND, _palette_samples)
