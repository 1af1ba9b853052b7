"""The Move picker's private preview: once a piece is chosen, its menu comes with a picture
(seen only by the player) of the board with that piece ringed and each option's destination
numbered as the menu numbers the options."""

from __future__ import annotations

import io

from PIL import Image

from rendering import layout
from rendering.board import square_colour
from rendering.theme import LIGHT
from rules import Side, parse_square

from .helpers import challenge_and_accept, last_board, select_options


def _open(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def _near(a: tuple[int, int, int], b: tuple[int, int, int], tol: int = 14) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


def _badge_at(img: Image.Image, lay, sq: int) -> bool:
    """A numbered disc in the accent colour at the middle of ``sq`` (its ring of pixels a few
    px off the centre, clear of the numeral)."""
    x, y = lay.square_center(sq)
    r = round(lay.square * 0.14)
    ring = [img.getpixel((x + dx, y + dy)) for dx, dy in ((-r, 0), (r, 0), (0, -r), (0, r))]
    return sum(_near(p, LIGHT.accent, 24) for p in ring) >= 3  # type: ignore[arg-type]


async def test_choosing_a_piece_shows_it_ringed_and_its_moves_numbered(arena):
    game, where = await challenge_and_accept(arena, "rugen")  # Alice White, to move
    menu = await arena.alice.click(last_board(where), label="Move")
    assert menu.ephemeral and not menu.response.attachments  # the pieces: no preview yet
    assert "from:a2" in [v for _, v in select_options(menu.response)]
    r = await arena.alice.select(menu.response, ["from:a2"])
    shown = r.response or menu.response
    [att] = shown.attachments
    assert att.filename == "preview.png"
    options = select_options(shown)
    # the a2 soldier slides to a3, a4, a5 or a6: four options, numbered 1–4
    assert [label.split(". ", 1)[0] for label, _ in options] == ["1", "2", "3", "4"]
    targets = [parse_square(v.removeprefix("play:").split("-")[-1]) for _, v in options]
    img = _open(await att.read())
    lay = layout(8, 8, Side.WHITE)
    assert img.size == lay.image_size
    for sq in targets:
        assert _badge_at(img, lay, sq), sq
    for name in ("a7", "b3", "c4"):  # not a destination
        assert not _badge_at(img, lay, parse_square(name)), name
    # the chosen piece is ringed: the accent ring crosses the middle of a2's left edge area
    a2 = parse_square("a2")
    x0, y0, _, _ = lay.square_rect(a2)
    edge = [img.getpixel((x0 + dx, y0 + lay.square // 2)) for dx in range(0, 8)]
    assert any(_near(p, LIGHT.accent, 24) for p in edge)  # type: ignore[arg-type]
    b2 = parse_square("b2")  # another soldier: no ring
    x0, y0, _, _ = lay.square_rect(b2)
    edge = [img.getpixel((x0 + dx, y0 + lay.square // 2)) for dx in range(0, 8)]
    assert not any(_near(p, LIGHT.accent, 24) for p in edge)  # type: ignore[arg-type]
    d5 = parse_square("d5")  # an empty square nobody can reach from a2: untouched
    assert _near(img.getpixel(lay.square_center(d5)), square_colour(d5, LIGHT), 4)  # type: ignore[arg-type]

    # picking a numbered move plays it
    done = await arena.alice.select(shown, [options[1][1]])
    assert done.acknowledged
    record = await arena.db.games.load_game(game.id)
    assert record.ply == 1


async def test_a_chess_piece_menu_has_its_preview_from_the_players_side(arena):
    game, where = await challenge_and_accept(arena, "chess")  # Alice White
    for member, move in [
        (arena.alice, "e4"),
        (arena.bob, "e5"),
        (arena.alice, "Nf3"),
        (arena.bob, "Nc6"),
        (arena.alice, "Bc4"),
        (arena.bob, "Nf6"),
    ]:
        r = await member.slash(where, "move", move=move)
        assert not r.ephemeral, r.response.content
    # Black's view for Bob: his pieces at the bottom
    await arena.alice.slash(where, "move", move="d3")
    menu = await arena.bob.click(last_board(where), label="Move")
    values = [v for _, v in select_options(menu.response)]
    assert "group:Knight on f6" in values, values
    r = await arena.bob.select(menu.response, ["group:Knight on f6"])
    shown = r.response or menu.response
    [att] = shown.attachments
    options = select_options(shown)
    assert all(label.startswith(f"{i}. ") for i, (label, _) in enumerate(options, start=1))
    img = _open(await att.read())
    lay = layout(8, 8, Side.BLACK)
    # Nf6's moves: g8, h5, g4, d5, xe4 — each destination badged, in Black's view
    for name in ("g8", "h5", "g4", "d5", "e4"):
        assert _badge_at(img, lay, parse_square(name)), name
    assert not _badge_at(img, lay, parse_square("a3"))
