"""The Latrunculi engine for all four rule sets (``classic``, ``rugen``, ``schadler``,
``lat``): an iterative-deepening alpha-beta search (:mod:`.search`) over the rules core's own
game, with an evaluation per rule set (:mod:`.evaluation`).

The levels differ in depth, time and deliberate imperfection (docs/ai.md):

* **hard** searches as deep as its time allows (late quiet moves reduced), with quiescence,
  plays the best move and plays for a win (a contempt: a draw scores below 0 for it); in
  Rügen on a board and search of its own (:mod:`.rugen_fast`), several times faster than
  the rules core's ``push``/``pop`` (issue 37);
* **medium** looks one ply ahead and plays out the captures that answer its move
  (quiescence), with a random bonus of up to ±30 (a third of a soldier) per move: it never
  leaves a piece where it can be taken at once, but does not see a double threat coming (issue
  37: at two plies it held hard to a draw in every game, so it was no mid-strength player);
* **easy** looks one ply ahead without quiescence, with up to ±80 of noise, and one move in
  four is a random legal move: a beginner can win.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.game import Game
from rules.games import LatrunculiSession, Session

from ...levels import Level
from . import rugen_fast
from .evaluation import EVALUATORS, MATERIAL
from .search import Searcher, SearchResult

#: The Latrunculi game ids this engine plays.
LATRUNCULI_IDS = ("classic", "rugen", "schadler", "lat")


#: Hard's taste for contact (see :attr:`Style.tension`); bench/tools may override it.
TENSION = 6
#: Hard's taste for hooked enemy pieces (see :attr:`Style.hooks`); bench/tools may override it.
#: Off: at 10 and 25 it won no more rugen or LAT games against medium (issue 37, fourth round,
#: docs/ai.md), so it stays a measured option, not hard's play.
HOOKS = 0


@dataclass(frozen=True, slots=True)
class Style:
    """How a level plays: search depth, quiescence, noise and the chance of a random move."""

    max_depth: int
    quiescence: bool
    noise: int
    random_move: float
    #: Plays for a win: a draw scores below 0 for it, the more the further ahead it is.
    contempt: bool = False
    #: Late-move reductions (a deeper search in the same time).
    reductions: bool = False
    #: Keeps the fight close: per pair of enemy pieces side by side, this much for the
    #: searching side (``evaluation.contacts``; issue 37).
    tension: int = 0
    #: Prepares double threats: per enemy piece flanked on one side by the searching side's
    #: piece with the other side empty, this much (``evaluation.hooks``; issue 37).
    hooks: int = 0
    #: Searches on a rule set's dedicated fast board where it has one (:data:`FAST_SEARCHES`).
    fast: bool = False
    #: Plays a plan for converting a lead where the rule set has one (``search.PLANS``: LAT's
    #: Queen hunt and trading down; issue 37, fifth round).
    plan: bool = False


STYLES: dict[Level, Style] = {
    Level.EASY: Style(max_depth=1, quiescence=False, noise=80, random_move=0.25),
    Level.MEDIUM: Style(max_depth=1, quiescence=True, noise=30, random_move=0.0),
    Level.HARD: Style(
        max_depth=64,
        quiescence=True,
        noise=0,
        random_move=0.0,
        contempt=True,
        reductions=True,
        tension=TENSION,
        hooks=HOOKS,
        fast=True,
        plan=True,
    ),
}

#: Rule sets with a dedicated fast board and search (issue 37, fifth round): the rules core's
#: ``push``/``pop`` made hard's general search too slow to outsee medium there.
FAST_SEARCHES: dict[str, Callable[[Game, float], SearchResult]] = {"rugen": rugen_fast.choose}


class LatrunculiEngine:
    """Chooses a move in any Latrunculi rule set."""

    def choose(
        self, session: Session[Any], level: Level, deadline: float, rng: random.Random
    ) -> str:
        if not isinstance(session, LatrunculiSession):
            raise TypeError(f"the Latrunculi engine cannot play {session.rules.id}")
        style = STYLES[Level(level)]
        game = session.game
        if style.random_move and rng.random() < style.random_move:
            return str(rng.choice(sorted(game.legal_moves(), key=str)))
        fast = FAST_SEARCHES.get(session.rules.id) if style.fast else None
        if fast is not None:
            return str(fast(game, deadline).move)
        searcher = Searcher(
            game,
            EVALUATORS[session.rules.id],
            deadline,
            style.max_depth,
            noise=style.noise,
            rng=rng,
            quiescence=style.quiescence,
            contempt=style.contempt,
            material=MATERIAL[session.rules.id],
            reductions=style.reductions,
            tension=style.tension,
            hooks=style.hooks,
            plan=style.plan,
        )
        return str(searcher.run().move)


def _register() -> None:
    from .. import register_engine

    engine = LatrunculiEngine()
    for game_id in LATRUNCULI_IDS:
        register_engine(game_id, engine)


_register()
