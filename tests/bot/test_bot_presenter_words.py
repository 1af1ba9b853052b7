"""The presenters' words for one reader — the Move picker's steps and the ``/move``
suggestions' names — in that reader's language, for the picker to pass (issue 17)."""

from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES, translate
from bot.presenters import presenter_for
from bot.services.picker import Menu, Option
from rendering.chess import chess_square
from rules.games import find_game

TRANSLATED = [code for code in LANGUAGES if code != "en"]


def _session(game: str, moves: list[str]):
    session = find_game(game).session(find_game(game).start())
    for move in moves:
        session.play(move)
    return session


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_chess_picker_names_pieces_in_the_language_and_the_preview_still_finds_them(
    language: str,
) -> None:
    presenter = presenter_for("chess")
    session = _session("chess", ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6"])
    paths = presenter.pick_paths(session, language)
    english = presenter.pick_paths(session)
    assert [p.action for p in paths] == [p.action for p in english]
    knight = next(p for p in paths if p.action == "Ng5")
    assert knight.labels[0] == translate("Knight on {square}", language, square="f3")
    assert knight.labels[0] != "Knight on f3"
    castle = next(p for p in paths if p.action == "O-O")
    assert castle.labels[1] == translate("castle kingside (O-O)", language)
    # the preview reads a piece's square from its menu's key: the label ends with it
    key = f"group:{knight.labels[0]}"
    menu = Menu(key, "", "", (Option("Ng5", "play:Ng5"), Option("Nxe5", "play:Nxe5")))
    origin, targets = presenter.menu_squares(session, menu) or (None, [])
    assert (origin, targets) == (chess_square("f3"), [chess_square("g5"), chess_square("e5")])
    names = {s.value: s.name for s in presenter.suggestions(session, "Nx", language=language)}
    assert names["Nxe5"] == "Nxe5 " + translate("✕ takes on {square}", language, square="e5")


@pytest.mark.parametrize("language", TRANSLATED)
def test_draughts_and_backgammon_steps_in_the_language(language: str) -> None:
    draughts = presenter_for("draughts")
    session = _session("draughts", [])
    first = draughts.pick_paths(session, language)[0]
    start = first.action.split("-")[0]  # Black's first men: 9-13, 9-14…
    assert first.labels[0] == translate("Man on {square}", language, square=start)
    assert first.labels[0].rsplit(" ", 1)[-1] == start  # what the preview parses

    backgammon = presenter_for("backgammon")
    session = find_game("backgammon").session(find_game("backgammon").start())
    session.play("roll:3-1")
    paths = backgammon.pick_paths(session, language)
    assert paths and all(
        p.labels[0].startswith(translate("First {step}", language, step="")) for p in paths
    )
    buttons = [label for _, label in backgammon.turn_buttons(session, language)]
    assert buttons == []  # the dice are rolled: the Move button, no Roll/Double


def test_without_a_language_the_words_stay_english() -> None:
    presenter = presenter_for("chess")
    session = _session("chess", ["e4"])
    assert (
        presenter.pick_paths(session)[0]
        .labels[0]
        .endswith(" on " + presenter.pick_paths(session)[0].labels[0][-2:])
    )


def test_a_ludo_record_for_people_is_in_its_language_a_pgn_keeps_its_tags() -> None:
    from bot.presenters import RecordInfo

    info = RecordInfo(
        game_number=7,
        title="Ludo",
        players={"red": "Ана", "yellow": "Борис"},
        start="ludo:start",
        position="ludo:now",
        winner="red",
        reason=None,
        active=False,
        date="2026.11.23",
        result_words="Ана (Червени) печели",
        language="bg",
    )
    text = presenter_for("ludo").record_text(info, ["roll:1-6", "roll:3"])
    assert text.splitlines()[:4] == [
        "Не се сърди, човече — игра №7 (23 ноември 2026\u202fг.)",
        "Червени: Ана",
        "Жълти: Борис",
        "Начало: ludo:start",
    ]
    assert text.splitlines()[-1] == "Резултат: Ана (Червени) печели"
    english = presenter_for("ludo").record_text(
        RecordInfo(7, "Ludo", {"red": "A"}, "s", "p", None, None, True, date="d"), []
    )
    assert english.splitlines() == ["Ludo — game 7 (d)", "Red: A", "Start: s", "Position now: p"]


def test_the_move_menus_name_pieces_in_the_players_language_and_find_them_again() -> None:
    from bot.services.picker import FIRST, path_menu

    presenter = presenter_for("chess")
    session = _session("chess", ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "d3", "d6"])
    first = path_menu(12, presenter, session, FIRST, "bg")
    knight = translate("Knight on {square}", "bg", square="f3")
    assert knight == "Кон на f3"
    [option] = [o for o in first.options if o.label == knight]
    second = path_menu(12, presenter, session, option.value, "bg")  # the next pick
    assert {o.value for o in second.options} >= {"play:Ng5", "play:Nh4", "play:Nxe5", "play:Nfd2"}
    origin, _ = presenter.menu_squares(session, second) or (None, [])
    assert origin == chess_square("f3")  # the preview finds the piece from the label
