"""The Latrunculi picture of a :class:`~rendering.drawers.Scene`, for the four rule sets.

The drawer reads the scene alone: the rules' :class:`~rules.games.view.PositionView` gives the
position (the pieces with their captives, the hands, the clock, the side to move), the last
action's effects (:mod:`rules.games.effects`) the move to mark and what it took off the board,
the :class:`~rendering.caption.Caption` the words, and the scene's ``outcome`` the result
(which may be decided off the board: a resignation, a timeout). It then draws them with
:func:`rendering.render.compose`, as the bot's pictures always have been.

    >>> from rules.games import find_game
    >>> from rendering.drawers import Scene, draw
    >>> session = find_game("classic").session()
    >>> result = session.play("a1-a4")
    >>> img = draw(Scene(session.view(), Caption(), last=result.effects))
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PIL import Image

from rules import (
    Move,
    MoveKind,
    MoveResult,
    Outcome,
    Position,
    Side,
    Square,
    Termination,
    parse_square,
    piece,
)
from rules.games import GameOutcome
from rules.games.effects import Effect, Moved, Passed, Placed, Released, Taken
from rules.games.latrunculi import KIND_WORDS
from rules.games.view import PositionView
from rules.geometry import STRIDE
from rules.model import Piece

from .caption import Caption, status_room, status_text
from .captures import variant_name
from .layout import Layout, layout
from .render import compose
from .text import bold_of, font, text_width
from .words import Words

if TYPE_CHECKING:
    from .drawers import Scene

__all__ = [
    "LatrunculiCaption",
    "draw_scene",
    "move_result",
    "position_of",
    "rules_outcome",
    "with_taken",
]

#: The LPN letter of each kind of piece, by the effects' word for it (``soldier`` → ``S``).
KIND_LETTERS = {word: letter for letter, word in KIND_WORDS.items()}


@dataclass(frozen=True, slots=True)
class LatrunculiCaption(Caption):
    """A Latrunculi caption: :attr:`~rendering.caption.Caption.taken` are the pieces each side
    has taken off the board (LPN letters; the captives still on it are read from the view),
    and ``counted`` says whether they were counted from the game's moves. ``False``: they are
    not known, and the picture works them out as the pieces missing compared with the rule
    set's start (right for a game from the standard start only)."""

    counted: bool = True
    #: Whether the row of the side to move is highlighted under a ``status`` too: a game's
    #: start as ``/rules`` shows it ("Start position"), with the side that moves first marked
    #: as in the other games' pictures (other statuses, "Waiting for Bob", a replay's, mark
    #: no row as to move).
    show_turn: bool = False


def mover(effects: Iterable[Effect]) -> Side | None:
    """The side that played the action of ``effects``: the one that moved, placed or passed,
    else the one whose enemy lost a piece (a Schädler removal is its :class:`Taken` alone)."""
    taken: Side | None = None
    for effect in effects:
        if isinstance(effect, (Moved, Placed, Passed)):
            return Side(effect.seat)
        if isinstance(effect, Taken) and taken is None:
            taken = Side(effect.seat).other
    return taken


def move_result(effects: Iterable[Effect], seat: Side | None = None) -> MoveResult:
    """The renderer's report of an action (its kind, its squares, what it took and freed),
    from the action's effects; ``seat``: the side that played it (else read from the
    effects)."""
    effects = tuple(effects)
    kind = MoveKind.PASS
    path: tuple[Square, ...] = ()
    captured: list[Square] = []
    released: list[Square] = []
    for effect in effects:
        if isinstance(effect, Moved):
            cells = (effect.source, *effect.path, effect.target)
            kind, path = MoveKind.MOVE, tuple(parse_square(c) for c in cells)
        elif isinstance(effect, Placed):
            kind, path = MoveKind.PLACE, (parse_square(effect.cell),)
        elif isinstance(effect, Taken):
            captured.append(parse_square(effect.cell))
        elif isinstance(effect, Released):
            released.append(parse_square(effect.cell))
    if kind is MoveKind.PASS and captured:  # a Schädler removal is its Taken alone
        kind, path = MoveKind.REMOVE, (captured[0],)
    side = seat if seat is not None else mover(effects)
    return MoveResult(Move(kind, path), side or Side.WHITE, tuple(captured), tuple(released))


def with_taken(position: Position, effects: Iterable[Effect]) -> Position:
    """``position`` (the one after the action of ``effects``) with the pieces the action took
    off the board put back: all the renderer reads of the position before (what stood on each
    square taken, and whether a jump passed over a piece, which jumping never takes off)."""
    effects = tuple(effects)
    cells = list(position.cells)
    removal = not any(isinstance(e, (Moved, Placed, Passed)) for e in effects)
    for effect in effects:
        if isinstance(effect, Taken) and not effect.stays:
            kind = KIND_LETTERS[effect.piece]
            cells[parse_square(effect.cell)] = piece(kind, Side(effect.seat), removal)
    return dataclasses.replace(position, cells=tuple(cells))


def rules_outcome(outcome: GameOutcome | None) -> Outcome | None:
    """The picture's outcome: only results the rules decided (a resignation is not one)."""
    if outcome is None:
        return None
    try:
        termination = Termination(outcome.reason.value)
    except ValueError:
        return None
    return Outcome(Side(outcome.winner) if outcome.winner else None, termination)


def position_of(view: PositionView, last: Iterable[Effect] = ()) -> Position:
    """The rules' :class:`~rules.Position` a Latrunculi ``view`` shows: its rule set, its
    pieces (captives and alligati held), the counters in hand, the clock, the passes and the
    options of the position. Once the game is over the view has no side to move: it is then
    the side after the one that played ``last`` (each action passes the turn)."""
    cells: list[Piece | None] = [None] * (view.ranks * STRIDE)
    for cell, stack in view.pieces.items():
        for p in stack:
            cells[parse_square(cell)] = piece(KIND_LETTERS[p.piece], Side(p.seat), p.captive)
    if view.to_move is not None:
        turn = Side(view.to_move)
    else:
        played = mover(last)
        turn = played.other if played is not None else Side(view.seats[0])
    hand = [view.off_board.get(seat, {}).get("hand", 0) for seat in ("white", "black")]
    extra = view.extra
    clock, passes, options = extra.get("clock", 0), extra.get("passes", 0), extra.get("options")
    assert isinstance(clock, int) and isinstance(passes, int)
    return Position(
        variant=view.game,
        width=view.files,
        height=view.ranks,
        cells=tuple(cells),
        turn=turn,
        hand=(hand[0], hand[1]),
        clock=clock,
        passes=passes,
        options=tuple(sorted(options.items())) if isinstance(options, dict) else (),
    )


#: A rule set's name less its bracketed part (``Latrunculi (Rügen)`` → ``Latrunculi``).
_BRACKETED = re.compile(r"\s*\([^()]*\)\s*$")


def _titled_fits(line: str, lay: Layout, *, over: bool, rtl: bool) -> bool:
    """Whether the caption strip keeps the name before the status: the line ``line`` fits
    the status line at 80 % of the status size (:func:`rendering.caption.draw_caption_strip`
    measures it so)."""
    size = max(12, round(lay.text_unit * 0.36))
    smallest = bold_of(font(max(12, round(size * 0.8))))
    return text_width(line, smallest, rtl=rtl) <= status_room(lay, over=over)


def fitted_title(
    position: Position,
    title: str | None,
    *,
    players: tuple[str, str],
    outcome: Outcome | None,
    over: bool,
    status: str | None,
    move_number: int | None,
    view: Side,
    words: Words,
) -> tuple[str | None, int | None]:
    """The game's name and the move number the caption's status line shows.

    The caption puts the name before the status when both fit the line (at 80 % of its
    size at least), else drops it; the rule sets' names are long (``Ludus latrunculorum
    (Schädler)``), so on an 8×8 board the status line of a game in play left them out,
    where chess and draughts show theirs. The first that fits is kept: the full name, the
    name less its bracketed part (``Latrunculi``), then each without the move number; when
    none fits, the full name and the move number (the caption then shows the status
    alone, as before)."""
    if not title:
        return title, move_number
    lay = layout(position.width, position.height, view)
    short = _BRACKETED.sub("", title) or title
    numbers = [move_number] if move_number is None or status or outcome else [move_number, None]
    for number in numbers:
        text = status_text(
            position,
            players=players,
            outcome=outcome,
            status=status,
            move_number=number,
            words=words,
        )
        for name in dict.fromkeys((title, short)):
            if _titled_fits(f"{name} · {text}", lay, over=over, rtl=words.rtl):
                return name, number
    return title, move_number


def draw_scene(scene: Scene) -> Image.Image:
    """The Latrunculi picture of ``scene`` (the drawer :mod:`rendering.drawers` calls for the
    four rule sets): the last action's squares tinted, what it took and freed marked, and the
    caption's words under the board (``strip=False``: the strip left blank)."""
    last = scene.last
    position = position_of(scene.view, last)
    caption = scene.caption
    outcome = scene.outcome
    title, move_number = fitted_title(
        position,
        caption.title or variant_name(position.variant),
        players=caption.players,
        outcome=rules_outcome(outcome),
        over=outcome is not None,
        status=caption.status,
        move_number=caption.move_number,
        view=Side(scene.perspective),
        words=caption.words,
    )
    words = caption.words
    if title is not None:
        words = dataclasses.replace(words, title=title)
    counted = not isinstance(caption, LatrunculiCaption) or caption.counted
    return compose(
        position,
        last_move=move_result(last) if last else None,
        before=with_taken(position, last) if last else None,
        players=caption.players,
        outcome=rules_outcome(outcome),
        over=outcome is not None,
        winner=Side(outcome.winner) if outcome and outcome.winner else None,
        status=caption.status,
        move_number=move_number,
        view=Side(scene.perspective),
        theme=scene.theme,
        strip=scene.strip,
        words=words,
        removed=caption.taken if counted else None,
        frame=caption.frame,
        show_turn=isinstance(caption, LatrunculiCaption) and caption.show_turn,
    )
