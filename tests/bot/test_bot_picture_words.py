"""The words drawn on pictures in the server's language: the renderer's English unchanged,
translations that fit wherever the English fits, and Arabic captions laid out right to left
(real PNGs from the presenters, decoded and checked by pixel)."""

from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image, ImageChops

from bot.i18n import LANGUAGES
from bot.presenters import BoardView, presenter_for
from bot.presenters.words import picture_words
from bot.texts import game_name
from rendering import ENGLISH, Caption, Words, layout, placement_pieces, render_chess
from rendering.backgammon import DEFAULT_UNIT
from rendering.backgammon_layout import backgammon_layout
from rendering.caption import named, row_box, status_box, status_fits, who
from rendering.chess import START_PLACEMENT
from rendering.ludo import DEFAULT_CELL
from rendering.ludo_layout import ludo_layout
from rules import Side
from rules.games import GameOutcome, Reason, find_game

NAME = "Alexan"  # six letters: room for the words around it


def test_the_english_words_are_the_renderers_own() -> None:
    english = picture_words("en")
    for f in dataclasses.fields(english):
        if f.name not in ("held", "place"):
            assert getattr(english, f.name) == getattr(ENGLISH, f.name), f.name
    for word in ("captive", "alligatus"):
        assert [english.held(word, n) for n in (1, 2, 7)] == [
            ENGLISH.held(word, n) for n in (1, 2, 7)
        ]
    assert [english.place(n) for n in (1, 2, 3, 4)] == ["1st", "2nd", "3rd", "4th"]
    assert not english.rtl and picture_words("ar").rtl


def test_the_words_are_translated_with_their_plurals() -> None:
    bulgarian = picture_words("bg")
    assert bulgarian.to_move.format(player="Иван") == "Иван е на ход"
    assert (
        bulgarian.side("white") == "Бели"
        and bulgarian.reason("eagle_captured") == "орелът е пленен"
    )
    russian = picture_words("ru")
    assert [russian.held("captive", n) for n in (1, 3, 5)] == [
        "1 пленник",
        "3 пленника",
        "5 пленников",
    ]
    assert picture_words("ar").held("captive", 2) == "أسيران"  # the dual, no number


def _statuses(language: str) -> list[tuple[str, str, bool]]:
    """(layout, status line, finished) for what every game's caption says, names included."""
    w = picture_words(language)
    out: list[tuple[str, str, bool]] = []
    for side in Side:
        player = who(side, (NAME, NAME), w)
        check = w.check.format(status=w.to_move.format(player=player))
        out += [
            ("8x8", w.move_number.format(number=88, status=check), False),
            ("8x8", f"{game_name('chess', language)} · {w.to_move.format(player=player)}", False),
            ("bg", w.to_play_dice.format(player=player, dice="6-5"), False),
            (
                "bg",
                w.take_or_drop.format(status=w.doubles_to.format(player=player, cube=16)),
                False,
            ),
        ]
    yellow = named(NAME, "yellow", w)
    out.append(
        (
            "ludo",
            f"{game_name('ludo', language)} · " + w.to_move_die.format(player=yellow, die=6),
            False,
        )
    )
    # every result a game's picture can show
    for game, lay in (
        ("chess", "8x8"),
        ("draughts", "8x8"),
        ("backgammon", "bg"),
        ("ludo", "ludo"),
    ):
        presenter = presenter_for(game)
        seats = presenter.rules.seats
        reasons = [*presenter.reasons, Reason.RESIGNATION, Reason.TIMEOUT]
        winners: list[str | None] = [seats[0]]
        if presenter.rules.draws_by_agreement:
            reasons.append(Reason.THREEFOLD_REPETITION)
            winners.append(None)
        for reason in reasons:
            for winner in winners:
                outcome = GameOutcome(winner, reason, points=3 if game == "backgammon" else None)
                board = BoardView("-", {s: NAME for s in seats}, outcome=outcome, language=language)
                status = presenter.caption_status(board)
                assert status is not None
                out.append((lay, status, True))
    return out


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_a_caption_that_fits_in_english_fits_in_every_language(language: str) -> None:
    """Longer words must not cut a caption short where the English is drawn whole."""
    lays = {
        "8x8": layout(8, 8, Side.WHITE),
        "bg": backgammon_layout(DEFAULT_UNIT, False),
        "ludo": ludo_layout(DEFAULT_CELL, 4),
    }
    rtl = picture_words(language).rtl
    pairs = zip(_statuses("en"), _statuses(language), strict=True)
    checked = 0
    for (lay, english, over), (_, translated, _) in pairs:
        if status_fits(english, lays[lay], over=over):
            assert translated != english
            assert status_fits(translated, lays[lay], over=over, rtl=rtl), (language, translated)
            checked += 1
    assert checked > 40


def _decoded(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG"
    return img.convert("RGB")


def _board_png(language: str, players: dict[str, str], move: int = 1) -> Image.Image:
    """The chess start position as the bot draws it for a server in ``language``."""
    board = BoardView(find_game("chess").start(), players, move_number=move, language=language)
    return _decoded(presenter_for("chess").picture(board))


def _caption_png(words: Words, move: int) -> Image.Image:
    """The same picture drawn by the renderer with ``words`` (to compare directions)."""
    caption = Caption(
        players=("Alice", "Bob"), title=game_name("chess", "ar"), move_number=move, words=words
    )
    start = placement_pieces(START_PLACEMENT)
    return _decoded(render_chess(start, to_move="white", caption=caption))


def _changed(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int]) -> tuple[int, int]:
    """The left and right edges of what differs between ``a`` and ``b`` inside ``box``."""
    diff = ImageChops.difference(a, b).crop(box).convert("L").point(lambda v: 255 if v > 40 else 0)
    found = diff.getbbox()
    assert found is not None, "nothing differs"
    return box[0] + found[0], box[0] + found[2]


def test_an_arabic_caption_reads_right_to_left_and_its_rows_are_mirrored() -> None:
    """ "الشطرنج · النقلة 1 · الدور على Alice (الأبيض)": the sentence starts at the right, so
    the move's number (its second part) is drawn right of the centre — a left-to-right base
    direction would put it left of the centre. Digits are equally wide, so changing the number
    moves nothing else. A player's name stands at the right of its row, by its chip."""
    lay = layout(8, 8, Side.WHITE)
    box = status_box(lay)
    centre = (box[0] + box[2]) / 2
    players = {"white": "Alice", "black": "Bob"}
    x0, x1 = _changed(_board_png("ar", players, 1), _board_png("ar", players, 8), box)
    assert x0 > centre, (x0, centre)  # the bot's Arabic picture
    ltr = dataclasses.replace(picture_words("ar"), rtl=False)  # the control
    x0, x1 = _changed(_caption_png(ltr, 1), _caption_png(ltr, 8), box)
    assert x1 < centre, (x1, centre)
    x0, x1 = _changed(_board_png("bg", players, 1), _board_png("bg", players, 8), box)
    assert x1 < centre  # "Шах · Ход 1 · Alice (Бели) е на ход" reads from the left

    # the rows: Black's (the top one, not to move) name and chip at the right edge in Arabic
    img = _board_png("ar", {"white": "Alice", "black": "Bob"})
    english = _board_png("en", {"white": "Alice", "black": "Bob"})
    for picture, at_right in ((img, True), (english, False)):
        x0, y0, x1, y1 = row_box(lay, 0)
        row = picture.crop((x0, y0, x1, y1)).convert("L")
        background = row.getpixel((row.width // 2, 2))
        ink = row.point(lambda v, bg=background: 255 if abs(v - bg) > 60 else 0).getbbox()
        assert ink is not None
        if at_right:
            assert ink[0] > row.width / 2  # nothing drawn in the left half
        else:
            assert ink[2] < row.width / 2
