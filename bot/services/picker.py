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

from rules import Game, Move, MoveKind, Wording, square_name
from rules.geometry import square_file, square_rank

from ..errors import UserError
from ..i18n import DEFAULT_LANGUAGE, mark, translate, translate_plural
from ..limits import MAX_SELECT_OPTIONS
from ..presenters.base import GROUP
from .complete import describe_choice

if TYPE_CHECKING:
    from rules.games import Session

    from ..presenters import GamePresenter, PickPath

__all__ = ["FIRST", "MOVE_BUTTON", "Menu", "Option", "STALE", "menu_for", "page", "path_menu"]

FIRST = "first"
"""The key of the first menu (for its "More…" pages)."""

MOVE_BUTTON = mark("Move")
"""The Move button's label (its catalog entry), for texts that tell a player to press it."""

STALE = mark("That choice is not open any more; press {button} again.")
"""The refusal of a pick that leads nowhere now (an old menu of an earlier position)."""


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
    step (backgammon's Undo). Its words are in ``language``, the player's who opened it (a menu
    is private); :func:`page` adds its "More…" option in the same language."""

    key: str
    prompt: str
    placeholder: str
    options: tuple[Option, ...]
    back: tuple[str, str] | None = None
    language: str = DEFAULT_LANGUAGE


@dataclass(frozen=True, slots=True)
class _Group:
    value: str
    label: str
    description: str
    moves: tuple[Move, ...]


def _leaf(game: Game, move: Move, language: str) -> Option:
    """A move as an option, named as ``/move`` names it (captures, releases and wins marked)."""
    name = describe_choice(game, move, language).name
    rest = name.removeprefix(str(move))
    square = square_name(move.path[0]) if move.path else ""
    if move.kind is MoveKind.PLACE:
        name = translate(mark("Place on {square}"), language, square=square) + rest
    elif move.kind is MoveKind.REMOVE:
        name = translate(mark("Remove the trapped piece on {square}"), language, square=square)
        name += rest
    return Option(name[:100], f"play:{move}")


def _leaves(game: Game, moves: list[Move] | tuple[Move, ...], language: str) -> tuple[Option, ...]:
    """Options for ``moves``, wins first, then captures, then in notation order."""
    choices = [describe_choice(game, m, language) for m in moves]
    choices.sort(key=lambda c: (not c.wins, -c.captured, str(c.move)))
    return tuple(_leaf(game, c.move, language) for c in choices)


def _moves_count(count: int, language: str) -> str:
    return translate_plural("{count} move", "{count} moves", count, language)


def _prompt(game_id: int, text: str, language: str, **values: object) -> str:
    """A menu's prompt: "**Game #12**: pick your move." (``text`` a marked template)."""
    return translate(text, language, game=game_id, **values)


def _groups(game: Game, language: str) -> list[_Group]:
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
        name = translate(piece.name if piece else mark("piece"), language)
        groups.append(
            _Group(
                f"from:{square_name(origin)}",
                f"{square_name(origin)} {name}",
                _moves_count(len(moves), language),
                moves,
            )
        )
    for rank in sorted(ranks, reverse=True):
        moves = tuple(ranks[rank])
        groups.append(
            _Group(
                f"rank:{rank}",
                translate(mark("Place a counter on rank {rank}"), language, rank=rank),
                translate_plural(
                    "{count} empty square", "{count} empty squares", len(moves), language
                ),
                moves,
            )
        )
    groups.extend(_Group(f"play:{m}", str(m), "", (m,)) for m in others)
    return groups


def menu_for(game_id: int, game: Game, key: str = FIRST, language: str = DEFAULT_LANGUAGE) -> Menu:
    """The menu reached by picking ``key`` (``first``, ``from:<square>`` or ``rank:<n>``) for
    the player to move in ``game``, in the player's ``language``; refuses a key that leads
    nowhere now."""
    if key == FIRST:
        return _first_menu(game_id, game, language)
    group = next((g for g in _groups(game, language) if g.value == key), None)
    if group is None:
        raise UserError(STALE, button=Wording(MOVE_BUTTON))
    return _group_menu(game_id, game, group, language)


def _first_menu(game_id: int, game: Game, language: str) -> Menu:
    moves = game.legal_moves()
    placing = all(m.kind is MoveKind.PLACE for m in moves)
    if len(moves) <= MAX_SELECT_OPTIONS:  # one pick
        if len(moves) == 1:
            prompt, placeholder = mark("**Game #{game}**: you have one legal move."), ""
        elif placing:
            prompt = mark("**Game #{game}**: where do you place a counter?")
            placeholder = mark("Choose a square")
        else:
            prompt, placeholder = mark("**Game #{game}**: pick your move."), mark("Choose a move")
        return Menu(
            FIRST,
            _prompt(game_id, prompt, language),
            translate(placeholder, language) if placeholder else "",
            _leaves(game, moves, language),
            language=language,
        )
    groups = _groups(game, language)
    if len(groups) == 1:  # one piece (or rank) holds every move: straight to its moves
        return _group_menu(game_id, game, groups[0], language)
    options = tuple(
        _leaf(game, g.moves[0], language)
        if len(g.moves) == 1
        else Option(g.label, g.value, g.description)
        for g in groups
    )
    if placing:
        prompt = mark("**Game #{game}**: on which rank do you place a counter?")
        placeholder = mark("Choose a rank")
    elif any(m.kind is MoveKind.PLACE for m in moves):
        prompt = mark("**Game #{game}**: place a counter (pick its rank) or move a piece.")
        placeholder = mark("Choose")
    else:
        prompt, placeholder = (
            mark("**Game #{game}**: pick a piece to move."),
            mark("Choose a piece"),
        )
    return Menu(
        FIRST,
        _prompt(game_id, prompt, language),
        translate(placeholder, language),
        options,
        language=language,
    )


def _group_menu(game_id: int, game: Game, group: _Group, language: str) -> Menu:
    if group.value.startswith("rank:"):
        rank = group.value.removeprefix("rank:")
        prompt = _prompt(
            game_id,
            mark("**Game #{game}**: where on rank {rank} do you place the counter?"),
            language,
            rank=rank,
        )
        placeholder = translate(mark("Choose a square"), language)
    else:
        square, _, piece = group.label.partition(" ")
        prompt = _prompt(
            game_id,
            mark("**Game #{game}**: where does the {piece} on {square} go?"),
            language,
            piece=piece,
            square=square,
        )
        placeholder = translate(mark("Choose the destination"), language)
    return Menu(
        group.value, prompt, placeholder, _leaves(game, group.moves, language), language=language
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
        label = translate_plural(
            "More… ({count} more)", "More… ({count} more)", rest, menu.language
        )
        more = Option(label, f"{menu.key}@{offset + len(shown)}")
    else:
        more = Option(translate(mark("Back to the first choices"), menu.language), f"{menu.key}@0")
    return (*shown, more)


def path_menu(
    game_id: int,
    presenter: GamePresenter,
    session: Session[Any],
    key: str,
    language: str = DEFAULT_LANGUAGE,
) -> Menu:
    """The Move menus of a game whose presenter lists each action's steps
    (:meth:`GamePresenter.pick_paths`: chess and draughts), in the same two picks at most:
    every move in one menu when they fit, else the piece first (a piece with one move is that
    move) and then its moves, named as ``/move`` names them. A chess promotion is chosen in the
    second menu (``a8=Q``, ``a8=N``…); a draughts multi-jump is one move (its whole path)."""
    paths = presenter.pick_paths(session, language) or []
    suggested = presenter.suggestions(session, "", limit=10_000, language=language)
    names = {s.value: s for s in suggested}

    def leaf(action: str) -> Option:
        shown = names.get(action)
        return Option((shown.name if shown else action)[:100], f"play:{action}")

    def only_move(path: PickPath) -> Option:
        """A piece with one move, among the pieces: named as the pieces are ("King on e1"),
        with where it goes; the move as ``/move`` names it below (it was a bare ``Ke2``
        among "Bishop on f1", "Knight on g1")."""
        shown = names.get(path.action)
        return Option(
            " ".join(path.labels)[:100],
            f"play:{path.action}",
            (shown.name if shown else path.action)[:100],
        )

    def leaves(group: list[PickPath]) -> tuple[Option, ...]:
        order = {value: i for i, value in enumerate(names)}  # wins, captures, then by text
        return tuple(leaf(p.action) for p in sorted(group, key=lambda p: order.get(p.action, 0)))

    groups: dict[str, list[PickPath]] = {}
    for p in paths:
        groups.setdefault(p.labels[0], []).append(p)
    if key == FIRST:
        if len(paths) <= MAX_SELECT_OPTIONS or len(groups) == 1:
            if len(paths) == 1:
                prompt = mark("**Game #{game}**: you have one legal move.")
            else:
                prompt = mark("**Game #{game}**: pick your move.")
            return Menu(
                FIRST,
                _prompt(game_id, prompt, language),
                translate(mark("Choose a move"), language),
                leaves(paths),
                language=language,
            )
        options = tuple(
            only_move(group[0])
            if len(group) == 1
            else Option(label[:100], f"{GROUP}{label}"[:100], _moves_count(len(group), language))
            for label, group in sorted(groups.items())
        )
        return Menu(
            FIRST,
            _prompt(game_id, mark("**Game #{game}**: pick a piece to move."), language),
            translate(mark("Choose a piece"), language),
            options,
            language=language,
        )
    label = key.removeprefix(GROUP)
    group = groups.get(label) if key.startswith(GROUP) else None
    if not group:
        raise UserError(STALE, button=Wording(MOVE_BUTTON))
    prompt = _prompt(
        game_id,
        mark("**Game #{game}**: where does the {piece} go?"),
        language,
        piece=f"{label[:1].lower()}{label[1:]}",
    )
    return Menu(
        key, prompt, translate(mark("Choose the move"), language), leaves(group), language=language
    )
