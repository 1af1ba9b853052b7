"""What each side has taken, read from the actions' effects (:meth:`GamePresenter.taken_from`),
is what counting the pieces of every position of the game gives: the pieces of the side not
to move that left the board in each move, counted on the rules' views (a captive still stands
on its square; the mover's own piece changing kind is no capture)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.presenters import presenter_for
from rules import variants
from rules.games.effects import Taken

GRID_GAMES = ["chess", "draughts", *(v.id for v in variants())]


def _on_board(view) -> Counter[tuple[str, str]]:
    """(seat, piece kind) → how many stand on the board (captives too) or wait in a hand."""
    counts: Counter[tuple[str, str]] = Counter()
    for pieces in view.pieces.values():
        for piece in pieces:
            counts[piece.seat, piece.piece] += piece.count
    for seat, places in view.off_board.items():
        counts[seat, "counter"] += places.get("hand", 0)
    return counts


def _counted_from_views(presenter, session, actions) -> tuple[str, str]:
    """The oracle: replay ``actions`` from the session's start, and after each count the
    victim's pieces that left the board, as the presenter's letters."""
    replay = presenter.rules.session(presenter.rules.start())
    taken: dict[str, Counter[str]] = {"white": Counter(), "black": Counter()}
    before = _on_board(replay.view())
    for action in actions:
        mover = replay.to_move
        replay.play(action)
        after = _on_board(replay.view())
        victim = "black" if mover == "white" else "white"
        for (seat, kind), n in (before - after).items():
            if seat == victim:
                taken[mover][presenter.taken_letters[seat][kind]] += n
        before = after
    return "".join(taken["white"].elements()), "".join(taken["black"].elements())


def _playout(game_id: str, seed: int, plies: int = 160):
    presenter = presenter_for(game_id)
    session = presenter.rules.session(presenter.rules.start())
    rng = random.Random(seed)
    actions = []
    for _ in range(plies):
        if session.is_over:
            break
        actions.append(rng.choice(session.legal_actions()))
        session.play(actions[-1])
    return presenter, session, actions


@pytest.mark.parametrize("game_id", GRID_GAMES)
def test_taken_from_the_effects_is_what_the_positions_count(game_id):
    """Also: the running counts a replay's frames show end where the total does."""
    took_any = False
    for seed in range(6):
        presenter, session, actions = _playout(game_id, seed)
        from_effects = presenter.taken_from(session.history)
        from_positions = _counted_from_views(presenter, session, actions)
        assert from_effects is not None
        assert [Counter(s) for s in from_effects] == [Counter(s) for s in from_positions], seed
        running = presenter.taken_running(session.history)
        assert running is not None and len(running) == len(actions)
        assert not running or running[-1] == from_effects
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
