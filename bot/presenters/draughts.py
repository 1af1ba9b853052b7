"""English draughts in the bot: PDN numbers, a PDN record, and the picture with the jump path
and the pieces jumped shown as ghosts."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PIL import Image

from rendering import Caption, Layout, layout
from rendering.drawers import draw
from rules import Side
from rules.games import ActionResult, Reason, Session
from rules.games.draughts import pdn_text
from rules.games.effects import Promoted, Taken

from ..i18n import DEFAULT_LANGUAGE, mark, translate, translate_plural
from .base import (
    BoardView,
    GamePresenter,
    PickPath,
    Ply,
    RecordInfo,
    score_tag,
    tag_value,
)
from .words import picture_words

if TYPE_CHECKING:
    pass

__all__ = ["DraughtsPresenter"]

#: The letter of a piece by its seat and kind (:mod:`rules.games.effects`).
_TAKEN_LETTERS = {
    "white": {"man": "w", "king": "W"},
    "black": {"man": "b", "king": "B"},
}
_PREFIX = "draughts:"


def _path(canonical: str) -> list[int]:
    return [int(s) for s in re.split(r"[x\-]", canonical)]


def _men(n: int, language: str) -> str:
    """ "a man", "2 men"."""
    if n == 1:
        return translate("a man", language)
    return translate_plural("{count} man", "{count} men", n, language)


def _kings(n: int, language: str) -> str:
    """ "a king", "2 kings"."""
    if n == 1:
        return translate("a king", language)
    return translate_plural("{count} king", "{count} kings", n, language)


class DraughtsPresenter(GamePresenter):
    game_id = "draughts"
    name = mark("English draughts")
    description = mark(
        "English draughts (checkers): compulsory capture, multi-jumps, crowned kings"
    )
    described_in_help = True
    position_format = "PDN"
    record_suffix = "pdn"
    move_examples = "11-15, 22x15, 15x24x31"
    reasons = {
        Reason.NO_PIECES: mark("the side to move had no pieces left"),
        Reason.NO_LEGAL_MOVES: mark("the side to move could not move"),
        Reason.FORTY_MOVES: mark("forty moves each passed without a capture or a man's move"),
    }
    taken_letters = _TAKEN_LETTERS
    short_reasons = {
        Reason.NO_PIECES: mark("no pieces left"),
        Reason.NO_LEGAL_MOVES: mark("no legal moves"),
        Reason.FORTY_MOVES: mark("forty-move rule"),
    }

    def describe(self, who: str, ply: Ply, language: str = DEFAULT_LANGUAGE) -> str:
        result = ply.result
        taken = [e for e in result.effects if isinstance(e, Taken)]
        seat = self.seat_title(result.seat, language)
        values = {"who": who, "seat": seat, "move": result.canonical}
        if taken:
            kings = sum(1 for t in taken if t.piece == "king")
            men = len(taken) - kings
            if men and kings:
                what = translate(
                    "{men} and {kings}",
                    language,
                    men=_men(men, language),
                    kings=_kings(kings, language),
                )
            else:
                what = _men(men, language) if men else _kings(kings, language)
            squares = ", ".join(t.cell for t in taken)
            text = translate(
                "{who} ({seat}) jumped `{move}` and took {what} (on {squares})",
                language,
                what=what,
                squares=squares,
                **values,
            )
        else:
            text = translate("{who} ({seat}) moved `{move}`", language, **values)
        if any(isinstance(e, Promoted) for e in result.effects):
            text = translate("{text} — crowned a king", language, text=text)
        return text

    def frame(self, board_view: BoardView, *, strip: bool = True) -> Image.Image:
        """The picture drawn from the rules' view of the position and the last move's effects
        (:func:`rendering.draughts.draw_scene`); the caption's words are the bot's."""
        outcome = board_view.outcome
        players = board_view.players
        caption = Caption(
            title=translate("Draughts", board_view.language),
            players=(players.get("white", "White"), players.get("black", "Black")),
            status=self.caption_status(board_view),
            winner=outcome.winner if outcome is not None else None,
            taken=board_view.taken or ("", ""),
            move_number=board_view.move_number,
            words=picture_words(board_view.language),
            frame=board_view.frame,
        )
        view = self.rules.session(board_view.position).view()
        return draw(self.scene(board_view, view, caption, strip=strip))

    def order_key(self, canonical: str) -> Any:
        """Square numbers in numeric order (``9-13`` before ``10-14``), as players read them."""
        return tuple(_path(canonical))

    def choice_name(
        self, text: str, result: ActionResult, wins: bool, language: str = DEFAULT_LANGUAGE
    ) -> str:
        parts = [text]
        if result.captured:
            parts.append(translate("✕ takes {count}", language, count=len(result.captured)))
        if wins:
            parts.append(translate("🏆 wins", language))
        return " ".join(parts)

    def pick_paths(self, session: Session[Any], language: str = DEFAULT_LANGUAGE) -> list[PickPath]:
        """Piece first ("Man on 11"), then the whole move (a multi-jump is one choice, its full
        path, since a capture must go on while it can)."""
        paths = []
        views = {a.text: a for a in session.action_views()}
        for move in session.legal_moves():
            text = session.format(move)
            action = views[text]
            start, end = int(action.source or 0), int(action.target or 0)
            piece = session.piece_at(start) or "piece"  # type: ignore[attr-defined]
            on = mark("King on {square}") if piece.endswith("king") else mark("Man on {square}")
            if move.captured:
                n = len(move.captured)
                second = translate("jump {move} ✕ takes {count}", language, move=text, count=n)
            else:
                second = translate("to {square}", language, square=end)
            paths.append(PickPath((translate(on, language, square=start), second), text))
        return paths

    def board_layout(self, board: BoardView) -> Layout | None:
        return layout(8, 8, Side(board.view), edge_labels=False)

    def record_text(self, info: RecordInfo, moves: Sequence[str]) -> str:
        """The game in PDN: tag pairs (``GameType 21`` is English draughts), the start
        position as ``FEN`` when it is not the usual one, then numbered moves (Black first),
        written by the rules (:func:`rules.games.draughts.pdn_text`)."""
        tags = [
            ("Event", f"Game #{info.game_number}"),
            ("Site", "Discord"),
            ("Date", info.date),
            ("Round", "-"),
            ("Black", info.players.get("black", "Black")),
            ("White", info.players.get("white", "White")),
            ("Result", score_tag(info)),
            ("GameType", "21"),
        ]
        start = info.start.split(" plies=")[0]
        if start != self.rules.start():
            tags.append(("FEN", start.removeprefix(_PREFIX)))
        return pdn_text(info.start, moves, [(k, tag_value(v)) for k, v in tags], score_tag(info))
