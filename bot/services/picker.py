"""What the Move menus offer: every legal move in at most two picks, never a menu of one option.

The Move button opens the first menu. When all the legal moves fit in one select (25 options)
they are listed there and one pick plays; otherwise the first menu groups them — a piece, then
where it goes; a rank, then the square a counter is placed on — and a group of a single move is
listed as that move. A single legal move is offered as one button rather than a one-option menu.

Option values say what a pick does: ``play:<move>``, ``from:<square>`` (that piece's moves) or
``rank:<n>`` (the placements on that rank). They are read back against the stored game, so a
value never carries state the game could contradict. A list longer than Discord's 25 options
(a Schädler counter can have 50 multi-jumps) is shown 24 at a time with a "More…" option whose
value is ``<menu key>@<offset>``; nothing else ever needs a third pick.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules import Game, Move, MoveKind, square_name
from rules.geometry import square_file, square_rank

from ..errors import UserError
from ..limits import MAX_SELECT_OPTIONS
from ..presenters.base import GROUP
from .complete import describe_choice

if TYPE_CHECKING:
    from rules.games import Session

    from ..presenters import GamePresenter, PickPath

__all__ = ["FIRST", "Menu", "Option", "menu_for", "page", "path_menu"]

FIRST = "first"
"""The key of the first menu (for its "More…" pages)."""


@dataclass(frozen=True, slots=True)
class Option:
    label: str
    value: str
    description: str | None = None


@dataclass(frozen=True, slots=True)
class Menu:
    """One step: its key (what was picked to reach it), the prompt above it, the select's
    placeholder and all its options (one option means the only legal move, shown as a button;
    more than 25 are shown by :func:`page`); ``back`` a button's (label, key) that goes back a
    step (backgammon's Undo)."""

    key: str
    prompt: str
    placeholder: str
    options: tuple[Option, ...]
    back: tuple[str, str] | None = None


@dataclass(frozen=True, slots=True)
class _Group:
    value: str
    label: str
    description: str
    moves: tuple[Move, ...]


def _leaf(game: Game, move: Move) -> Option:
    """A move as an option, named as ``/move`` names it (captures, releases and wins marked)."""
    name = describe_choice(game, move).name
    rest = name.removeprefix(str(move))
    if move.kind is MoveKind.PLACE:
        name = f"Place on {square_name(move.path[0])}{rest}"
    elif move.kind is MoveKind.REMOVE:
        name = f"Remove the trapped piece on {square_name(move.path[0])}{rest}"
    return Option(name[:100], f"play:{move}")


def _leaves(game: Game, moves: list[Move] | tuple[Move, ...]) -> tuple[Option, ...]:
    """Options for ``moves``, wins first, then captures, then in notation order."""
    choices = [describe_choice(game, m) for m in moves]
    choices.sort(key=lambda c: (not c.wins, -c.captured, str(c.move)))
    return tuple(_leaf(game, c.move) for c in choices)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _groups(game: Game) -> list[_Group]:
    """The legal moves grouped: by piece (bottom rank first), placements by rank (top rank
    first, as the board is seen), then removals and a pass, one group each."""
    origins: dict[int, list[Move]] = {}
    ranks: dict[int, list[Move]] = {}
    others: list[Move] = []
    for move in game.legal_moves():
        if move.kind is MoveKind.MOVE:
            origins.setdefault(move.path[0], []).append(move)
        elif move.kind is MoveKind.PLACE:
            ranks.setdefault(square_rank(move.path[0]) + 1, []).append(move)
        else:
            others.append(move)
    groups: list[_Group] = []
    for origin in sorted(origins, key=lambda s: (square_rank(s), square_file(s))):
        piece = game.position.piece_at(origin)
        moves = tuple(origins[origin])
        groups.append(
            _Group(
                f"from:{square_name(origin)}",
                f"{square_name(origin)} {piece.name if piece else 'piece'}",
                _plural(len(moves), "move"),
                moves,
            )
        )
    for rank in sorted(ranks, reverse=True):
        moves = tuple(ranks[rank])
        groups.append(
            _Group(
                f"rank:{rank}",
                f"Place a counter on rank {rank}",
                _plural(len(moves), "empty square"),
                moves,
            )
        )
    groups.extend(_Group(f"play:{m}", str(m), "", (m,)) for m in others)
    return groups


def menu_for(game_id: int, game: Game, key: str = FIRST) -> Menu:
    """The menu reached by picking ``key`` (``first``, ``from:<square>`` or ``rank:<n>``) for
    the player to move in ``game``; refuses a key that leads nowhere now."""
    if key == FIRST:
        return _first_menu(game_id, game)
    group = next((g for g in _groups(game) if g.value == key), None)
    if group is None:
        raise UserError("That choice is not open any more; press Move again.")
    return _group_menu(game_id, game, group)


def _first_menu(game_id: int, game: Game) -> Menu:
    moves = game.legal_moves()
    placing = all(m.kind is MoveKind.PLACE for m in moves)
    if len(moves) <= MAX_SELECT_OPTIONS:  # one pick
        if len(moves) == 1:
            prompt, placeholder = "you have one legal move.", ""
        elif placing:
            prompt, placeholder = "where do you place a counter?", "Choose a square"
        else:
            prompt, placeholder = "pick your move.", "Choose a move"
        return Menu(FIRST, f"**Game #{game_id}**: {prompt}", placeholder, _leaves(game, moves))
    groups = _groups(game)
    if len(groups) == 1:  # one piece (or rank) holds every move: straight to its moves
        return _group_menu(game_id, game, groups[0])
    options = tuple(
        _leaf(game, g.moves[0]) if len(g.moves) == 1 else Option(g.label, g.value, g.description)
        for g in groups
    )
    if placing:
        prompt, placeholder = "on which rank do you place a counter?", "Choose a rank"
    elif any(m.kind is MoveKind.PLACE for m in moves):
        prompt, placeholder = "place a counter (pick its rank) or move a piece.", "Choose"
    else:
        prompt, placeholder = "pick a piece to move.", "Choose a piece"
    return Menu(FIRST, f"**Game #{game_id}**: {prompt}", placeholder, options)


def _group_menu(game_id: int, game: Game, group: _Group) -> Menu:
    if group.value.startswith("rank:"):
        rank = group.value.removeprefix("rank:")
        prompt = f"where on rank {rank} do you place the counter?"
        placeholder = "Choose a square"
    else:
        square, _, piece = group.label.partition(" ")
        prompt, placeholder = f"where does the {piece} on {square} go?", "Choose the destination"
    return Menu(
        group.value, f"**Game #{game_id}**: {prompt}", placeholder, _leaves(game, group.moves)
    )


def page(menu: Menu, offset: int = 0) -> tuple[Option, ...]:
    """At most 25 of ``menu``'s options: when there are more, 24 from ``offset`` and a last
    one that shows the next ones (value ``<key>@<next offset>``), or, on the last page, goes
    back to the first. No legal move is ever out of reach of the menus."""
    options = menu.options
    if len(options) <= MAX_SELECT_OPTIONS:
        return options
    offset = offset if 0 <= offset < len(options) else 0
    shown = options[offset : offset + MAX_SELECT_OPTIONS - 1]
    rest = len(options) - offset - len(shown)
    if rest > 0:
        more = Option(f"More… ({rest} more)", f"{menu.key}@{offset + len(shown)}")
    else:
        more = Option("Back to the first choices", f"{menu.key}@0")
    return (*shown, more)




def path_menu(game_id: int, presenter: GamePresenter, session: Session[Any], key: str) -> Menu:
    """The Move menus of a game whose presenter lists each action's steps
    (:meth:`GamePresenter.pick_paths`: chess and draughts), in the same two picks at most:
    every move in one menu when they fit, else the piece first (a piece with one move is that
    move) and then its moves, named as ``/move`` names them. A chess promotion is chosen in the
    second menu (``a8=Q``, ``a8=N``…); a draughts multi-jump is one move (its whole path)."""
    paths = presenter.pick_paths(session) or []
    names = {s.value: s for s in presenter.suggestions(session, "", limit=10_000)}

    def leaf(action: str) -> Option:
        shown = names.get(action)
        return Option((shown.name if shown else action)[:100], f"play:{action}")

    def leaves(group: list[PickPath]) -> tuple[Option, ...]:
        order = {value: i for i, value in enumerate(names)}  # wins, captures, then by text
        return tuple(leaf(p.action) for p in sorted(group, key=lambda p: order.get(p.action, 0)))

    groups: dict[str, list[PickPath]] = {}
    for p in paths:
        groups.setdefault(p.labels[0], []).append(p)
    if key == FIRST:
        if len(paths) <= MAX_SELECT_OPTIONS or len(groups) == 1:
            one = len(paths) == 1
            prompt = "you have one legal move." if one else "pick your move."
            return Menu(FIRST, f"**Game #{game_id}**: {prompt}", "Choose a move", leaves(paths))
        options = tuple(
            leaf(group[0].action)
            if len(group) == 1
            else Option(label[:100], f"{GROUP}{label}"[:100], _plural(len(group), "move"))
            for label, group in sorted(groups.items())
        )
        return Menu(FIRST, f"**Game #{game_id}**: pick a piece to move.", "Choose a piece", options)
    label = key.removeprefix(GROUP)
    group = groups.get(label) if key.startswith(GROUP) else None
    if not group:
        raise UserError("That choice is not open any more; press Move again.")
    prompt = f"**Game #{game_id}**: where does the {label[:1].lower()}{label[1:]} go?"
    return Menu(key, prompt, "Choose the move", leaves(group))
