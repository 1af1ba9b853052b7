"""Ludo (games.md, "ludo"): one test per sentence of the spec, each on a position of its own,
the notation's inputs and refusals, and a naive second implementation cross-checking moves and
their results on random positions."""

from __future__ import annotations

import random

import pytest

from rules import IllegalMoveError, MoveSyntaxError, PositionError, Reason, RulesError
from rules.games import LudoRules, LudoSession, find_game, open_session

from .ludo_helpers import naive_after, naive_moves, random_position


def at(text: str) -> LudoSession:
    session = open_session(text)
    assert isinstance(session, LudoSession)
    return session


def moves(text: str) -> list[str]:
    return at(text).legal_actions()


def refused(text: str, action: str) -> str:
    with pytest.raises(IllegalMoveError) as info:
        at(text).play(action)
    return info.value.reason


# ----- the board -----------------------------------------------------------------------------


def test_start_fields_are_0_10_20_30_on_one_clockwise_track_of_40() -> None:
    # Blue enters on track field 10, red's progress 10: red is knocked there.
    s = at("ludo:R:10,B,B,B/B:B,B,B,B/Y:B,B,B,B/G:B,B,B,B B 1")
    assert s.play("B-0").captured == (10,)
    assert s.position_text().startswith("ludo:R:B,B,B,B/B:0,B,B,B/")
    # Green's start is field 30 = yellow's progress 10 = red's progress 30.
    with pytest.raises(PositionError, match="cannot share track field 30"):
        at("ludo:R:30,B,B,B/B:B,B,B,B/Y:10,B,B,B/G:B,B,B,B G 1")


def test_green_start_field_30_knocks_red_at_progress_30() -> None:
    s = at("ludo:R:30,B,B,B/B:B,B,B,B/Y:B,B,B,B/G:B,B,B,B G 6")
    assert s.play("BB-0").captured == (30,)
    assert s.position_text() == "ludo:R:B,B,B,B/B:B,B,B,B/Y:B,B,B,B/G:0,0,B,B G"


def test_two_players_are_red_and_yellow_three_add_blue_four_all() -> None:
    ludo = find_game("ludo")
    assert ludo.start() == "ludo:R:B,B,B,B/Y:B,B,B,B R"
    assert ludo.start({"players": "3"}) == "ludo:R:B,B,B,B/B:B,B,B,B/Y:B,B,B,B R"
    assert ludo.start({"players": "4"}) == "ludo:R:B,B,B,B/B:B,B,B,B/Y:B,B,B,B/G:B,B,B,B R"
    assert at(ludo.start({"players": "3"})).seats == ("red", "blue", "yellow")
    with pytest.raises(PositionError, match="players must be one of 2, 3, 4"):
        ludo.start({"players": "5"})
    with pytest.raises(PositionError, match="clockwise from red"):
        at("ludo:R:B,B,B,B/B:B,B,B,B R")  # two players sit opposite


# ----- progress ------------------------------------------------------------------------------


def test_progress_39_is_the_field_before_the_start_and_40_43_the_home_line() -> None:
    assert moves("ludo:R:39,B,B,B/Y:B,B,B,B R 1") == ["39-40", "B-0"]
    assert moves("ludo:R:38,B,B,B/Y:B,B,B,B R 5") == ["38-43"]
    assert moves("ludo:R:38,B,B,B/Y:B,B,B,B R 6") == ["38-F", "B-5", "BB-0"]
    # Yellow's progress 39 is field 19, red's progress 19: yellow lands there and knocks.
    s = at("ludo:R:19,B,B,B/Y:36,B,B,B Y 3")
    assert s.play("36-39").captured == (19,)


# ----- the roll for the first player ---------------------------------------------------------


def test_the_first_player_is_the_highest_of_one_roll_each() -> None:
    ludo = find_game("ludo")
    assert isinstance(ludo, LudoRules)
    opening = ludo.opening()
    assert opening == "ludo:R:B,B,B,B/Y:B,B,B,B RY"
    s = at(opening)
    assert (
        s.chance_due and s.legal_actions() == ["roll"] and s.rolling_for_first == ("red", "yellow")
    )
    s.play("roll:3-5")
    assert s.position_text() == "ludo:R:B,B,B,B/Y:B,B,B,B Y"  # the start, yellow to roll
    assert s.to_move == "yellow" and s.chance_due


def test_a_tie_among_the_highest_rolls_again_and_turns_go_clockwise_from_the_winner() -> None:
    s = at(LudoRules().opening({"players": "4"}))
    s.play("roll:2-5-5-1")  # blue and yellow tie on 5; red's 2 and green's 1 are out
    assert s.position_text().endswith(" BY") and s.rolling_for_first == ("blue", "yellow")
    with pytest.raises(IllegalMoveError, match="2 dice are due"):
        s.play("roll:6")
    s.play("roll:4-6")
    assert s.to_move == "yellow" and s.rolling_for_first == ()
    s.play("roll:3")
    s.play("pass")
    assert s.to_move == "green"
    s.play("roll:2")
    s.play("pass")
    assert s.to_move == "red"


def test_no_move_before_the_first_player_is_decided() -> None:
    assert "the first player is not decided" in refused("ludo:R:B,B,B,B/Y:B,B,B,B RY", "pass")


# ----- leaving the base ----------------------------------------------------------------------


def test_a_1_brings_one_token_to_the_start_field() -> None:
    s = at("ludo:R:B,B,B,B/Y:B,B,B,B R 1")
    assert s.legal_actions() == ["B-0"]
    s.play("B-0")
    assert s.position_text() == "ludo:R:0,B,B,B/Y:B,B,B,B Y"


def test_a_6_brings_two_tokens_to_the_start_field_or_one_to_progress_5() -> None:
    assert moves("ludo:R:B,B,B,B/Y:B,B,B,B R 6") == ["B-5", "BB-0"]
    s = at("ludo:R:B,B,B,B/Y:B,B,B,B R 6")
    s.play("BB-0")
    assert s.position_text() == "ludo:R:0,0,B,B/Y:B,B,B,B R"


def test_a_6_with_one_token_in_base_brings_one_to_the_start_field() -> None:
    assert moves("ludo:R:F,F,12,B/Y:B,B,B,B R 6") == ["12-18", "B-0", "B-5"]
    assert "only one token is in the base" in refused("ludo:R:F,F,12,B/Y:B,B,B,B R 6", "BB-0")


def test_other_numbers_cannot_leave_the_base() -> None:
    assert moves("ludo:R:B,B,B,B/Y:B,B,B,B R 4") == ["pass"]
    reason = refused("ludo:R:B,B,B,B/Y:B,B,B,B R 4", "B-0")
    assert reason == "a 4 cannot leave the base: only a 1 or a 6"
    assert "B-0" in refused("ludo:R:B,B,B,B/Y:B,B,B,B R 1", "B-5")
    assert "only a 6 brings two" in refused("ludo:R:B,B,B,B/Y:B,B,B,B R 1", "BB-0")
    assert "BB-0" in refused("ludo:R:B,B,B,B/Y:B,B,B,B R 6", "B-0")
    assert "start field" in refused("ludo:R:B,B,B,B/Y:B,B,B,B R 6", "B-3")
    assert "no red token is in the base" in refused("ludo:R:F,F,F,3/Y:B,B,B,B R 6", "B-5")


# ----- extra rolls ---------------------------------------------------------------------------


def test_every_6_gives_another_roll() -> None:
    s = at("ludo:R:12,B,B,B/Y:B,B,B,B R 6")
    s.play("12-18")
    assert s.position_text() == "ludo:R:18,B,B,B/Y:B,B,B,B R" and s.chance_due


def test_a_6_gives_another_roll_also_when_nothing_could_move() -> None:
    s = at("ludo:R:F,F,F,41/Y:B,B,B,B R 6")  # 41 with a 6 bounces back to 41: no move
    assert s.legal_actions() == ["pass"]
    s.play("pass")
    assert s.position_text() == "ludo:R:F,F,F,41/Y:B,B,B,B R"


def test_without_a_6_the_turn_passes_clockwise() -> None:
    s = at("ludo:R:12,B,B,B/B:B,B,B,B/Y:B,B,B,B R 5")
    s.play("12-17")
    assert s.to_move == "blue" and s.position_text().endswith(" B")


# ----- moving --------------------------------------------------------------------------------


def test_a_token_out_moves_exactly_the_number_and_a_6_does_not_force_entering() -> None:
    assert moves("ludo:R:12,B,B,B/Y:B,B,B,B R 6") == ["12-18", "B-5", "BB-0"]
    assert refused("ludo:R:12,B,B,B/Y:B,B,B,B R 4", "12-17") == (
        "12-17 is 5 steps; the die shows 4 (12-16)"
    )
    assert "no red token is at 13" in refused("ludo:R:12,B,B,B/Y:B,B,B,B R 4", "13-17")


def test_tokens_of_one_colour_share_a_field_and_move_alike() -> None:
    assert moves("ludo:R:12,12,7,B/Y:B,B,B,B R 5") == ["12-17", "7-12"]
    s = at("ludo:R:12,12,7,B/Y:B,B,B,B R 5")
    assert s.play("7-12").captured == ()
    assert s.position_text() == "ludo:R:12,12,12,B/Y:B,B,B,B Y"


def test_landing_knocks_every_token_of_other_players_on_the_field() -> None:
    # Red's 17 is field 17; yellow's two tokens at progress 37 stand there (20 + 37 = 57 = 17).
    s = at("ludo:R:12,B,B,B/Y:37,37,5,B R 5")
    result = s.play("12-17")
    assert result.captured == (17,)
    assert s.position_text() == "ludo:R:17,B,B,B/Y:5,B,B,B Y"


def test_knocking_is_a_choice_of_move_but_landing_always_knocks() -> None:
    # Red may play 3-8 instead; 12-17 is one of the legal moves.
    assert moves("ludo:R:12,3,B,B/Y:37,B,B,B R 5") == ["12-17", "3-8"]
    assert at("ludo:R:12,3,B,B/Y:37,B,B,B R 5").play("3-8").captured == ()


def test_entering_on_the_start_field_is_landing_too() -> None:
    s = at("ludo:R:25,B,B,B/Y:B,B,B,B Y 1")  # red's 25 is field 25, not yellow's start 20
    assert s.play("B-0").captured == ()
    s = at("ludo:R:20,B,B,B/Y:B,B,B,B Y 6")  # ... red's 20 is field 20: B-0/BB-0 knocks it
    assert s.play("BB-0").captured == (20,)
    assert s.position_text() == "ludo:R:B,B,B,B/Y:0,0,B,B Y"
    s = at("ludo:R:25,B,B,B/Y:B,B,B,B Y 6")  # B-5 lands on field 25
    assert s.play("B-5").captured == (25,)


def test_tokens_on_their_home_line_cannot_be_knocked() -> None:
    # Red at 42 is on its home line; yellow passes the track field red's 2 would be (22 = 2)
    # and no move of another colour ever reaches a home line.
    s = at("ludo:R:42,B,B,B/Y:38,B,B,B Y 4")
    assert s.play("38-42").captured == ()
    assert s.position_text() == "ludo:R:42,B,B,B/Y:42,B,B,B R"


# ----- the finish ----------------------------------------------------------------------------


def test_the_finish_needs_the_exact_number() -> None:
    assert moves("ludo:R:41,B,B,B/Y:B,B,B,B R 3") == ["41-F"]
    s = at("ludo:R:41,B,B,B/Y:B,B,B,B R 3")
    s.play("41-F")
    assert s.position_text() == "ludo:R:F,B,B,B/Y:B,B,B,B Y"


def test_a_larger_roll_walks_to_the_finish_and_back() -> None:
    assert moves("ludo:R:42,B,B,B/Y:B,B,B,B R 5") == ["42-41"]
    assert refused("ludo:R:42,B,B,B/Y:B,B,B,B R 5", "42-F") == (
        "the finish needs the exact number: 42 with a 5 goes to F and back to 41 (42-41)"
    )


def test_a_large_excess_bounces_back_onto_the_track_where_it_can_be_knocked() -> None:
    s = at("ludo:R:43,B,B,B/Y:B,B,B,B R 6")
    assert s.legal_actions() == ["43-39", "B-5", "BB-0"]
    s.play("43-39")
    s.play("roll:1")
    s.play("B-0")  # red's 6 gave another roll; after the 1 it is yellow's turn
    assert s.position_text() == "ludo:R:39,0,B,B/Y:B,B,B,B Y"
    # Yellow's 19 is field 39, where red's bounced token stands.
    s = at("ludo:R:39,0,B,B/Y:15,B,B,B Y 4")
    assert s.play("15-19").captured == (39,)


def test_a_bounce_that_ends_where_it_started_is_no_move() -> None:
    assert moves("ludo:R:41,B,B,B/Y:B,B,B,B R 6") == ["B-5", "BB-0"]
    assert refused("ludo:R:41,B,B,B/Y:B,B,B,B R 6", "41-41") == (
        "41 with a 6 would bounce back to 41: that is no move"
    )


# ----- must move, pass, finished tokens ------------------------------------------------------


def test_a_player_must_move_if_any_token_can() -> None:
    assert (
        refused("ludo:R:12,B,B,B/Y:B,B,B,B R 3", "pass") == "a token can move (e.g. 12-15): no pass"
    )


def test_pass_when_no_token_can_move() -> None:
    s = at("ludo:R:B,B,B,B/Y:B,B,B,B R 3")
    assert s.legal_actions() == ["pass"]
    assert s.play("pass").canonical == "pass"
    assert s.position_text() == "ludo:R:B,B,B,B/Y:B,B,B,B Y"


def test_a_finished_token_leaves_play() -> None:
    assert moves("ludo:R:F,F,F,B/Y:B,B,B,B R 2") == ["pass"]
    assert refused("ludo:R:F,F,F,B/Y:B,B,B,B R 2", "F-2") == "a finished token leaves play"


# ----- the end -------------------------------------------------------------------------------


def test_the_first_with_all_four_home_wins_and_the_game_ends() -> None:
    s = at("ludo:R:F,F,F,41/B:F,F,F,40/Y:B,B,B,B/G:F,F,F,39 R 3")
    s.play("41-F")
    outcome = s.outcome
    assert outcome is not None and outcome.reason is Reason.FINISHED
    assert outcome.as_json() == {
        "winner": "red",
        "reason": "finished",
        "places": ["red", "blue", "green", "yellow"],
    }
    assert s.legal_actions() == [] and not s.chance_due
    assert refused(s.position_text(), "roll:3") == "the game is over"


def test_places_go_by_tokens_finished_then_total_progress_then_seat_order() -> None:
    # Blue and green both 1 finished: blue 44+10 = 54 beats green 44+9+0 = 53;
    # yellow 0 finished; then two with equal counts and progress keep seat order.
    s = at("ludo:R:F,F,F,F/B:F,10,B,B/Y:39,30,B,B/G:F,9,0,B R")
    assert s.outcome is not None
    assert s.outcome.places == ("red", "blue", "green", "yellow")
    s = at("ludo:R:F,F,F,F/B:F,5,B,B/Y:40,9,B,B/G:F,5,B,B B")
    assert s.outcome is not None
    assert s.outcome.places == ("red", "blue", "green", "yellow")


# ----- leaving -------------------------------------------------------------------------------


def test_a_seat_that_leaves_takes_its_tokens_off_and_the_others_play_on() -> None:
    s = at("ludo:R:12,B,B,B/B:5,B,B,B/Y:7,B,B,B R 3")
    result = s.leave("red", Reason.TIMEOUT)
    assert result.canonical == "timeout:red" and result.seat == "red"
    assert s.position_text() == "ludo:R:timeout1/B:5,B,B,B/Y:7,B,B,B B"
    assert s.outcome is None and s.to_move == "blue" and s.chance_due
    s.play("roll:1")
    s.play("5-6")
    assert s.to_move == "yellow"
    s.play("roll:2")
    s.play("7-9")
    assert s.to_move == "blue"  # red is skipped
    assert "red has already left" in refused(s.position_text(), "resign:red")


def test_the_last_one_left_wins_with_the_reason_of_the_last_leave() -> None:
    s = at("ludo:R:12,B,B,B/B:5,B,B,B/Y:7,B,B,B Y 3")
    s.leave("red", Reason.TIMEOUT)
    assert s.to_move == "yellow" and s.die == 3  # yellow keeps its die
    s.leave("yellow", Reason.RESIGNATION)
    assert s.outcome is not None
    assert s.outcome.as_json() == {
        "winner": "blue",
        "reason": "resignation",
        "places": ["blue", "yellow", "red"],
    }
    assert s.position_text() == "ludo:R:timeout1/B:5,B,B,B/Y:resignation2 B"
    reopened = at(s.position_text())
    assert reopened.outcome == s.outcome
    s.pop()
    assert s.position_text() == "ludo:R:timeout1/B:5,B,B,B/Y:7,B,B,B Y 3"


def test_those_who_left_are_placed_after_the_players_at_a_finish() -> None:
    s = at("ludo:R:F,F,F,41/B:resignation1/Y:3,B,B,B R 3")
    s.play("41-F")
    assert s.outcome is not None and s.outcome.places == ("red", "yellow", "blue")


def test_leaving_while_rolling_for_the_first_player() -> None:
    s = at("ludo:R:B,B,B,B/B:B,B,B,B/Y:B,B,B,B RY")  # red and yellow tied
    s.leave("red")
    assert s.position_text() == "ludo:R:resignation1/B:B,B,B,B/Y:B,B,B,B Y"


def test_leave_refuses_other_reasons_and_unknown_seats() -> None:
    s = at("ludo:R:B,B,B,B/Y:B,B,B,B R")
    with pytest.raises(RulesError, match="resignation or timeout"):
        s.leave("red", Reason.AGREEMENT)
    with pytest.raises(IllegalMoveError, match="blue does not play in this game"):
        s.leave("blue")


# ----- position text -------------------------------------------------------------------------


def test_position_text_is_canonical_f_first_numbers_high_to_low_then_b() -> None:
    s = at("ludo:R:0,B,12,B/Y:3,B,41,F Y 6")
    assert s.position_text() == "ludo:R:12,0,B,B/Y:F,41,3,B Y 6"
    assert s.to_move == "yellow" and s.die == 6 and not s.chance_due


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("ludo:R:B,B,B/Y:B,B,B,B R", "needs 4 tokens"),
        ("ludo:R:B,B,B,44/Y:B,B,B,B R", "not a progress"),
        ("ludo:R:B,B,B,B/Y:B,B,B,B G", "not a colour of this game"),
        ("ludo:R:B,B,B,B/Y:B,B,B,B R 7", "not 1–6"),
        ("ludo:R:B,B,B,B/Y:B,B,B,B RY 3", "no die is set"),
        ("ludo:Y:B,B,B,B/R:B,B,B,B R", "clockwise from red"),
        ("ludo:R:F,F,F,F/Y:F,F,F,F R", "only one colour can have finished"),
        ("ludo:R:F,F,F,F/Y:3,B,B,B Y 3", "the game is over"),
        ("ludo:R:3,B,B,B/Y:B,B,B,B RY", "tokens are out"),
        ("ludo:R:B,B,B,B/Y:B,B,B,B", "a ludo position is"),
    ],
)
def test_bad_positions_are_refused_with_the_reason(text: str, words: str) -> None:
    with pytest.raises(PositionError, match=words):
        open_session(text)


# ----- notation ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("position", "typed", "canonical"),
    [
        ("ludo:R:B,B,B,B/Y:B,B,B,B R 1", "B-0", "B-0"),
        ("ludo:R:B,B,B,B/Y:B,B,B,B R 1", "b - 0", "B-0"),
        ("ludo:R:B,B,B,B/Y:B,B,B,B R 6", "bb-0", "BB-0"),
        ("ludo:R:B,B,B,B/Y:B,B,B,B R 6", "B-5", "B-5"),
        ("ludo:R:12,B,B,B/Y:B,B,B,B R 5", "12-17", "12-17"),
        ("ludo:R:41,B,B,B/Y:B,B,B,B R 3", "41-f", "41-F"),
        ("ludo:R:41,B,B,B/Y:B,B,B,B R 3", "41-44", "41-F"),
        ("ludo:R:42,B,B,B/Y:B,B,B,B R 5", "42-41", "42-41"),
        ("ludo:R:B,B,B,B/Y:B,B,B,B R 3", "PASS", "pass"),
        ("ludo:R:B,B,B,B/Y:B,B,B,B R", "roll:6", "roll:6"),
        ("ludo:R:B,B,B,B/Y:B,B,B,B R", "Roll 6", "roll:6"),
        ("ludo:R:B,B,B,B/Y:B,B,B,B RY", "roll:3-5", "roll:3-5"),
        ("ludo:R:B,B,B,B/Y:B,B,B,B R", "resign:red", "resign:red"),
        ("ludo:R:B,B,B,B/Y:B,B,B,B R", "timeout:Yellow", "timeout:yellow"),
    ],
)
def test_accepted_inputs_and_their_canonical_text(
    position: str, typed: str, canonical: str
) -> None:
    assert at(position).play(typed).canonical == canonical


@pytest.mark.parametrize(
    "typed", ["banana!", "12", "12-", "B-B", "12-50", "45-F", "roll:7", "x" * 41]
)
def test_syntax_errors(typed: str) -> None:
    with pytest.raises(MoveSyntaxError):
        at("ludo:R:12,B,B,B/Y:B,B,B,B R 5").parse(typed)


def test_rolls_and_moves_out_of_their_time_are_refused_with_the_reason() -> None:
    assert refused("ludo:R:12,B,B,B/Y:B,B,B,B R", "12-17") == "red rolls first"
    assert refused("ludo:R:12,B,B,B/Y:B,B,B,B R 5", "roll:3") == "the die shows 5: red moves"
    assert "say the dice" in refused("ludo:R:12,B,B,B/Y:B,B,B,B R", "roll")
    with pytest.raises(IllegalMoveError):
        at("ludo:R:12,B,B,B/Y:B,B,B,B R 5").roll(random.Random(1))


def test_roll_makes_one_die_or_one_per_colour_rolling_for_the_first_turn() -> None:
    rng = random.Random(3)
    for _ in range(50):
        text = at("ludo:R:B,B,B,B/Y:B,B,B,B R").roll(rng)
        assert text.startswith("roll:") and text[5:] in "123456" and len(text) == 6
    text = at("ludo:R:B,B,B,B/B:B,B,B,B/Y:B,B,B,B/G:B,B,B,B RBYG").roll(rng)
    assert len(text[5:].split("-")) == 4


# ----- perft ---------------------------------------------------------------------------------


def test_perft_counts_distinct_moves_for_the_die_shown_and_refuses_otherwise() -> None:
    assert at("ludo:R:12,12,7,B/Y:B,B,B,B R 6").perft(1) == 4  # 12-18, 7-13, B-0, B-5
    assert at("ludo:R:B,B,B,B/Y:B,B,B,B R 3").perft(1) == 1  # pass
    with pytest.raises(RulesError, match="a roll is due"):
        at("ludo:R:B,B,B,B/Y:B,B,B,B R").perft(1)
    with pytest.raises(RulesError, match="depth 1"):
        at("ludo:R:12,B,B,B/Y:B,B,B,B R 6").perft(2)


# ----- a second implementation ---------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_moves_and_results_agree_with_a_naive_implementation(players: int) -> None:
    rng = random.Random(players)
    for _ in range(400):
        position = random_position(rng, players)
        session = at(position)
        legal = session.legal_actions()
        assert set(legal) == naive_moves(position), position
        for move in legal:
            result = session.play(move)
            expected, knocked = naive_after(position, move)
            assert session.position_text() == expected, (position, move)
            assert list(result.captured) == knocked
            session.pop()
            assert session.position_text() == at(position).position_text()
