"""The four Latrunculi rule sets in the bot: the words, pictures, suggestions and LPN record
the bot has always shown for them (the Move button keeps its own menus, with placements)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PIL import Image

from rendering import Layout, layout
from rendering.drawers import draw
from rendering.latrunculi_scene import LatrunculiCaption
from rules import (
    Game,
    Side,
    find_variant,
)
from rules.games import LatrunculiSession, Reason, Session
from rules.games.latrunculi import KIND_WORDS

from ..i18n import DEFAULT_LANGUAGE, mark
from ..texts import describe_move, game_name
from .base import BoardView, GamePresenter, Ply, RecordInfo, Suggestion, tag_value
from .words import picture_words

if TYPE_CHECKING:
    from ..services.picker import Menu

__all__ = ["LatrunculiPresenter", "latrunculi_game", "latrunculi_presenters"]

#: The LPN letter of each kind of piece, by the effects' word for it (``soldier`` → ``S``).
_KIND_LETTERS = {word: letter for letter, word in KIND_WORDS.items()}


#: The four rule sets' names and one-line descriptions as the bot shows them.
_NAMES: dict[str, tuple[str, str]] = {
    "classic": (
        mark("Latrunculi (classic)"),
        mark("Rook moves; flanked soldiers are held captive till freed; trap the eagle."),
    ),
    "rugen": (
        mark("Latrunculi (Rügen)"),
        mark("Two rows a side, rook moves; flanked soldiers are removed; take them all."),
    ),
    "schadler": (
        mark("Ludus latrunculorum (Schädler)"),
        mark("Place 16 counters, then step or jump like checkers; trap to take."),
    ),
    "lat": (
        mark("LAT (Viking)"),
        mark("Queen, Valkyries and Berserkers on 11×8, each type captured its own way."),
    ),
}


class LatrunculiPresenter(GamePresenter):
    position_format = "LPN"
    described_in_help = True
    record_suffix = "txt"
    reasons = {
        Reason.EAGLE_CAPTURED: mark("the eagle was enclosed"),
        Reason.NO_SOLDIERS: mark("no soldiers were left"),
        Reason.NO_LEGAL_MOVES: mark("the side to move had no legal move"),
        Reason.FIFTY_MOVE_RULE: mark("fifty moves each passed without a capture"),
        Reason.BLOCKED: mark("neither side could move"),
        Reason.ONE_COUNTER_LEFT: mark("a player was reduced to one counter"),
        Reason.QUEEN_CAPTURED: mark("the queen was captured"),
        Reason.ONLY_QUEEN_LEFT: mark("only the queen was left"),
    }

    taken_letters = {"white": _KIND_LETTERS, "black": _KIND_LETTERS}

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.name, self.description = _NAMES.get(game_id, ("", ""))
        self.move_examples = find_variant(game_id).move_hint

    def describe(self, who: str, ply: Ply, language: str = DEFAULT_LANGUAGE) -> str:
        return describe_move(who, ply.result, self.game_id, language)

    def frame(self, board: BoardView, *, strip: bool = True) -> Image.Image:
        outcome = board.outcome
        caption = LatrunculiCaption(
            players=(board.players.get("white", "White"), board.players.get("black", "Black")),
            status=board.status,
            title=game_name(self.game_id, board.language),
            winner=outcome.winner if outcome is not None else None,
            taken=board.taken or ("", ""),
            counted=board.taken is not None,
            show_turn=board.show_turn,
            move_number=board.move_number,
            words=picture_words(board.language),
            frame=board.frame,
        )
        return draw(
            self.scene(board, self.rules.session(board.position).view(), caption, strip=strip)
        )

    def board_layout(self, board: BoardView) -> Layout | None:
        """The grid of the board's size (classic is 8×8 or 12×8), from the rules' view."""
        view = self.rules.session(board.position).view()
        return layout(view.files, view.ranks, Side(board.view))

    def suggestions(
        self,
        session: Session[Any],
        typed: str,
        limit: int = 25,
        language: str = DEFAULT_LANGUAGE,
    ) -> list[Suggestion]:
        from ..services.complete import move_choices  # the services import the presenters

        return [
            Suggestion(c.name, c.value, c.wins, c.captured)
            for c in move_choices(latrunculi_game(session), typed, limit, language)
        ]

    def menu(
        self, game_id: int, session: Session[Any], key: str, language: str = DEFAULT_LANGUAGE
    ) -> Menu:
        """The Latrunculi menus (pieces, placements by rank, removals, passes)."""
        from ..services.picker import menu_for

        return menu_for(game_id, latrunculi_game(session), key, language)

    def record_filename(self, game_number: int) -> str:
        return f"latrunculi-game-{game_number}.txt"

    def record_text(self, info: RecordInfo, moves: Sequence[str]) -> str:
        rows = [f"{i // 2 + 1}. {' '.join(moves[i : i + 2])}" for i in range(0, len(moves), 2)]
        opts = ",".join(f"{k}={v}" for k, v in sorted(info.options.items()))
        return "\n".join(
            [
                f'[Game "{info.game_number}"]',
                f'[Variant "{self.game_id}"]',
                f'[Options "{opts}"]',
                f'[White "{tag_value(info.players.get("white", "White"))}"]',
                f'[Black "{tag_value(info.players.get("black", "Black"))}"]',
                f'[Result "{tag_value(info.result_words.replace("*", ""))}"]',
                f'[Start "{info.start}"]',
                f'[Position "{info.position}"]',
                "",
                *rows,
                "",
            ]
        )


def latrunculi_game(session: Session[Any]) -> Game:
    """The rules core's own game behind a Latrunculi session (for the Latrunculi menus)."""
    assert isinstance(session, LatrunculiSession)
    return session.game


def latrunculi_presenters() -> list[LatrunculiPresenter]:
    from rules import variants

    return [LatrunculiPresenter(v.id) for v in variants()]
