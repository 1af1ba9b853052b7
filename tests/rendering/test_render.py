"""What a player sees in the picture: pieces on their squares, orientation, highlights, marks."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

import rules
from rendering import THEMES, Layout, layout, render_board
from rendering.board import board_background, square_colour
from rendering.sprites import piece_sprite
from rules import Move, MoveKind, MoveResult, Side, parse_square

from .render_pixels import close, corner_pixel, decode, occupant, patch, share, top_edge

LIGHT = THEMES["light"]
MAX_PNG = 80 * 1024


def _starts() -> list[tuple[str, rules.Position]]:
    out = []
    for v in rules.variants():
        out.append((v.id, rules.start_position(v.id)))
        for option in v.options:
            for value in option.values:
                if value != option.default:
                    out.append((f"{v.id}-{value}", rules.start_position(v.id, {option.key: value})))
    return out


STARTS = _starts()


def test_the_four_variants_are_covered() -> None:
    ids = {name.split("-")[0] for name, _ in STARTS}
    assert {"classic", "rugen", "schadler", "lat"} <= ids
    assert any(p.width == 12 for _, p in STARTS)


@pytest.mark.parametrize("name,position", STARTS, ids=[n for n, _ in STARTS])
@pytest.mark.parametrize("view", list(Side))
@pytest.mark.parametrize("theme", sorted(THEMES))
def test_every_variant_start_renders(
    name: str, position: rules.Position, view: Side, theme: str
) -> None:
    png = render_board(position, view=view, theme=theme)
    assert len(png) <= MAX_PNG
    img = decode(png)
    assert img.size == layout(position.width, position.height, view).image_size
    pal = THEMES[theme]
    lay = layout(position.width, position.height, view)
    assert close(img.getpixel((1, 1)), pal.background)  # type: ignore[arg-type]
    for sq in lay.squares():
        if position.piece_at(sq) is None:
            assert occupant(img, lay, sq, pal) == "empty", rules.square_name(sq)
        else:
            assert occupant(img, lay, sq, pal) != "empty", rules.square_name(sq)


def test_soldiers_of_each_side_sit_on_their_squares() -> None:
    pos = rules.start_position("classic")
    img = decode(render_board(pos))
    lay = layout(8, 8)
    for name in ("a1", "d1", "h1"):
        assert occupant(img, lay, parse_square(name), LIGHT) == "white"
    for name in ("a8", "e8", "h8"):
        assert occupant(img, lay, parse_square(name), LIGHT) == "black"
    assert occupant(img, lay, parse_square("d4"), LIGHT) == "empty"


def test_black_view_puts_black_at_the_bottom() -> None:
    pos = rules.start_position("classic")
    img = decode(render_board(pos, view=Side.BLACK))
    lay = layout(8, 8, Side.BLACK)
    left, top, right, bottom = lay.board_rect
    s = lay.square
    # the top-left square on screen is h1 with a white soldier, the bottom-left is h8 (black)
    top_left = img.getpixel((left + s // 2, top + s // 2))
    bottom_left = img.getpixel((left + s // 2, bottom - s // 2))
    assert close(top_left, LIGHT.white_fill)  # type: ignore[arg-type]
    assert close(bottom_left, LIGHT.black_fill)  # type: ignore[arg-type]
    assert occupant(img, lay, parse_square("h1"), LIGHT) == "white"
    white_view = decode(render_board(pos))
    assert white_view.tobytes() != img.tobytes()


def test_black_view_flips_the_file_labels() -> None:
    """The letter under the leftmost column is 'h' in Black's view: the same glyph as under
    White's rightmost one (coordinates sit in a band under the board, clear of the pieces)."""
    white = board_background(layout(8, 8, Side.WHITE), LIGHT)
    black = board_background(layout(8, 8, Side.BLACK), LIGHT)

    def glyph(img: Image.Image, col: int, side: Side) -> bytes:
        """The ink in the band under the board, below column ``col``."""
        lay = layout(8, 8, side)
        left, _, _, bottom = lay.board_rect
        x0 = left + col * lay.square
        under = img.crop((x0, bottom + lay.frame_width, x0 + lay.square, bottom + lay.label_band))
        plain = Image.new("RGB", under.size, LIGHT.background)
        ink = ImageChops.difference(under, plain).convert("L")
        return ink.point(lambda v: 255 if v > 60 else 0).tobytes()

    a_white, h_white = glyph(white, 0, Side.WHITE), glyph(white, 7, Side.WHITE)
    assert glyph(black, 0, Side.BLACK) == h_white  # h
    assert glyph(black, 7, Side.BLACK) == a_white  # a
    assert sum(1 for u, v in zip(a_white, h_white, strict=True) if u != v) > 20


def test_last_move_tints_from_and_to_and_draws_the_path() -> None:
    game = rules.Game(rules.start_position("classic"))
    last = game.play("a8-a5")
    lay = layout(8, 8)
    img = decode(render_board(game.position, last_move=last))
    plain = decode(render_board(game.position))
    a8, a5, a6, c5 = (parse_square(n) for n in ("a8", "a5", "a6", "c5"))
    for sq in (a8, a5):
        assert not close(corner_pixel(img, lay, sq), square_colour(sq, LIGHT), 8)
        assert close(corner_pixel(plain, lay, sq), square_colour(sq, LIGHT), 4)
    # the slide's line crosses a6 (left empty) in the path colour
    assert share(patch(img, lay, a6, 0.03), LIGHT.path_line) > 0.8
    # the origin square is empty but shows where the piece came from; the target holds it
    assert occupant(img, lay, a5, LIGHT) == "black"
    assert corner_pixel(img, lay, c5) == corner_pixel(plain, lay, c5)


def test_jump_sequence_is_arrows_with_numbered_landings() -> None:
    game = rules.Game("schadler:8/8/8/8/3c4/2c5/2C5/C6C w hand=0,0")
    before = game.position
    last = game.play("c2-c4-e4")
    lay = layout(8, 8)
    img = decode(render_board(game.position, last_move=last, before=before))
    for name in ("c2", "c4", "e4"):
        sq = parse_square(name)
        assert not close(corner_pixel(img, lay, sq), square_colour(sq, LIGHT), 8), name
    # the arrow runs OVER the counter jumped on c3 (jumping takes nothing off the board)
    c3, c4, d4 = (parse_square(n) for n in ("c3", "c4", "d4"))
    assert share(patch(img, lay, c3, 0.04), LIGHT.path_line, 20) > 0.5
    assert share(patch(img, lay, d4, 0.04), LIGHT.path_line, 20) > 0.5
    # the first landing carries a badge: the path colour with a dark numeral in it
    badge = patch(img, lay, c4, 0.12)
    assert share(badge, LIGHT.path_line, 20) > 0.3 and share(badge, LIGHT.mark_shadow, 40) > 0.03
    # an arrow head points at the landing: more path colour just before the badge than beside
    x, y = lay.square_center(c4)
    below = [img.getpixel((x, yy)) for yy in range(y + 16, y + 26)]
    beside = [img.getpixel((xx, y + 20)) for xx in range(x + 22, x + 32)]
    assert share(below, LIGHT.path_line, 30) > share(beside, LIGHT.path_line, 30)


def test_a_one_square_step_has_no_line_a_slide_has() -> None:
    lay = layout(8, 8)
    game = rules.Game(rules.start_position("rugen"))
    step = game.play("a2-a3")
    img = decode(render_board(game.position, last_move=step))
    a2, a3 = parse_square("a2"), parse_square("a3")
    for sq in (a2, a3):
        x0, y0, x1, y1 = lay.square_rect(sq)
        pixels = [img.getpixel((x, y)) for x in range(x0, x1) for y in range(y0, y1)]
        assert share(pixels, LIGHT.path_line, 20) == 0, sq  # tinted, but no line
    # a slide over several squares keeps its line: it says which squares were crossed
    game = rules.Game(rules.start_position("rugen"))
    slide = game.play("a2-a5")
    img = decode(render_board(game.position, last_move=slide))
    assert share(patch(img, lay, parse_square("a4"), 0.03), LIGHT.path_line) > 0.8


def test_the_eagle_has_an_outline_of_its_own() -> None:
    """Not only the emblem inside: the eagle's silhouette (wing tips) differs from the
    soldier's disc, so it is found by shape at phone size."""
    for side in Side:
        eagle = piece_sprite("E", side, False, 72, LIGHT).getchannel("A")
        soldier = piece_sprite("S", side, False, 72, LIGHT).getchannel("A")
        # wider at the wing tips' height: the eagle covers pixels the soldier's disc does not
        row = 18
        e_cover = sum(1 for x in range(72) if eagle.getpixel((x, row)) > 128)  # type: ignore[operator]
        s_cover = sum(1 for x in range(72) if soldier.getpixel((x, row)) > 128)  # type: ignore[operator]
        assert e_cover > s_cover + 12, (side, e_cover, s_cover)


def test_placement_and_removal_mark_their_square() -> None:
    pos = rules.parse_position("schadler:8/8/8/8/3c4/8/2C5/8 b hand=15,15")
    d4 = parse_square("d4")
    place = MoveResult(Move(MoveKind.PLACE, (d4,)), Side.BLACK)
    lay = layout(8, 8)
    img = decode(render_board(pos, last_move=place))
    assert not close(corner_pixel(img, lay, d4), square_colour(d4, LIGHT), 8)

    e5 = parse_square("e5")
    remove = MoveResult(Move(MoveKind.REMOVE, (e5,)), Side.BLACK, captured=(e5,))
    img = decode(render_board(pos, last_move=remove))
    assert share(patch(img, lay, e5, 0.08), LIGHT.capture_mark, 30) > 0.2


def test_removed_and_captive_pieces_are_marked_captured_released_ringed() -> None:
    # rugen: a3-c3 removes the black soldier on c4
    game = rules.Game("rugen:8/8/4e3/2S5/2s5/S7/3E4/8 w")
    last = game.play("a3-c3")
    assert last.captured == (parse_square("c4"),)
    lay = layout(8, 8)
    img = decode(render_board(game.position, last_move=last, outcome=game.outcome))
    c4 = parse_square("c4")
    edge = top_edge(img, lay, c4)
    assert 0.3 < share(edge, LIGHT.capture_mark, 30) < 0.9  # a dashed frame: dashes and gaps
    assert share(patch(img, lay, c4, 0.05), LIGHT.capture_mark, 30) > 0.3  # a ✕ where it was

    # classic: c8-c4 makes c3 captive, which releases the black soldier on d3
    game = rules.Game("classic:2s5/3e4/8/8/8/2Ss*S3/2s1E3/8 b")
    last = game.play("c8-c4")
    c3, d3 = parse_square("c3"), parse_square("d3")
    assert last.captured == (c3,) and last.released == (d3,)
    img = decode(render_board(game.position, last_move=last))
    assert share(top_edge(img, lay, c3), LIGHT.capture_mark, 30) > 0.3
    # a ring, not a frame: it touches the top side only round its middle, never the corners
    assert share(top_edge(img, lay, d3), LIGHT.release_mark, 30) < 0.35
    assert not close(corner_pixel(img, lay, d3), LIGHT.release_mark, 30)
    # the ring crosses the middle of the square's left side, in the release colour
    x0, y0, _, _ = lay.square_rect(d3)
    left_side = [img.getpixel((x, y0 + lay.square // 2)) for x in range(x0, x0 + lay.square // 4)]
    assert share(left_side, LIGHT.release_mark, 30) > 0.1  # type: ignore[arg-type]


def test_captive_piece_is_greyed_and_crossed_out() -> None:
    pos = rules.parse_position("classic:8/3e4/8/8/8/2Ss*S3/4E3/8 w")
    lay = layout(8, 8)
    img = decode(render_board(pos))
    d3, c3 = parse_square("d3"), parse_square("c3")
    captive = patch(img, lay, d3, 0.3)
    free = patch(img, lay, c3, 0.3)
    assert share(captive, LIGHT.held_mark, 30) > 0.1
    assert share(free, LIGHT.held_mark, 30) == 0
    assert share(captive, LIGHT.black_fill) < 0.05  # not drawn like a free black piece


def _silhouette(img: Image.Image, lay: Layout, sq: int) -> Image.Image:
    """The square's pixels that are not the square's own colour (the piece and its shadow)."""
    x0, y0, x1, y1 = lay.square_rect(sq)
    crop = img.crop((x0, y0, x1, y1))
    plain = Image.new("RGB", crop.size, square_colour(sq, LIGHT))
    return ImageChops.difference(crop, plain).convert("L").point(lambda v: 255 if v > 40 else 0)


def _overlap(a: Image.Image, b: Image.Image) -> float:
    both = ImageChops.multiply(a, b).histogram()[255]
    either = ImageChops.lighter(a, b).histogram()[255]
    return both / either


def test_an_alligatus_is_the_counter_turned_upside_down_not_a_captive() -> None:
    """The schadler sheet: "to make it clear that a counter became Alligatus it is turned
    upside down". Not the classic captive's red ✕ (it is not waiting to be freed): the
    counter's outline flipped top to bottom, its edge band above the face."""
    pos = rules.parse_position("schadler:8/8/3C*4/3c4/3C4/8/8/8 w hand=13,14")
    lay = layout(8, 8)
    img = decode(render_board(pos))
    d6, d4 = parse_square("d6"), parse_square("d4")  # both dark squares
    assert share(patch(img, lay, d6, 0.3), LIGHT.held_mark, 30) == 0
    turned, free = _silhouette(img, lay, d6), _silhouette(img, lay, d4)
    flipped = free.transpose(Image.Transpose.FLIP_TOP_BOTTOM)
    assert _overlap(turned, flipped) > 0.9 > _overlap(turned, free) + 0.04
    # a classic captive keeps its red ✕
    captive = decode(render_board(rules.parse_position("classic:8/3e4/8/8/8/2Ss*S3/4E3/8 w")))
    assert share(patch(captive, lay, parse_square("d3"), 0.3), LIGHT.held_mark, 30) > 0.1


def test_pieces_of_each_kind_look_different() -> None:
    sprites = {
        (k, side): piece_sprite(k, side, False, 72, LIGHT).tobytes()
        for k in "SECQVB"
        for side in Side
    }
    assert len(set(sprites.values())) == len(sprites)
    held = piece_sprite("S", Side.WHITE, True, 72, LIGHT)
    assert held.tobytes() != sprites[("S", Side.WHITE)]


def test_dark_theme_changes_board_not_piece_sides() -> None:
    pos = rules.start_position("classic")
    dark = THEMES["dark"]
    img = decode(render_board(pos, theme="dark"))
    lay = layout(8, 8)
    assert close(img.getpixel((1, 1)), dark.background)  # type: ignore[arg-type]
    assert occupant(img, lay, parse_square("a1"), dark) == "white"
    assert occupant(img, lay, parse_square("a8"), dark) == "black"
    d4 = parse_square("d4")
    assert close(corner_pixel(img, lay, d4), square_colour(d4, dark))


def test_caption_differs_with_turn_result_and_hand() -> None:
    pos = rules.start_position("classic")
    lay = layout(8, 8)
    box = lay.caption_rect

    def caption(**kwargs: object) -> bytes:
        return decode(render_board(pos, **kwargs)).crop(box).tobytes()  # type: ignore[arg-type]

    base = caption()
    assert caption(players=("Alice", "Bob")) != base
    assert caption(move_number=7) != base
    assert caption(captures=(3, 1)) != base
    won = rules.Outcome(Side.WHITE, rules.Termination.EAGLE_CAPTURED)
    assert caption(outcome=won) != base
    schadler = rules.parse_position("schadler:8/8/8/8/8/8/8/8 w hand=16,16")
    empty = rules.parse_position("schadler:8/8/8/8/8/8/8/8 w hand=0,0")
    assert (
        decode(render_board(schadler)).crop(box).tobytes()
        != decode(render_board(empty)).crop(box).tobytes()
    )


def test_same_inputs_same_bytes_even_with_cold_caches() -> None:
    game = rules.Game(rules.start_position("lat"))
    last = game.play(game.legal_moves()[0])
    kwargs: dict[str, object] = dict(last_move=last, players=("Ann", "Bo"), move_number=1)
    first = render_board(game.position, **kwargs)  # type: ignore[arg-type]
    piece_sprite.cache_clear()
    board_background.cache_clear()
    again = render_board(game.position, **kwargs)  # type: ignore[arg-type]
    assert first == again
    assert b"tIME" not in first and b"tEXt" not in first


def test_png_size_on_a_busy_wide_board() -> None:
    pos = rules.parse_position(
        "classic:ssssss6/5e6/s*s*s*s*s*s*6/12/12/S*S*S*S*S*S*6/6E5/SSSSSS6 b"
    )
    png = render_board(pos, theme="dark", players=("A" * 40, "B" * 40), move_number=120)
    assert len(png) <= MAX_PNG


def test_unknown_theme_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="light"):
        render_board(rules.start_position("rugen"), theme="neon")


def test_png_opens_as_an_image() -> None:
    png = render_board(rules.start_position("rugen"))
    with Image.open(io.BytesIO(png)) as img:
        assert img.format == "PNG"
