"""``ai.choose_action`` and the engine registry: the interface the bot and the other engines
build on."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

import ai
from ai import AIError, GameOverError, Level, UnknownGameError, choose_action, default_time
from ai.engines import engine_for, engine_ids, register_engine
from rules.errors import PositionError
from rules.games import Session, open_session

LATRUNCULI = ("classic", "rugen", "schadler", "lat")


def test_levels_are_the_words_players_use_and_hard_thinks_under_two_seconds() -> None:
    assert [level.value for level in Level] == ["easy", "medium", "hard"]
    assert Level("hard") is Level.HARD
    assert default_time(Level.EASY) < default_time(Level.MEDIUM) < default_time(Level.HARD) <= 2


def test_the_latrunculi_rule_sets_have_an_engine() -> None:
    assert set(LATRUNCULI) <= set(engine_ids())
    for game_id in LATRUNCULI:
        assert engine_for(game_id) is engine_for(game_id.upper())


def test_an_unknown_game_names_the_games_there_are() -> None:
    with pytest.raises(UnknownGameError, match="classic.*rugen"):
        engine_for("tafl")


def test_an_engine_is_registered_once() -> None:
    with pytest.raises(ValueError, match="twice"):
        register_engine("classic", engine_for("classic"))


@pytest.mark.parametrize("game_id", LATRUNCULI)
@pytest.mark.parametrize("level", list(Level))
def test_the_choice_is_a_legal_action_of_the_start(game_id: str, level: Level) -> None:
    action = choose_action(game_id, level, time_limit=0.3, seed=1)
    assert action in open_session(game_id).legal_actions()


def test_a_finished_game_is_refused() -> None:
    with pytest.raises(GameOverError, match="game is over"):
        choose_action("classic:8/8/8/8/8/8/8/S*s*6 b")


def test_a_bad_position_is_refused_by_the_rules() -> None:
    with pytest.raises(PositionError):
        choose_action("classic:8/8/8 b")


def test_a_time_limit_must_be_positive() -> None:
    with pytest.raises(AIError, match="more than 0"):
        choose_action("rugen", time_limit=0)


class _RefusingEngine:
    def choose(
        self, session: Session[Any], level: Level, deadline: float, rng: random.Random
    ) -> str:
        raise AssertionError("the engine was asked although only one action is legal")


def test_a_single_legal_action_is_played_without_asking_the_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # White's soldier on a1 is boxed in; the eagle on c1 can only step to d1.
    position = "rugen:e7/8/8/8/8/8/s1s5/SsE1s3 w"
    assert open_session(position).legal_actions() == ["c1-d1"]
    monkeypatch.setattr(ai, "engine_for", lambda game_id: _RefusingEngine())
    assert choose_action(position) == "c1-d1"


class _IllegalEngine:
    def choose(
        self, session: Session[Any], level: Level, deadline: float, rng: random.Random
    ) -> str:
        return "z9-z10"


def test_an_engine_answer_that_is_not_legal_never_reaches_the_caller(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(ai, "engine_for", lambda game_id: _IllegalEngine())
    with pytest.raises(AIError, match="not legal"):
        choose_action("rugen")


@pytest.mark.parametrize("game_id", LATRUNCULI)
def test_the_search_stops_at_its_deadline(game_id: str) -> None:
    """Not a speed test: a HARD search that ignored its deadline would run for minutes (it
    deepens to 64 plies), so returning within several seconds shows it stopped; the margin is
    wide because a loaded 2-core machine can stall the process for seconds."""
    started = time.monotonic()
    choose_action(game_id, Level.HARD, time_limit=0.5, seed=2)
    assert time.monotonic() - started < 0.5 + 5.0


class _SpyEngine:
    """Records the legal actions the engine is shown and plays the last one."""

    seen: list[str] = []

    def choose(
        self, session: Session[Any], level: Level, deadline: float, rng: random.Random
    ) -> str:
        _SpyEngine.seen = session.legal_actions()
        return _SpyEngine.seen[-1]


def test_the_moves_given_keep_the_repetition_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """The soldiers on a2 and a7 shuffle until a6-a7 would bring the start position back a
    third time: given the moves, the engine is not offered a6-a7; given the position alone,
    the rules cannot know and it is."""
    shuffle = ["a2-a3", "a7-a6", "a3-a2", "a6-a7", "a2-a3", "a7-a6", "a3-a2"]
    monkeypatch.setattr(ai, "engine_for", lambda game_id: _SpyEngine())
    choose_action("rugen", moves=shuffle)
    assert "a6-a7" not in _SpyEngine.seen and "a6-a5" in _SpyEngine.seen
    session = open_session("rugen")
    for move in shuffle:
        session.play(move)
    choose_action(session.position_text())
    assert "a6-a7" in _SpyEngine.seen
