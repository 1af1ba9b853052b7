"""Tic-tac-toe, a game from outside the house: everything it needs lives in this folder, and it
comes into the bot through the one extension point (:func:`bot.presenters.register_game`).

The example of ``docs/adding-a-game.md``: White is X and moves first, Black is O; a move names
the square it marks (``a1`` … ``c3``); three in a row wins, a full board without one is a draw.
The position text is ``tictactoe:`` and nine cells, rank 1 first (``a1 b1 c1 a2 …``), each
``x``, ``o`` or ``.``; whose turn it is follows from the counts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from bot.i18n import DEFAULT_LANGUAGE, translate
from bot.presenters import GamePresenter, Ply, RecordInfo, register_game, unregister_game
from bot.presenters.base import score_tag, tag_value
from rules.errors import IllegalMoveError, MoveSyntaxError, PositionError, Quoted
from rules.games import (
    GAME_OVER_REASON,
    ActionResult,
    ActionView,
    GameOutcome,
    GameRules,
    PieceView,
    PositionView,
    Reason,
    Session,
)
from rules.games.effects import Effect, Ended, Placed

__all__ = [
    "GAME_ID",
    "TicTacToePresenter",
    "TicTacToeRules",
    "TicTacToeSession",
    "install",
    "uninstall",
]

GAME_ID = "tictactoe"
PREFIX = GAME_ID + ":"
CELLS = tuple(f"{f}{r}" for r in "123" for f in "abc")
LINES = (
    *((r * 3, r * 3 + 1, r * 3 + 2) for r in range(3)),
    *((f, f + 3, f + 6) for f in range(3)),
    (0, 4, 8),
    (2, 4, 6),
)
SEATS = ("white", "black")
MARKS = {"white": "x", "black": "o"}
#: The game's own reasons, defined here without editing the rules package (the presenter words
#: both; storage keeps their ids).
WIN, FULL = Reason.define("three_in_a_row"), Reason.define("board_full")


def parse_position(text: str) -> list[str]:
    """The nine cells of a position text (``x``, ``o`` or ``.``)."""
    body = text.strip().removeprefix(PREFIX)
    cells = list(body)
    if len(cells) != 9 or set(cells) - {"x", "o", "."}:
        raise PositionError("{text} is not a tic-tac-toe position", text=Quoted(text, 40))
    xs, os = cells.count("x"), cells.count("o")
    if xs - os not in (0, 1):
        raise PositionError("{text}: X moves first, then O in turn", text=Quoted(text, 40))
    return cells


class TicTacToeRules(GameRules):
    id = GAME_ID
    name = "Tic-tac-toe"
    description = "Three in a row on a 3×3 board: X (White) moves first, O (Black) answers"
    seats = SEATS
    board = "3x3"
    move_hint = "b2"

    def start(self, options: Mapping[str, str] | None = None) -> str:
        self.resolve_options(options)
        return PREFIX + "." * 9

    def session(self, position: str | None = None) -> TicTacToeSession:
        return TicTacToeSession(self, parse_position(position or self.start()))


class TicTacToeSession(Session[int]):
    """A game over the nine cells; an action is a cell's index (0 = a1 … 8 = c3)."""

    def __init__(self, rules: TicTacToeRules, cells: list[str]) -> None:
        self.rules = rules
        self.cells = cells
        self._history: list[ActionResult] = []
        self._played: list[int] = []

    @property
    def to_move(self) -> str:
        return "white" if self.cells.count("x") == self.cells.count("o") else "black"

    @property
    def outcome(self) -> GameOutcome | None:
        for a, b, c in LINES:
            if self.cells[a] != "." and self.cells[a] == self.cells[b] == self.cells[c]:
                return GameOutcome("white" if self.cells[a] == "x" else "black", WIN)
        if "." not in self.cells:
            return GameOutcome(None, FULL)
        return None

    @property
    def ply(self) -> int:
        return len(self._played)

    @property
    def history(self) -> list[ActionResult]:
        return list(self._history)

    def position_text(self) -> str:
        return PREFIX + "".join(self.cells)

    def legal_moves(self) -> list[int]:
        if self.outcome is not None:
            return []
        return [i for i, c in enumerate(self.cells) if c == "."]

    def format(self, action: int) -> str:
        return CELLS[action]

    def parse(self, text: str) -> int:
        name = text.strip().lower()
        if name not in CELLS:
            raise MoveSyntaxError("{move} is not a square (a1 to c3)", move=Quoted(text, 30))
        if self.outcome is not None:
            raise IllegalMoveError(name, GAME_OVER_REASON)
        index = CELLS.index(name)
        if self.cells[index] != ".":
            raise IllegalMoveError(name, "{square} is taken", square=name)
        return index

    def push(self, action: int) -> ActionResult:
        seat = self.to_move
        self.cells[action] = MARKS[seat]
        effects: list[Effect] = [Placed(seat, MARKS[seat], CELLS[action])]
        outcome = self.outcome
        if outcome is not None:
            effects.append(Ended(outcome.winner, outcome.reason.value))
        result = ActionResult(CELLS[action], seat, effects=tuple(effects))
        self._played.append(action)
        self._history.append(result)
        return result

    def pop(self) -> int:
        action = self._played.pop()
        self._history.pop()
        self.cells[action] = "."
        return action

    def view(self) -> PositionView:
        outcome = self.outcome
        return PositionView(
            game=GAME_ID,
            board="grid",
            files=3,
            ranks=3,
            cells=CELLS,
            pieces={
                CELLS[i]: (PieceView("white" if c == "x" else "black", c),)
                for i, c in enumerate(self.cells)
                if c != "."
            },
            seats=SEATS,
            to_move=None if outcome is not None else self.to_move,
            outcome=outcome.as_json() if outcome is not None else None,
            last=(CELLS[self._played[-1]],) if self._played else (),
        )

    def action_views(self) -> list[ActionView]:
        return [ActionView(CELLS[i], "place", target=CELLS[i]) for i in self.legal_moves()]


class TicTacToePresenter(GamePresenter):
    """The bot's words for the game; its picture is the generic grid drawer's (no ``frame``
    here), its ``/rules`` text the files in ``rules_texts/``."""

    game_id = GAME_ID
    position_format = "tic-tac-toe text"
    record_suffix = "txt"
    move_examples = "b2, a1, c3"
    reasons = {WIN: "three in a row", FULL: "the board is full"}
    rules_dir = Path(__file__).with_name("rules_texts")
    locale_dir = Path(__file__).with_name("locale")

    def describe(self, who: str, ply: Ply, language: str = DEFAULT_LANGUAGE) -> str:
        result = ply.result
        return translate(
            "{who} ({seat}) put {mark} on `{move}`",
            language,
            who=who,
            seat=self.seat_title(result.seat, language),
            mark=MARKS[result.seat].upper(),
            move=result.canonical,
        )

    def record_text(self, info: RecordInfo, moves: Sequence[str]) -> str:
        tags = [
            ("Event", f"Game #{info.game_number}"),
            ("Date", info.date),
            ("White", info.players.get("white", "White")),
            ("Black", info.players.get("black", "Black")),
            ("Result", score_tag(info)),
        ]
        lines = [f'[{k} "{tag_value(v)}"]' for k, v in tags]
        pairs = [" ".join(moves[i : i + 2]) for i in range(0, len(moves), 2)]
        body = " ".join(f"{n}. {pair}" for n, pair in enumerate(pairs, 1))
        return "\n".join([*lines, "", f"{body} {score_tag(info)}".strip(), ""])


def install() -> None:
    """Register the whole game (rules and presenter); :func:`uninstall` undoes it."""
    register_game(TicTacToeRules(), TicTacToePresenter())


def uninstall() -> None:
    unregister_game(GAME_ID)
