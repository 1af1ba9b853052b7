"""``.mat`` records (gnubg's import format) and the compact turn text they use. That gnubg
reads these files back exactly is checked by bench/backgammon_gnubg_check.py (287 of 287 games
of 100 random matches); here the layout is pinned and the compact text read back by our parser."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules import GameOutcome, IllegalMoveError, PositionError, Reason
from rules.games.backgammon import BackgammonSession, MatGame, mat_text
from rules.games.backgammon.turns import compact_text

from .bg_helpers import START, session, xgid
from .test_backgammon import _positions_with_dice

ROW = "{:>3}) {:<28}{}"


def test_a_game_with_a_drop_in_gnubgs_layout() -> None:
    actions = ("roll:3-3", "roll:3-1", "8/5 6/5", "roll:5-2", "13/8 13/11", "double", "drop")
    text = mat_text([MatGame(START, actions)])
    assert text == "\n".join(
        [
            " 0 point match",
            "",
            " Game 1",
            " " + "White : 0".ljust(31) + "Black : 0",
            ROW.format(1, "31: 8/5 6/5", "52: 13/8 13/11"),
            ROW.format(2, " Doubles => 2", " Drops"),
            "",
            "",
        ]
    )


def test_black_first_and_a_gammon_in_the_right_column_with_names_made_one_word() -> None:
    start = xgid({1: 1, 6: 14}, {2: 1}, turn="black", score=(1, 2), match=5)
    played = session(start)
    for action in ("roll:2-1", "2/off"):
        played.play(action)
    assert played.outcome is not None and played.outcome.points == 2
    text = mat_text([MatGame(start, ("roll:2-1", "2/off"))], ("Ann Lee", "Bo:b"))
    lines = text.splitlines()
    assert lines[0] == " 5 point match"
    assert lines[3] == " " + "Ann_Lee : 1".ljust(31) + "Bo_b : 2"
    assert lines[4] == ROW.format(1, "", "21: 2/off")
    assert lines[5] == " " * 34 + "Wins 2 points"


def test_a_pass_is_the_dice_alone_and_a_take_is_written() -> None:
    black = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 5}  # White's 19-24 all held
    start = xgid({25: 1, 13: 5, 8: 2, 7: 2, 6: 5}, black)
    actions = ("double", "take", "roll:6-5", "pass")
    game = session(start)
    for action in actions:
        game.play(action)
    outcome = GameOutcome("white", Reason.RESIGNATION, points=2)  # Black resigned
    lines = mat_text([MatGame(start, actions, outcome)]).splitlines()
    assert lines[4] == ROW.format(1, " Doubles => 2", " Takes")
    assert lines[5] == "  2) 65:"
    assert lines[6] == "      Wins 2 points"


def test_an_unfinished_game_or_no_game_is_refused() -> None:
    with pytest.raises(PositionError, match="finished"):
        mat_text([MatGame(START, ("roll:3-1", "8/5 6/5"))])
    with pytest.raises(PositionError, match="at least one game"):
        mat_text([])


def test_an_unfinished_game_is_written_up_to_its_last_action_when_asked() -> None:
    actions = ("roll:3-1", "8/5 6/5", "roll:5-2", "13/8 13/11", "double")
    text = mat_text([MatGame(START, actions)], unfinished=True)
    assert text.splitlines()[4:] == [
        ROW.format(1, "31: 8/5 6/5", "52: 13/8 13/11"),
        "  2)  Doubles => 2",
        "",
    ]
    assert "Wins" not in text


@pytest.mark.parametrize(
    ("steps", "text"),
    [
        (((24, 18, 6, False), (18, 13, 5, False)), "24/13"),
        (((24, 18, 6, True), (18, 13, 5, False)), "24/18*/13"),
        (((13, 10, 3, False),) * 3 + ((8, 5, 3, False),), "13/10(3) 8/5"),
        (((25, 22, 3, True), (6, 0, 6, False)), "bar/22* 6/off"),
        ((), ""),
    ],
)
def test_compact_text_joins_each_checkers_way(
    steps: tuple[tuple[int, int, int, bool], ...], text: str
) -> None:
    assert compact_text(steps) == text


def test_compact_text_reads_back_as_the_same_turn() -> None:
    checked = 0
    for text in _positions_with_dice(8, 60):
        game = session(text)
        for action in game.legal_moves():
            if action.play is None:
                continue
            compact = compact_text(action.play.steps)
            try:
                assert game.parse(compact) == action, compact
            except IllegalMoveError as error:  # a way past a blot, not named: say which
                assert error.reason.startswith("ambiguous")
            checked += 1
    assert checked > 500


def test_a_left_cell_filling_its_column_keeps_two_spaces_before_the_right_one() -> None:
    # Four hits with 2-2 make a 28-character cell; gnubg misread the line without a gap.
    white = {25: 1, 13: 4, 9: 1, 8: 3, 6: 6}
    black = {2: 1, 14: 1, 18: 1, 21: 1, 24: 11}  # blots on White's 23, 11, 7 and 4
    start = xgid(white, black)
    actions = ("roll:2-2", "bar/23 13/11 9/7 6/4", "double", "drop")
    lines = mat_text([MatGame(start, actions)]).splitlines()
    assert lines[4] == "  1) 22: bar/23* 13/11* 9/7* 6/4*   Doubles => 2"
    assert lines[5:] == ["  2)  Drops", ""]  # no Wins line after a drop, as gnubg writes it


def test_resolved_options_are_accepted_again() -> None:
    """A stored challenge keeps its resolved options (``match=0`` for a single game, the
    default that is not a menu choice); starting the game from them must not refuse it."""
    from rules.games import find_game

    game = find_game("backgammon")
    assert game.start(game.resolve_options(None)) == game.start()
    with pytest.raises(PositionError, match="must be one of"):
        game.start({"match": "26"})


@pytest.mark.parametrize("opening", ["roll:5-2", "roll:2-5"])
def test_a_game_resigned_right_after_the_opening_roll_is_read_by_gnubg(
    opening: str, tmp_path: Path
) -> None:
    """The player the opening roll sent first resigns before playing it: the roll is written
    with nothing after its colon and gnubg's ``import mat`` reads one game, won by the other
    player for the cube's points ("Rolled 52, resigns single game"). Without the roll's line
    gnubg read no game at all: the match stood unfinished."""
    import gnubg

    from rules.games import find_game
    from rules.games.backgammon.session import conceded

    start = find_game("backgammon").start({"match": "3"})
    played = find_game("backgammon").session(start)
    played.play(opening)
    resigner = played.to_move
    assert isinstance(played, BackgammonSession)
    outcome = conceded(played, resigner, Reason.RESIGNATION)
    text = mat_text([MatGame(start, (opening,), outcome)], ("Alice", "Bob"))
    side = 0 if resigner == "white" else 1
    dice = "".join(sorted(opening.removeprefix("roll:").split("-"), reverse=True))  # the mover's
    row = ROW.format(1, f"{dice}:", "") if side == 0 else ROW.format(1, "", f"{dice}:")
    assert row.rstrip() in text.splitlines()
    path = tmp_path / "resigned.mat"
    path.write_text(text)
    gnubg.command(f"import mat {path}")
    [game] = gnubg.match()["games"]
    winner = {"X": "white", "O": "black"}[game["info"]["winner"]]
    assert (winner, game["info"]["points-won"]) == (outcome.winner, 1)
    assert winner != resigner
