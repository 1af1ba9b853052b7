"""The reasons a game ends are an open set: the eight games' own, and any a game from outside
defines (issue 31: a ninth game adds its reasons without editing the rules package)."""

import pickle

import pytest

from rules.games import GameOutcome, Reason


def test_the_games_reasons_are_found_by_their_ids():
    assert Reason("checkmate") is Reason.CHECKMATE
    assert Reason.CHECKMATE.value == "checkmate"
    assert Reason.CHECKMATE.name == "CHECKMATE"
    assert Reason("fifty_move_rule") is Reason.FIFTY_MOVE_RULE
    assert Reason.GAMMON != Reason.BACKGAMMON


def test_an_unknown_reason_id_is_refused_as_an_enum_would():
    with pytest.raises(ValueError, match="'no_such_reason' is not a defined Reason"):
        Reason("no_such_reason")


def test_a_new_game_defines_its_own_reason_once():
    made = Reason.define("test_four_in_a_row")
    assert Reason.define("test_four_in_a_row") is made
    assert Reason("test_four_in_a_row") is made
    outcome = GameOutcome("white", made)
    assert outcome.reason.value == "test_four_in_a_row"
    assert {made: "four in a row"}[Reason("test_four_in_a_row")] == "four in a row"


@pytest.mark.parametrize("bad", ["", "Three", "three in a row", "a-b"])
def test_a_reason_id_is_lower_case_letters_digits_and_underscores(bad):
    with pytest.raises(ValueError, match="lower-case letters, digits and _"):
        Reason.define(bad)


def test_reasons_are_immutable_and_survive_pickling_as_the_same_object():
    with pytest.raises(AttributeError):
        Reason.DROP.value = "take"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(Reason.DROP)) is Reason.DROP
    made = Reason.define("test_pickled")
    assert pickle.loads(pickle.dumps(made)) is made
