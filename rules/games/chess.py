"""Chess (FIDE rules) through python-chess: the library generates and plays every move; this
module speaks the house interface, the notation of games.md and the draws applied at once.

python-chess is never second-guessed about legality. What is ours: the accepted input forms
(``o-o``, ``0-0``, ``e8q``), refusals that say why in a player's words, the order of the end
checks, and the ``captured`` square of each move (the passed pawn's square for en passant).
"""

from __future__ import annotations

import ast
import io
import re
from collections.abc import Mapping, Sequence

import chess
import chess.pgn

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

PREFIX = "chess:"
MAX_INPUT = 64
MAX_POSITION = 200

_UCI = re.compile(r"^([a-h][1-8])([a-h][1-8])([qrbn])?$")
_CASTLE = re.compile(r"^([o0])-?([o0])(-?([o0]))?([+#]*)$", re.IGNORECASE)
#: A pawn move to the last rank written without ``=``: ``e8q``, ``exd8Q``, ``e1n+``.
_BARE_PROMOTION = re.compile(r"^([a-h]x)?([a-h][18])([qrbnQRBN])([+#]*)$")
#: SAN with a lower-case piece letter (``nf3``); ``b`` is left alone (``bxc3`` is a pawn move).
_LOWER_PIECE = re.compile(r"^[nrqk][a-h1-8x]")
_CASTLES = ("O-O", "O-O-O")
MOVE_HINT = mark("a move in SAN or UCI, like Nf3, exd5, O-O, e8=Q or g1f3")
_PIECE_WORDS = {
    chess.PAWN: mark("pawn"),
    chess.KNIGHT: mark("knight"),
    chess.BISHOP: mark("bishop"),
    chess.ROOK: mark("rook"),
    chess.QUEEN: mark("queen"),
    chess.KING: mark("king"),
}
"""The pieces' names as words of a reason (python-chess's own, translated by the bot)."""
_NOT_LEGAL = mark("that move is not legal here")
_ONLY_PAWNS_PROMOTE = mark("only a pawn reaching the last rank promotes")
_MUST_PROMOTE = mark("a pawn reaching the last rank must promote: {move}")
_NOT_A_MOVE = mark("{move} is not a chess move; expected {hint}")
_TOO_LONG = mark("that move is too long ({count} characters)")


def _seat(color: chess.Color) -> str:
    return "white" if color == chess.WHITE else "black"


class ChessRules(GameRules):
    """FIDE chess, moves by python-chess."""

    id = "chess"
    name = "Chess"
    description = "FIDE chess: checkmate the enemy king; castling, en passant and promotion"
    seats = ("white", "black")
    board = "8x8"
    move_hint = MOVE_HINT

    def start(self, options: Mapping[str, str] | None = None) -> str:
        self.resolve_options(options)
        return PREFIX + chess.Board().fen()

    def session(self, position: str | None = None) -> ChessSession:
        if position is None:
            return ChessSession(self, chess.Board())
        return ChessSession(self, parse_chess_position(position))


def parse_chess_position(text: str) -> chess.Board:
    """A board from ``chess:<FEN>`` (all six fields), refused unless python-chess calls the
    position valid (two kings, the side not to move not in check, pawns off the back ranks…).
    python-chess's own complaints are said with this module's templates (:func:`_fen_error`),
    so a player reads them in their language."""
    text = text.strip()
    if len(text) > MAX_POSITION:
        raise PositionError(
            mark("that chess position is too long ({count} characters)"), count=len(text)
        )
    if not text.startswith(PREFIX):
        raise PositionError(
            mark("{text} is not a chess position (expected chess:<FEN>)"), text=Quoted(text)
        )
    fen = text[len(PREFIX) :].strip()
    if len(fen.split()) != 6:
        raise PositionError(
            mark("{text}: a FEN has six fields separated by spaces"), text=Quoted(text)
        )
    try:
        board = chess.Board(fen)
    except ValueError as exc:
        raise PositionError(
            mark("{text} is not a valid FEN: {problem}"), text=Quoted(text), problem=_fen_error(exc)
        ) from None
    status = board.status()
    if status != chess.STATUS_VALID:
        flags = [flag for flag in chess.Status if flag & status and flag.name]
        raise PositionError(
            mark("{text} is not a legal chess position: {problems}"),
            text=Quoted(text),
            problems=Wording(
                ", ".join(f"{{p{i}}}" for i in range(len(flags))),
                **{f"p{i}": _status_words(flag) for i, flag in enumerate(flags)},
            ),
        )
    return board


_FEN_ERRORS: tuple[tuple[str, str], ...] = (
    (
        "expected position part of fen, got multiple parts",
        mark("expected position part of fen, got multiple parts: {fen}"),
    ),
    (
        "expected 8 rows in position part of fen",
        mark("expected 8 rows in position part of fen: {fen}"),
    ),
    (
        "two subsequent digits in position part of fen",
        mark("two subsequent digits in position part of fen: {fen}"),
    ),
    (
        "'~' not after piece in position part of fen",
        mark("'~' not after piece in position part of fen: {fen}"),
    ),
    (
        "invalid character in position part of fen",
        mark("invalid character in position part of fen: {fen}"),
    ),
    (
        "expected 8 columns per row in position part of fen",
        mark("expected 8 columns per row in position part of fen: {fen}"),
    ),
    (
        "expected 'w' or 'b' for turn part of fen",
        mark("expected 'w' or 'b' for turn part of fen: {fen}"),
    ),
    ("invalid castling part in fen", mark("invalid castling part in fen: {fen}")),
    ("invalid castling fen", mark("invalid castling fen: {fen}")),
    ("invalid en passant part in fen", mark("invalid en passant part in fen: {fen}")),
    ("invalid half-move clock in fen", mark("invalid half-move clock in fen: {fen}")),
    ("half-move clock cannot be negative", mark("half-move clock cannot be negative: {fen}")),
    ("invalid fullmove number in fen", mark("invalid fullmove number in fen: {fen}")),
    ("fullmove number cannot be negative", mark("fullmove number cannot be negative: {fen}")),
    (
        "fen string has more parts than expected",
        mark("fen string has more parts than expected: {fen}"),
    ),
)
"""python-chess's FEN complaints (how its message starts) and this module's template for
each, word for word the same in English (``{fen}``: what python-chess quotes after the
colon), so the bot can say them in its players' languages."""


def _fen_error(error: ValueError) -> Wording | str:
    """python-chess's complaint about a FEN as one of :data:`_FEN_ERRORS` with what it quotes;
    one this module does not know (a newer python-chess) as python-chess words it."""
    message = str(error)
    for start, template in _FEN_ERRORS:
        if message.startswith(start + ": "):
            quoted = message[len(start) + 2 :]
            try:
                fen = Quoted(str(ast.literal_eval(quoted)))
            except (ValueError, SyntaxError):  # not the repr python-chess writes: as it is
                return Wording(template, fen=quoted)
            return Wording(template, fen=fen if fen == quoted else quoted)
    if message == "empty fen":
        return Wording(mark("empty fen"))
    return message


_STATUS_WORDS: dict[str, str] = {
    "NO_WHITE_KING": mark("no white king"),
    "NO_BLACK_KING": mark("no black king"),
    "TOO_MANY_KINGS": mark("too many kings"),
    "TOO_MANY_WHITE_PAWNS": mark("too many white pawns"),
    "TOO_MANY_BLACK_PAWNS": mark("too many black pawns"),
    "PAWNS_ON_BACKRANK": mark("pawns on backrank"),
    "TOO_MANY_WHITE_PIECES": mark("too many white pieces"),
    "TOO_MANY_BLACK_PIECES": mark("too many black pieces"),
    "BAD_CASTLING_RIGHTS": mark("bad castling rights"),
    "INVALID_EP_SQUARE": mark("invalid ep square"),
    "OPPOSITE_CHECK": mark("opposite check"),
    "EMPTY": mark("empty"),
    "RACE_CHECK": mark("race check"),
    "RACE_OVER": mark("race over"),
    "RACE_MATERIAL": mark("race material"),
    "TOO_MANY_CHECKERS": mark("too many checkers"),
    "IMPOSSIBLE_CHECK": mark("impossible check"),
}
"""python-chess's reasons for an invalid position (its :class:`chess.Status` flags), as
words of a position error: each flag's name in lower case, as this module always said them."""


def _status_words(flag: chess.Status) -> Wording:
    name = flag.name or ""
    return Wording(_STATUS_WORDS.get(name, name.lower().replace("_", " ")))


class ChessSession(Session[chess.Move]):
    """A chess game over a python-chess :class:`chess.Board` (reachable as :attr:`board`;
    read it, never push on it directly)."""

    def __init__(self, rules: ChessRules, board: chess.Board) -> None:
        self.rules = rules
        # A fresh board: the session's history (and the repetition count) starts here.
        self.board = chess.Board(board.fen())
        self._results: list[ActionResult] = []
        self._moves: list[chess.Move] | None = None
        self._outcome: GameOutcome | None = None
        self._judged = False

    # ----- reading ------------------------------------------------------------------------

    @property
    def to_move(self) -> str:
        return _seat(self.board.turn)

    @property
    def ply(self) -> int:
        return len(self._results)

    @property
    def history(self) -> list[ActionResult]:
        return list(self._results)

    def position_text(self) -> str:
        return PREFIX + self.board.fen()

    def _board_moves(self) -> list[chess.Move]:
        if self._moves is None:
            self._moves = list(self.board.legal_moves)
        return self._moves

    def _changed(self) -> None:
        self._moves = None
        self._judged = False

    @property
    def outcome(self) -> GameOutcome | None:
        if not self._judged:
            self._outcome = self._judge()
            self._judged = True
        return self._outcome

    def _judge(self) -> GameOutcome | None:
        """The end checks in order: mate and stalemate first (a mate on the hundredth half-move
        wins), then the draws that lichess applies at once without a claim."""
        board = self.board
        if not self._board_moves():
            if board.is_check():
                return GameOutcome(_seat(not board.turn), Reason.CHECKMATE)
            return GameOutcome(None, Reason.STALEMATE)
        if board.is_insufficient_material():
            return GameOutcome(None, Reason.INSUFFICIENT_MATERIAL)
        if board.halfmove_clock >= 100:
            return GameOutcome(None, Reason.FIFTY_MOVES)
        if board.is_repetition(3):
            return GameOutcome(None, Reason.THREEFOLD_REPETITION)
        return None

    # ----- actions ------------------------------------------------------------------------

    def legal_moves(self) -> list[chess.Move]:
        if self.outcome is not None:
            return []
        return list(self._board_moves())

    def format(self, action: chess.Move) -> str:
        return self.board.san(action)

    def parse(self, text: str) -> chess.Move:
        shown = text.strip()
        if len(shown) > MAX_INPUT:
            raise MoveSyntaxError(_TOO_LONG, count=len(shown))
        if not shown:
            raise MoveSyntaxError(
                mark("an empty text is not a move; expected {hint}"), hint=Wording(MOVE_HINT)
            )
        uci = _UCI.match(shown.lower())
        san = _normalise_san(shown)
        # Checked here, before python-chess, which would also take null moves (``0000``, ``--``).
        if uci is None and not chess.SAN_REGEX.match(san) and san.rstrip("+#") not in _CASTLES:
            raise MoveSyntaxError(_NOT_A_MOVE, move=repr(shown), hint=Wording(MOVE_HINT))
        if self.outcome is not None:
            raise IllegalMoveError(shown, GAME_OVER_REASON)
        if uci is not None:
            return self._parse_uci(shown, uci)
        return self._parse_san(shown, san)

    def _parse_uci(self, shown: str, match: re.Match[str]) -> chess.Move:
        board = self.board
        try:
            return board.parse_uci(shown.lower())
        except chess.IllegalMoveError:
            pass
        move = chess.Move.from_uci(shown.lower())
        piece = board.piece_at(move.from_square)
        origin, target = match.group(1), match.group(2)
        if piece is None:
            raise IllegalMoveError(shown, mark("there is no piece on {square}"), square=origin)
        if piece.color != board.turn:
            raise IllegalMoveError(
                shown,
                mark("{square} holds a {side} {piece}; it is {turn}'s turn"),
                square=origin,
                side=seat_word(_seat(piece.color)),
                piece=Wording(_PIECE_WORDS[piece.piece_type]),
                turn=seat_word(self.to_move),
            )
        if piece.piece_type == chess.PAWN and chess.square_rank(move.to_square) in (0, 7):
            with_queen = chess.Move(move.from_square, move.to_square, chess.QUEEN)
            if move.promotion is None and with_queen in board.legal_moves:
                raise IllegalMoveError(shown, _MUST_PROMOTE, move=with_queen.uci())
        elif move.promotion is not None:
            raise IllegalMoveError(shown, _ONLY_PAWNS_PROMOTE)
        if piece.piece_type == chess.KING and abs(move.to_square - move.from_square) == 2:
            kingside = move.to_square > move.from_square
            raise IllegalMoveError(shown, _castling_reason(board, kingside))
        if move in board.pseudo_legal_moves:
            raise IllegalMoveError(shown, _king_reason(board))
        raise IllegalMoveError(
            shown,
            mark("a {piece} on {origin} cannot move to {target}"),
            piece=Wording(_PIECE_WORDS[piece.piece_type]),
            origin=origin,
            target=target,
        )

    def _parse_san(self, shown: str, san: str) -> chess.Move:
        board = self.board
        try:
            return board.parse_san(san)
        except chess.InvalidMoveError:
            raise MoveSyntaxError(_NOT_A_MOVE, move=repr(shown), hint=Wording(MOVE_HINT)) from None
        except chess.AmbiguousMoveError:
            options = alternatives(sorted(board.san(m) for m in _san_candidates(board, san, True)))
            raise IllegalMoveError(
                shown, mark("ambiguous: say which piece ({options})"), options=options
            ) from None
        except chess.IllegalMoveError:
            pass
        if san.rstrip("+#") in _CASTLES:
            raise IllegalMoveError(shown, _castling_reason(board, san.rstrip("+#") == "O-O"))
        match = chess.SAN_REGEX.match(san)
        if match is None:
            raise IllegalMoveError(shown, _NOT_LEGAL)
        piece_type = _piece_type(match)
        target = match.group(4)
        if piece_type == chess.PAWN and target[1] in "18" and not match.group(5):
            raise IllegalMoveError(shown, _MUST_PROMOTE, move=f"{target}=Q")
        if match.group(5) and piece_type != chess.PAWN:
            raise IllegalMoveError(shown, _ONLY_PAWNS_PROMOTE)
        if _san_candidates(board, san, False):
            raise IllegalMoveError(shown, _king_reason(board))
        target_square = chess.parse_square(target)
        if (
            "x" in san
            and board.piece_at(target_square) is None
            and not (piece_type == chess.PAWN and board.ep_square == target_square)
        ):
            raise IllegalMoveError(
                shown, mark("there is nothing to capture on {square}"), square=target
            )
        raise IllegalMoveError(
            shown,
            mark("no {side} {piece} can move to {target}"),
            side=seat_word(self.to_move),
            piece=Wording(_PIECE_WORDS[piece_type]),
            target=target,
        )

    def push(self, action: chess.Move) -> ActionResult:
        board = self.board
        seat = self.to_move
        other = _seat(not board.turn)
        canonical = board.san(action)
        source = chess.square_name(action.from_square)
        target = chess.square_name(action.to_square)
        mover = board.piece_type_at(action.from_square)
        assert mover is not None
        effects: list[Effect] = [Moved(seat, chess.piece_name(mover), source, target)]
        captured: tuple[str, ...] = ()
        if board.is_castling(action):
            rank = chess.square_rank(action.from_square)
            rook_files = (7, 5) if board.is_kingside_castling(action) else (0, 3)
            effects.append(
                Moved(
                    seat,
                    "rook",
                    chess.square_name(chess.square(rook_files[0], rank)),
                    chess.square_name(chess.square(rook_files[1], rank)),
                )
            )
        elif board.is_en_passant(action):
            passed = chess.square_name(action.to_square + (-8 if board.turn == chess.WHITE else 8))
            captured = (passed,)
            effects.append(Taken(other, "pawn", passed))
        else:
            victim = board.piece_type_at(action.to_square)
            if victim is not None:
                captured = (target,)
                effects.append(Taken(other, chess.piece_name(victim), target))
        if action.promotion is not None:
            effects.append(Promoted(seat, target, "pawn", chess.piece_name(action.promotion)))
        board.push(action)
        self._changed()
        outcome = self.outcome
        if outcome is not None:
            effects.append(Ended(outcome.winner, outcome.reason.value))
        result = ActionResult(canonical, seat, captured, effects=tuple(effects))
        self._results.append(result)
        return result

    def pop(self) -> chess.Move:
        move = self.board.pop()
        self._results.pop()
        self._changed()
        return move

    # ----- the position and the legal actions as data -------------------------------------

    def view(self) -> PositionView:
        board = self.board
        pieces = {
            chess.square_name(sq): (PieceView(_seat(p.color), chess.piece_name(p.piece_type)),)
            for sq, p in sorted(board.piece_map().items())
        }
        outcome = self.outcome
        king = board.king(board.turn)
        check = chess.square_name(king) if king is not None and board.is_check() else None
        extra: dict[str, object] = {
            "check": check,
            "castling": board.castling_xfen(),
            "en_passant": chess.square_name(board.ep_square)
            if board.ep_square is not None
            else None,
            "halfmove_clock": board.halfmove_clock,
            "fullmove_number": board.fullmove_number,
        }
        return PositionView(
            game=self.rules.id,
            board="grid",
            files=8,
            ranks=8,
            cells=tuple(chess.SQUARE_NAMES),
            pieces=pieces,
            seats=self.seats,
            to_move=None if outcome else self.to_move,
            outcome=outcome.as_json() if outcome else None,
            last=last_cells(self._results[-1].effects) if self._results else (),
            extra=extra,
        )

    def action_views(self) -> list[ActionView]:
        board = self.board
        views = [
            ActionView(
                board.san(m),
                "move",
                chess.square_name(m.from_square),
                chess.square_name(m.to_square),
                promotion=chess.piece_name(m.promotion) if m.promotion is not None else None,
            )
            for m in self.legal_moves()
        ]
        views.sort(key=lambda v: v.text)
        return views

    def _perft_push(self, action: chess.Move) -> None:
        """On the board itself: perft needs no SAN and no results."""
        self.board.push(action)
        self._changed()

    def _perft_pop(self) -> None:
        self.board.pop()
        self._changed()


def _piece_type(match: re.Match[str]) -> chess.PieceType:
    return chess.PIECE_SYMBOLS.index(match.group(1).lower()) if match.group(1) else chess.PAWN


def _normalise_san(text: str) -> str:
    """The accepted spellings in the form python-chess parses: ``o-o``/``0-0`` castling and a
    promotion without ``=`` (``e8q``, ``exd8Q``), a lower-case piece letter (``nf3``)."""
    castle = _CASTLE.match(text)
    if castle:
        return ("O-O-O" if castle.group(3) else "O-O") + castle.group(5)
    bare = _BARE_PROMOTION.match(text)
    if bare:
        return f"{bare.group(1) or ''}{bare.group(2)}={bare.group(3).upper()}{bare.group(4)}"
    if _LOWER_PIECE.match(text):
        return text[0].upper() + text[1:]
    return text


def _san_candidates(board: chess.Board, san: str, legal: bool) -> list[chess.Move]:
    """Moves (legal, or merely pseudo-legal) that fit a SAN text's piece, squares and
    promotion."""
    match = chess.SAN_REGEX.match(san)
    if match is None:
        return []
    piece_type = _piece_type(match)
    to_square = chess.parse_square(match.group(4))
    promotion = chess.PIECE_SYMBOLS.index(match.group(5)[-1].lower()) if match.group(5) else None
    moves = board.legal_moves if legal else board.pseudo_legal_moves
    found = []
    for move in moves:
        if move.to_square != to_square or move.promotion != promotion:
            continue
        if board.piece_type_at(move.from_square) != piece_type:
            continue
        file, rank = match.group(2), match.group(3)
        if file and chess.square_file(move.from_square) != chess.FILE_NAMES.index(file):
            continue
        if rank and chess.square_rank(move.from_square) != int(rank) - 1:
            continue
        found.append(move)
    return found


def _king_reason(board: chess.Board) -> Wording:
    if board.is_check():
        return Wording(mark("your king is in check and that move does not get it out of check"))
    return Wording(mark("that move would leave your king in check"))


def _castling_reason(board: chess.Board, kingside: bool) -> Wording:
    color = board.turn
    has_right = (
        board.has_kingside_castling_rights(color)
        if kingside
        else board.has_queenside_castling_rights(color)
    )
    if not has_right:
        if kingside:
            return Wording(
                mark("{side} can no longer castle kingside"), side=seat_word(_seat(color))
            )
        return Wording(mark("{side} can no longer castle queenside"), side=seat_word(_seat(color)))
    if board.is_check():
        return Wording(mark("you cannot castle out of check"))
    rank = 0 if color == chess.WHITE else 7
    between = (5, 6) if kingside else (1, 2, 3)
    if any(board.piece_at(chess.square(f, rank)) for f in between):
        if kingside:
            return Wording(
                mark("the squares between king and rook must be empty to castle kingside")
            )
        return Wording(mark("the squares between king and rook must be empty to castle queenside"))
    return Wording(mark("the king may not pass through or land on an attacked square"))


def pgn_text(start: str, moves: Sequence[str], tags: Sequence[tuple[str, str]]) -> str:
    """The game from ``start`` (``chess:<FEN>``) through ``moves`` (SAN, as stored) in PGN:
    ``tags`` in order (the Seven Tag Roster first), FEN and SetUp added for a start that is
    not the usual one, written by python-chess's exporter. Writing a record is the rules'
    job, so no layer above them parses the moves again."""
    board = parse_chess_position(start.split(" plies=")[0])
    game = chess.pgn.Game()
    if board.fen() != chess.STARTING_FEN:
        game.setup(board)
    for key, value in tags:
        game.headers[key] = value
    node: chess.pgn.GameNode = game
    for san in moves:
        move = board.parse_san(san)
        node = node.add_variation(move)
        board.push(move)
    out = io.StringIO()
    game.accept(chess.pgn.FileExporter(out))
    return out.getvalue()
