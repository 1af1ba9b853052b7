"""The one game interface (rules.games) for every registered game: the registry, seats, text
round trips, and seeded random games where pop restores every earlier position exactly."""

from __future__ import annotations

import random

import pytest

from rules import (
    Game,
    GameOutcome,
    IllegalMoveError,
    MoveSyntaxError,
    Reason,
    UnknownGameError,
    all_games,
    find_game,
    open_session,
)
from rules.games import ActionResult, Session, replay

GAME_IDS = [g.id for g in all_games()]
MAX_PLIES = 200


def test_registry_lists_the_latrunculi_rule_sets_first_in_their_order() -> None:
    assert GAME_IDS[:4] == ["classic", "rugen", "schadler", "lat"]
    assert len(set(GAME_IDS)) == len(GAME_IDS)


def test_find_game_is_case_insensitive_and_refuses_unknown_ids_by_name() -> None:
    assert find_game(" Rugen ").id == "rugen"
    with pytest.raises(UnknownGameError) as info:
        find_game("go")
    message = str(info.value)
    assert "'go'" in message and all(game_id in message for game_id in GAME_IDS)
    with pytest.raises(UnknownGameError):
        open_session("go:whatever")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_describes_itself_in_one_short_line(game_id: str) -> None:
    game = find_game(game_id)
    assert game.name and game.board
    assert 0 < len(game.description) <= 100 and "\n" not in game.description
    assert 2 <= len(game.seats) <= 4 and len(set(game.seats)) == len(game.seats)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_start_text_opens_a_session_at_the_same_position(game_id: str) -> None:
    game = find_game(game_id)
    text = game.start()
    assert text.startswith(game_id + ":")
    session = open_session(text)
    assert session.rules is game and session.position_text() == text
    assert open_session(game_id).position_text() == text
    assert session.to_move == session.seats[0]
    assert session.outcome is None and session.ply == 0


def test_latrunculi_seats_follow_who_moves_first() -> None:
    assert find_game("classic").seats == ("black", "white")
    assert find_game("rugen").seats == ("white", "black")


def _random_game(game_id: str, seed: int) -> tuple[Session[object], list[str], list[str]]:
    """A seeded random game through the text interface; returns the session, the positions
    seen (before each action and at the end) and the canonical actions played. Where a roll
    is due (``roll`` in the actions) and chosen, the dice come from ``Session.roll(rng)``."""
    rng = random.Random(seed)
    session: Session[object] = open_session(game_id)
    seen = [session.position_text()]
    played: list[str] = []
    for _ in range(MAX_PLIES):
        actions = session.legal_actions()
        if session.outcome is not None:
            assert actions == []
            break
        assert actions and actions == sorted(set(actions))
        text = rng.choice(actions)
        if text == "roll":  # a chance action: the dice come from the caller's generator
            assert session.chance_due
            text = session.roll(rng)
        seat = session.to_move
        result = session.play(text)
        assert isinstance(result, ActionResult)
        assert result.canonical == text and result.seat == seat
        played.append(text)
        seen.append(session.position_text())
    return session, seen, played


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seed", range(4))
def test_random_game_pop_restores_every_position(game_id: str, seed: int) -> None:
    session, seen, played = _random_game(game_id, seed)
    assert session.ply == len(played)
    assert [r.canonical for r in session.history] == played
    for expected in reversed(seen[:-1]):
        session.pop()
        assert session.position_text() == expected
        assert session.outcome is None
    assert session.ply == 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_replaying_the_actions_reproduces_position_and_outcome(game_id: str) -> None:
    session, seen, played = _random_game(game_id, 99)
    replay = open_session(seen[0])
    for text in played:
        replay.play(text)
    assert replay.position_text() == session.position_text()
    assert replay.outcome == session.outcome
    reopened = open_session(session.position_text())
    assert reopened.position_text() == session.position_text()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_nonsense_is_a_syntax_error_quoting_the_input(game_id: str) -> None:
    session = open_session(game_id)
    with pytest.raises(MoveSyntaxError) as info:
        session.parse("banana!")
    assert "banana!" in str(info.value)


@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if g not in ("backgammon", "ludo")])
def test_no_dice_in_games_without_chance(game_id: str) -> None:
    session = open_session(game_id)
    assert session.chance_due is False
    with pytest.raises(IllegalMoveError):
        session.roll(random.Random(1))


@pytest.mark.parametrize("game_id", ["classic", "rugen", "schadler", "lat"])
def test_latrunculi_session_agrees_with_the_latrunculi_game(game_id: str) -> None:
    """The adapter changes nothing: same moves, same results, same outcome as rules.Game."""
    rng = random.Random(7)
    session = open_session(game_id)
    game = Game.new(game_id)
    for _ in range(MAX_PLIES):
        assert session.legal_actions() == sorted(str(m) for m in game.legal_moves())
        assert session.to_move == game.turn.value
        if game.outcome is not None:
            assert session.outcome == GameOutcome(
                game.outcome.winner.value if game.outcome.winner else None,
                Reason(game.outcome.reason),
            )
            break
        move = rng.choice(game.legal_moves())
        result = game.play(move)
        assert session.play(str(move)).as_json() == result.as_json()
        assert session.position_text() == game.position.to_lpn()
    assert session.perft(2) == Game(game.position).perft(2)


def test_outcome_json_carries_places_and_points_only_when_present() -> None:
    assert GameOutcome("white", Reason.CHECKMATE).as_json() == {
        "winner": "white",
        "reason": "checkmate",
    }
    assert GameOutcome(None, Reason.STALEMATE).is_draw
    assert GameOutcome("white", Reason.GAMMON, points=4).as_json() == {
        "winner": "white",
        "reason": "gammon",
        "points": 4,
    }
    assert GameOutcome("red", Reason.FINISHED, places=("red", "yellow")).as_json() == {
        "winner": "red",
        "reason": "finished",
        "places": ["red", "yellow"],
    }


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_replay_rebuilds_a_game_from_its_start_and_actions(game_id: str) -> None:
    session, seen, played = _random_game(game_id, 5)
    rebuilt = replay(seen[0], played)
    assert rebuilt.position_text() == session.position_text()
    assert rebuilt.ply == len(played) and rebuilt.outcome == session.outcome


def test_replay_raises_the_first_refusal() -> None:
    with pytest.raises(IllegalMoveError, match="no black pawn can move to e4"):
        replay("chess", ["e4", "e4"])
