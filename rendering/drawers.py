"""One drawer per kind of board, fed by the rules' position view and the last action's effects.

A picture is a :class:`Scene`: the rules' :class:`~rules.games.view.PositionView` of the
position, the effects of the action to mark (:mod:`rules.games.effects`), the words of the
caption (already in the reader's language: the bot words, rendering draws) and how to show it.
:func:`draw` picks the drawer registered for the view's game, else the generic grid drawer
(:func:`rendering.grid_view.compose_grid`): a drawer reads the scene and nothing else -- no
position text, no move text -- so the bot, the replay GIF and a web board all draw from the
same data.

The house's drawers are found by a table of module paths and imported on first use (chess is
not imported to draw a Latrunculi board); a game from outside registers its own with
:func:`register_drawer`, or needs none (the grid drawer).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from PIL import Image

from rules.games import GameOutcome
from rules.games.effects import Effect
from rules.games.view import PositionView

from .caption import Caption

__all__ = ["Drawer", "Scene", "draw", "drawer_for", "register_drawer", "unregister_drawer"]


@dataclass(frozen=True, slots=True)
class Scene:
    """Everything one picture shows, as plain data.

    ``caption`` holds the words (players' names, status, title, taken pieces, move number) in
    the reader's language; ``players`` the names by seat (a table of 2–4); ``outcome`` the
    game's result, which may be decided off the board (a resignation, a timeout) and so is not
    always the view's; ``last`` the effects of the action to mark (``()``: none); ``strip``
    ``False`` leaves the caption strip blank (a replay's frame number is the caption's
    :attr:`~rendering.caption.Caption.frame`)."""

    view: PositionView
    caption: Caption
    last: tuple[Effect, ...] = ()
    players: Mapping[str, str] = field(default_factory=dict)
    outcome: GameOutcome | None = None
    perspective: str = "white"
    theme: str = "light"
    strip: bool = True


#: Draws one scene as a Pillow picture.
Drawer = Callable[[Scene], Image.Image]

#: The house's drawers: game id → "module:function", imported when first used.
_HOUSE: dict[str, str] = {
    "chess": "rendering.chess:draw_scene",
    "draughts": "rendering.draughts:draw_scene",
    "backgammon": "rendering.backgammon:draw_scene",
    "ludo": "rendering.ludo:draw_scene",
    **dict.fromkeys(
        ("classic", "rugen", "schadler", "lat"), "rendering.latrunculi_scene:draw_scene"
    ),
}
_REGISTERED: dict[str, Drawer] = {}


def register_drawer(game_id: str, drawer: Drawer) -> None:
    """Draw ``game_id``'s pictures with ``drawer`` (a game from outside the house; without
    one, its grid is drawn by the generic drawer)."""
    if game_id in _REGISTERED or game_id in _HOUSE:
        raise ValueError(f"game {game_id!r} has a drawer already")
    _REGISTERED[game_id] = drawer


def unregister_drawer(game_id: str) -> None:
    """Forget a drawer :func:`register_drawer` added (tests)."""
    _REGISTERED.pop(game_id, None)


def drawer_for(game_id: str) -> Drawer:
    """The drawer of ``game_id``'s pictures: its own, else the generic grid drawer."""
    found = _REGISTERED.get(game_id)
    if found is not None:
        return found
    path = _HOUSE.get(game_id)
    if path is not None:
        module, _, name = path.partition(":")
        drawer: Drawer = getattr(importlib.import_module(module), name)
        _REGISTERED[game_id] = drawer
        return drawer
    from .grid_view import draw_grid_scene

    return draw_grid_scene


def draw(scene: Scene) -> Image.Image:
    """The picture of ``scene``, by the drawer of its view's game."""
    return drawer_for(scene.view.game)(scene)
