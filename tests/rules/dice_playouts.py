"""Seeded random playouts of the dice games for the contract tests, and a board model that
applies typed effects to a view's counts (to prove the effects complete)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from rules.games import ActionResult, PositionView, Reason, Session, find_game
from rules.games.effects import Hit, Knocked, Moved, Resigned

#: The places off the board a Moved effect may name (backgammon, ludo).
OFF_BOARD_PLACES = {"backgammon": {"bar", "off"}, "ludo": {"yard", "home"}}

Counts = Counter[tuple[str, str, str]]  # (cell or off-board place, seat, piece kind) -> count


def counts(view: PositionView) -> Counts:
    """Every piece of the view by where it stands, its seat and kind (off-board too)."""
    piece = "checker" if view.game == "backgammon" else "token"
    result: Counts = Counter()
    for cell, pieces in view.pieces.items():
        for p in pieces:
            result[(cell, p.seat, p.piece)] += p.count
    for seat, places in view.off_board.items():
        for place, n in places.items():
            result[(place, seat, piece)] += n
    return +result  # drop zeros


def apply_effects(before: Counts, result: ActionResult, piece: str) -> Counts:
    """The counts after ``result``'s effects, worked out from the effects alone."""
    after = Counter(before)
    for effect in result.effects:
        if isinstance(effect, Moved):
            source = (effect.source, effect.seat, effect.piece)
            after[source] -= 1
            assert after[source] >= 0, f"{effect} before the checker got there: {result}"
            after[(effect.target, effect.seat, effect.piece)] += 1
        elif isinstance(effect, Hit):
            after[(effect.cell, effect.seat, piece)] -= 1
            after[("bar", effect.seat, piece)] += 1
        elif isinstance(effect, Knocked):
            after[(effect.cell, effect.seat, piece)] -= 1
            after[("yard", effect.seat, piece)] += 1
        elif isinstance(effect, Resigned):
            for key in [k for k in after if k[1] == effect.seat]:
                del after[key]
    assert all(n >= 0 for n in after.values()), (result, after)
    return +after


def pick(session: Session[Any], rng: random.Random, leave_chance: float = 0.0) -> str:
    """The next action of a random playout: the rules' automatic action, else a random legal
    one (a roll thrown by ``rng``); in ludo now and then a seat resigns."""
    rules = session.rules
    if rules.seats_leave and rng.random() < leave_chance:
        active = [s for s in session.seats if s not in _left(session)]
        return rules.leave_action(rng.choice(active), Reason.RESIGNATION)
    auto = session.automatic(rng)
    if auto is not None:
        return auto
    actions = session.legal_actions()
    for usual in ("roll", "take"):  # the cube now and then, so that games run on
        if usual in actions and rng.random() < 0.9:
            actions = [usual]
    action = rng.choice(actions)
    return session.roll(rng) if action == "roll" else action


def _left(session: Session[Any]) -> set[str]:
    extra = session.view().extra
    left = extra.get("left", {})
    assert isinstance(left, dict)
    return set(left)


def start(game: str, rng: random.Random) -> Session[Any]:
    """A new game: backgammon at its opening roll, ludo for 2–4 before the roll for the first
    turn (as the bot starts them)."""
    rules = find_game(game)
    if game == "ludo":
        seating = rules.seating({}, rng.choice((2, 3, 4)))
        return rules.session(seating.position)
    return rules.session()


def playout(
    game: str, seed: int, plies: int = 400, leave_chance: float = 0.0
) -> Iterator[tuple[Session[Any], str]]:
    """A seeded random game: yields the session and the next action, which the caller plays
    (``session.play(action)``) before asking for the next."""
    rng = random.Random(seed)
    session = start(game, rng)
    for _ in range(plies):
        if session.is_over:
            return
        action = pick(session, rng, leave_chance)
        yield session, action
