"""The rules decide (issue 31): the automatic action when one is due, what resigning and
leaving mean and are worth, seating, aborting and takebacks -- per game, through the public
:mod:`rules.games` API the bot calls."""

from __future__ import annotations

import random

import pytest

from rules import RulesError
from rules.games import (
    GameOutcome,
    Reason,
    Seating,
    TakebackPlan,
    TakebackRefusal,
    find_game,
    game_ids,
    is_automatic,
    is_chance,
    open_session,
)

from .bg_helpers import session as bg_session
from .bg_helpers import xgid

START_SIDE = {24: 2, 13: 5, 8: 3, 6: 5}
MID = {24: 2, 13: 4, 8: 2, 7: 2, 6: 5}
TWO_SIDED = [g for g in game_ids() if g != "ludo"]


def dice(seed: int = 1) -> random.Random:
    return random.Random(seed)


# ----- the automatic action -------------------------------------------------------------------


@pytest.mark.parametrize("game_id", game_ids())
def test_no_automatic_action_at_an_ordinary_start_position_where_the_player_chooses(
    game_id: str,
) -> None:
    session = open_session(find_game(game_id).start())
    if game_id in ("backgammon", "ludo"):  # the spec's starts have a roll due: the dice
        return
    assert session.automatic(dice()) is None
    assert session.only_play() is None


def test_latrunculi_passes_for_a_side_without_moves() -> None:
    session = open_session("classic:8/8/8/8/8/8/s7/S*s5s w")
    assert session.automatic(dice()) == "pass"
    session.play("pass")
    assert session.automatic(dice()) is None  # black can move


def test_backgammon_passes_after_a_blocked_roll() -> None:
    blocked = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}
    session = bg_session(xgid({25: 1, 6: 14}, blocked, dice="63"))
    assert session.automatic(dice()) == "pass"
    assert session.only_play() is None  # a pass is played for everyone, not an only play


def test_backgammon_rolls_only_when_the_player_may_not_double() -> None:
    opening = bg_session(xgid(START_SIDE, START_SIDE))  # the opening roll: nobody doubles
    first = opening.automatic(dice())
    assert first is not None and is_chance(first) and is_automatic(first)
    may = bg_session(xgid(MID, START_SIDE))  # cube in the middle: White may double
    assert may.may_double and may.automatic(dice()) is None
    owned = bg_session(xgid(MID, START_SIDE, turn="black", cube=1, owner=1))  # White's cube
    assert not owned.may_double
    roll = owned.automatic(dice())
    assert roll is not None and is_chance(roll)
    owned.play(roll)
    assert owned.state.dice is not None


def test_backgammon_leaves_a_double_and_a_real_choice_to_the_player() -> None:
    doubled = bg_session(xgid(MID, START_SIDE))
    doubled.play("double")
    assert doubled.automatic(dice()) is None and doubled.only_play() is None
    choice = bg_session(xgid(MID, START_SIDE, dice="61"))
    assert choice.automatic(dice()) is None and choice.only_play() is None


def test_backgammon_only_play_is_the_one_legal_turn() -> None:
    session = bg_session(xgid({10: 1, 1: 14}, {22: 2, 20: 2}, dice="52"))  # 10/5 blocked
    assert session.automatic(dice()) is None
    assert session.only_play() == "10/8"
    assert find_game("backgammon").has_only_plays
    assert not any(find_game(g).has_only_plays for g in game_ids() if g != "backgammon")


def test_ludo_rolls_for_the_first_turn_and_every_turn_and_passes_an_unusable_die() -> None:
    rules = find_game("ludo")
    session = open_session(rules.seating({}, 2).position)
    first = session.automatic(dice())
    assert first is not None and first.startswith("roll:") and first.count("-") == 1  # two dice
    blocked = open_session("ludo:R:B,B,B,B/Y:B,B,B,B R 4")
    assert blocked.automatic(dice()) == "pass"
    chooses = open_session("ludo:R:B,B,B,B/Y:B,B,B,B R 6")
    assert chooses.automatic(dice()) is None


# ----- resigning, running out of time and leaving ---------------------------------------------


@pytest.mark.parametrize("game_id", TWO_SIDED)
def test_a_two_sided_game_ends_with_the_other_seat_winning(game_id: str) -> None:
    rules = find_game(game_id)
    session = rules.session()
    assert not rules.seats_leave
    loser, winner = session.seats
    outcome = session.conceded(loser, Reason.RESIGNATION)
    assert outcome.winner == winner and outcome.reason is Reason.RESIGNATION
    with pytest.raises(RulesError):
        rules.leave_action(loser, Reason.RESIGNATION)
    assert not rules.is_leave("resign:white")


def test_backgammon_resignation_is_a_single_game_times_the_cube() -> None:
    centred = bg_session(xgid(MID, START_SIDE))
    assert centred.conceded("white", Reason.TIMEOUT) == GameOutcome(
        "black", Reason.TIMEOUT, points=1
    )
    # a gammonish position (Black bore none off) still concedes a single game, times the cube 4
    cubed = bg_session(xgid({1: 15}, START_SIDE, cube=2, owner=1))
    assert cubed.conceded("black", Reason.RESIGNATION) == GameOutcome(
        "white", Reason.RESIGNATION, points=4
    )


def test_ludo_seats_leave_and_the_others_play_on() -> None:
    rules = find_game("ludo")
    assert rules.seats_leave
    assert rules.leave_action("red", Reason.RESIGNATION) == "resign:red"
    assert rules.leave_action("blue", Reason.TIMEOUT) == "timeout:blue"
    with pytest.raises(RulesError):
        rules.leave_action("red", Reason.AGREEMENT)
    assert rules.is_leave("resign:red") and rules.is_leave("timeout:yellow")
    assert rules.is_leave("resign")  # typed, before the colour: still the bot's alone
    assert not rules.is_leave("roll:6") and not rules.is_leave("12-17")
    three = open_session(rules.seating({}, 3).position)
    three.play(three.automatic(dice(3)) or "")
    while three.rolling_for_first:  # a tie rolls again
        three.play(three.automatic(dice(4)) or "")
    leaver = three.seats[0]
    result = three.play(rules.leave_action(leaver, Reason.RESIGNATION))
    assert result.canonical == f"resign:{leaver}" and three.outcome is None
    assert three.play(rules.leave_action(three.seats[1], Reason.TIMEOUT))
    outcome = three.outcome
    assert outcome is not None and outcome.winner == three.seats[2]
    assert outcome.reason is Reason.TIMEOUT


# ----- seating ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", TWO_SIDED)
def test_two_sided_games_are_challenged_not_seated(game_id: str) -> None:
    rules = find_game(game_id)
    assert rules.table_seats is None and not rules.seated_options and not rules.first_by_roll
    with pytest.raises(RulesError):
        rules.seating({}, 2)


@pytest.mark.parametrize(
    ("count", "colours"),
    [
        (2, ("red", "yellow")),
        (3, ("red", "blue", "yellow")),
        (4, ("red", "blue", "yellow", "green")),
    ],
)
def test_ludo_seats_two_to_four_with_the_colours_of_the_number_seated(
    count: int, colours: tuple[str, ...]
) -> None:
    rules = find_game("ludo")
    assert rules.table_seats == 4 and rules.seated_options == frozenset({"players"})
    assert rules.first_by_roll
    seating = rules.seating({"players": "4"}, count)  # the seats overrule a chosen value
    assert isinstance(seating, Seating)
    assert seating.seats == colours and dict(seating.options) == {"players": str(count)}
    session = open_session(seating.position)
    assert session.seats == colours and session.rolling_for_first == colours


# ----- aborting ---------------------------------------------------------------------------------


def test_chess_may_be_aborted_until_both_sides_have_moved() -> None:
    session = find_game("chess").session()
    assert session.may_abort()
    session.play("e4")
    assert session.may_abort()
    session.play("e5")
    assert not session.may_abort()


def test_a_forced_pass_is_nobodys_own_move() -> None:
    session = open_session("classic:8/8/8/8/8/8/s7/S*s5s w")
    session.play("pass")
    session.play(session.legal_actions()[0])
    assert session.may_abort()  # only Black has moved


def test_backgammon_rolls_are_nobodys_own_moves() -> None:
    session = bg_session(xgid(START_SIDE, START_SIDE))
    session.play("roll:6-1")
    session.play("13/7 8/7")
    assert session.may_abort()
    session.play("roll:3-1")
    assert session.may_abort()
    session.play("8/5 6/5")
    assert not session.may_abort()


def test_ludo_may_be_aborted_only_before_any_token_moved() -> None:
    rules = find_game("ludo")
    assert rules.own_moves_to_abort == 1
    session = open_session("ludo:R:B,B,B,B/Y:B,B,B,B R")
    session.play("roll:4")
    session.play("pass")
    session.play("roll:6")  # yellow's
    assert session.may_abort()  # rolls and passes are the rules' own
    session.play(session.legal_actions()[0])
    assert not session.may_abort()


def test_a_seat_leaving_is_nobodys_own_move() -> None:
    session = open_session("ludo:R:B,B,B,B/B:B,B,B,B/Y:B,B,B,B R")
    session.play(find_game("ludo").leave_action("blue", Reason.RESIGNATION))
    assert session.may_abort()


# ----- takebacks --------------------------------------------------------------------------------


def test_takebacks_are_for_two_seats_only() -> None:
    for game_id in game_ids():
        rules = find_game(game_id)
        assert rules.takes_back(2) and not rules.takes_back(3) and not rules.takes_back(4)


def test_a_takeback_removes_the_last_own_move_and_the_reply_after_it() -> None:
    rules = find_game("chess")
    plies = ["e4", "e5", "Nf3"]
    assert rules.takeback(plies, [True, False, True]) == TakebackPlan(2, (2,))
    assert rules.takeback(plies, [False, True, False]) == TakebackPlan(1, (1, 2))


def test_the_rules_own_passes_are_taken_back_with_a_move_but_are_not_moves() -> None:
    rules = find_game("classic")
    plies = ["a1-a2", "pass", "b2-b3"]
    plan = rules.takeback(plies, [True, False, True])
    assert plan == TakebackPlan(2, (2,))
    plan = rules.takeback(plies[:2], [False, True])
    assert plan.refusal is TakebackRefusal.NOTHING_OWN


def test_nothing_to_take_back_before_an_own_move() -> None:
    assert find_game("chess").takeback([], []) == TakebackPlan(refusal=TakebackRefusal.NOTHING_OWN)
    assert find_game("chess").takeback(["e4"], [False]).refusal is TakebackRefusal.NOTHING_OWN


def test_a_takeback_is_refused_across_a_dice_roll() -> None:
    rules = find_game("backgammon")
    plies = ["roll:6-1", "13/7 8/7", "roll:3-1", "8/5 6/5"]
    mine = [True, True, False, False]
    plan = rules.takeback(plies, mine)
    assert plan.refusal is TakebackRefusal.ROLLED and plan.first == 1 and plan.blocker == 2
    # before the opponent's roll (they may double): the checker play can be taken back
    assert rules.takeback(plies[:2], mine[:2]) == TakebackPlan(1, (1,))
    # a double and its answer come back together while no dice were rolled after them
    cube = ["roll:6-1", "13/7 8/7", "double", "take"]
    assert rules.takeback(cube, [True, True, False, False]) == TakebackPlan(1, (1, 2, 3))
    assert rules.takeback(cube, [False, False, True, True]) == TakebackPlan(3, (3,))


@pytest.mark.parametrize("game_id", ["classic", "rugen", "schadler", "lat", "chess", "draughts"])
def test_two_sided_board_games_may_be_drawn_and_number_their_moves(game_id):
    rules = find_game(game_id)
    assert rules.draws_by_agreement and rules.numbered_moves


@pytest.mark.parametrize("game_id", ["backgammon", "ludo"])
def test_dice_games_have_no_draws_and_their_plies_are_no_count_of_moves(game_id):
    """Rolls (and backgammon's cube actions) are plies of their own, and both games always
    end with a winner."""
    rules = find_game(game_id)
    assert not rules.draws_by_agreement and not rules.numbered_moves


def test_the_first_mover_is_the_seat_to_move_at_the_start_or_after_the_opening_rolls():
    assert find_game("rugen").first_mover(find_game("rugen").start(), []) == "white"
    assert find_game("classic").first_mover(find_game("classic").start(), ["x"]) == "black"
    backgammon = find_game("backgammon")
    start = backgammon.start()
    assert backgammon.first_mover(start, []) is None  # the opening roll is not played yet
    session = backgammon.session(start)
    rolls = []
    rng = random.Random(3)
    while session.chance_due:
        rolls.append(session.roll(rng))
        session.play(rolls[-1])
    assert backgammon.first_mover(start, rolls) == session.to_move


def test_a_match_goes_on_from_the_score_the_rules_carry_and_ends_when_won():
    from rules.games import GameOutcome, Reason

    backgammon = find_game("backgammon")
    start = backgammon.start({"match": "3"})
    after_one = backgammon.next_match_start(start, GameOutcome("white", Reason.SINGLE, points=1))
    assert after_one is not None
    view = backgammon.session(after_one).view()
    assert view.extra["score"] == {"white": 1, "black": 0} and view.extra["match"] == 3
    crawford = backgammon.next_match_start(after_one, GameOutcome("white", Reason.SINGLE, points=1))
    assert crawford is not None and backgammon.session(crawford).view().extra["crawford"]
    assert (
        backgammon.next_match_start(crawford, GameOutcome("white", Reason.GAMMON, points=2)) is None
    )
    with pytest.raises(RulesError):
        find_game("chess").next_match_start(
            find_game("chess").start(), GameOutcome("white", Reason.CHECKMATE)
        )
