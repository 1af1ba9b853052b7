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

from rules import RulesError, Wording
from rules.games.backgammon import BackgammonSession
from rules.games.backgammon.turns import BAR, Step, step_text

from ..errors import UserError
from ..i18n import DEFAULT_LANGUAGE, mark, translate
from ..services.picker import MOVE_BUTTON, STALE, Menu, Option

if TYPE_CHECKING:
    from rules.games import Session

    from .base import GamePresenter

__all__ = ["STEPS", "step_menu"]

STEPS = "st:"
"""The key prefix of a step menu: ``st:<steps so far>`` or ``st:<steps so far>|<point>``."""


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
        raise UserError(STALE, button=Wording(MOVE_BUTTON)) from None


def _point(origin: int, language: str) -> str:
    return translate(mark("the bar"), language) if origin == BAR else str(origin)


def _step_label(step: Step, language: str) -> str:
    if step[3]:
        template = mark("{step} (the {die}) ✕ hits")
    else:
        template = mark("{step} (the {die})")
    return translate(template, language, step=step_text(step), die=step[2])


def step_menu(
    game_id: int,
    presenter: GamePresenter,
    session: Session[Any],
    key: str,
    language: str = DEFAULT_LANGUAGE,
) -> Menu:
    """The step menu reached by ``key`` (``st:…``) in ``session`` (dice set to be played), in
    the player's ``language``."""
    assert isinstance(session, BackgammonSession)
    if not key.startswith(STEPS):
        raise UserError(STALE)
    done, origin = _decode(key)
    try:
        turn = session.turn_so_far(done)
    except RulesError:
        raise UserError(STALE, button=Wording(MOVE_BUTTON)) from None
    dice = f"{turn.dice[0]}-{turn.dice[1]}"
    if turn.done:
        head = translate(
            mark("**Game #{game}**: your {dice} · so far {steps}"),
            language,
            game=game_id,
            dice=dice,
            steps=f"`{turn.done_text}`",
        )
    else:
        head = translate(mark("**Game #{game}**: your {dice}"), language, game=game_id, dice=dice)
    undo = (
        (
            translate(mark("↩ Undo {step}"), language, step=step_text(turn.done[-1])),
            _encode(done[:-1]),
        )
        if turn.done
        else None
    )
    if turn.complete is not None:
        text = str(turn.complete)
        result = session.push(next(m for m in session.legal_moves() if m.play == turn.complete))
        wins = session.outcome is not None
        session.pop()
        label = presenter.choice_name(text, result, wins, language)
        return Menu(
            key,
            translate(
                mark("{head} — the whole turn is {turn}. Play it, or undo a step."),
                language,
                head=head,
                turn=f"`{text}`",
            ),
            "",
            (Option(label[:80], f"play:{text}"),),
            back=undo,
            language=language,
        )
    left = "-".join(str(d) for d in turn.left)
    head = translate(mark("{head} · dice left: {dice}"), language, head=head, dice=left)
    if origin is not None:
        steps = [s for s in turn.choices if s[0] == origin]
        if not steps:
            raise UserError(STALE)
        options = tuple(
            Option(_step_label(s, language), _encode([*done, (s[0], s[2])])) for s in steps
        )
        return Menu(
            key,
            translate(
                mark("{head} — where does the checker on {point} go?"),
                language,
                head=head,
                point=_point(origin, language),
            ),
            translate(mark("Choose the destination"), language),
            options,
            back=(translate(mark("↩ Back"), language), _encode(done)),
            language=language,
        )
    by_origin: dict[int, list[Step]] = {}
    for step in turn.choices:
        by_origin.setdefault(step[0], []).append(step)
    firsts: list[Option] = []
    for point, steps in by_origin.items():  # highest point first, the bar first of all
        if len(steps) == 1:
            [step] = steps
            firsts.append(Option(_step_label(step, language), _encode([*done, (step[0], step[2])])))
        else:
            where = ", ".join(f"{'off' if s[1] == 0 else s[1]} ({s[2]})" for s in steps)
            firsts.append(
                Option(
                    translate(mark("From {point}"), language, point=_point(point, language)),
                    f"{_encode(done)}|{point}",
                    translate(mark("to {points}"), language, points=where),
                )
            )
    return Menu(
        key,
        translate(mark("{head} — pick a checker to move."), language, head=head),
        translate(mark("Choose a checker (its point)"), language),
        tuple(firsts),
        back=undo,
        language=language,
    )
