"""The rating chart's words (issue 17): drawn from the :class:`rendering.ChartWords` the bot
passes (English by default), and a right-to-left chart's title at the right edge, laid out
right to left."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from rendering import ChartWords, RatingPoint, render_rating_chart
from rendering.rating_chart import _LEFT, _RIGHT, _TOP, WIDTH
from rendering.text import raqm_available

POINTS = [RatingPoint(1_767_225_600, 1650.0, 300.0), RatingPoint(1_767_312_000, 1742.0, 250.0)]
ARABIC = ChartWords(rtl=True, now="الآن {rating} ± {rd}", results=lambda n: f"{n} نتيجة")


def _png(**kw: object) -> Image.Image:
    return Image.open(io.BytesIO(render_rating_chart(POINTS, **kw))).convert("RGB")  # type: ignore[arg-type]


def _header_ink(with_title: Image.Image, without: Image.Image) -> tuple[int, int]:
    """The left and right edge of what the title alone drew in the header band."""
    # the PNG's palette is chosen per picture: tell ink from a shade of difference
    diff = ImageChops.difference(with_title, without).convert("L")
    box = diff.point(lambda v: 255 if v > 48 else 0).crop((0, 0, WIDTH, _TOP)).getbbox()
    assert box is not None, "the title drew nothing"
    return box[0], box[2]


def test_the_english_words_by_default_and_the_given_words_otherwise() -> None:
    english = _png(title="Rating")
    assert english.tobytes() == _png(title="Rating", words=ChartWords()).tobytes()
    russian = ChartWords(now="сейчас {rating} ± {rd}", results=lambda n: f"{n} результат")
    assert _png(title="Rating", words=russian).tobytes() != english.tobytes()


def test_a_left_to_right_title_starts_at_the_left() -> None:
    left, right = _header_ink(_png(title="Рейтинг Alice"), _png(title=""))
    assert abs(left - _LEFT) <= 3 and right < WIDTH / 2


@pytest.mark.parametrize("title", ["تصنيف Alice في لاترونكولي", "تصنيف"])
def test_a_right_to_left_title_ends_at_the_right(title: str) -> None:
    left, right = _header_ink(_png(title=title, words=ARABIC), _png(title="", words=ARABIC))
    # it ends at the right margin and runs leftwards only as far as it is long
    assert abs(right - (WIDTH - _RIGHT)) <= 3 and left > _LEFT + 40


def test_a_right_to_left_title_puts_its_first_word_at_the_right() -> None:
    """Read from the right: the Arabic word first (rightmost), the Latin name after it
    (Pillow's raqm layout, as the boards' Arabic captions)."""
    assert raqm_available()
    both = _png(title="تصنيف Alice", words=ARABIC)
    word = _png(title="تصنيف", words=ARABIC)
    # the name adds ink to the left of the word, none to its right
    left, right = _header_ink(both, word)
    word_left, _ = _header_ink(word, _png(title="", words=ARABIC))
    assert right <= word_left + 2


def _ink_rows(img: Image.Image, box: tuple[int, int, int, int]) -> int:
    """How many pixel rows of ``box`` hold text ink (darker than the background)."""
    region = img.crop(box).convert("L")
    background = region.getpixel((0, 0))
    assert isinstance(background, int)
    ink = region.point(lambda v: 255 if abs(v - background) > 60 else 0)
    found = ink.getbbox()
    return 0 if found is None else found[3] - found[1]


def test_the_words_still_read_at_ten_pixels_on_a_phone() -> None:
    """A phone shows the chart ~300 px wide (under half its 640): the dates under the plot,
    digits of a 22 px face, stand at least 15 px tall here, 7 px there (they were 9 here)."""
    from rendering.rating_chart import _BOTTOM, HEIGHT

    img = _png(title="Rating")
    assert _ink_rows(img, (_LEFT, HEIGHT - _BOTTOM + 4, _LEFT + 120, HEIGHT)) >= 15


def test_a_provisional_deviation_is_a_whisker_not_a_band_over_the_plot() -> None:
    """Two provisional results (deviation 300 and 250, wider than the plot): the plot stays
    mostly background -- the line and thin whiskers, no shaded band filling it."""
    from rendering.rating_chart import _BOTTOM, HEIGHT

    img = _png(title="Rating")
    plot = img.crop((_LEFT + 10, _TOP + 10, WIDTH - _RIGHT - 10, HEIGHT - _BOTTOM - 10))
    background = plot.getpixel((plot.width // 2, 3))
    colours = plot.getcolors(maxcolors=plot.width * plot.height)
    assert colours is not None
    same = sum(n for n, c in colours if c == background)
    assert same / (plot.width * plot.height) > 0.85


def test_a_long_settled_history_keeps_its_band() -> None:
    from rendering.rating_chart import _BOTTOM, HEIGHT

    points = [RatingPoint(1_767_225_600 + 86_400 * i, 1500 + 5 * i, 80.0) for i in range(40)]
    img = Image.open(io.BytesIO(render_rating_chart(points, title="Rating"))).convert("RGB")
    plot = img.crop((_LEFT + 10, _TOP + 10, WIDTH - _RIGHT - 10, HEIGHT - _BOTTOM - 10))
    colours = plot.getcolors(maxcolors=plot.width * plot.height)
    assert colours is not None
    background = img.getpixel((2, 2))
    shaded = sum(n for n, c in colours if c != background)
    assert shaded / (plot.width * plot.height) > 0.15
