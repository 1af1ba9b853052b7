"""Chess in the bot: SAN everywhere, a PGN record, and the picture with last move and check."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import chess
from PIL import Image

from rendering import Caption, Layout, layout
from rendering.chess import material_balance
from rendering.drawers import draw
from rules import Side
from rules.games import ActionResult, Reason, Session
from rules.games.chess import pgn_text
from rules.games.effects import Moved, Promoted, Taken

from ..i18n import DEFAULT_LANGUAGE, mark, translate
from ..texts import game_name
from .base import (
    BoardView,
    GamePresenter,
    PickPath,
    Ply,
    RecordInfo,
    score_tag,
)
from .words import picture_words

if TYPE_CHECKING:
    pass

__all__ = ["ChessPresenter"]

_PIECE_NAMES = {
    chess.PAWN: "pawn",
    chess.KNIGHT: "knight",
    chess.BISHOP: "bishop",
    chess.ROOK: "rook",
    chess.QUEEN: "queen",
    chess.KING: "king",
}
#: The piece types by the effects' names (:mod:`rules.games.effects`).
_PIECE_TYPES = {name: piece_type for piece_type, name in _PIECE_NAMES.items()}
#: "took the … on {square}" for each piece a move can take (whole, so each language can
#: decline the piece's name as its grammar needs).
_TOOK = {
    chess.PAWN: mark("took the pawn on {square}"),
    chess.KNIGHT: mark("took the knight on {square}"),
    chess.BISHOP: mark("took the bishop on {square}"),
    chess.ROOK: mark("took the rook on {square}"),
    chess.QUEEN: mark("took the queen on {square}"),
}
_EN_PASSANT = mark("took the pawn on {square} en passant")
_PROMOTED = {
    chess.KNIGHT: mark("promoted to a knight"),
    chess.BISHOP: mark("promoted to a bishop"),
    chess.ROOK: mark("promoted to a rook"),
    chess.QUEEN: mark("promoted to a queen"),
}
#: A piece's label in the Move picker; each ends with the square (the preview reads it).
_PIECE_ON = {
    chess.PAWN: mark("Pawn on {square}"),
    chess.KNIGHT: mark("Knight on {square}"),
    chess.BISHOP: mark("Bishop on {square}"),
    chess.ROOK: mark("Rook on {square}"),
    chess.QUEEN: mark("Queen on {square}"),
    chess.KING: mark("King on {square}"),
}
_PROMOTE = {
    chess.KNIGHT: mark("promote to a knight"),
    chess.BISHOP: mark("promote to a bishop"),
    chess.ROOK: mark("promote to a rook"),
    chess.QUEEN: mark("promote to a queen"),
}


def _moved(result: ActionResult) -> Moved | None:
    """The move's piece (the king, when castling) as the rules reported it."""
    return next((e for e in result.effects if isinstance(e, Moved)), None)


class ChessPresenter(GamePresenter):
    game_id = "chess"
    name = mark("Chess")
    description = mark("FIDE chess: checkmate the enemy king; castling, en passant and promotion")
    described_in_help = True
    position_format = "FEN"
    record_suffix = "pgn"
    move_examples = "Nf3, exd5, O-O, e8=Q (or g1f3)"
    reasons = {
        Reason.CHECKMATE: mark("checkmate"),
        Reason.STALEMATE: mark("stalemate"),
        Reason.INSUFFICIENT_MATERIAL: mark("insufficient material: neither side can mate"),
        Reason.FIFTY_MOVES: mark("fifty moves each passed without a capture or a pawn move"),
    }
    taken_letters = {
        seat: {
            name: chess.piece_symbol(t).upper() if seat == "white" else chess.piece_symbol(t)
            for t, name in _PIECE_NAMES.items()
        }
        for seat in ("white", "black")
    }
    short_reasons = {
        Reason.INSUFFICIENT_MATERIAL: mark("insufficient material"),
        Reason.FIFTY_MOVES: mark("fifty-move rule"),
    }

    # ----- words ----------------------------------------------------------------------------

    def describe(self, who: str, ply: Ply, language: str = DEFAULT_LANGUAGE) -> str:
        result = ply.result
        seat = self.seat_title(result.seat, language)
        moved = _moved(result)
        effects = []
        for effect in result.effects:
            if isinstance(effect, Taken):
                en_passant = moved is not None and effect.cell != moved.target
                took = _EN_PASSANT if en_passant else _TOOK[_PIECE_TYPES[effect.piece]]
                effects.append(translate(took, language, square=effect.cell))
            elif isinstance(effect, Promoted):
                effects.append(translate(_PROMOTED[_PIECE_TYPES[effect.piece]], language))
        values = {"who": who, "seat": seat, "move": result.canonical}
        if not effects:
            text = translate("{who} ({seat}) played `{move}`", language, **values)
        elif len(effects) == 1:
            text = translate(
                "{who} ({seat}) played `{move}` and {effect}", language, effect=effects[0], **values
            )
        else:
            text = translate(
                "{who} ({seat}) played `{move}` and {effect} and {effect2}",
                language,
                effect=effects[0],
                effect2=effects[1],
                **values,
            )
        if result.canonical.endswith("#"):
            text = translate("{text} — checkmate", language, text=text)
        elif result.canonical.endswith("+"):
            text = translate("{text} — check", language, text=text)
        return text

    # ----- pictures -------------------------------------------------------------------------

    def frame(self, board_view: BoardView, *, strip: bool = True) -> Image.Image:
        """The picture drawn from the rules' view of the position and the last move's effects
        (:func:`rendering.chess.draw_scene`); the caption's words are the bot's."""
        outcome = board_view.outcome
        players = board_view.players
        taken = board_view.taken or ("", "")
        words = picture_words(board_view.language)
        caption = Caption(
            title=game_name(self.game_id, board_view.language),
            players=(players.get("white", "White"), players.get("black", "Black")),
            status=self.caption_status(board_view),
            winner=outcome.winner if outcome is not None else None,
            taken=taken,
            notes=material_balance(taken, rtl=words.rtl),
            move_number=board_view.move_number,
            words=words,
            frame=board_view.frame,
        )
        view = self.rules.session(board_view.position).view()
        return draw(self.scene(board_view, view, caption, strip=strip))

    # ----- choosing moves -------------------------------------------------------------------

    def choice_name(
        self, text: str, result: ActionResult, wins: bool, language: str = DEFAULT_LANGUAGE
    ) -> str:
        parts = [text]
        if result.captured:
            parts.append(translate("✕ takes on {square}", language, square=result.captured[0]))
        if wins:
            parts.append(translate("🏆 mates", language))
        return " ".join(parts)

    def board_layout(self, board: BoardView) -> Layout | None:
        return layout(8, 8, Side(board.view))

    def pick_paths(self, session: Session[Any], language: str = DEFAULT_LANGUAGE) -> list[PickPath]:
        board: chess.Board = session.board  # type: ignore[attr-defined]
        paths = []
        for move in session.legal_moves():
            piece = board.piece_at(move.from_square)
            on = _PIECE_ON[piece.piece_type if piece else chess.PAWN]
            origin = translate(on, language, square=chess.square_name(move.from_square))
            target = chess.square_name(move.to_square)
            if board.is_castling(move):
                kingside = move.to_square > move.from_square
                target = translate(
                    mark("castle kingside (O-O)") if kingside else mark("castle queenside (O-O-O)"),
                    language,
                )
            elif board.is_capture(move):
                target = translate("to {square} ✕ takes", language, square=target)
            else:
                target = translate("to {square}", language, square=target)
            labels: tuple[str, ...] = (origin, target)
            if move.promotion:
                labels += (translate(_PROMOTE[move.promotion], language),)
            paths.append(PickPath(labels, session.format(move)))
        return paths

    # ----- records and rules ----------------------------------------------------------------

    def record_text(self, info: RecordInfo, moves: Sequence[str]) -> str:
        """The game in PGN (Seven Tag Roster, plus FEN/SetUp for a custom start and the
        reason as ``Termination``), written by the rules (:func:`rules.games.chess.pgn_text`)."""
        tags = [
            ("Event", f"Game #{info.game_number}"),
            ("Site", "Discord"),
            ("Date", info.date),
            ("Round", "-"),
            ("White", info.players.get("white", "White")),
            ("Black", info.players.get("black", "Black")),
            ("Result", score_tag(info)),
        ]
        if not info.active and info.reason is not None:
            tags.append(("Termination", self.short_reason(info.reason)))
        return pgn_text(info.start, moves, tags)
