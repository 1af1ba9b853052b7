"""The position in words, for players who cannot see the picture (issue 32).

``/board text:True`` answers with this text instead of a picture, privately, in the reader's
language: a screen reader reads it line by line. It is built from the rules' own
:class:`~rules.games.PositionView` and :class:`~rules.games.ActionView` (never by parsing a
position or a move text), and generically: what differs between games is the kind of board
(``grid``, ``points``, ``track``), the piece kinds and what each game keeps off the board.

* :func:`position_in_words`: one line per seat, its pieces grouped by kind ("White (Alice):
  king on e1; 2 rooks on a1, h1; …"), captives marked, then what it has off the board (hand,
  bar, borne off, yard, home); the dice and the cube; whose turn it is, or the result.
* :func:`moves_in_words`: the legal actions, one a line, as the Move menu offers them but in
  words ("knight on g1 to f3 — `Nf3`"), at most :data:`MAX_MOVES` of them.
* :func:`board_in_words`: the whole reply for a stored game, within Discord's 2,000
  characters (:func:`bot.limits.fit_lines`: the moves that do not fit are counted instead).

A backgammon board's points are numbered as each player counts them (from their own home
board, as its moves are written); a ludo track's fields by how far a token has come from its
colour's start (0), the home column after the track's last field, as its moves are written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from rules.games import ActionView, PositionView

from .errors import mark_plural
from .i18n import DEFAULT_LANGUAGE, mark, translate, translate_plural
from .limits import MAX_CONTENT, fit_lines

if TYPE_CHECKING:
    from storage import Database, GameRecord

__all__ = [
    "MAX_MOVES",
    "board_in_words",
    "cell_words",
    "moves_in_words",
    "position_in_words",
]

MAX_MOVES = 60
"""At most this many legal moves are read out; the rest are counted ("… and 12 more.")."""

#: Each piece kind's words, singular and plural (a group: "king on e1", "2 rooks on a1, h1"),
#: in the order a seat's pieces are read (the most important first). A kind not listed here
#: is read by its own name.
_PIECES: dict[str, tuple[str, str]] = {
    "king": mark_plural("king on {cells}", "{count} kings on {cells}"),
    "queen": mark_plural("queen on {cells}", "{count} queens on {cells}"),
    "rook": mark_plural("rook on {cells}", "{count} rooks on {cells}"),
    "bishop": mark_plural("bishop on {cells}", "{count} bishops on {cells}"),
    "knight": mark_plural("knight on {cells}", "{count} knights on {cells}"),
    "pawn": mark_plural("pawn on {cells}", "{count} pawns on {cells}"),
    "eagle": mark_plural("eagle on {cells}", "{count} eagles on {cells}"),
    "valkyrie": mark_plural("valkyrie on {cells}", "{count} valkyries on {cells}"),
    "berserker": mark_plural("berserker on {cells}", "{count} berserkers on {cells}"),
    "soldier": mark_plural("soldier on {cells}", "{count} soldiers on {cells}"),
    "counter": mark_plural("counter on {cells}", "{count} counters on {cells}"),
    "man": mark_plural("man on {cells}", "{count} men on {cells}"),
    "checker": mark_plural("checker on {cells}", "{count} checkers on {cells}"),
    "token": mark_plural("token on {cells}", "{count} tokens on {cells}"),
}
#: A king among men is a crowned draughts piece, not a chess king: its own words (languages
#: name the two differently). Chosen by the pieces on the board, never by the game.
_CROWNED = mark_plural("crowned king on {cells}", "{count} crowned kings on {cells}")
_ORDER = {kind: i for i, kind in enumerate(_PIECES)}

#: The places off the board a view counts (``off_board``), in words.
_PLACES: dict[str, str] = {
    "hand": mark("in hand: {count}"),
    "bar": mark("on the bar: {count}"),
    "off": mark("borne off: {count}"),
    "yard": mark("in the yard: {count}"),
    "home": mark("home: {count}"),
}
#: Cells that are not on the board, as a move names them ("bar to 20", "44 to home").
_OFF_CELLS: dict[str, str] = {
    "bar": mark("the bar"),
    "off": mark("off the board"),
    "yard": mark("the yard"),
    "home": mark("home"),
}
#: The actions without a piece, as the Move menu and the board's buttons offer them.
_ACTIONS: dict[str, str] = {
    "roll": mark("roll the dice"),
    "pass": mark("pass"),
    "double": mark("double"),
    "take": mark("take the double"),
    "drop": mark("drop the double"),
}


def _own_number(view: PositionView, seat: str, cell: str) -> str:
    """A numbered cell as ``seat`` counts it: a points board's second seat counts from the
    other end; a track's fields from the seat's start field, the home column after them."""
    if view.board == "points" and cell.isdigit() and view.seats and seat != view.seats[0]:
        return str(len(view.cells) + 1 - int(cell))
    if view.board == "track":
        track = view.extra.get("track")
        starts = view.extra.get("start_fields")
        if not isinstance(track, int) or not isinstance(starts, Mapping):
            return cell
        if cell.startswith("home:") and cell[5:].isdigit():
            return str(track + int(cell[5:]))
        start = starts.get(seat)
        if cell.isdigit() and isinstance(start, str) and start.isdigit():
            return str((int(cell) - int(start)) % track)
    return cell


def cell_words(view: PositionView, seat: str, cell: str, language: str = DEFAULT_LANGUAGE) -> str:
    """A cell as ``seat``'s player reads it: a square's name, a point or field as they count
    it, or the place off the board ("the bar", "home")."""
    if cell in _OFF_CELLS:
        return translate(_OFF_CELLS[cell], language)
    return _own_number(view, seat, cell)


def _group(kind: str, cells: Sequence[tuple[str, int]], crowned: bool, language: str) -> str:
    """One kind of a seat's pieces: "2 rooks on a1, h1", "5 checkers on 6 ×5" (a count after
    a cell that holds several)."""
    words = _CROWNED if crowned and kind == "king" else _PIECES.get(kind)
    total = sum(count for _, count in cells)
    listed = ", ".join(
        name if count == 1 else translate(mark("{cell} ×{count}"), language, cell=name, count=count)
        for name, count in cells
    )
    if words is None:
        return f"{kind} ({total}): {listed}"
    return translate_plural(words[0], words[1], total, language, cells=listed)


def _seat_line(view: PositionView, seat: str, title: str, language: str) -> str:
    kinds = {p.piece for ps in view.pieces.values() for p in ps}
    crowned = "man" in kinds  # a king among men: a draughts king
    groups: dict[str, list[tuple[str, int]]] = {}
    for cell in _ordered_cells(view, seat):
        for piece in view.pieces.get(cell, ()):
            if piece.seat != seat:
                continue
            name = _own_number(view, seat, cell)
            if piece.captive:
                name = translate(mark("{cell} (captive)"), language, cell=name)
            groups.setdefault(piece.piece, []).append((name, max(1, piece.count)))
    parts = [
        _group(kind, cells, crowned, language)
        for kind, cells in sorted(groups.items(), key=lambda kv: (_ORDER.get(kv[0], 99), kv[0]))
    ]
    if not parts:
        parts.append(translate(mark("no pieces on the board"), language))
    for place, count in view.off_board.get(seat, {}).items():
        english = _PLACES.get(place)
        parts.append(translate(english, language, count=count) if english else f"{place}: {count}")
    return translate(mark("{seat}: {pieces}."), language, seat=title, pieces="; ".join(parts))


def _ordered_cells(view: PositionView, seat: str) -> list[str]:
    """The cells in the order a seat's pieces are read: a grid as it is listed (rank by
    rank), points and fields from the one farthest from home (as the seat moves them)."""
    if view.board == "grid":
        return list(view.cells)

    def distance(cell: str) -> int:
        own = _own_number(view, seat, cell)
        return int(own) if own.isdigit() else -1

    cells = [c for c in view.pieces if c not in view.cells] + list(view.cells)
    return sorted(dict.fromkeys(cells), key=distance, reverse=view.board == "points")


def position_in_words(
    view: PositionView,
    seat_titles: Mapping[str, str],
    language: str = DEFAULT_LANGUAGE,
    *,
    result: str | None = None,
    deadline: str | None = None,
) -> list[str]:
    """The position as lines of text: each seat's pieces (``seat_titles``: "White (Alice)"),
    the dice and the cube, how the cells are counted where that is not a square's name, and
    whose turn it is (by ``deadline``, a Discord timestamp, when there is one) or the result
    (``result``, the bot's words for it; else said from the view's outcome)."""

    def title(seat: str) -> str:
        return seat_titles.get(seat) or seat.title()

    lines = [_seat_line(view, seat, title(seat), language) for seat in view.seats]
    if view.board == "points" and len(view.seats) == 2:
        lines.append(
            translate(mark("Each side counts the points from its own home board."), language)
        )
    elif view.board == "track" and isinstance(view.extra.get("track"), int):
        lines.append(
            translate(
                mark(
                    "Fields are counted from each side's start field (0); {track} and beyond "
                    "are its home column."
                ),
                language,
                track=view.extra["track"],
            )
        )
    if view.dice:
        dice = ", ".join(str(d) for d in view.dice)
        lines.append(translate(mark("Dice: {dice}."), language, dice=dice))
    cube = view.cube
    if cube is not None:
        if cube.offered is not None and view.to_move is not None:
            lines.append(
                translate(
                    mark("The cube is offered at {value}: {seat} takes or drops."),
                    language,
                    value=cube.offered,
                    seat=title(view.to_move),
                )
            )
        elif cube.owner is not None:
            lines.append(
                translate(
                    mark("Cube: {value}, owned by {seat}."),
                    language,
                    value=cube.value,
                    seat=title(cube.owner),
                )
            )
        else:
            lines.append(
                translate(mark("Cube: {value}, in the middle."), language, value=cube.value)
            )
    if view.outcome is not None or result is not None:
        lines.append(result if result is not None else _outcome_words(view, seat_titles, language))
    elif view.to_move is not None:
        seat = title(view.to_move)
        lines.append(
            translate(
                mark("{seat} to move, by {deadline}."), language, seat=seat, deadline=deadline
            )
            if deadline
            else translate(mark("{seat} to move."), language, seat=seat)
        )
    return lines


def _outcome_words(view: PositionView, seat_titles: Mapping[str, str], language: str) -> str:
    winner = (view.outcome or {}).get("winner")
    if isinstance(winner, str):
        seat = seat_titles.get(winner) or winner.title()
        return translate(mark("Game over: {seat} wins."), language, seat=seat)
    return translate(mark("Game over: a draw."), language)


def _piece_at(view: PositionView, seat: str | None, cell: str) -> str | None:
    pieces = view.pieces.get(cell, ())
    for piece in pieces:
        if seat is None or piece.seat == seat:
            return piece.piece
    return pieces[0].piece if pieces else None


def action_words(view: PositionView, action: ActionView, language: str = DEFAULT_LANGUAGE) -> str:
    """One legal action in words, with the text ``/move`` takes after a dash: "knight on g1 to
    f3 — `Nf3`", "pawn on e7 to e8, promotes to queen — `e8=Q`", "roll the dice"."""
    seat = view.to_move or (view.seats[0] if view.seats else "")

    def where(cell: str) -> str:
        return cell_words(view, seat, cell, language)

    if action.kind == "move" and action.source and action.target:
        kind = _piece_at(view, view.to_move, action.source)
        crowned = any(p.piece == "man" for ps in view.pieces.values() for p in ps)
        piece = (
            _group(kind, [(where(action.source), 1)], crowned, language)
            if kind
            else where(action.source)
        )
        words = translate(
            mark("{piece} to {target}"), language, piece=piece, target=where(action.target)
        )
        if action.path:
            via = ", ".join(where(c) for c in action.path)
            words = translate(mark("{move}, by way of {cells}"), language, move=words, cells=via)
        if action.promotion:
            promoted = translate(action.promotion, language)  # the rules' own piece words
            words = translate(
                mark("{move}, promotes to {piece}"), language, move=words, piece=promoted
            )
    elif action.kind == "place" and action.target:
        words = translate(mark("place a piece on {cell}"), language, cell=where(action.target))
    elif action.kind == "remove" and action.target:
        words = translate(mark("remove the captive on {cell}"), language, cell=where(action.target))
    elif action.kind == "turn" and action.steps:
        words = ", ".join(
            translate(mark("{source} to {target}"), language, source=where(s), target=where(t))
            for s, t in action.steps
        )
    elif action.kind in _ACTIONS:
        return translate(_ACTIONS[action.kind], language)
    else:
        return f"`{action.text}`"
    return f"{words} — `{action.text}`"


def moves_in_words(
    view: PositionView,
    actions: Sequence[ActionView],
    language: str = DEFAULT_LANGUAGE,
    *,
    limit: int = MAX_MOVES,
    room: int = MAX_CONTENT,
) -> list[str]:
    """The legal actions as lines: a heading with how many there are, then each in words, at
    most ``limit`` of them and no more than fit in ``room`` characters (joined by newlines);
    a last line counts the ones left out ("… and 12 more.")."""
    if not actions:
        return [translate(mark("No legal moves."), language)]
    heading = translate_plural(
        "Legal moves ({count}):", "Legal moves ({count}):", len(actions), language
    )
    lines = [heading]
    size = len(heading)
    tail = len(_and_more(len(actions), language)) + 1  # room kept for the count line
    for shown, action in enumerate(actions):
        line = f"• {action_words(view, action, language)}"
        left = len(actions) - shown - 1
        need = size + 1 + len(line) + (tail if left else 0)
        if shown >= limit or need > room:
            lines.append(_and_more(len(actions) - shown, language))
            return lines
        lines.append(line)
        size += 1 + len(line)
    return lines


def _and_more(count: int, language: str) -> str:
    return translate_plural("… and {count} more.", "… and {count} more.", count, language)


async def board_in_words(
    db: Database,
    record: GameRecord,
    language: str = DEFAULT_LANGUAGE,
    *,
    move_timeout: float | None = None,
) -> str:
    """``/board text:True``'s reply: the game, the last move, the position and the legal
    moves in words, in ``language``, within Discord's 2,000 characters (moves that do not
    fit are counted instead)."""
    from .presenters import presenter_for
    from .services.announce import last_move, result_words
    from .services.games import position_session
    from .services.names import display_names, names_for_text
    from .services.pace import game_timeout
    from .texts import game_title

    presenter = presenter_for(record.game_kind)
    session = position_session(record)
    view = session.view()
    names = names_for_text(await display_names(db, record))
    titles = {
        seat: translate(
            mark("{seat} ({name})"),
            language,
            seat=presenter.seat_title(seat, language),
            name=name,
        )
        for seat, name in names.items()
    }
    game = translate("**Game #{game}**", language, game=record.id)
    head = [f"{game} · {game_title(record.game_kind, record.options, language)}"]
    last = await last_move(db, record)
    if last is not None:
        seat = last.result.seat
        said = presenter.describe(titles.get(seat, seat), last, language)
        head.append(translate(mark("Last move: {move}."), language, move=said.rstrip(".")))
    deadline = None
    timeout = game_timeout(record, move_timeout)  # the game's own pace first
    if record.is_active and timeout is not None:
        if not record.seat(session.to_move).is_computer:
            deadline = f"<t:{int(record.turn_since + timeout)}:R>"
    result = None if record.is_active else result_words(presenter, record, names, language)
    head += position_in_words(view, titles, language, result=result, deadline=deadline)
    text = fit_lines(head, MAX_CONTENT - 100, language=language)  # the position first
    if not record.is_active:
        return text
    actions = session.action_views()
    room = MAX_CONTENT - len(text) - 1
    return "\n".join([text, *moves_in_words(view, actions, language, room=room)])
