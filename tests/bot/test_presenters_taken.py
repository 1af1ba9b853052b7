"""What each side has taken, read from the actions' effects (:meth:`GamePresenter.taken_from`),
is what counting the pieces of every position of the game gives (:meth:`taken_in`)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.presenters import presenter_for
from rules import variants
from rules.games.effects import Taken

GRID_GAMES = ["chess", "draughts", *(v.id for v in variants())]


def _playout(game_id: str, seed: int, plies: int = 160):
    presenter = presenter_for(game_id)
    session = presenter.rules.session(presenter.rules.start())
    rng = random.Random(seed)
    start = session.position_text()
    positions = []
    for _ in range(plies):
        if session.is_over:
            break
        session.play(rng.choice(session.legal_actions()))
        positions.append(session.position_text())
    return presenter, session, start, positions


@pytest.mark.parametrize("game_id", GRID_GAMES)
def test_taken_from_the_effects_is_what_the_positions_count(game_id):
    took_any = False
    for seed in range(6):
        presenter, session, start, positions = _playout(game_id, seed)
        from_effects = presenter.taken_from(session.history)
        from_positions = presenter.taken_in(start, positions)
        assert from_effects is not None and from_positions is not None
        assert [Counter(s) for s in from_effects] == [Counter(s) for s in from_positions], seed
        # classic's captives stay on the board: taken, yet not counted
        took_any = took_any or any(
            isinstance(e, Taken) for result in session.history for e in result.effects
        )
    assert took_any, "no playout took a piece: the comparison proved nothing"


@pytest.mark.parametrize("game_id", ["backgammon", "ludo"])
def test_games_without_taken_pieces_have_none(game_id):
    presenter = presenter_for(game_id)
    session = presenter.rules.session(presenter.rules.start())
    assert presenter.taken_from(session.history) is None
