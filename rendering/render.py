"""Compose a board picture and encode it as PNG.

Order of drawing: the cached background, last-move tints and the jump path (under the pieces),
the pieces (cached sprites), captured/released marks (over the pieces, at the square edges so
they frame rather than hide a piece: a dashed frame for a capture, a solid ring for a release),
then the caption.
"""

from __future__ import annotations

import io
import logging

from PIL import Image, ImageDraw

from rules import (
    Move,
    MoveKind,
    MoveResult,
    Outcome,
    Position,
    Side,
    Square,
    Termination,
    parse_position,
    parse_square,
)
from rules.geometry import make_square, square_file, square_rank

from .board import board_background, square_colour
from .caption import draw_caption
from .captures import turns_held_over
from .layout import Layout, layout
from .marks import (
    capture_frame,
    ghost,
    jump_arrows,
    landing_badges,
    lost_mark,
    release_ring,
    removed_cross,
    tint_square,
)
from .palette import reduce_colours, register, tag
from .preview import mark_choices
from .sprites import piece_sprite
from .theme import Theme, edge_for, get_theme
from .words import ENGLISH, Words

log = logging.getLogger(__name__)

#: zlib level for the palette PNG. Measured on the 8×8 chess board (622×779, the busiest 8×8
#: picture): level 6 6.1 ms for 33.8 KB, level 3 2.5 ms for 39.1 KB, level 4 4.0 ms for the same
#: 39.1 KB, level 1 2.0 ms for 45.0 KB. Level 3 keeps render + encode of every 8×8 board within
#: its budget for ~15 % more bytes, far below Discord's limits.
PNG_COMPRESS_LEVEL = 3
#: The picture kind of the Latrunculi boards (:mod:`rendering.palette`): a 255-colour palette
#: per theme, made once from :func:`_palette_samples`, keeps the look and cuts the file to
#: about a third of an RGB PNG (which alone came to ~79 KB for 8×8 and more for wide boards).
KIND = "latrunculi"

#: The kinds whose capture decides a game (classic's and the others' eagle, LAT's Queen).
DECISIVE_KINDS = frozenset("EQ")


def is_jump(path: tuple[Square, ...], before: Position | None) -> bool:
    """Whether a move's ``path`` is a jump sequence (schadler): several landings, or one
    landing two squares away over a piece that stood between (a slide never passes one)."""
    if len(path) > 2:
        return True
    if len(path) < 2 or before is None:
        return False
    (f0, r0), (f1, r1) = (
        (square_file(path[0]), square_rank(path[0])),
        (
            square_file(path[1]),
            square_rank(path[1]),
        ),
    )
    if max(abs(f1 - f0), abs(r1 - r0)) != 2 or (f1 - f0) % 2 or (r1 - r0) % 2:
        return False
    return before.piece_at(make_square((f0 + f1) // 2, (r0 + r1) // 2)) is not None


def _draw_last_move(
    img: Image.Image, lay: Layout, theme: Theme, result: MoveResult, before: Position | None
) -> None:
    """Tint the move's squares (as chess and draughts do) and draw a slide's path over several
    squares; a one-square step gets only the tints (a line across one square edge tells
    nothing they do not); a jump's arrows are drawn over the pieces, by :func:`compose`."""
    move = result.move
    if move.kind is MoveKind.PASS or not move.path:
        return
    draw = ImageDraw.Draw(img)
    for sq in move.path:
        tint_square(draw, lay, theme, sq)
    if move.kind is not MoveKind.MOVE or len(move.path) < 2:
        return
    centres = [_centre(lay, sq) for sq in move.path]
    if is_jump(move.path, before):
        return  # its arrows go over the pieces (nothing is taken off by jumping over it)
    (f0, r0), (f1, r1) = (
        (square_file(move.path[0]), square_rank(move.path[0])),
        (square_file(move.path[-1]), square_rank(move.path[-1])),
    )
    if max(abs(f1 - f0), abs(r1 - r0)) <= 1:
        return
    width = max(3, round(lay.square * 0.1))
    draw.line(centres, fill=theme.path_line, width=width, joint="curve")
    r = width * 0.9
    for x, y in centres[:-1]:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=theme.path_line)


def _centre(lay: Layout, sq: Square) -> tuple[float, float]:
    x, y = lay.square_center(sq)
    return (float(x), float(y))


def _overlay(img: Image.Image, lay: Layout, sq: Square, mark: Image.Image) -> None:
    x0, y0, _, _ = lay.square_rect(sq)
    img.paste(mark, (x0, y0), mark)


def _draw_ghosts(
    img: Image.Image,
    lay: Layout,
    theme: Theme,
    position: Position,
    result: MoveResult,
    before: Position,
) -> None:
    """A faint ghost of each piece the move took off the board, where it stood."""
    for sq in result.captured:
        gone = before.piece_at(sq)
        if gone is not None and gone.kind not in DECISIVE_KINDS and position.piece_at(sq) is None:
            sprite = piece_sprite(gone.kind, gone.side, False, lay.square, theme)
            _overlay(img, lay, sq, ghost(sprite))


def _draw_enclosed_eagle(
    img: Image.Image, lay: Layout, theme: Theme, position: Position, outcome: Outcome
) -> None:
    """The eagle whose enclosure lost the game (it stays on the board: eagles are never
    taken off) gets the large ✕ of a lost piece."""
    if outcome.termination is not Termination.EAGLE_CAPTURED or outcome.winner is None:
        return
    loser = outcome.winner.other
    for sq, p in position.pieces():
        if p.kind == "E" and p.side is loser:
            edge = edge_for(square_colour(sq, theme), theme)
            # the dashed frame of a capture and the large ✕ over the eagle: its wings and rim
            # still show between the arms
            _overlay(img, lay, sq, capture_frame(lay.square, theme, edge))
            _overlay(img, lay, sq, lost_mark(lay.square, theme, edge))


def _draw_capture_marks(
    img: Image.Image,
    lay: Layout,
    theme: Theme,
    position: Position,
    result: MoveResult,
    before: Position | None,
) -> None:
    """A dashed frame round each captured square (and a ✕ where the piece was taken off), a
    solid ring round each released piece: told apart by shape, not only by colour. A lost
    eagle or Queen (whose capture decides the game) gets the large ✕ of :func:`lost_mark`."""
    size = lay.square
    for sq in result.captured:
        edge = edge_for(square_colour(sq, theme), theme)
        _overlay(img, lay, sq, capture_frame(size, theme, edge))
        was = before.piece_at(sq) if before is not None else position.piece_at(sq)
        if was is not None and was.kind in DECISIVE_KINDS:
            # the ✕ under the lost piece (its ghost when it was taken off), so both read
            _overlay(img, lay, sq, lost_mark(size, theme, edge))
            now = position.piece_at(sq)
            if now is None:
                _overlay(
                    img, lay, sq, ghost(piece_sprite(was.kind, was.side, False, size, theme), 0.7)
                )
            else:
                _overlay(img, lay, sq, piece_sprite(now.kind, now.side, now.held, size, theme))
        elif position.piece_at(sq) is None:
            _overlay(img, lay, sq, removed_cross(size, theme, edge))
    for sq in result.released:
        edge = edge_for(square_colour(sq, theme), theme)
        _overlay(img, lay, sq, release_ring(size, theme, edge))


def compose(
    position: Position,
    *,
    last_move: MoveResult | None = None,
    view: Side = Side.WHITE,
    theme: str = "light",
    players: tuple[str, str] = ("White", "Black"),
    outcome: Outcome | None = None,
    status: str | None = None,
    move_number: int | None = None,
    captures: tuple[int, int] | None = None,
    winner: Side | None = None,
    over: bool = False,
    before: Position | None = None,
    strip: bool = True,
    words: Words = ENGLISH,
    removed: tuple[str, str] | None = None,
    frame: tuple[int, int] | None = None,
    show_turn: bool = False,
) -> Image.Image:
    """The board picture as a Pillow image (see :func:`render_board` for the arguments).

    ``strip=False`` leaves the caption strip blank. ``frame``: a replay's frame N of M.
    ``removed``: the kinds White and Black have removed from the board in the game so far,
    counted from its moves; when not given, the pieces missing compared with the rule set's
    start (right for a game from the standard start only). ``show_turn``: the side to move's
    row is highlighted under a ``status`` too (a ``/rules`` start: who moves first).
    """
    pal = get_theme(theme)
    lay = layout(position.width, position.height, view)
    img = board_background(lay, pal).copy()

    if last_move is not None:
        _draw_last_move(img, lay, pal, last_move, before)
        if before is not None:
            _draw_ghosts(img, lay, pal, position, last_move, before)

    size = lay.square
    upside_down = turns_held_over(position.variant)
    for sq, p in position.pieces():
        sprite = piece_sprite(p.kind, p.side, p.held, size, pal, upside_down)
        x0, y0, _, _ = lay.square_rect(sq)
        img.paste(sprite, (x0, y0), sprite)

    if last_move is not None:
        _draw_capture_marks(img, lay, pal, position, last_move, before)
        path = last_move.move.path
        if last_move.move.kind is MoveKind.MOVE and is_jump(path, before):
            centres = [_centre(lay, sq) for sq in path]
            jump_arrows(img, lay, pal, centres)
            if len(path) > 2:  # number the landings of a multi-jump
                landing_badges(img, lay, pal, centres)
    if outcome is not None and outcome.winner is not None:
        _draw_enclosed_eagle(img, lay, pal, position, outcome)

    tag(img, KIND, pal.name)
    if not strip:
        return img
    draw_caption(
        img,
        lay,
        pal,
        position,
        players=players,
        outcome=outcome,
        status=status,
        move_number=move_number,
        captures=captures,
        winner=winner,
        over=over,
        words=words,
        removed=removed,
        frame=frame,
        show_turn=show_turn,
    )
    return img


def png_bytes(pal: Image.Image) -> bytes:
    """A palette image as PNG bytes (the second stage of :func:`encode_png`)."""
    buf = io.BytesIO()
    pal.save(buf, format="PNG", compress_level=PNG_COMPRESS_LEVEL, optimize=False)
    return buf.getvalue()


def encode_png(img: Image.Image) -> bytes:
    """PNG bytes with no metadata (no timestamps), so equal pictures give equal bytes: the
    picture reduced to its kind's fixed palette (:func:`rendering.palette.reduce_colours`;
    a picture of no known kind gets a palette of its own), then compressed."""
    return png_bytes(reduce_colours(img))


def _palette_samples(theme: str) -> list[Image.Image]:
    """Latrunculi boards showing every piece, mark and caption style, for the palette
    (:mod:`rendering.palette`): a classic board in play (captives of both sides, a slide
    with captures on light and dark squares, their ghosts, a release, the move choices of
    the Move picker's preview), a schadler jump with its arrows and numbered landings and
    upside-down alligati, a LAT game won by taking the Queen, and a classic game won by
    enclosing the eagle."""
    sq = parse_square
    out = []
    before = parse_position("classic:ss3sss/3eS*3/1ss5/8/8/2SsS3/4E3/SSS2SS1 w")
    after = parse_position("classic:ss3sss/3eS*3/8/8/S7/2Ss*S3/4E3/1SS2SS1 b")
    slide = MoveResult(
        Move(MoveKind.MOVE, (sq("a1"), sq("a4"))),
        Side.WHITE,
        captured=(sq("b6"), sq("c6"), sq("d3")),
        released=(sq("e3"), sq("e7")),
    )
    img = compose(after, last_move=slide, before=before, theme=theme, move_number=9)
    lay = layout(after.width, after.height, Side.WHITE)
    mark_choices(img, lay, get_theme(theme), sq("c3"), [sq("c4"), sq("c5"), sq("d4"), sq("b3")])
    out.append(img)
    before = parse_position("schadler:8/8/c*7/8/3c4/2c5/2C2C*2/C6C w hand=3,2")
    after = parse_position("schadler:8/8/c*7/8/3cC3/2c5/5C*2/C6C w hand=3,2")  # White's row lit
    jump = MoveResult(Move(MoveKind.MOVE, (sq("c2"), sq("c4"), sq("e4"))), Side.WHITE)
    out.append(compose(after, last_move=jump, before=before, theme=theme, view=Side.BLACK))
    before = parse_position("lat:11/b3v3q2/2b5V2/b1VB4B2/7b3/4V5B/B1V3b4/4Vv1vQB1 b")
    after = parse_position("lat:11/b3v3q2/2b5V2/b1VB4B2/7b3/4V5B/B1V5b2/4Vv1v1B1 w")
    queen = MoveResult(Move(MoveKind.MOVE, (sq("g2"), sq("i2"))), Side.BLACK, captured=(sq("i1"),))
    won = Outcome(Side.BLACK, Termination.QUEEN_CAPTURED)
    out.append(compose(after, last_move=queen, before=before, outcome=won, theme=theme))
    before = parse_position("classic:eS6/8/8/8/7s/8/8/S3E3 w")
    after = parse_position("classic:eS6/S7/8/8/7s/8/8/4E3 b")
    enclose = MoveResult(Move(MoveKind.MOVE, (sq("a1"), sq("a7"))), Side.WHITE, captured=())
    won = Outcome(Side.WHITE, Termination.EAGLE_CAPTURED)
    out.append(compose(after, last_move=enclose, before=before, outcome=won, theme=theme))
    return out


register(KIND, _palette_samples)


def render_board(
    position: Position,
    *,
    last_move: MoveResult | None = None,
    view: Side = Side.WHITE,
    theme: str = "light",
    players: tuple[str, str] = ("White", "Black"),
    outcome: Outcome | None = None,
    status: str | None = None,
    move_number: int | None = None,
    captures: tuple[int, int] | None = None,
    winner: Side | None = None,
    over: bool = False,
    before: Position | None = None,
) -> bytes:
    """Render ``position`` as PNG bytes.

    ``last_move`` is the result of the move that led to ``position`` (highlighted, with its
    captured and released squares marked); ``view`` is the side shown at the bottom;
    ``players`` are the display names of (White, Black); ``outcome`` replaces "X to move" with
    the result; ``status``, when given, replaces the whole status line (e.g. "Waiting for Bob");
    ``move_number`` is shown as "Move N": the full move, one turn of each side, as players
    count them (plies 1 and 2 are move 1); ``captures`` is (pieces White has captured, pieces
    Black has captured), derived from the position when ``None``. ``over`` marks a game the
    players or the clock ended (a resignation, a timeout, an agreed draw: no ``outcome`` of
    the rules), ``winner`` its winner: the picture then looks finished as with ``outcome``
    (the result banner, the winner's trophy, no side to move). ``before`` is the position
    ``last_move`` was played in: with it, a piece the move took off is left as a faint ghost,
    and a lost eagle or Queen is told from a soldier.
    Raises ValueError for an unknown theme.
    """
    img = compose(
        position,
        last_move=last_move,
        view=view,
        theme=theme,
        players=players,
        outcome=outcome,
        status=status,
        move_number=move_number,
        captures=captures,
        winner=winner,
        over=over,
        before=before,
    )
    return encode_png(img)
