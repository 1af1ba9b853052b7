"""What each game looks like and sounds like in the bot, behind one interface.

The rules core (:mod:`rules.games`) knows what is legal and decides every rule the bot applies
(the automatic passes and rolls, what resigning is worth, seating, leaving, aborting, takebacks);
a :class:`GamePresenter` only knows how a game is shown to people: its picture, how a move and a
result are put in words, the record file ``/history`` attaches, the ``/move`` suggestions and
the Move button's picker steps (``/rules`` reads ``bot/rules_texts/``). The bot's commands ask
:func:`bot.presenters.presenter_for` for the game's presenter and the game's
:class:`~rules.games.GameRules` for its rules, and never branch on a game id, so a new game adds
its module here and nothing else.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PIL import Image

from rendering import Caption, Layout, encode_png, get_theme
from rendering.drawers import Scene, draw
from rendering.grid_view import grid_cells
from rendering.preview import mark_choices
from rendering.replay import encode_gif
from rules import Square
from rules.games import (
    ActionResult,
    GameOutcome,
    GameRules,
    PositionView,
    Reason,
    Session,
    find_game,
)
from rules.games.effects import Taken

from ..i18n import DEFAULT_LANGUAGE, mark, translate
from ..limits import MAX_ALT_TEXT, MAX_CHOICE_NAME
from ..texts import game_description, game_name, seat_words
from .words import picture_words

if TYPE_CHECKING:
    from ..services.picker import Menu

__all__ = [
    "COMMON_REASONS",
    "COMMON_SHORT_REASONS",
    "BoardView",
    "GamePresenter",
    "PickPath",
    "Ply",
    "RecordInfo",
    "Suggestion",
    "score_tag",
    "tag_value",
]

MAX_SUGGESTIONS = 25
GROUP = "group:"
"""The key prefix of a generic group menu: ``group:<first step's label>`` (a piece)."""
_MAX_PREVIEWS = 300
"""More legal moves than this are listed without previewing each one (wins, captures)."""

#: Reasons decided outside the board (by the players or the bot), the same words for every
#: game, and the repetition draw chess and draughts share; each presenter adds the words for
#: its own game's reasons.
COMMON_REASONS: Mapping[Reason, str] = {
    Reason.THREEFOLD_REPETITION: mark("the same position came up three times"),
    Reason.RESIGNATION: mark("resignation"),
    Reason.AGREEMENT: mark("a draw was agreed"),
    Reason.TIMEOUT: mark("time ran out"),
    Reason.ABORTED: mark("the game was aborted"),
}
#: The same, as a picture's caption or a record's ``Termination`` says them, where shorter.
COMMON_SHORT_REASONS: Mapping[Reason, str] = {
    Reason.THREEFOLD_REPETITION: mark("threefold repetition"),
    Reason.TIMEOUT: mark("out of time"),
}


@dataclass(frozen=True, slots=True)
class Ply:
    """One action as stored: what it did and the position texts around it."""

    result: ActionResult
    before: str
    after: str


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One ``/move`` autocomplete choice: ``name`` (≤ 100 characters) shown, ``value`` played."""

    name: str
    value: str
    wins: bool = False
    captures: int = 0


@dataclass(frozen=True, slots=True)
class PickPath:
    """How the Move button's picker reaches one action: the labels of its menu steps (piece,
    then destination, then e.g. a promotion piece) and the action's canonical text."""

    labels: tuple[str, ...]
    action: str


@dataclass(frozen=True, slots=True)
class BoardView:
    """Everything a board picture shows, as plain values."""

    position: str
    players: Mapping[str, str]
    last: Ply | None = None
    outcome: GameOutcome | None = None
    status: str | None = None
    move_number: int | None = None
    view: str = "white"
    theme: str = "light"
    #: The language of the caption and the words drawn on the picture (the server's for a
    #: thread's boards, the viewer's for a private one).
    language: str = DEFAULT_LANGUAGE
    #: What White and Black have each taken in this game so far, as the letters the picture
    #: draws (:meth:`GamePresenter.taken_from`); ``None`` where no moves are known (a start
    #: position: nothing taken yet).
    taken: tuple[str, str] | None = None
    #: A replay's frame N of M (drawn as ``N/M`` in the caption); ``None``: a board alone.
    #: A replay's frames also hold what would move between plies still (backgammon numbers
    #: its points from :attr:`view` then, not from the side to move).
    frame: tuple[int, int] | None = None
    #: The row of the side to move is highlighted under ``status`` too: a start as ``/rules``
    #: shows it, the side that moves first marked (chess, draughts, backgammon and ludo mark
    #: it whatever the status; Latrunculi marks no row under a status but then).
    show_turn: bool = False


@dataclass(frozen=True, slots=True)
class RecordInfo:
    """The facts a record file's header carries."""

    game_number: int
    title: str
    players: Mapping[str, str]
    start: str
    position: str
    winner: str | None
    reason: Reason | None
    active: bool
    options: Mapping[str, str] = field(default_factory=dict)
    date: str = "????.??.??"
    result_words: str = ""
    #: The earlier finished games of the game's match, in order, as (start, moves, outcome):
    #: a match's record holds them all (backgammon's ``.mat``).
    earlier_games: tuple[tuple[str, tuple[str, ...], GameOutcome], ...] = ()
    #: The language of a record written for people (ludo's text); PGN, PDN and ``.mat``
    #: keep their formats' English tags, which other programs read.
    language: str = DEFAULT_LANGUAGE
    #: The result in :attr:`language` (``result_words`` stays English, for the formats' tags).
    result_text: str = ""


class GamePresenter(ABC):
    """The bot's side of one game. Subclasses set :attr:`game_id` and :attr:`record_suffix`,
    and implement :meth:`describe` and :meth:`record_text`; everything else has a default
    (``docs/adding-a-game.md``)."""

    game_id: str
    #: The game's name and one-line description as the bot shows them, in English and marked
    #: for the catalogs (``mark("Chess")``), which translate them by that English text; empty:
    #: the rules' own (:attr:`GameRules.name`, :attr:`GameRules.description`).
    name: str = ""
    description: str = ""
    #: Whether ``/help``'s own lines already tell about this game (the house's games); any
    #: other game gets a line of its own there (:meth:`help_line`).
    described_in_help: bool = False
    #: The board draws the last move as arrows (backgammon), so the analysis shows a better
    #: play as the board after it, where the grid games draw one arrow on the board before.
    last_move_arrows: bool = False
    #: The folder of the game's ``/rules`` texts, ``<language>.md`` each (first line
    #: ``# <title>``); ``None``: ``bot/rules_texts/<game id>/``. Without any text, ``/rules``
    #: shows the game's name and description.
    rules_dir: Path | None = None
    #: Where a game from outside keeps its words' translations, laid out as ``bot/locale``
    #: (``<dir>/<code>/LC_MESSAGES/<game>.po``): :func:`bot.presenters.register_game` adds them
    #: to the bot's catalogs, so its texts (name, description, move words, reasons) speak the
    #: players' languages with no edit to the bot's own catalogs. ``None``: the house's games,
    #: whose texts are in ``bot/locale``.
    locale_dir: Path | None = None
    #: The name of the position notation (``LPN``, ``FEN``), shown with a start position.
    position_format: str
    #: The record file's extension: ``pgn``, ``pdn``, ``txt``.
    record_suffix: str
    #: The game's own reasons in words, completing "The game is over: …".
    reasons: Mapping[Reason, str] = {}
    #: Shorter words for some of them, after a dash in the picture's caption (``Draw —
    #: threefold repetition``) and in a record's header; the others use :attr:`reasons`.
    short_reasons: Mapping[Reason, str] = {}
    #: Why ``/draw`` is refused in this game, in its own words, when its rules have no draws
    #: by agreement (:attr:`rules.games.GameRules.draws_by_agreement`); ``None``: the common
    #: words.
    no_draws: str | None = None
    #: What ``/move``'s option description and refusals show as examples.
    move_examples: str = ""

    @property
    def rules(self) -> GameRules:
        return find_game(self.game_id)

    # ----- words ----------------------------------------------------------------------------

    def help_line(self, language: str = DEFAULT_LANGUAGE) -> str | None:
        """The game's line in ``/help`` (``None``: :attr:`described_in_help`)."""
        if self.described_in_help:
            return None
        name = game_name(self.game_id, language)
        return f"• **{name}** — {game_description(self.game_id, language)}"

    def seat_title(self, seat: str, language: str = DEFAULT_LANGUAGE) -> str:
        """A seat as players read it: ``White``, ``Black``, ``Red`` (in ``language``)."""
        return seat_words(seat, language)

    def reason_words(self, reason: Reason | None, language: str = DEFAULT_LANGUAGE) -> str:
        """Why a game ended, in words (``checkmate``, ``time ran out``), in ``language``."""
        if reason is None:
            return translate("finished", language)
        english = self.reasons.get(reason) or COMMON_REASONS.get(reason)
        return translate(english, language) if english else reason.value.replace("_", " ")

    def caption_status(self, board: BoardView) -> str | None:
        """The picture caption's status: the caller's, else after the game its result
        ("Alice (White) wins — checkmate", "Draw — threefold repetition")."""
        outcome = board.outcome
        if board.status is not None or outcome is None:
            return board.status
        language = board.language
        words = self.short_reason(outcome.reason, language)
        if outcome.winner is None:
            return translate("Draw — {reason}", language, reason=words)
        title = self.seat_title(outcome.winner, language)
        name = str(board.players.get(outcome.winner, "")).strip()
        if not name or name == self.seat_title(outcome.winner):
            return translate("{seat} wins — {reason}", language, seat=title, reason=words)
        short = name[:17] + "..." if len(name) > 18 else name
        return translate(
            "{name} ({seat}) wins — {reason}", language, name=short, seat=title, reason=words
        )

    def short_reason(self, reason: Reason, language: str = DEFAULT_LANGUAGE) -> str:
        """The reason as the picture's caption says it after a dash."""
        english = self.short_reasons.get(reason) or COMMON_SHORT_REASONS.get(reason)
        return translate(english, language) if english else self.reason_words(reason, language)

    @abstractmethod
    def describe(self, who: str, ply: Ply, language: str = DEFAULT_LANGUAGE) -> str:
        """One action in words: "<who> (White) played `exd5` and took the pawn on d5"."""

    def turn_buttons(
        self, session: Session[Any], language: str = DEFAULT_LANGUAGE
    ) -> list[tuple[str, str]]:
        """The actions a board offers as buttons of their own, as (action, label) pairs
        (backgammon's Roll and Double, Take and Drop); none: the Move button."""
        return []

    def state_line(self, session: Session[Any], language: str = DEFAULT_LANGUAGE) -> str | None:
        """A line under each board of a game in progress with what the picture shows and
        players want in words (backgammon's cube and pip counts), or ``None``."""
        return None

    def turn_hint(self, session: Session[Any], language: str = DEFAULT_LANGUAGE) -> str:
        """How the player to move acts, after "your move": the commands and buttons."""
        return translate("Use `/move` or the Move button.", language)

    # ----- pictures -------------------------------------------------------------------------

    #: Each seat's piece kinds (as :mod:`rules.games.effects` names them) as the letters the
    #: picture draws for them when taken; ``None``: the game's pictures show no taken pieces.
    taken_letters: Mapping[str, Mapping[str, str]] | None = None

    def taken_from(self, history: Sequence[ActionResult]) -> tuple[str, str] | None:
        """What White and Black have taken in a game whose actions reported ``history``, as
        the letters the picture draws: each piece an action took off the board (a
        :class:`~rules.games.effects.Taken` that does not stay, a Latrunculi captive being
        one that does) counts for the seat that played it -- never what is missing from a
        start (a custom start has pieces nobody took), and blind to a promotion or crowning.
        ``None`` for a game without taken pieces."""
        running = self.taken_running(history)
        if running is None:
            return None
        return running[-1] if running else ("", "")

    def taken_running(self, history: Sequence[ActionResult]) -> list[tuple[str, str]] | None:
        """What White and Black had taken after each action of ``history`` (see
        :meth:`taken_from`), in one pass: a replay's frames each show their own."""
        letters = self.taken_letters
        if letters is None:
            return None
        taken: dict[str, Counter[str]] = {"white": Counter(), "black": Counter()}
        running: list[tuple[str, str]] = []
        for result in history:
            for effect in result.effects:
                if isinstance(effect, Taken) and not effect.stays and result.seat in taken:
                    taken[result.seat][letters[effect.seat][effect.piece]] += 1
            running.append(("".join(taken["white"].elements()), "".join(taken["black"].elements())))
        return running

    def alt_text(self, board: BoardView) -> str:
        """The picture in words, for its attachment's description (alt text: what a screen
        reader says, and what a phone shows before the picture loads): the game, the last
        action with its effects, then whose turn it is or the result, in the board's
        language. Built from the texts the messages use, so it says what they say."""
        language = board.language
        parts = [game_name(self.game_id, language) + "."]
        last = board.last
        if last is not None:
            seat = last.result.seat
            who = str(board.players.get(seat) or self.seat_title(seat, language))
            said = self.describe(who, last, language).replace("`", "").replace("**", "")
            parts.append(said if said.endswith(".") else said + ".")
        status = self.caption_status(board)
        if status is None:
            seat = self.rules.session(board.position).to_move
            name = str(board.players.get(seat) or "").strip()
            title = self.seat_title(seat, language)
            status = (
                translate("{player} ({seat}) to move.", language, player=name, seat=title)
                if name and name != self.seat_title(seat)
                else translate("{side} to play", language, side=title) + "."
            )
        parts.append(status if status.endswith(".") else status + ".")
        return " ".join(parts)[:MAX_ALT_TEXT]

    def frame(self, board: BoardView, *, strip: bool = True) -> Image.Image:
        """The board as a Pillow picture; ``strip=False`` leaves its caption strip blank.

        By default the generic grid drawer (:func:`rendering.grid_view.compose_grid`) draws the
        rules' :meth:`~rules.games.Session.view` of the position, the last action's cells
        marked: a grid game needs no drawer of its own."""
        session = self.rules.session(board.position)
        seats = session.seats
        outcome = board.outcome
        caption = Caption(
            players=(
                str(board.players.get(seats[0], self.seat_title(seats[0], board.language))),
                str(board.players.get(seats[-1], self.seat_title(seats[-1], board.language))),
            ),
            status=self.caption_status(board),
            title=game_name(self.game_id, board.language),
            winner=outcome.winner if outcome is not None else None,
            move_number=board.move_number,
            words=picture_words(board.language),
            frame=board.frame,
        )
        return draw(self.scene(board, session.view(), caption, strip=strip))

    def scene(
        self, board: BoardView, view: PositionView, caption: Caption, *, strip: bool = True
    ) -> Scene:
        """The :class:`rendering.drawers.Scene` of ``board``: the rules' ``view`` of its
        position, its caption's words, the last action's effects to mark."""
        return Scene(
            view=view,
            caption=caption,
            last=board.last.result.effects if board.last is not None else (),
            players=board.players,
            outcome=board.outcome,
            perspective=board.view,
            theme=board.theme,
            strip=strip,
        )

    def picture(self, board: BoardView) -> bytes:
        """The board as PNG bytes (CPU-bound: the bot calls it in a worker thread)."""
        return encode_png(self.frame(board))

    def menu_squares(
        self, session: Session[Any], menu: Menu
    ) -> tuple[Square | None, list[Square]] | None:
        """For the Move picker's preview: the square of the piece a menu is about and the
        destination of each of its options, in order (``None``: no preview for this menu,
        e.g. the first one, or a game that is not drawn on a grid).

        Read from the rules' structured actions (:meth:`Session.action_views`) and the view's
        cells, so no game parses its own move texts here: a menu has a preview when its
        options are all moves of one piece on a grid."""
        if not menu.options or not all(o.value.startswith("play:") for o in menu.options):
            return None  # not a menu of moves only (the first menu lists pieces)
        played = [o.value.removeprefix("play:") for o in menu.options]
        view = session.view()
        if view.board != "grid":
            return None
        actions = {a.text: a for a in session.action_views()}
        chosen = [actions.get(text) for text in played]
        sources = {a.source for a in chosen if a is not None}
        if len(sources) != 1 or None in sources:
            return None  # several pieces' moves, or placements: no one piece to ring
        squares = grid_cells(view)
        targets = [squares[a.target] for a in chosen if a is not None and a.target is not None]
        if len(targets) != len(played):
            return None
        return squares[sources.pop() or ""], targets

    def board_layout(self, board: BoardView) -> Layout | None:
        """The picture's grid geometry (where each square is drawn), if it has one."""
        return None

    def preview(self, board: BoardView, session: Session[Any], menu: Menu) -> bytes | None:
        """The picker's private preview of ``menu`` as PNG bytes: the board with the chosen
        piece ringed and each option's destination numbered as the menu numbers it, or
        ``None`` for a menu without one (CPU-bound: the bot calls it in a worker thread)."""
        spots = self.menu_squares(session, menu)
        lay = self.board_layout(board)
        if spots is None or lay is None:
            return None
        img = self.frame(board)
        mark_choices(img, lay, get_theme(board.theme), spots[0], spots[1])
        return encode_png(img)

    def replay(self, boards: Sequence[BoardView]) -> bytes:
        """The boards of a whole game, first position to last, as an animated GIF (one frame
        per board, the last held longer; CPU-bound, up to a second: run it in a worker
        thread). Each frame is its board's own picture, numbered ``N/M`` in its caption
        (:attr:`BoardView.frame`): its caption says what was true at that ply (whose turn,
        the move, what was taken; the result on the last one only). Each is drawn when the
        GIF writer asks for it and let go once written (:func:`rendering.replay.encode_gif`),
        so memory does not grow with the game."""
        if not boards:
            raise ValueError("a replay needs at least one board")
        count = len(boards)
        return encode_gif(
            self.frame(replace(board, frame=(number, count)))
            for number, board in enumerate(boards, start=1)
        )

    # ----- choosing moves -------------------------------------------------------------------

    def choice_name(
        self, text: str, result: ActionResult, wins: bool, language: str = DEFAULT_LANGUAGE
    ) -> str:
        """A suggestion's name: the move, ``✕`` and what it takes, ``🏆`` when it wins (in
        the ``language`` of the one who reads the suggestions)."""
        parts = [text]
        if result.captured:
            squares = ", ".join(str(s) for s in result.captured)
            parts.append(translate("✕ takes {squares}", language, squares=squares))
        if wins:
            parts.append(translate("🏆 wins", language))
        return " ".join(parts)

    def matches(self, canonical: str, typed: str) -> bool:
        """Whether a move fits what was typed so far (case and separators ignored)."""
        needle, canon = _compact(typed), _compact(canonical)
        if not needle or canon.startswith(needle):
            return True
        # a capture typed without its "x" (``ed5``, ``22-15``) still finds it
        return "x" not in needle and canon.replace("x", "").startswith(needle)

    def suggestions(
        self,
        session: Session[Any],
        typed: str,
        limit: int = MAX_SUGGESTIONS,
        language: str = DEFAULT_LANGUAGE,
    ) -> list[Suggestion]:
        """Legal moves matching ``typed``, wins first, then captures (marked), then by text;
        named in the player's ``language``."""
        mover = session.to_move
        candidates = [(m, session.format(m)) for m in session.legal_moves()]
        matching = [(m, t) for m, t in candidates if self.matches(t, typed)]
        if len(matching) > _MAX_PREVIEWS:
            return [Suggestion(t[:MAX_CHOICE_NAME], t) for _, t in sorted(matching, key=_text)][
                :limit
            ]
        out = []
        for move, text in matching:
            result = session.push(move)
            outcome = session.outcome
            session.pop()
            wins = outcome is not None and outcome.winner == mover
            name = self.choice_name(text, result, wins, language)[:MAX_CHOICE_NAME]
            out.append(Suggestion(name, text, wins, len(result.captured)))
        out.sort(key=lambda s: (not s.wins, -s.captures, self.order_key(s.value)))
        return out[:limit]

    def order_key(self, canonical: str) -> Any:
        """How moves of equal interest are ordered in suggestions and menus: as text."""
        return canonical

    def pick_paths(
        self, session: Session[Any], language: str = DEFAULT_LANGUAGE
    ) -> list[PickPath] | None:
        """The Move picker's steps for every legal action, labelled in the picker's
        ``language`` (a piece's label ends with its square), or ``None`` when the game has its
        own picker (the Latrunculi menus with placements and paging).

        By default they come from the rules' :meth:`~rules.games.Session.action_views`: a
        move's piece by its cell, then the move; any other action in one step."""
        views = session.action_views()
        return [
            PickPath((v.source, v.text) if v.kind == "move" and v.source else (v.text,), v.text)
            for v in views
        ]

    def menu(
        self, game_id: int, session: Session[Any], key: str, language: str = DEFAULT_LANGUAGE
    ) -> Menu:
        """The Move menu reached by picking ``key`` (``first`` opens them), in the player's
        ``language``."""
        from ..services.picker import path_menu  # the services import the presenters

        return path_menu(game_id, self, session, key, language)

    # ----- records -------------------------------------------------------------------------

    @abstractmethod
    def record_text(self, info: RecordInfo, moves: Sequence[str]) -> str:
        """The whole game as a file in the game's own format (PGN, PDN, LPN text)."""

    def record_filename(self, game_number: int) -> str:
        return f"{self.game_id}-game-{game_number}.{self.record_suffix}"


def score_tag(info: RecordInfo) -> str:
    """A two-seat game's result as PGN and PDN write it, White's score first: ``1-0``,
    ``0-1``, ``1/2-1/2``, or ``*`` while it goes on (and for an aborted game, which has none)."""
    if info.active or info.reason is Reason.ABORTED:
        return "*"
    if info.winner is None:
        return "1/2-1/2"
    return "1-0" if info.winner == "white" else "0-1"


def tag_value(value: str) -> str:
    """A text made safe inside a record's ``[Tag "value"]`` pair (one line, no ``"``)."""
    return value.replace('"', "'").replace("\n", " ")


def _text(pair: tuple[object, str]) -> str:
    return pair[1]


def _compact(text: str) -> str:
    return "".join(ch for ch in text.strip().lower() if ch not in " -–—:+#=")
