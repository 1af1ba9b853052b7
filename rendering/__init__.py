"""Board pictures for Latrunculi: pure functions from a rules position to PNG bytes.

No Discord here: the bot passes a :class:`rules.Position` (and what it knows about the game)
and posts the bytes it gets back.

    >>> import rules, rendering
    >>> png = rendering.render_board(rules.start_position("classic"), view=rules.Side.BLACK)
"""

from .caption import REASON_WORDS, status_text
from .captures import derive_captures
from .layout import DEFAULT_SQUARE, Layout, layout
from .render import compose, encode_png, render_board
from .theme import THEMES, BoardStyle, Theme, get_theme

__all__ = [
    "DEFAULT_SQUARE",
    "REASON_WORDS",
    "THEMES",
    "BoardStyle",
    "Layout",
    "Theme",
    "compose",
    "derive_captures",
    "encode_png",
    "get_theme",
    "layout",
    "render_board",
    "status_text",
]
