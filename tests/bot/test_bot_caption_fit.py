"""Result banners keep their reason (issue 32): every game's status line in every language,
with short and long (32-character) display names, after every ending, is drawn whole — on one
line, or wrapped to a second one — with nothing that carries meaning cut; only the names are
capped. Checked through the renderer's own fitting and on decoded pictures."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from PIL import Image

from bot.i18n import LANGUAGES
from bot.presenters import BoardView, all_presenters, presenter_for
from bot.presenters.base import GamePresenter
from bot.presenters.words import picture_words
from rendering.backgammon import DEFAULT_UNIT
from rendering.backgammon_layout import backgammon_layout
from rendering.caption import CaptionGeometry, fit_status, status_lines, wrapped_box
from rendering.ludo import DEFAULT_CELL
from rendering.ludo_layout import ludo_layout
from rendering.theme import get_theme
from rules.games import GameOutcome, Reason, find_game

#: Discord display names run to 32 characters: a long Cyrillic one, a wide Latin one.
LONG_NAMES = ("Константин Константинопольский12", "MWMWMWMWMWMWMWMWMWMWMWMWMWMWMWMW")
SHORT_NAME = "Ana"


def _geometry(presenter: GamePresenter, board: BoardView) -> CaptionGeometry:
    """The caption geometry of the picture ``presenter`` draws of ``board``."""
    lay = presenter.board_layout(board)
    if lay is not None:
        return lay
    if presenter.game_id == "backgammon":
        return backgammon_layout(DEFAULT_UNIT, False)
    assert presenter.game_id == "ludo", presenter.game_id
    return ludo_layout(DEFAULT_CELL, len(presenter.rules.seats))


def _endings(presenter: GamePresenter) -> Iterator[GameOutcome]:
    """Every result the game's picture can show: each of its reasons, a resignation and a
    timeout (won by its first seat), and a draw when the game has them."""
    points = 2 if presenter.game_id == "backgammon" else None
    seat = presenter.rules.seats[0]
    for reason in (*presenter.reasons, Reason.RESIGNATION, Reason.TIMEOUT):
        yield GameOutcome(seat, reason, points=points)
    if presenter.rules.draws_by_agreement:
        yield GameOutcome(None, Reason.THREEFOLD_REPETITION)
        yield GameOutcome(None, Reason.AGREEMENT)


def _boards(language: str) -> Iterator[tuple[GamePresenter, BoardView, str]]:
    for presenter in all_presenters():
        start = find_game(presenter.game_id).start()
        for name in (SHORT_NAME, *LONG_NAMES):
            players = {seat: name for seat in presenter.rules.seats}
            for outcome in _endings(presenter):
                board = BoardView(start, players, outcome=outcome, language=language)
                yield presenter, board, name


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_no_result_is_cut_in_any_language_with_any_name(language: str) -> None:
    """The lines drawn, joined, are the whole status (a capped name is part of the status
    the presenter wrote: its first 17 letters and "..."); the reason is never shortened."""
    rtl = picture_words(language).rtl
    checked = wrapped = 0
    for presenter, board, name in _boards(language):
        status = presenter.caption_status(board)
        assert status is not None
        lay = _geometry(presenter, board)
        face, lines = fit_status(status, lay, over=True, rtl=rtl)
        assert " ".join(lines) == status, (language, presenter.game_id, lines)
        assert len(lines) <= 2 and face.size >= 0.6 * round(lay.text_unit * 0.36)
        assert status_lines(status, lay, over=True, rtl=rtl) == list(lines)
        outcome = board.outcome
        assert outcome is not None
        assert outcome.winner is None or name[:17] in status  # capped, not dropped
        assert "..." not in status.split(" — ")[-1]
        checked += 1
        wrapped += len(lines) == 2
    assert checked > 100
    if language != "en":
        assert wrapped > 0  # long names in longer words do need the second line


def _close(a: object, b: tuple[int, int, int], tol: int) -> bool:
    assert isinstance(a, tuple)
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


def _ink_runs(img: Image.Image, lay: CaptionGeometry) -> int:
    """How many bands of rows of the result banner have words in them: one per line of text
    (a row counts when the banner is there and has its words' colour; a band under 5 rows
    is a line's accents or dots, not a line)."""
    theme = get_theme("light")
    left, top, right, bottom = wrapped_box(lay)
    edge = left + lay.caption_row // 2
    runs, height = 0, 0
    for y in range(top, bottom + 1):
        banner = y < bottom and _close(img.getpixel((edge, y)), theme.banner, 8)
        if banner and any(
            _close(img.getpixel((x, y)), theme.banner_text, 60) for x in range(edge, right - edge)
        ):
            height += 1
            continue
        runs += height >= 5
        height = 0
    return runs


@pytest.mark.parametrize(
    ("language", "game", "reason"),
    [
        ("bg", "chess", Reason.RESIGNATION),
        ("el", "chess", Reason.INSUFFICIENT_MATERIAL),
        ("ru", "classic", Reason.EAGLE_CAPTURED),
        ("bg", "backgammon", Reason.TIMEOUT),
        ("ar", "classic", Reason.BLOCKED),
    ],
)
def test_a_long_result_is_drawn_on_two_lines_in_the_picture(
    language: str, game: str, reason: Reason
) -> None:
    """The decoded picture: a long name's result has two lines of words in its banner, the
    same result with a short name one."""
    presenter = presenter_for(game)
    start = find_game(game).start()
    seat = presenter.rules.seats[0]
    points = 2 if game == "backgammon" else None
    runs = []
    for name in (LONG_NAMES[0], SHORT_NAME):
        players = {s: name for s in presenter.rules.seats}
        outcome = GameOutcome(seat, reason, points=points)
        board = BoardView(start, players, outcome=outcome, language=language)
        img = Image.open(io.BytesIO(presenter.picture(board))).convert("RGB")
        lay = _geometry(presenter, board)
        runs.append(_ink_runs(img, lay))
        status = presenter.caption_status(board)
        assert status is not None
        lines = status_lines(status, lay, over=True, rtl=picture_words(language).rtl)
        assert len(lines) == runs[-1], (lines, runs)
    assert runs == [2, 1]
