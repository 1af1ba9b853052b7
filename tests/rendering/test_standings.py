"""The standings picture (issue 36): a row per player, withdrawn ones greyed, any script."""

from __future__ import annotations

import io

from PIL import Image

from rendering.standings import StandingRow, render_standings
from rendering.theme import get_theme

HEADINGS = ["Points", "Buchholz", "S-B", "Playing"]


def _png(rows, **kw):
    data = render_standings(rows, title="Tournament #1 · Chess", headings=HEADINGS, **kw)
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    return img.convert("RGB")


def _colours(img, top, bottom):
    return {img.getpixel((x, y)) for x in range(0, img.width, 2) for y in range(top, bottom)}


def _luma(rgb):
    r, g, b = rgb
    return 0.299 * r + 0.587 * g + 0.114 * b


def _darkest(img, top, bottom):
    return min(_luma(c) for c in _colours(img, top, bottom))


def test_a_row_per_player_and_withdrawn_players_greyed():
    rows = [
        StandingRow(1, "Alice", ("2½", "4", "3.25", "0")),
        StandingRow(2, "Bob", ("2", "4.5", "2", "1"), withdrawn=True),
    ]
    two = _png(rows)
    three = _png([*rows, StandingRow(3, "Carol", ("1", "3", "1", "0"))])
    assert three.height - two.height == 40  # one row each
    light = get_theme("light")
    first = _darkest(two, 100, 140)  # Alice's row: her text in ink
    second = _darkest(two, 140, 180)  # Bob's, withdrawn: greyed, nothing as dark as ink
    assert first <= _luma(light.text) + 8
    assert second >= _luma(light.muted_text) - 8 > _luma(light.text) + 8


def test_names_in_any_script_and_right_to_left():
    img = _png([StandingRow(1, "علي", ("2", "1", "0", "0"))], rtl=True)
    assert _darkest(img, 100, 140) <= _luma(get_theme("light").text) + 8
    long = _png([StandingRow(1, "Bob the very long named player " * 3, ("0", "0", "0", "0"))])
    assert long.width == img.width  # a long name is cut, never widens the picture
