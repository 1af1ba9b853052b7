"""The words a picture draws come from a :class:`rendering.Words` (English by default, the
bot passes translated ones), and a right-to-left one lays the caption out from the right."""

from __future__ import annotations

import dataclasses
import io

from PIL import Image, ImageDraw

from rendering import ENGLISH, Words, render_ludo
from rendering.caption import row_box
from rendering.ludo import DEFAULT_CELL, LudoPosition, LudoSeat
from rendering.ludo_layout import ludo_layout
from rendering.text import draw_text, font, raqm_available, text_width


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG"
    return img.convert("RGB")


TABLE = LudoPosition(
    seats=[LudoSeat("R", name="Alice"), LudoSeat("Y", name="Bob")], to_move="red", die=4
)


def test_english_is_the_default_and_other_words_are_drawn_instead() -> None:
    plain = decode(render_ludo(TABLE))
    assert plain.tobytes() == decode(render_ludo(TABLE, words=ENGLISH)).tobytes()
    german = dataclasses.replace(ENGLISH, to_move_die="{player} zieht {die}")
    assert decode(render_ludo(TABLE, words=german)).tobytes() != plain.tobytes()


def test_right_to_left_puts_the_first_words_at_the_right() -> None:
    """ "شطرنج · Alice": from the right in an Arabic sentence (Alice at the left edge), from
    the left in an English one (Alice at the right). Pillow's raqm layout gives the base
    direction; the pinned Pillow wheel ships it, and a machine without it fails here."""
    assert raqm_available()
    f = font(24, bold=True)
    arabic = "شطرنج"

    def drawn(text: str, rtl: bool) -> Image.Image:
        img = Image.new("L", (400, 40), 0)
        draw_text(ImageDraw.Draw(img), (0, 20), text, f, 255, rtl=rtl)  # type: ignore[arg-type]
        return img

    alice = drawn("Alice", False)
    w = int(text_width("Alice", f)) - 1
    rtl, ltr = drawn(f"{arabic} · Alice", True), drawn(f"{arabic} · Alice", False)
    assert rtl.crop((0, 0, w, 40)).tobytes() == alice.crop((0, 0, w, 40)).tobytes()
    assert ltr.crop((0, 0, w, 40)).tobytes() != alice.crop((0, 0, w, 40)).tobytes()


def test_a_right_to_left_row_has_its_chip_at_the_right_and_its_note_at_the_left() -> None:
    lay = ludo_layout(DEFAULT_CELL, 2)
    arabic = dataclasses.replace(ENGLISH, rtl=True)
    for words, at_right in ((arabic, True), (ENGLISH, False)):
        img = decode(render_ludo(TABLE, words=words))
        row = img.crop(row_box(lay, 1))  # Yellow's row: not to move, no band
        # the chip is the yellow token: where are the yellow pixels?
        xs = [
            x
            for x in range(row.width)
            for y in range(0, row.height, 2)
            if (lambda p: p[0] > 200 and p[1] > 170 and p[2] < 90)(row.getpixel((x, y)))
        ]
        assert xs, "no chip"
        chip = sum(xs) / len(xs)
        assert (chip > row.width * 0.9) is at_right and (chip < row.width * 0.1) is not at_right


def test_words_is_plain_data_with_english_defaults() -> None:
    assert Words().to_move == "{player} to move" and not Words().rtl
    assert ENGLISH.held("alligatus", 2) == "2 alligati" and ENGLISH.place(2) == "2nd"
    assert (
        ENGLISH.side("yellow") == "Yellow" and ENGLISH.reason("queen_captured") == "queen captured"
    )
