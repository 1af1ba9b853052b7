"""The backgammon Move menus: a turn picked die by die, with an Undo, played only when whole.

The first menu lists the points a checker may leave (the bar first); picking one lists where
that checker may go with each die left ("13/7 (the 6)"); a point whose checker has only one
step is that step at once. After each step the menu shows the dice left and the turn so far,
with an **Undo** of the last step (or **Back** from a destination menu). Once the steps make a
whole turn, the menu shows it as one **Play** button: only then is anything stored, through
the one move path with the ply the menu was opened for (so two clicks never play two turns).

Only steps that still lead to a legal turn are offered (:mod:`rules.games.backgammon.steps`):
the player can neither end in a turn the rules refuse nor get stuck half-way. Nothing of the
turn in progress is kept by the bot: a menu's option values and buttons carry the steps so
far (``st:13-6.8-1``: from 13 with the 6, from 8 with the 1; ``|13`` for a point picked),
read back against the stored game on every pick, so a menu works after a restart and a stale
one is refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules import RulesError
from rules.games.backgammon import BackgammonSession
from rules.games.backgammon.turns import BAR, Step, step_text

from ..errors import UserError
from .picker import Menu, Option

if TYPE_CHECKING:
    from rules.games import Session

    from ..presenters.base import GamePresenter

__all__ = ["STEPS", "step_menu"]

STEPS = "st:"
"""The key prefix of a step menu: ``st:<steps so far>`` or ``st:<steps so far>|<point>``."""

_STALE = "That choice is not open any more; press Move again."


def _encode(done: list[tuple[int, int]]) -> str:
    return STEPS + ".".join(f"{origin}-{die}" for origin, die in done)


def _decode(key: str) -> tuple[list[tuple[int, int]], int | None]:
    body, bar, point = key.removeprefix(STEPS).partition("|")
    try:
        done = [
            (int(origin), int(die))
            for origin, die in (part.split("-") for part in body.split(".") if part)
        ]
        return done, int(point) if bar else None
    except ValueError:
        raise UserError(_STALE) from None


def _point(origin: int) -> str:
    return "the bar" if origin == BAR else str(origin)


def _step_label(step: Step) -> str:
    label = f"{step_text(step)} (the {step[2]})"
    return label + (" ✕ hits" if step[3] else "")


def step_menu(game_id: int, presenter: GamePresenter, session: Session[Any], key: str) -> Menu:
    """The step menu reached by ``key`` (``st:…``) in ``session`` (dice set to be played)."""
    assert isinstance(session, BackgammonSession)
    if not key.startswith(STEPS):
        raise UserError(_STALE)
    done, origin = _decode(key)
    try:
        turn = session.turn_so_far(done)
    except RulesError:
        raise UserError(_STALE) from None
    dice = f"{turn.dice[0]}-{turn.dice[1]}"
    head = f"**Game #{game_id}**: your {dice}"
    if turn.done:
        head += f" · so far `{turn.done_text}`"
    undo = (f"↩ Undo {step_text(turn.done[-1])}", _encode(done[:-1])) if turn.done else None
    if turn.complete is not None:
        text = str(turn.complete)
        result = session.push(next(m for m in session.legal_moves() if m.play == turn.complete))
        wins = session.outcome is not None
        session.pop()
        label = presenter.choice_name(text, result, wins)
        return Menu(
            key,
            f"{head} — the whole turn is `{text}`. Play it, or undo a step.",
            "",
            (Option(label[:80], f"play:{text}"),),
            back=undo,
        )
    left = "-".join(str(d) for d in turn.left)
    head += f" · dice left: {left}"
    if origin is not None:
        steps = [s for s in turn.choices if s[0] == origin]
        if not steps:
            raise UserError(_STALE)
        options = tuple(Option(_step_label(s), _encode([*done, (s[0], s[2])])) for s in steps)
        return Menu(
            key,
            f"{head} — where does the checker on {_point(origin)} go?",
            "Choose the destination",
            options,
            back=("↩ Back", _encode(done)),
        )
    by_origin: dict[int, list[Step]] = {}
    for step in turn.choices:
        by_origin.setdefault(step[0], []).append(step)
    firsts: list[Option] = []
    for point, steps in by_origin.items():  # highest point first, the bar first of all
        if len(steps) == 1:
            [step] = steps
            firsts.append(Option(_step_label(step), _encode([*done, (step[0], step[2])])))
        else:
            where = ", ".join(f"{'off' if s[1] == 0 else s[1]} ({s[2]})" for s in steps)
            firsts.append(
                Option(f"From {_point(point)}", f"{_encode(done)}|{point}", f"to {where}")
            )
    return Menu(
        key,
        f"{head} — pick a checker to move.",
        "Choose a checker (its point)",
        tuple(firsts),
        back=undo,
    )
