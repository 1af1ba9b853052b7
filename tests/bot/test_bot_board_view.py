"""/board's view (whose side is at the bottom) and theme, checked on the picture itself by
sampling square centres where rendering.layout puts them."""

from __future__ import annotations

from rendering import layout
from rules import Side, parse_square

from .conftest import open_png
from .helpers import board_image, challenge_and_accept, last_board


async def _picture(member, where, **options):
    r = await member.slash(where, "board", **options)
    assert not r.ephemeral, r.response.content
    [att] = [a for a in r.response.attachments if a.filename == "board.png"]
    return open_png(await att.read()).convert("RGB")


async def test_board_view_flips_the_picture(arena):
    game, where = await challenge_and_accept(arena, "rugen")  # Alice White, Bob Black
    white = await _picture(arena.carol, where, view="white")
    black = await _picture(arena.carol, where, view="black")
    from_white, from_black = layout(8, 8, Side.WHITE), layout(8, 8, Side.BLACK)
    assert white.size == black.size == from_white.image_size
    a1, h8, d4 = parse_square("a1"), parse_square("h8"), parse_square("d4")
    # the same piece is drawn where each layout puts a1 ...
    assert white.getpixel(from_white.square_center(a1)) == black.getpixel(
        from_black.square_center(a1)
    )
    # ... and at the bottom-left corner of the flipped picture stands Black's h8 piece
    assert from_black.square_center(h8) == from_white.square_center(a1)
    assert white.getpixel(from_white.square_center(a1)) != black.getpixel(
        from_white.square_center(a1)
    )
    assert black.getpixel(from_white.square_center(a1)) == white.getpixel(
        from_white.square_center(h8)
    )
    # defaults: a player sees their own colour at the bottom, anyone else White
    assert (await _picture(arena.bob, where)).tobytes() == black.tobytes()
    assert (await _picture(arena.alice, where)).tobytes() == white.tobytes()
    assert (await _picture(arena.carol, where)).tobytes() == white.tobytes()
    # the dark theme colours an empty square differently
    dark = await _picture(arena.carol, where, view="white", theme="dark")
    centre = from_white.square_center(d4)
    assert dark.getpixel(centre) != white.getpixel(centre)
    assert dark.getpixel(from_white.square_center(a1)) != dark.getpixel(centre)


async def test_boards_after_moves_show_white_at_the_bottom(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    await arena.alice.slash(where, "move", move="a2-a4")
    after_white = (await board_image(last_board(where))).convert("RGB")
    await arena.bob.slash(where, "move", move="a7-a5")
    after_black = (await board_image(last_board(where))).convert("RGB")
    lay = layout(8, 8, Side.WHITE)
    a1 = lay.square_center(parse_square("a1"))
    assert after_white.getpixel(a1) == after_black.getpixel(a1)  # White's a1 piece, both times


async def test_backgammon_board_view_shows_blacks_side_to_black(arena):
    """Backgammon's Black view is the board as Black sees it: Black's home board bottom
    right, where White's is in White's view; a player sees their own side by default."""
    from rendering import THEMES
    from rendering.backgammon_layout import backgammon_layout

    game, where = await challenge_and_accept(arena, "backgammon")  # Alice White, Bob Black
    white = await _picture(arena.carol, where, view="white")
    black = await _picture(arena.carol, where, view="black")
    assert white.size == black.size and white.tobytes() != black.tobytes()
    light, lay = THEMES["light"], backgammon_layout()
    six = lay.checker_centre(6, 0)  # the bottom right's 6-point: the bottom player's stack
    near = 30
    assert (
        max(abs(a - b) for a, b in zip(white.getpixel(six), light.white_fill, strict=True)) <= near
    )
    assert (
        max(abs(a - b) for a, b in zip(black.getpixel(six), light.black_fill, strict=True)) <= near
    )
    assert (await _picture(arena.bob, where)).tobytes() == black.tobytes()
    assert (await _picture(arena.alice, where)).tobytes() == white.tobytes()
