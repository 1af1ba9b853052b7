"""Chess pictures as a player sees them: pieces on their squares, the view, last move, check."""

from __future__ import annotations

import math

import pytest
from PIL import Image, ImageFilter

from rendering import THEMES, Caption, layout, placement_pieces, render_chess
from rendering.board import square_colour
from rendering.caption import row_box
from rendering.chess import START_PLACEMENT, chess_square
from rendering.chess_pieces import PIECE_LETTERS, SPRITE_DIR, chess_sprite, sprite_path
from rendering.layout import Layout
from rendering.theme import Theme, mix
from rules import Side

from .render_pixels import (
    banner_share,
    close,
    contrast,
    corner_pixel,
    decode,
    patch,
    row_share,
    share,
    trophy_in_row,
)

LIGHT = THEMES["light"]
START = placement_pieces(START_PLACEMENT)
#: 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7#: a capture that gives check (and mate) on e8
MATE = placement_pieces("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR")


def piece_colour(img: Image.Image, lay: Layout, name: str, theme: Theme) -> str:
    """``white``, ``black`` or ``empty``: which fill dominates the middle of the square."""
    sq = chess_square(name)
    px = patch(img, lay, sq, 0.3)
    if share(px, square_colour(sq, theme), 6) > 0.97:
        return "empty"
    light = share(px, theme.white_fill, 16)
    dark = share(px, theme.black_fill, 16)
    return "white" if light > dark else "black"


@pytest.mark.parametrize("view", list(Side))
@pytest.mark.parametrize("theme", sorted(THEMES))
def test_start_position_has_every_piece_on_its_square(view: Side, theme: str) -> None:
    png = render_chess(START, view=view, theme=theme)
    assert len(png) <= 80 * 1024
    img = decode(png)
    lay = layout(8, 8, view)
    assert img.size == lay.image_size
    pal = THEMES[theme]
    for file in "abcdefgh":
        for rank in range(1, 9):
            name = f"{file}{rank}"
            expected = {1: "white", 2: "white", 7: "black", 8: "black"}.get(rank, "empty")
            assert piece_colour(img, lay, name, pal) == expected, name


def test_each_square_shows_the_piece_it_was_given() -> None:
    """A queen on d1 is drawn as the queen's sprite, not as any other piece's."""
    lay = layout(8, 8)
    img = decode(render_chess({"d1": "Q", "d8": "n"}))
    for name, letter in (("d1", "Q"), ("d8", "n")):
        x0, y0, x1, y1 = lay.square_rect(chess_square(name))
        drawn = img.crop((x0, y0, x1, y1))
        background = Image.new("RGB", drawn.size, square_colour(chess_square(name), LIGHT))

        def diff(sprite: Image.Image, bg: Image.Image = background, on: Image.Image = drawn) -> int:
            expect = bg.copy()
            expect.paste(sprite, (0, 0), sprite)
            return sum(
                1
                for a, b in zip(expect.get_flattened_data(), on.get_flattened_data(), strict=True)
                if not close(a, b, 40)
            )

        same = diff(chess_sprite(letter, lay.square, LIGHT))
        others = [diff(chess_sprite(o, lay.square, LIGHT)) for o in "KQRBNPkqrbnp" if o != letter]
        assert same < 0.02 * lay.square**2
        assert min(others) > 5 * max(same, 20)


def test_the_twelve_pieces_all_look_different() -> None:
    masks = {
        letter: chess_sprite(letter, 72, LIGHT)
        for kind in PIECE_LETTERS
        for letter in (kind, kind.lower())
    }
    seen = {m.tobytes() for m in masks.values()}
    assert len(seen) == 12
    # a white piece is mostly light inside, a black one mostly dark
    for letter, sprite in masks.items():
        opaque = [p[:3] for p in sprite.get_flattened_data() if p[3] == 255]
        light = sum(1 for p in opaque if sum(p) > 450)
        assert (light > len(opaque) / 2) == letter.isupper(), letter


@pytest.mark.parametrize("letter", ["B", "n", "P", "q"])
@pytest.mark.parametrize("square", [72, 36])  # the default and a phone-width board
def test_pieces_on_the_board_are_the_shipped_cburnett_pictures(letter: str, square: int) -> None:
    """The shape drawn on the square is the shipped picture of that piece, scaled to the square:
    its solid part is covered, the clear part around it (beyond rim and shadow) is bare board."""
    lay = layout(8, 8, square=square)
    name = "c1" if letter.isupper() else "c8"  # a dark square and a light one
    img = decode(render_chess({name: letter}, square=square))
    x0, y0, x1, y1 = lay.square_rect(chess_square(name))
    drawn = list(img.crop((x0, y0, x1, y1)).get_flattened_data())
    bare = square_colour(chess_square(name), LIGHT)
    with Image.open(sprite_path(letter)) as shipped:
        alpha = shipped.getchannel("A").resize((square, square), Image.Resampling.LANCZOS)
    solid = list(alpha.get_flattened_data())
    reach = 2 * round(square * 0.045) + 1  # the rim and the shadow reach ~4 % of the square
    clear = list(alpha.filter(ImageFilter.MaxFilter(reach)).get_flattened_data())
    inside = [px for px, a in zip(drawn, solid, strict=True) if a >= 250]
    outside = [px for px, a in zip(drawn, clear, strict=True) if a == 0]
    assert len(inside) > 0.15 * square**2 and len(outside) > 0.1 * square**2
    assert sum(1 for px in inside if not close(px, bare, 6)) >= 0.97 * len(inside)
    assert share(outside, bare, 3) >= 0.97


def test_the_sprites_ship_with_their_licence() -> None:
    files = sorted(p.name for p in SPRITE_DIR.glob("*.png"))
    assert files == sorted(f"{c}{k}.png" for c in "wb" for k in "KQRBNP")
    for letter in "KQRBNPkqrbnp":
        with Image.open(sprite_path(letter)) as img:
            assert (img.mode, img.size) == ("RGBA", (256, 256)), letter
    licence = (SPRITE_DIR / "LICENSE.txt").read_text()
    assert "Colin M. L. Burnett" in licence and "General Public License" in licence
    with pytest.raises(KeyError):
        sprite_path("X")


def test_every_kind_keeps_its_own_outline_at_phone_size() -> None:
    """Told apart by shape alone at 36 px: any two kinds differ in over a fifth of their area."""

    def shape(letter: str) -> list[bool]:
        alpha = chess_sprite(letter, 36, LIGHT).getchannel("A")
        return [a >= 128 for a in alpha.get_flattened_data()]

    for colour in (str.upper, str.lower):
        for i, a in enumerate(PIECE_LETTERS):
            for b in PIECE_LETTERS[i + 1 :]:
                sa, sb = shape(colour(a)), shape(colour(b))
                differ = sum(1 for x, y in zip(sa, sb, strict=True) if x != y)
                either = sum(1 for x, y in zip(sa, sb, strict=True) if x or y)
                assert differ > 0.2 * either, (colour(a), colour(b), differ / either)


def test_black_view_turns_the_board_round() -> None:
    img = decode(render_chess(MATE, view="black"))
    lay = layout(8, 8, Side.BLACK)
    left, top, right, bottom = lay.board_rect
    s = lay.square
    # h1 (a white rook) is at the top left, a8 (a black rook) at the bottom right
    assert lay.square_rect(chess_square("h1"))[:2] == (left, top)
    assert lay.square_rect(chess_square("a8"))[2:] == (right, bottom)
    assert piece_colour(img, lay, "h1", LIGHT) == "white"
    assert piece_colour(img, lay, "a8", LIGHT) == "black"
    top_left = patch(img, lay, chess_square("h1"), 0.3)
    assert share(top_left, LIGHT.white_fill, 16) > 0.2
    white_view = decode(render_chess(MATE))
    assert (
        img.crop((left, top, left + s, top + s)).tobytes()
        != white_view.crop((left, top, left + s, top + s)).tobytes()
    )


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_last_move_tints_a_light_and_a_dark_square_alike(theme: str) -> None:
    # 1.Nf3: g1 is a dark square, f3 a light one
    pieces = dict(START)
    pieces["f3"] = pieces.pop("g1")
    pal = THEMES[theme]
    lay = layout(8, 8)
    img = decode(render_chess(pieces, last_move=("g1", "f3"), to_move="black", theme=theme))
    plain = decode(render_chess(pieces, to_move="black", theme=theme))
    for name in ("g1", "f3"):
        sq = chess_square(name)
        base = square_colour(sq, pal)
        tinted = corner_pixel(img, lay, sq)
        assert close(tinted, mix(base, pal.move_tint, pal.move_tint_strength), 3), name
        assert close(corner_pixel(plain, lay, sq), base, 3)
        # a lightness step, not only a change of hue, on either square colour
        assert contrast(tinted, base) >= 1.2, (name, contrast(tinted, base))
    assert square_colour(chess_square("g1"), pal) == pal.dark_square
    assert square_colour(chess_square("f3"), pal) == pal.light_square
    # the other squares keep their colour
    assert corner_pixel(img, lay, chess_square("e3")) == corner_pixel(
        plain, lay, chess_square("e3")
    )


@pytest.mark.parametrize("king", ["e8", "e1"])  # a light square and a dark one
def test_check_is_a_glow_and_an_outlined_ring_round_the_king(king: str) -> None:
    lay = layout(8, 8)
    pieces = dict(MATE)
    pieces["e8"], pieces["e1"] = pieces[king], pieces["e1" if king == "e8" else "e8"]
    img = decode(render_chess(pieces, check=king, to_move=None))
    plain = decode(render_chess(pieces, to_move=None))
    sq = chess_square(king)
    # the glow: the corner of the square turns the check colour (an orange-red)
    corner = corner_pixel(img, lay, sq)
    assert corner[0] > corner[1] + 60 and corner[0] > corner[2] + 120
    # the ring: a band of the check colour round the king ...
    band = _ring(img, lay, king, 0.432)
    assert share(band, LIGHT.check, 40) > 0.6
    assert share(_ring(plain, lay, king, 0.432), LIGHT.check, 40) == 0
    # ... with a near-black circle on either side of it and a light one outside: a shape that
    # reads without colour (in grey, darker and lighter than the glow round it)
    grey = img.convert("L")
    base = grey.getpixel(corner_pixel_xy(lay, sq))
    assert isinstance(base, int)
    # (the king's silhouette hides some of the inner circle)
    for r0, r1, seen in ((0.385, 0.41, 20), (0.455, 0.48, 31)):
        darkest = [min(_ray(grey, lay, king, i, r0, r1)) for i in range(32)]
        assert sum(d < min(80, base - 60) for d in darkest) >= seen, (r0, darkest)
    lightest = [max(_ray(grey, lay, king, i, 0.475, 0.5)) for i in range(32)]
    assert sum(v > base + 25 for v in lightest) >= 28, (base, lightest)
    # the king itself is still drawn on top; no other square is marked
    assert piece_colour(img, lay, king, LIGHT) == "black"
    other = chess_square("d8")
    assert corner_pixel(img, lay, other) == corner_pixel(plain, lay, other)


def _ray(grey: Image.Image, lay: Layout, name: str, i: int, r0: float, r1: float) -> list[int]:
    """Grey pixels along the ``i``-th of 32 rays from the centre of square ``name``, from
    ``r0`` to ``r1`` (shares of the square) in steps of a third of a pixel."""
    cx, cy = lay.square_center(chess_square(name))
    a = 2 * math.pi * i / 32
    steps = max(2, round((r1 - r0) * lay.square * 3))
    out = []
    for k in range(steps + 1):
        r = lay.square * (r0 + (r1 - r0) * k / steps)
        v = grey.getpixel((round(cx + r * math.cos(a)), round(cy + r * math.sin(a))))
        assert isinstance(v, int)
        out.append(v)
    return out


def _ring(img: Image.Image, lay: Layout, name: str, radius: float) -> list[tuple[int, int, int]]:
    cx, cy = lay.square_center(chess_square(name))
    r = lay.square * radius
    out = []
    for i in range(32):
        a = 2 * math.pi * i / 32
        out.append(img.getpixel((round(cx + r * math.cos(a)), round(cy + r * math.sin(a)))))
    return out  # type: ignore[return-value]


def corner_pixel_xy(lay: Layout, sq: int) -> tuple[int, int]:
    """The pixel :func:`corner_pixel` reads."""
    x0, y0, _, _ = lay.square_rect(sq)
    off = max(3, lay.square // 16) + 1
    return (x0 + off + 2, y0 + off + 2)


def _row_has_accent(img: Image.Image, lay: Layout, index: int, theme: Theme) -> bool:
    """Whether caption player row ``index`` (0 = top) is drawn in the accent colour."""
    _, cy0, _, _ = lay.caption_rect
    left, _, right, _ = lay.board_rect
    gap = lay.pad // 2
    top = cy0 + gap + lay.caption_row * (index + 1) + gap
    mid = top + (lay.caption_row - gap // 2) // 2
    px = [img.getpixel((x, mid)) for x in range(right - 40, right - 20)]
    return share(px, theme.accent, 6) > 0.9  # type: ignore[arg-type]


def test_caption_highlights_the_side_to_move_and_the_winner() -> None:
    lay = layout(8, 8)
    img = decode(render_chess(START, to_move="white"))
    assert _row_has_accent(img, lay, 1, LIGHT) and not _row_has_accent(img, lay, 0, LIGHT)
    img = decode(render_chess(START, to_move="black"))
    assert _row_has_accent(img, lay, 0, LIGHT) and not _row_has_accent(img, lay, 1, LIGHT)
    # Black's view: Black's row is the lower one
    img = decode(render_chess(START, to_move="black", view="black"))
    assert _row_has_accent(img, layout(8, 8, Side.BLACK), 1, LIGHT)
    # after the game: no row is "to move"; the winner's row gets the gold band and the trophy
    # and the status line becomes the dark result banner; a draw has a banner, no trophy
    won = Caption(status="White wins — checkmate", winner="white")
    img = decode(render_chess(MATE, to_move=None, caption=won))
    assert not _row_has_accent(img, lay, 1, LIGHT) and not _row_has_accent(img, lay, 0, LIGHT)
    assert (
        row_share(img, lay, 1, LIGHT.win_band) > 0.5 and row_share(img, lay, 0, LIGHT.win_band) == 0
    )
    assert trophy_in_row(img, lay, 1, LIGHT) and not trophy_in_row(img, lay, 0, LIGHT)
    assert banner_share(img, lay, LIGHT) > 0.9
    img = decode(render_chess(MATE, to_move=None, caption=Caption(status="Draw — stalemate")))
    assert not _row_has_accent(img, lay, 0, LIGHT) and not _row_has_accent(img, lay, 1, LIGHT)
    assert not trophy_in_row(img, lay, 0, LIGHT) and not trophy_in_row(img, lay, 1, LIGHT)
    assert banner_share(img, lay, LIGHT) > 0.9
    playing = decode(render_chess(START, to_move="white"))
    assert banner_share(playing, lay, LIGHT) == 0 and not trophy_in_row(playing, lay, 1, LIGHT)


@pytest.mark.parametrize(
    "kwargs,words",
    [
        ({"pieces": {"i1": "K"}}, "'i1' is not a chess square"),
        ({"pieces": {"e1": "X"}}, "'X' on e1 is not a FEN piece letter"),
        ({"pieces": START, "last_move": ("e2", "e9")}, "'e9' is not a chess square"),
        ({"pieces": START, "check": "z1"}, "'z1' is not a chess square"),
        ({"pieces": START, "theme": "neon"}, "unknown theme 'neon'"),
        ({"pieces": START, "view": "red"}, "'red' is not a valid Side"),
    ],
)
def test_bad_input_is_refused_with_the_reason(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        render_chess(**kwargs)  # type: ignore[arg-type]


def test_fen_placement_is_read_square_by_square() -> None:
    assert START["e1"] == "K" and START["d8"] == "q" and START["a2"] == "P"
    assert len(START) == 32
    assert placement_pieces("8/8/8/8/8/8/8/4K2k") == {"e1": "K", "h1": "k"}
    with pytest.raises(ValueError, match="8 ranks"):
        placement_pieces("8/8/8")
    with pytest.raises(ValueError, match="rank 1 has 9 squares"):
        placement_pieces("8/8/8/8/8/8/8/4K3k")


def _row_box(lay: Layout, index: int) -> tuple[int, int, int, int]:
    """The right half of caption player row ``index`` (0 = top), where notes are drawn."""
    left, top, right, bottom = row_box(lay, index)
    return ((left + right) // 2, top, right, bottom)


def test_taken_pieces_show_as_icons_in_the_takers_row() -> None:
    lay = layout(8, 8)
    words = Caption(taken=("qp", ""))  # White took a black queen and pawn
    img = decode(render_chess(MATE, to_move="black", caption=words))
    plain = decode(render_chess(MATE, to_move="black"))
    white_row, black_row = _row_box(lay, 1), _row_box(lay, 0)
    # black icons (dark fill) in White's row (the lower one); Black's row unchanged
    assert share(list(img.crop(white_row).get_flattened_data()), LIGHT.black_fill, 16) > 0.01
    assert share(list(plain.crop(white_row).get_flattened_data()), LIGHT.black_fill, 16) == 0
    assert img.crop(black_row).tobytes() == plain.crop(black_row).tobytes()
    # more taken, more icons
    more = decode(render_chess(MATE, to_move="black", caption=Caption(taken=("qpppp", ""))))
    assert share(list(more.crop(white_row).get_flattened_data()), LIGHT.black_fill, 16) > share(
        list(img.crop(white_row).get_flattened_data()), LIGHT.black_fill, 16
    )
    with pytest.raises(ValueError, match="'x' taken is not a FEN piece letter"):
        render_chess(MATE, caption=Caption(taken=("qx", "")))
