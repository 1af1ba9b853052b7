"""Board pictures: pure functions from a position to PNG bytes.

No Discord here: for Latrunculi the bot passes a :class:`rules.Position` (and what it knows
about the game); chess, draughts, backgammon and ludo take a plain description (square → piece
letter, point → checker count), so they do not depend on any rules engine's types. The bot
posts the bytes it gets back.

    >>> import rules, rendering
    >>> png = rendering.render_board(rules.start_position("classic"), view=rules.Side.BLACK)
    >>> png = rendering.render_chess({"e1": "K", "e8": "k"}, to_move="black")
    >>> png = rendering.render_draughts({15: "b", 22: "w"}, last_move=[11, 15])
    >>> png = rendering.render_backgammon(rendering.BackgammonPosition(dice=(6, 1)))

The Latrunculi board and what every picture shares are imported with the package; the chess,
draughts, backgammon and ludo renderers are imported when one of their names is first asked
for (:func:`__getattr__`, PEP 562), so ``python -m rendering`` for one game loads that one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.lazy import lazy_names

from .caption import REASON_WORDS, Caption, status_text
from .captures import derive_captures
from .layout import DEFAULT_SQUARE, Layout, layout
from .rating_chart import ChartWords, RatingPoint, render_rating_chart
from .render import compose, encode_png, render_board
from .theme import THEMES, BoardStyle, Theme, get_theme
from .words import ENGLISH, Words

if TYPE_CHECKING:  # what __getattr__ hands out, for the type checkers
    from .backgammon import BackgammonPosition, render_backgammon
    from .chess import placement_pieces, render_chess
    from .draughts import render_draughts
    from .ludo import LudoMove, LudoPosition, LudoSeat, render_ludo

#: The names re-exported from one game's renderer, and the module (relative to this package)
#: that defines each.
_LAZY_NAMES = {
    "BackgammonPosition": ".backgammon",
    "render_backgammon": ".backgammon",
    "placement_pieces": ".chess",
    "render_chess": ".chess",
    "render_draughts": ".draughts",
    "LudoMove": ".ludo",
    "LudoPosition": ".ludo",
    "LudoSeat": ".ludo",
    "render_ludo": ".ludo",
}


__getattr__, __dir__ = lazy_names(__name__, globals(), _LAZY_NAMES)


__all__ = [
    "DEFAULT_SQUARE",
    "ENGLISH",
    "BackgammonPosition",
    "REASON_WORDS",
    "THEMES",
    "BoardStyle",
    "Caption",
    "Layout",
    "LudoMove",
    "LudoPosition",
    "LudoSeat",
    "ChartWords",
    "RatingPoint",
    "Theme",
    "Words",
    "compose",
    "derive_captures",
    "encode_png",
    "get_theme",
    "layout",
    "placement_pieces",
    "render_backgammon",
    "render_board",
    "render_chess",
    "render_draughts",
    "render_ludo",
    "render_rating_chart",
    "status_text",
]
