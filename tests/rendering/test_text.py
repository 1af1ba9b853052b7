"""Names in any script: every caption is drawn in the shipped DejaVu Sans, never as boxes.

The box a font draws for a character it lacks is its ``.notdef`` glyph; these tests look for
that glyph's bitmap in the rendered caption, with raqm layout (shaped, right-to-left Arabic)
and with Pillow's basic layout forced (what a system without raqm gets).
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

import rules
from rendering import layout, render_board, status_text
from rendering import text as text_module
from rendering.text import drawable, font

from .render_pixels import decode

NAMES = {
    "latin": "Zoë Müller — José",
    "cyrillic": "Дмитрий Шостакович",
    "greek": "Γιώργος Παπαδόπουλος",
    "turkish": "Şükrü Ağaoğlu",
    "arabic": "محمد علي",
}
LAYOUTS = ["raqm", "basic"] if text_module.raqm_available() else ["basic"]


@pytest.fixture(params=LAYOUTS)
def layout_engine(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "basic":
        monkeypatch.setattr(text_module, "raqm_available", lambda: False)
    return str(request.param)


def _name_row(name: str) -> Image.Image:
    """White's row (the lower one, not highlighted at classic's start) as a 1-bit ink mask."""
    pos = rules.start_position("classic")  # Black to move: White's row is plain dark text
    img = decode(render_board(pos, players=(name, "Bob")))
    lay = layout(8, 8)
    _, cy0, _, cy1 = lay.caption_rect
    row = img.crop((0, cy1 - lay.caption_row - lay.pad, img.width, cy1))
    return row.convert("L").point(lambda v: 255 if v < 128 else 0)


def _notdef_box() -> list[tuple[int, int]]:
    """The ink pixels of the name face's ``.notdef`` glyph, relative to its top-left."""
    f = font(max(11, round(layout(8, 8).text_unit * 0.32)), bold=True)
    canvas = Image.new("L", (80, 80), 0)
    ImageDraw.Draw(canvas).text((10, 40), "\U0010ffff", font=f, fill=255, anchor="lm")
    ink = canvas.point(lambda v: 255 if v >= 128 else 0)
    x0, y0, x1, y1 = ink.getbbox() or (0, 0, 0, 0)
    return [(x - x0, y - y0) for x in range(x0, x1) for y in range(y0, y1) if ink.getpixel((x, y))]


def _has_box(mask: Image.Image, box: list[tuple[int, int]]) -> bool:
    """True if ``box`` (the .notdef ink) appears in ``mask``, 90 % of its pixels inked."""
    px = mask.load()
    assert px is not None
    w = max(x for x, _ in box) + 1
    h = max(y for _, y in box) + 1
    need = len(box) * 0.9
    for ox in range(mask.width - w):
        for oy in range(mask.height - h):
            if not px[ox + box[0][0], oy + box[0][1]]:
                continue
            hits = sum(1 for x, y in box if px[ox + x, oy + y])
            if hits >= need:
                return True
    return False


def test_the_box_detector_finds_a_box() -> None:
    """Control: a .notdef drawn into a name row is found (so a pass below means something)."""
    mask = _name_row("Ann")
    f = font(max(11, round(layout(8, 8).text_unit * 0.32)), bold=True)
    rgb = Image.new("L", mask.size, 0)
    ImageDraw.Draw(rgb).text((300, mask.height / 2), "x\U0010ffffx", font=f, fill=255, anchor="lm")
    assert _has_box(Image.composite(rgb, mask, rgb), _notdef_box())
    assert not _has_box(mask, _notdef_box())


@pytest.mark.parametrize("script", sorted(NAMES))
def test_names_in_five_scripts_draw_without_boxes(script: str, layout_engine: str) -> None:
    name = NAMES[script]
    assert drawable(name) == name  # nothing of these names is dropped
    row = _name_row(name)
    assert not _has_box(row, _notdef_box()), (script, layout_engine)
    # and the name is really drawn: the row differs from an unnamed player's
    assert row.tobytes() != _name_row("").tobytes()


def test_emoji_the_font_lacks_are_dropped_not_boxed(layout_engine: str) -> None:
    assert drawable("Ann 🎉") == "Ann"
    row = _name_row("Ann 🎉")
    assert not _has_box(row, _notdef_box())
    assert row.tobytes() == _name_row("Ann").tobytes()


def test_a_name_of_emoji_only_falls_back_to_the_side() -> None:
    assert _name_row("🎉🎊").tobytes() == _name_row("").tobytes()
    won = rules.Outcome(rules.Side.WHITE, rules.Termination.EAGLE_CAPTURED)
    pos = rules.start_position("classic")
    assert status_text(pos, players=("🎉🎊", "Bob"), outcome=won) == "White wins — eagle captured"


def test_unassigned_and_control_characters_are_dropped() -> None:
    assert drawable("A\u0378B\x07C") == "ABC"  # U+0378 is unassigned


def test_arabic_is_shaped_with_raqm_and_still_drawn_without() -> None:
    shaped = _name_row(NAMES["arabic"])
    mp = pytest.MonkeyPatch()
    try:
        mp.setattr(text_module, "raqm_available", lambda: False)
        plain = _name_row(NAMES["arabic"])
    finally:
        mp.undo()
    # joined letter forms (raqm) look different from isolated ones in logical order (basic);
    # a Pillow without raqm draws the basic layout both times
    assert (shaped.tobytes() != plain.tobytes()) == text_module.raqm_available()


def test_an_arabic_name_keeps_the_english_sentence_in_order(layout_engine: str) -> None:
    """ "محمد علي to move": the name comes first (at the left), its letters right to left."""
    from rendering.text import draw_text, text_width

    f = font(24, bold=True)
    name = NAMES["arabic"]

    def drawn(text: str) -> Image.Image:
        img = Image.new("RGB", (400, 40), (0, 0, 0))
        draw_text(ImageDraw.Draw(img), (0, 20), text, f, (255, 255, 255))
        return img

    w = int(text_width(name, f)) - 1
    sentence, alone = drawn(f"{name} to move"), drawn(name)
    assert sentence.crop((0, 0, w, 40)).tobytes() == alone.crop((0, 0, w, 40)).tobytes()
    assert sentence.crop((w + 4, 0, 400, 40)).getbbox() is not None  # "to move" after it


def test_a_long_result_shrinks_to_fit_instead_of_being_cut() -> None:
    """DejaVu Sans Bold is wide: "Şükrü Ağaoğlu (White) wins — queen captured" on the LAT
    board ends in the stem of its last "d", not in an ellipsis's low dots."""
    won = rules.Outcome(rules.Side.WHITE, rules.Termination.QUEEN_CAPTURED)
    pos = rules.start_position("lat")
    img = decode(render_board(pos, players=("Şükrü Ağaoğlu", "İbrahim Çelik"), outcome=won))
    lay = layout(pos.width, pos.height)
    _, cy0, _, _ = lay.caption_rect
    status = img.crop((0, cy0, img.width, cy0 + lay.pad + lay.caption_row))
    ink = status.convert("L").point(lambda v: 255 if v < 128 else 0)
    x0, y0, x1, y1 = ink.getbbox() or (0, 0, 0, 0)
    last = ink.crop((x1 - 2, y0, x1, y1)).getbbox()
    assert last is not None
    assert last[3] - last[1] > (y1 - y0) * 0.5  # a tall stem at the end, not dots


def _leftmost_ink_height(text: str) -> int:
    """How tall the ink is in the leftmost 8 px columns of ``text`` drawn right to left (a
    letter's height, or a dot's)."""
    from PIL import Image, ImageDraw

    from rendering.text import draw_text, font

    img = Image.new("RGB", (900, 60), (255, 255, 255))
    draw_text(ImageDraw.Draw(img), (880, 30), text, font(28), (0, 0, 0), align="right", rtl=True)
    ink = img.convert("L").point(lambda v: 255 if v < 128 else 0)
    box = ink.getbbox()
    assert box is not None
    left = ink.crop((box[0], 0, box[0] + 8, 60)).getbbox()
    assert left is not None
    return left[3] - left[1]


def test_the_dots_of_a_cut_latin_name_stay_at_its_end_in_an_arabic_line() -> None:
    """Read right to left, "يفوز Alexandrina..." must keep the dots after the name (at its
    right, where a Latin run ends), not before it at the far left of the line (issue 32): the
    line's leftmost ink is the name's capital A, not a dot."""
    from rendering.text import fit_text, font

    name = fit_text("Alexandrina Konstantinopoulou", font(28), 200, rtl=True)
    assert name.startswith("Alexandrina") and "..." in name
    assert _leftmost_ink_height("يفوز " + name) >= 15
    assert _leftmost_ink_height(name) >= 15  # a name alone in a right-to-left row
    assert _leftmost_ink_height("يفوز Alexandrina...") <= 6  # what the mark prevents


def test_a_cut_arabic_name_needs_no_mark() -> None:
    from rendering.text import fit_text, font

    cut = fit_text("محمد عبد الرحمن الأنصاري الخزرجي", font(28), 150, rtl=True)
    assert cut.endswith("...") and "\u200e" not in cut
