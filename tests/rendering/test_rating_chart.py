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
    assert abs(right - (WIDTH - _RIGHT)) <= 3 and left > WIDTH / 2


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
