"""Ludo pictures: real PNGs read back pixel by pixel, the way a player looks at them."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from rendering import get_theme
from rendering.__main__ import main
from rendering.ludo import (
    LudoMove,
    LudoPosition,
    LudoSeat,
    knock_spot,
    render_ludo,
    token_centre,
)
from rendering.ludo_layout import ludo_layout, track_cell
from rendering.ludo_sprites import TOKEN_COLOURS
from rendering.plain_text import ludo_move, ludo_position

from .render_pixels import Colour, banner_share, close, decode, row_share, trophy_in_row

B, F = -1, 44


def ring_pixels(img: Image.Image, centre: tuple[float, float], radius: float) -> list[Colour]:
    """Pixels on a small circle round ``centre``: inside a token's rim, outside its letter."""
    cx, cy = centre
    out = []
    for dx, dy in (
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (0.7, 0.7),
        (-0.7, 0.7),
        (0.7, -0.7),
        (-0.7, -0.7),
    ):
        out.append(img.getpixel((round(cx + dx * radius), round(cy + dy * radius))))  # type: ignore[arg-type]
    return out  # type: ignore[return-value]


def token_at(img: Image.Image, centre: tuple[float, float], colour: str, size: float) -> bool:
    fill = TOKEN_COLOURS[colour][0]
    px = ring_pixels(img, centre, size * 0.27)
    return sum(close(p, fill, 24) for p in px) >= 5


def four() -> LudoPosition:
    return LudoPosition(
        (
            LudoSeat("R", (0, 12, 41, B), "Ann"),
            LudoSeat("B", (3, 3, F, B), "Bo"),
            LudoSeat("Y", (B, B, B, B), "Cy"),
            LudoSeat("G", (39, 43, F, F), "Di"),
        ),
        to_move="B",
        die=6,
    )


def test_tokens_stand_on_their_fields_for_each_colour_and_progress() -> None:
    img = decode(render_ludo(four()))
    lay = ludo_layout(rows=4)
    for seat in four().seats:
        spot = 0
        for p in seat.tokens:
            size = lay.cell * 0.48 if p == F else lay.token
            centre = token_centre(lay, seat.colour, p, spot if p == B else 0)
            spot += p == B
            assert token_at(img, centre, seat.colour, size), (seat.colour, p)
    # an empty track field shows no token: the field before yellow's start
    assert not any(token_at(img, lay.cell_centre(track_cell(19)), c, lay.token) for c in "RBYG")


def test_track_geometry_follows_the_rules_numbering() -> None:
    lay = ludo_layout(rows=2)
    # progress counts from each colour's start field: 0/10/20/30 clockwise
    assert token_centre(lay, "B", 0) == lay.cell_centre(track_cell(10))
    assert token_centre(lay, "G", 15) == lay.cell_centre(track_cell(5))
    cells = [track_cell(f) for f in range(40)]
    assert len(set(cells)) == 40
    # neighbours on the track are neighbouring cells (the track is one closed walk)
    for a, b in zip(cells, cells[1:] + cells[:1], strict=True):
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def test_colours_survive_deuteranopia() -> None:
    """Machado et al.'s deuteranopia matrix (severity 1) on linear RGB: the four token colours
    stay far apart, and their lightness alone already separates red from green."""
    m = (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    )

    def lin(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    def sim(rgb: Colour) -> tuple[float, ...]:
        r, g, b = (lin(c) for c in rgb)
        return tuple(
            max(0.0, min(1.0, row[0] * r + row[1] * g + row[2] * b)) ** (1 / 2.2) for row in m
        )

    fills = {c: sim(TOKEN_COLOURS[c][0]) for c in "RBYG"}
    for a in "RBYG":
        for b in "RBYG":
            if a < b:
                dist = sum((x - y) ** 2 for x, y in zip(fills[a], fills[b], strict=True)) ** 0.5
                assert dist > 0.2, (a, b, dist)

    def lightness(rgb: Colour) -> float:
        r, g, b = (lin(c) for c in rgb)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    assert lightness(TOKEN_COLOURS["G"][0]) > 1.5 * lightness(TOKEN_COLOURS["R"][0])


def test_each_token_carries_its_letter() -> None:
    lay = ludo_layout(rows=4)
    img = decode(render_ludo(four()))
    for colour, progress in (("R", 12), ("Y", B), ("G", 39)):
        fill, ink = TOKEN_COLOURS[colour]
        cx, cy = token_centre(lay, colour, progress)
        r = round(lay.token * 0.16)
        box = [
            img.getpixel((x, y))
            for x in range(round(cx) - r, round(cx) + r)
            for y in range(round(cy) - r, round(cy) + r)
        ]
        assert sum(close(p, ink, 40) for p in box) > len(box) * 0.12  # type: ignore[arg-type]
        assert sum(close(p, fill, 24) for p in box) > len(box) * 0.1  # type: ignore[arg-type]


def test_a_stack_shows_its_count() -> None:
    lay = ludo_layout(rows=4)
    theme = get_theme("light")
    img = decode(render_ludo(four()))
    for progress in (3, 12):  # blue's two tokens on 3; red's single token on 12
        cx, cy = token_centre(lay, "B" if progress == 3 else "R", progress)
        badge = (round(cx + lay.token * 0.42), round(cy - lay.token * 0.42))
        near = [img.getpixel((badge[0] + d, badge[1] + e)) for d in (-4, 4) for e in (-4, 4)]
        has_badge = sum(close(p, theme.cube_face, 20) for p in near) >= 2  # type: ignore[arg-type]
        assert has_badge == (progress == 3)


def test_the_die_is_drawn_in_the_movers_colour_beside_its_base() -> None:
    lay = ludo_layout(rows=4)
    for die in (None, 6):
        pos = LudoPosition(four().seats, "B", die)
        img = decode(render_ludo(pos))
        cx, cy = lay.die_centre("B")
        edge = (round(cx - lay.die * 0.36), round(cy))
        assert close(img.getpixel(edge), TOKEN_COLOURS["B"][0], 24) == (die is not None)  # type: ignore[arg-type]


def test_last_move_is_ringed_at_both_ends_and_knocked_token_crossed() -> None:
    lay = ludo_layout(rows=4)
    theme = get_theme("light")
    pos = four()
    plain = decode(render_ludo(pos))
    marked = decode(render_ludo(pos, last_move=LudoMove("R", 6, 12), knocked=[("Y", 12)]))
    for progress in (6, 12):
        cx, cy = token_centre(lay, "R", progress)
        edge = (round(cx), round(cy - lay.cell * 0.5 + 3))
        assert close(marked.getpixel(edge), theme.path_line, 30)  # type: ignore[arg-type]
        assert not close(plain.getpixel(edge), theme.path_line, 30)  # type: ignore[arg-type]
    cx, cy = knock_spot(lay, 12, token_centre(lay, "R", 6))
    assert close(marked.getpixel((round(cx), round(cy))), theme.captured, 30)  # type: ignore[arg-type]


@pytest.mark.parametrize("theme_name", ["light", "dark"])
def test_a_knocked_tokens_ghost_is_nearly_a_token_and_crossed_out(theme_name: str) -> None:
    """The ghost of a knocked token beside the token that knocked it: about a token across,
    clear of the knocker and of the move's arrow, in the knocked colour, with a ✕."""
    lay = ludo_layout(rows=4)
    theme = get_theme(theme_name)
    pos = four()
    move = LudoMove("R", 6, 12)
    bare = decode(render_ludo(pos, last_move=move, theme=theme_name))
    marked = decode(render_ludo(pos, last_move=move, knocked=[("Y", 12)], theme=theme_name))
    cx, cy = knock_spot(lay, 12, token_centre(lay, "R", 6))
    # away from the move's start (the arrow) and off the knocker's field, on the board
    kx, ky = token_centre(lay, "R", 12)
    sx, sy = token_centre(lay, "R", 6)
    assert (cx - kx) * (sx - kx) + (cy - ky) * (sy - ky) <= 0
    assert ((cx - kx) ** 2 + (cy - ky) ** 2) ** 0.5 >= lay.cell * 0.6
    # what the knock adds to the picture, measured on the decoded pixels round the spot
    r = lay.token
    box = [
        (x, y)
        for x in range(round(cx - r), round(cx + r))
        for y in range(round(cy - r), round(cy + r))
    ]
    changed = [
        (x, y) for x, y in box if not close(marked.getpixel((x, y)), bare.getpixel((x, y)), 10)
    ]  # type: ignore[arg-type]
    xs, ys = [x for x, _ in changed], [y for _, y in changed]
    width, height = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    assert width >= lay.token * 0.85 and height >= lay.token * 0.85, (width, height, lay.token)
    assert len(changed) >= 0.6 * 3.14 * (lay.token * 0.45) ** 2  # a disc, not a ring or a dot
    # the knocked colour shows (paled), and the ✕ over it
    tinted: list[Colour] = [marked.getpixel(p) for p in changed]  # type: ignore[misc]
    yellowish = sum(1 for red, green, blue in tinted if red > blue + 60 and green > blue + 40)
    assert yellowish > len(changed) * 0.25
    assert sum(close(p, theme.captured, 40) for p in tinted) > 40  # type: ignore[arg-type]
    # the knocker still stands whole on its field
    assert token_at(marked, (kx, ky), "R", lay.token)


def test_stored_text_goes_straight_through() -> None:
    pos = ludo_position("ludo:R:12,0,B,B/Y:F,41,3,B Y 6", ["Ann", "Yuri"])
    assert [s.colour for s in pos.seats] == ["R", "Y"]
    assert pos.seats[1].tokens == (44, 41, 3, -1) and pos.seats[1].name == "Yuri"
    assert (pos.to_move, pos.die) == ("Y", 6)
    lay = ludo_layout(rows=2)
    img = decode(render_ludo(pos, last_move=ludo_move("Y:B-0")))
    assert token_at(img, token_centre(lay, "Y", 41), "Y", lay.token)
    assert token_at(img, token_centre(lay, "R", 12), "R", lay.token)
    left = ludo_position("ludo:R:timeout1/B:5,B,B,B/Y:B,B,B,B B")
    assert left.seats[0].left == "timeout"
    over = ludo_position("ludo:R:F,F,F,F/Y:3,B,B,B Y")
    assert over.to_move is None


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("ludo:R:B,B,B/Y:B,B,B,B R", "4 tokens"),
        ("ludo:R:B,B,B,B/Y:B,B,B,B R 7", "die"),
        ("chess:xyz", "position"),
    ],
)
def test_bad_position_text_is_refused_clearly(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        ludo_position(text)


def test_bad_descriptions_are_refused() -> None:
    with pytest.raises(ValueError, match="colour"):
        render_ludo(LudoPosition((LudoSeat("P"), LudoSeat("Y")), "Y"))
    with pytest.raises(ValueError, match="progress"):
        render_ludo(LudoPosition((LudoSeat("R", (45, B, B, B)), LudoSeat("Y")), "Y"))
    with pytest.raises(ValueError, match="ludo move"):
        ludo_move("R 12")


def test_finished_tokens_stand_in_the_centre_with_their_count() -> None:
    lay = ludo_layout(rows=4)
    theme = get_theme("light")
    img = decode(render_ludo(four()))
    # green has two home, blue one: only green's corner of the centre field carries a count
    for colour, counted in (("G", True), ("B", False)):
        size = lay.cell * 0.48
        assert token_at(img, token_centre(lay, colour, F), colour, size)
        cx, cy = lay.finish_count_centre(colour)
        # the badge's face round the digit (the bold digit itself covers the middle)
        ring = [(-5, 0), (5, 0), (0, -5), (0, 5), (-4, -4), (4, -4), (-4, 4), (4, 4)]
        near = [img.getpixel((round(cx) + d, round(cy) + e)) for d, e in ring]
        assert (sum(close(p, theme.cube_face, 20) for p in near) >= 4) == counted  # type: ignore[arg-type]


def test_a_finished_game_names_its_winner_and_places(tmp_path: Path) -> None:
    out = tmp_path / "end.png"
    code = main(
        [
            "--ludo",
            "ludo:R:F,F,F,F/B:F,42,3,B/Y:timeout1/G:43,39,17,17 R",
            "--players",
            "Ann,Bob,Cyril,Dana",
            "--last-move",
            "R:43-F",
            "--theme",
            "dark",
            "-o",
            str(out),
        ]
    )
    assert code == 0
    pos = ludo_position("ludo:R:F,F,F,F/B:F,42,3,B/Y:timeout1/G:43,39,17,17 R")
    assert pos.to_move is None
    assert [(s.colour, s.place, s.left) for s in pos.seats] == [
        ("R", 1, None),
        ("B", 2, None),
        ("Y", 4, "timeout"),
        ("G", 3, None),
    ]
    lay = ludo_layout(rows=4)
    img = decode(out.read_bytes())
    assert token_at(img, token_centre(lay, "R", F), "R", lay.cell * 0.48)
    assert not token_at(img, token_centre(lay, "R", B, 0), "R", lay.token)
    # the seat that left has no tokens on the board: its base spots are empty
    assert not token_at(img, token_centre(lay, "Y", B, 0), "Y", lay.token)


def test_cli_refuses_bad_ludo_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "x.png"
    assert main(["--ludo", "ludo:R:B,B,B,B/Y:B,B,B,B R", "--knocked", "x", "-o", str(out)]) == 2
    assert "--knocked" in capsys.readouterr().err
    assert main(["--ludo", "ludo:R:B,B,B,B R", "-o", str(out)]) == 2
    assert not out.exists()


def row_chip(img: Image.Image, lay: object, index: int) -> str:
    """The colour letter of the token chip that starts caption row ``index`` ("" if none)."""
    from rendering.caption import chip_size, row_box

    left, top, _, bottom = row_box(lay, index)  # type: ignore[arg-type]
    chip = chip_size(lay)  # type: ignore[arg-type]
    inset = round(lay.caption_row * 0.14)  # type: ignore[attr-defined]
    centre = (left + inset + chip / 2, (top + bottom) / 2)
    found = [c for c in "RBYG" if token_at(img, centre, c, chip)]
    return found[0] if len(found) == 1 else ""


def finished(blue: str = "🎲🎉") -> LudoPosition:
    """Blue won, green second, red third, yellow ran out of time; seats in turn order."""
    return LudoPosition(
        (
            LudoSeat("R", (F, 30, 12, B), "Ann", place=3),
            LudoSeat("B", (F, F, F, F), blue, place=1),
            LudoSeat("Y", (B, B, B, B), "Cyril", place=4, left="timeout"),
            LudoSeat("G", (F, F, 41, 7), "Dana", place=2),
        )
    )


@pytest.mark.parametrize("theme_name", ["light", "dark"])
def test_a_finished_game_has_the_banner_the_trophy_and_rows_in_place_order(
    theme_name: str,
) -> None:
    lay = ludo_layout(rows=4)
    theme = get_theme(theme_name)
    img = decode(render_ludo(finished(), last_move=LudoMove("B", 43, F), theme=theme_name))
    # the result on the banner, the winner's row gold with the trophy, no row "to move"
    assert banner_share(img, lay, theme) > 0.9
    assert row_share(img, lay, 0, theme.win_band) > 0.5 and trophy_in_row(img, lay, 0, theme)
    for row in range(4):
        assert row_share(img, lay, row, theme.accent) < 0.05, row
        assert row == 0 or not trophy_in_row(img, lay, row, theme)
    # the rows stand in place order: 1st blue, 2nd green, 3rd red, 4th yellow (left)
    assert [row_chip(img, lay, row) for row in range(4)] == ["B", "G", "R", "Y"]
    # a game in progress keeps the seats' order and its blue band, without banner or trophy
    playing = decode(render_ludo(four(), theme=theme_name))
    assert [row_chip(playing, lay, row) for row in range(4)] == ["R", "B", "Y", "G"]
    assert banner_share(playing, lay, theme) < 0.1 and not trophy_in_row(playing, lay, 0, theme)
    assert row_share(playing, lay, 1, theme.accent) > 0.5  # blue to move


def test_a_name_of_emoji_alone_falls_back_to_the_seats_colour() -> None:
    """A name no font can draw would leave an empty row (and "wins" with nobody before it):
    the seat's colour name stands in for it, in the row and in the result."""
    emoji = decode(render_ludo(finished("🎲🎉")))
    assert emoji.tobytes() == decode(render_ludo(finished("Blue"))).tobytes()
    assert emoji.tobytes() == decode(render_ludo(finished(""))).tobytes()
    named = decode(render_ludo(finished("Bob")))
    lay = ludo_layout(rows=4)
    from rendering.caption import row_box

    box = row_box(lay, 0)
    assert emoji.crop(box).tobytes() != named.crop(box).tobytes()
