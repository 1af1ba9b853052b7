"""English draughts (checkers) as games.md binds it, written here: PyPI's ``py-draughts`` makes
captures optional in its American variant, lets White start, and pulls in a web framework
(FastAPI, uvicorn), so it does not implement these rules.

The board is the 32 dark squares in PDN numbering, held as a list of 32 small integers, with
neighbour and jump tables computed once: square 1 is b8, 4 is h8, 5 is a7, 29 is a1 and 32 is
g1 (Black at the top, moving first, toward 29–32). Rules: men step and jump diagonally forward,
kings one square in all four diagonal directions (no flying kings); capturing is compulsory with
a free choice among captures, a capture goes on while the same piece can jump, and a man
reaching the far row is crowned and its move ends there.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..errors import (
    IllegalMoveError,
    MoveSyntaxError,
    PositionError,
    Quoted,
    Wording,
    alternatives,
    mark,
    seat_word,
)
from .base import GAME_OVER_REASON, ActionResult, GameOutcome, GameRules, Reason, Session
from .effects import Effect, Ended, Moved, Promoted, Taken
from .gridview import last_cells
from .view import ActionView, PieceView, PositionView

PREFIX = "draughts:"
MAX_INPUT = 64
MAX_POSITION = 200
#: Plies without a capture or a man's move that end the game (40 moves by each side).
DRAW_PLIES = 80
REPETITION_LIMIT = 3

# Piece codes: positive Black, negative White; 1 a man, 2 a king.
EMPTY = 0
BLACK = 1
WHITE = -1
MAN = 1
KING = 2

_SIDE_NAMES = {BLACK: "black", WHITE: "white"}
_SIDE_LETTERS = {BLACK: "B", WHITE: "W"}

# Directions: 0 up-left, 1 up-right (toward row 0, White's way), 2 down-left, 3 down-right.
_FORWARD = {BLACK: (2, 3), WHITE: (0, 1)}
_ALL_DIRECTIONS = (0, 1, 2, 3)
_DELTAS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def _coordinates(index: int) -> tuple[int, int]:
    """(row, column) of a 0-based square index; row 0 is Black's back row (squares 1–4)."""
    row = index // 4
    column = 2 * (index % 4) + (1 if row % 2 == 0 else 0)
    return row, column


def _index(row: int, column: int) -> int:
    """The 0-based square index at (row, column), or -1 off the board or on a light square."""
    if not (0 <= row < 8 and 0 <= column < 8) or (row + column) % 2 == 0:
        return -1
    return row * 4 + column // 2


def _tables() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[tuple[int, int] | None, ...], ...]]:
    steps = []
    jumps = []
    for index in range(32):
        row, column = _coordinates(index)
        step_row = []
        jump_row: list[tuple[int, int] | None] = []
        for d_row, d_col in _DELTAS:
            step_row.append(_index(row + d_row, column + d_col))
            over = _index(row + d_row, column + d_col)
            land = _index(row + 2 * d_row, column + 2 * d_col)
            jump_row.append((over, land) if over >= 0 and land >= 0 else None)
        steps.append(tuple(step_row))
        jumps.append(tuple(jump_row))
    return tuple(steps), tuple(jumps)


#: STEPS[square][direction]: the neighbouring square, or -1.
#: JUMPS[square][direction]: (jumped square, landing square), or None.
STEPS, JUMPS = _tables()
#: The row where each side's men are crowned.
CROWN_ROW = {BLACK: frozenset(range(28, 32)), WHITE: frozenset(range(0, 4))}
_Jumps = tuple[tuple[tuple[int, int], ...], ...]


def _jump_lists(directions: tuple[int, ...]) -> _Jumps:
    return tuple(
        tuple(j for d in directions if (j := JUMPS[square][d]) is not None) for square in range(32)
    )


def _step_lists(directions: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(
        tuple(t for d in directions if (t := STEPS[square][d]) >= 0) for square in range(32)
    )


#: Per square, the (jumped, landing) pairs and the step targets of a king and of each side's man.
_KING_JUMPS = _jump_lists(_ALL_DIRECTIONS)
_MAN_JUMPS = {side: _jump_lists(dirs) for side, dirs in _FORWARD.items()}
_KING_STEPS = _step_lists(_ALL_DIRECTIONS)
_MAN_STEPS = {side: _step_lists(dirs) for side, dirs in _FORWARD.items()}
START_BOARD: tuple[int, ...] = (BLACK,) * 12 + (EMPTY,) * 8 + (WHITE,) * 12

#: Each square's cell name in effects and views (its number, as text), by 0-based index.
CELL_NAMES: tuple[str, ...] = tuple(str(i + 1) for i in range(32))
#: The cells from the bottom-left as White sees it (a1 = 29), rank by rank: the view's order.
VIEW_CELLS: tuple[str, ...] = tuple(
    CELL_NAMES[row * 4 + i] for row in range(7, -1, -1) for i in range(4)
)
#: Where each numbered square lies: [file, rank], both 0-based from White's bottom-left
#: (a1 is [0, 0]; square 1 is b8, [1, 7]): the view's ``extra["coords"]``.
COORDS: dict[str, list[int]] = {
    CELL_NAMES[i]: [_coordinates(i)[1], 7 - _coordinates(i)[0]] for i in range(32)
}
_KIND_WORDS = {MAN: "man", KING: "king"}


@dataclass(frozen=True, slots=True)
class DraughtsMove:
    """A move as 0-based squares: every square visited, and the squares jumped (in order)."""

    path: tuple[int, ...]
    captured: tuple[int, ...] = ()

    def __str__(self) -> str:
        separator = "x" if self.captured else "-"
        return separator.join(str(s + 1) for s in self.path)


class DraughtsRules(GameRules):
    """English draughts (checkers)."""

    id = "draughts"
    name = "English draughts"
    description = "English draughts (checkers): compulsory capture, multi-jumps, crowned kings"
    seats = ("black", "white")
    board = "8x8"
    move_hint = mark("a move in PDN, like 11-15, 22x15 or 15x24x31")

    def start(self, options: Mapping[str, str] | None = None) -> str:
        self.resolve_options(options)
        return format_position(list(START_BOARD), BLACK, 0)

    def session(self, position: str | None = None) -> DraughtsSession:
        if position is None:
            return DraughtsSession(self, list(START_BOARD), BLACK, 0)
        board, side, plies = parse_position(position)
        return DraughtsSession(self, board, side, plies)


def format_position(board: list[int], side: int, plies: int) -> str:
    """``draughts:B:W21,…:B1,…`` with kings marked ``K`` and `` plies=N`` when N is not 0."""
    lists = []
    for colour in (WHITE, BLACK):
        squares = [
            ("K" if abs(v) == KING else "") + str(i + 1)
            for i, v in enumerate(board)
            if v * colour > 0
        ]
        lists.append(_SIDE_LETTERS[colour] + ",".join(squares))
    text = f"{PREFIX}{_SIDE_LETTERS[side]}:{lists[0]}:{lists[1]}"
    return text + (f" plies={plies}" if plies else "")


_POSITION = re.compile(r"^([BW]):([BW][K0-9,]*):([BW][K0-9,]*)(?: plies=(\d{1,3}))?$")
_SQUARE = re.compile(r"^(K?)([0-9]{1,2})$")


def parse_position(text: str) -> tuple[list[int], int, int]:
    """Board, side to move and draw counter from a ``draughts:`` position text."""
    text = " ".join(text.split())
    if len(text) > MAX_POSITION:
        raise PositionError(
            mark("that draughts position is too long ({count} characters)"), count=len(text)
        )
    body = text[len(PREFIX) :] if text.startswith(PREFIX) else ""
    match = _POSITION.match(body)
    if match is None:
        raise PositionError(
            mark(
                "{text} is not a draughts position "
                "(expected draughts:<B or W>:W<squares>:B<squares>[ plies=N])"
            ),
            text=Quoted(text),
        )
    side = BLACK if match.group(1) == "B" else WHITE
    board = [EMPTY] * 32
    seen_colours = set()
    for part in (match.group(2), match.group(3)):
        colour = BLACK if part[0] == "B" else WHITE
        if colour in seen_colours:
            raise PositionError(
                mark("{text} lists {side} twice"),
                text=Quoted(text),
                side=seat_word(_SIDE_NAMES[colour]),
            )
        seen_colours.add(colour)
        items = [item for item in part[1:].split(",") if item] if len(part) > 1 else []
        if len(items) > 12:
            raise PositionError(
                mark("{text}: {side} has more than 12 pieces"),
                text=Quoted(text),
                side=seat_word(_SIDE_NAMES[colour]),
            )
        for item in items:
            square = _SQUARE.match(item)
            if square is None or not 1 <= int(square.group(2)) <= 32:
                raise PositionError(
                    mark("{text}: {item} is not a square (1–32, K for a king)"),
                    text=Quoted(text),
                    item=Quoted(item),
                )
            index = int(square.group(2)) - 1
            if board[index] != EMPTY:
                raise PositionError(
                    mark("{text}: square {square} is listed twice"),
                    text=Quoted(text),
                    square=index + 1,
                )
            kind = KING if square.group(1) else MAN
            if kind == MAN and index in CROWN_ROW[colour]:
                raise PositionError(
                    mark("{text}: a {side} man cannot stand on {square}, its crowning row"),
                    text=Quoted(text),
                    side=seat_word(_SIDE_NAMES[colour]),
                    square=index + 1,
                )
            board[index] = colour * kind
    plies = int(match.group(4) or 0)
    return board, side, plies


@dataclass(slots=True)
class _Frame:
    """What ``pop`` needs to undo one move."""

    move: DraughtsMove
    piece: int
    captured: tuple[int, ...]
    plies: int
    key: tuple[object, ...]
    result: ActionResult | None


class DraughtsSession(Session[DraughtsMove]):
    """A draughts game: a 32-square list, the side to move and the draw counter."""

    def __init__(self, rules: DraughtsRules, board: list[int], side: int, plies: int) -> None:
        self.rules = rules
        self.board = board
        self.side = side
        self.plies = plies
        self._stack: list[_Frame] = []
        self._counts: dict[tuple[object, ...], int] = {self._key(): 1}
        self._moves: list[DraughtsMove] | None = None
        self._outcome: GameOutcome | None = None
        self._judged = False

    # ----- reading ------------------------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        return (self.side, *self.board)

    @property
    def to_move(self) -> str:
        return _SIDE_NAMES[self.side]

    @property
    def ply(self) -> int:
        return len(self._stack)

    def position_text(self) -> str:
        return format_position(self.board, self.side, self.plies)

    def piece_at(self, square: int) -> str | None:
        """``"black man"``, ``"white king"``… on a 1-based square, or ``None`` when empty."""
        value = self.board[square - 1]
        if value == EMPTY:
            return None
        return f"{_SIDE_NAMES[1 if value > 0 else -1]} {'king' if abs(value) == KING else 'man'}"

    @property
    def outcome(self) -> GameOutcome | None:
        if not self._judged:
            self._outcome = self._judge()
            self._judged = True
        return self._outcome

    def _judge(self) -> GameOutcome | None:
        """Wins first (no pieces, no move), then the draws: repetition, forty moves."""
        side = self.side
        if not self._generate():
            winner = _SIDE_NAMES[-side]
            if not any(v * side > 0 for v in self.board):
                return GameOutcome(winner, Reason.NO_PIECES)
            return GameOutcome(winner, Reason.NO_LEGAL_MOVES)
        if self._counts.get(self._key(), 0) >= REPETITION_LIMIT:
            return GameOutcome(None, Reason.THREEFOLD_REPETITION)
        if self.plies >= DRAW_PLIES:
            return GameOutcome(None, Reason.FORTY_MOVES)
        return None

    # ----- move generation ----------------------------------------------------------------

    def _generate(self) -> list[DraughtsMove]:
        if self._moves is None:
            self._moves = self._captures() or self._steps()
        return self._moves

    def _steps(self) -> list[DraughtsMove]:
        board = self.board
        side = self.side
        man_steps = _MAN_STEPS[side]
        moves = []
        for square, value in enumerate(board):
            value *= side
            if value <= 0:
                continue
            for target in _KING_STEPS[square] if value == KING else man_steps[square]:
                if board[target] == EMPTY:
                    moves.append(DraughtsMove((square, target)))
        return moves

    def _captures(self) -> list[DraughtsMove]:
        board = self.board
        side = self.side
        man_jumps = _MAN_JUMPS[side]
        moves: list[DraughtsMove] = []
        for square, value in enumerate(board):
            value *= side
            if value <= 0:
                continue
            jumps = _KING_JUMPS[square] if value == KING else man_jumps[square]
            # Most pieces cannot jump at all: look before starting a sequence.
            for over, land in jumps:
                if board[over] * side < 0 and board[land] == EMPTY:
                    break
            else:
                continue
            # The moving piece leaves its square: a king may come back to it in a circle.
            board[square] = EMPTY
            self._jumps(square, value == KING, (square,), (), moves)
            board[square] = value * side
        return moves

    def _jumps(
        self,
        square: int,
        king: bool,
        path: tuple[int, ...],
        taken: tuple[int, ...],
        out: list[DraughtsMove],
    ) -> None:
        """Extend a capture from ``square``; record it where the piece can jump no more.
        Jumped pieces stay on the board until the move ends: none is jumped twice."""
        board = self.board
        side = self.side
        extended = False
        for over, land in _KING_JUMPS[square] if king else _MAN_JUMPS[side][square]:
            if board[over] * side >= 0 or board[land] != EMPTY or over in taken:
                continue
            extended = True
            new_path = path + (land,)
            new_taken = taken + (over,)
            if not king and land in CROWN_ROW[side]:
                out.append(DraughtsMove(new_path, new_taken))  # crowned: the move ends here
            else:
                self._jumps(land, king, new_path, new_taken, out)
        if not extended and taken:
            out.append(DraughtsMove(path, taken))

    # ----- actions ------------------------------------------------------------------------

    def legal_moves(self) -> list[DraughtsMove]:
        if self.outcome is not None:
            return []
        return list(self._generate())

    def format(self, action: DraughtsMove) -> str:
        return str(action)

    def parse(self, text: str) -> DraughtsMove:
        shown = text.strip()
        squares = _parse_move_text(shown)
        if self.outcome is not None:
            raise IllegalMoveError(shown, GAME_OVER_REASON)
        moves = self._generate()
        path = tuple(s - 1 for s in squares)
        exact = [m for m in moves if m.path == path]
        if exact:
            return exact[0]
        if len(path) == 2:
            # Only the start and the end of a capture: fine when that names one capture.
            ends = [m for m in moves if m.captured and (m.path[0], m.path[-1]) == path]
            if len(ends) == 1:
                return ends[0]
            if len(ends) > 1:
                options = alternatives(sorted(str(m) for m in ends))
                raise IllegalMoveError(
                    shown, mark("ambiguous: say every landing ({options})"), options=options
                )
        raise IllegalMoveError(shown, self._explain(path, moves))

    def _explain(self, path: tuple[int, ...], moves: list[DraughtsMove]) -> Wording:
        """Why ``path`` (well-formed squares) is not a legal move, in one clause."""
        board = self.board
        side = self.side
        origin = path[0]
        value = board[origin] * side
        if board[origin] == EMPTY:
            return Wording(mark("there is no piece on {square}"), square=origin + 1)
        if value < 0:
            return Wording(mark("{square} is not your piece"), square=origin + 1)
        captures = [m for m in moves if m.captured]
        longer = [m for m in captures if m.path[: len(path)] == path]
        if longer:
            options = alternatives(sorted(str(m) for m in longer)[:3])
            return Wording(
                mark("the capture must go on while the same piece can jump: {options}"),
                options=options,
            )
        is_man = value == MAN
        previous = origin
        for index, square in enumerate(path[1:], start=1):
            if board[square] != EMPTY and square != origin:
                return Wording(mark("{square} is not empty"), square=square + 1)
            directions = [d for d in _ALL_DIRECTIONS if STEPS[previous][d] == square]
            jumps = [d for d in _ALL_DIRECTIONS if (JUMPS[previous][d] or (0, -1))[1] == square]
            if not directions and not jumps:
                if _on_one_diagonal(previous, square) and not is_man:
                    return Wording(mark("a king moves one square at a time (no flying kings)"))
                if _on_one_diagonal(previous, square):
                    return Wording(mark("a man steps one square, or jumps over an enemy piece"))
                return Wording(
                    mark("{origin} to {target} is not a diagonal step or jump"),
                    origin=previous + 1,
                    target=square + 1,
                )
            chosen = directions or jumps
            if is_man and chosen[0] not in _FORWARD[side]:
                return Wording(mark("a man moves and jumps only forward"))
            if is_man and index < len(path) - 1 and square in CROWN_ROW[side]:
                return Wording(
                    mark("a man crowned on {square} ends its move there"), square=square + 1
                )
            if jumps:
                jumped = JUMPS[previous][jumps[0]]
                assert jumped is not None
                over = jumped[0]
                if board[over] == EMPTY:
                    return Wording(mark("there is no piece to jump on {square}"), square=over + 1)
                if board[over] * side > 0:
                    return Wording(
                        mark("you cannot jump your own piece on {square}"), square=over + 1
                    )
            elif len(path) > 2:
                return Wording(mark("a step is one square; only captures go on"))
            previous = square
        if captures:
            return Wording(
                mark("capturing is compulsory: {move} is available"),
                move=sorted(str(m) for m in captures)[0],
            )
        return Wording(mark("that move is not legal here"))

    def push(self, action: DraughtsMove) -> ActionResult:
        side = self.side
        seat = _SIDE_NAMES[side]
        board = self.board
        path = action.path
        origin, target = path[0], path[-1]
        kind = _KIND_WORDS[abs(board[origin])]
        names = CELL_NAMES
        effects: list[Effect] = [
            Moved(seat, kind, names[origin], names[target], tuple(names[s] for s in path[1:-1]))
        ]
        if action.captured:
            other = _SIDE_NAMES[-side]
            effects.extend(
                Taken(other, _KIND_WORDS[abs(board[s])], names[s]) for s in action.captured
            )
        if kind == "man" and target in CROWN_ROW[side]:
            effects.append(Promoted(seat, names[target], "man", "king"))
        frame = self._apply(action)
        outcome = self.outcome
        if outcome is not None:
            effects.append(Ended(outcome.winner, outcome.reason.value))
        result = ActionResult(
            str(action), seat, tuple(s + 1 for s in action.captured), effects=tuple(effects)
        )
        frame.result = result
        return result

    def _apply(self, move: DraughtsMove) -> _Frame:
        board = self.board
        side = self.side
        origin, target = move.path[0], move.path[-1]
        piece = board[origin]
        captured = tuple(board[s] for s in move.captured)
        board[origin] = EMPTY
        for square in move.captured:
            board[square] = EMPTY
        is_man = abs(piece) == MAN
        board[target] = side * KING if is_man and target in CROWN_ROW[side] else piece
        frame = _Frame(move, piece, captured, self.plies, (), None)
        self.plies = 0 if move.captured or is_man else self.plies + 1
        self.side = -side
        key = self._key()
        frame.key = key
        self._counts[key] = self._counts.get(key, 0) + 1
        self._stack.append(frame)
        self._moves = None
        self._judged = False
        return frame

    def pop(self) -> DraughtsMove:
        frame = self._stack.pop()
        count = self._counts[frame.key]
        if count == 1:
            del self._counts[frame.key]
        else:
            self._counts[frame.key] = count - 1
        board = self.board
        move = frame.move
        board[move.path[-1]] = EMPTY
        for square, value in zip(move.captured, frame.captured, strict=True):
            board[square] = value
        board[move.path[0]] = frame.piece
        self.plies = frame.plies
        self.side = -self.side
        self._moves = None
        self._judged = False
        return move

    @property
    def history(self) -> list[ActionResult]:
        return [f.result for f in self._stack if f.result is not None]

    # ----- the position and the legal actions as data -------------------------------------

    def view(self) -> PositionView:
        """The 32 dark squares by number (``cells`` from square 29, a1, rank by rank);
        ``extra["coords"]`` places each on the 8×8 grid as [file, rank] from White's
        bottom-left, both 0-based; ``extra["plies"]`` is the draw counter."""
        board = self.board
        pieces = {
            name: (PieceView(_SIDE_NAMES[1 if board[i] > 0 else -1], _KIND_WORDS[abs(board[i])]),)
            for name in VIEW_CELLS
            if board[(i := int(name) - 1)] != EMPTY
        }
        outcome = self.outcome
        last: tuple[str, ...] = ()
        if self._stack:
            result = self._stack[-1].result
            if result is not None:
                last = last_cells(result.effects)
        return PositionView(
            game=self.rules.id,
            board="grid",
            files=8,
            ranks=8,
            cells=VIEW_CELLS,
            pieces=pieces,
            seats=self.seats,
            to_move=None if outcome else self.to_move,
            outcome=outcome.as_json() if outcome else None,
            last=last,
            extra={"coords": {c: list(fr) for c, fr in COORDS.items()}, "plies": self.plies},
        )

    def action_views(self) -> list[ActionView]:
        names = CELL_NAMES
        views = [
            ActionView(
                str(m),
                "move",
                names[m.path[0]],
                names[m.path[-1]],
                tuple(names[s] for s in m.path[1:-1]),
            )
            for m in self.legal_moves()
        ]
        views.sort(key=lambda v: v.text)
        return views

    def _perft_push(self, action: DraughtsMove) -> None:
        """Without building an :class:`ActionResult` per move (:meth:`pop` undoes it)."""
        self._apply(action)


_MOVE_TEXT = re.compile(r"^\d{1,2}(?:\s*[x:\-]\s*\d{1,2})+$", re.IGNORECASE)
_MOVE_HINT = mark("a move in PDN, like 11-15, 22x15 or 15x24x31")


def _parse_move_text(shown: str) -> list[int]:
    """The 1-based squares of a move typed as ``11-15``, ``22x15``, ``15x24x31`` or with ``:``."""
    if len(shown) > MAX_INPUT:
        raise MoveSyntaxError(mark("that move is too long ({count} characters)"), count=len(shown))
    if not _MOVE_TEXT.match(shown):
        raise MoveSyntaxError(
            mark("{move} is not a draughts move; expected {hint}"),
            move=repr(shown),
            hint=Wording(_MOVE_HINT),
        )
    squares = [int(s) for s in re.split(r"\s*[xX:\-]\s*", shown)]
    for square in squares:
        if not 1 <= square <= 32:
            raise MoveSyntaxError(
                mark("{move}: {square} is not a square (the dark squares are numbered 1–32)"),
                move=repr(shown),
                square=square,
            )
    return squares


def _on_one_diagonal(a: int, b: int) -> bool:
    row_a, col_a = _coordinates(a)
    row_b, col_b = _coordinates(b)
    return abs(row_a - row_b) == abs(col_a - col_b) and row_a != row_b


def pdn_text(start: str, moves: Sequence[str], tags: Sequence[tuple[str, str]], result: str) -> str:
    """The game from ``start`` through ``moves`` (as stored) in PDN: ``tags`` in order, then
    the numbered moves (Black's first, ``1...`` when White moves first from ``start``) and
    ``result``, wrapped at 79 characters. Writing a record is the rules' job, so no layer
    above them parses the position again."""
    _, side, _ = parse_position(start)
    words: list[str] = []
    number = 1
    black_to_move = side > 0
    if not black_to_move and moves:
        words.append("1...")
    for move in moves:
        if black_to_move:
            words.append(f"{number}.")
        words.append(move)
        if not black_to_move:
            number += 1
        black_to_move = not black_to_move
    words.append(result)
    body, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > 79:
            body.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    body.append(line)
    return "\n".join([*(f'[{key} "{value}"]' for key, value in tags), "", *body, ""])
