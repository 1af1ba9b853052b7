"""Ludo for 2–4 players behind the house interface (games.md, "ludo").

A game passes through three kinds of position:

* **the roll for the first player** (to-move field ``RY``, ``RBY``, ``RBYG`` or, after a tie, the
  tied colours): the one action is ``roll:a-b[-c[-d]]``, one die per rolling colour in seat
  order; the highest starts, a tie among the highest leaves just those rolling again. It starts
  from :meth:`LudoRules.opening`; ``start`` (the spec's start text) has red to roll;
* **a roll due** (no die): ``roll:N``, the bot's die;
* **the die set**: a token move (:mod:`.moves`) or ``pass`` when none can move. After a 6 the same
  colour rolls again, otherwise the next colour clockwise.

A seat that resigns or runs out of time leaves (:meth:`LudoSession.leave`, recorded as the action
``resign:red`` or ``timeout:red`` so replays are exact): its tokens come off, the others play on,
and the last one left wins.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass

from ...errors import (
    IllegalMoveError,
    MoveSyntaxError,
    RulesError,
    Wording,
    mark,
    seat_list,
    seat_word,
)
from ..base import (
    GAME_OVER_REASON,
    ActionResult,
    GameOption,
    GameOutcome,
    GameRules,
    Reason,
    Seating,
    Session,
)
from ..effects import Effect, Ended, Knocked, Moved, Passed, Resigned, Rolled, SeatFinished
from ..view import ActionView, PositionView
from .contract import CELLS, PROGRESS_CELLS, move_effects, off_board, pieces
from .moves import TokenMove, apply, explain, generate
from .position import (
    BASE,
    COLOURS,
    FINISH,
    HOME,
    LETTERS,
    NAMES,
    SEATINGS,
    START_FIELD,
    TRACK,
    Left,
    State,
    format_state,
    parse_state,
)

ROLL, MOVE, PASS_WORD = "roll", "move", "pass"
MAX_INPUT = 40
MOVE_HINT = mark("B-0, BB-0, B-5, 12-17, 41-F or pass")
_ROLL_TEXT = re.compile(r"^roll\s*:?\s*([1-6](?:\s*-\s*[1-6])*)$", re.IGNORECASE)
_MOVE_TEXT = re.compile(r"^(BB|B|F|\d{1,2})\s*-\s*(B|F|\d{1,2})$", re.IGNORECASE)
_LEAVE_TEXT = re.compile(r"^(resign|timeout)\s*:\s*([a-z]+)$", re.IGNORECASE)
_LEAVE_WORDS = {"resign": Reason.RESIGNATION, "timeout": Reason.TIMEOUT}
_LEAVE_NAMES = {Reason.RESIGNATION: "resign", Reason.TIMEOUT: "timeout"}

_PLAYERS_OPTION = GameOption(
    key="players",
    label="Players",
    description="How many play: 2 (red, yellow), 3 (red, blue, yellow) or 4",
    choices=(("2", "2 players"), ("3", "3 players"), ("4", "4 players")),
    default="2",
)


@dataclass(frozen=True, slots=True)
class LudoAction:
    """One action: a roll (``dice``: one die, or one per colour rolling for the first turn), a
    token move (``move``; ``None`` for ``pass``), or a seat leaving (``leaver``, ``reason``)."""

    kind: str
    dice: tuple[int, ...] = ()
    move: TokenMove | None = None
    leaver: str = ""
    reason: Reason | None = None

    def __str__(self) -> str:
        if self.kind == ROLL:
            return "roll:" + "-".join(str(d) for d in self.dice)
        if self.reason is not None:
            return f"{_LEAVE_NAMES[self.reason]}:{NAMES[self.leaver]}"
        return str(self.move) if self.move is not None else PASS_WORD


PASS = LudoAction(MOVE)


class LudoRules(GameRules):
    """Ludo ("Čovječe, ne ljuti se") for 2–4 players."""

    id = "ludo"
    name = "Ludo"
    description = (
        "Ludo for 2–4 players: roll a 1 or 6 to enter, knock others home, race four tokens in"
    )
    seats = tuple(NAMES[c] for c in COLOURS)
    board = "40 fields"
    options = (_PLAYERS_OPTION,)
    move_hint = MOVE_HINT
    table_seats = len(COLOURS)
    seated_options = frozenset({"players"})  # the colours follow the number seated
    first_by_roll = True
    seats_leave = True
    draws_by_agreement = False
    numbered_moves = False
    own_moves_to_abort = 1

    def _seating(self, options: Mapping[str, str] | None) -> str:
        return SEATINGS[int(self.resolve_options(options)["players"])]

    def start(self, options: Mapping[str, str] | None = None) -> str:
        """The spec's start: every token in base, red to roll."""
        seats = self._seating(options)
        return format_state(State(seats, {c: [BASE] * 4 for c in seats}, seats[0]))

    def opening(self, options: Mapping[str, str] | None = None) -> str:
        """The start before the first player is decided: every colour rolls once
        (``roll:a-b…``), the highest starts. The bot opens a new game here so that those
        rolls are plies of the game."""
        seats = self._seating(options)
        return format_state(State(seats, {c: [BASE] * 4 for c in seats}, seats[0], rolling=seats))

    def session(self, position: str | None = None) -> LudoSession:
        return LudoSession(self, parse_state(position if position is not None else self.start()))

    def seating(self, options: Mapping[str, str], count: int) -> Seating:
        """Before the roll for the first player (:meth:`opening`), with the colours of
        ``count`` players (2: red and yellow, 3: red, blue and yellow, 4: all)."""
        chosen = {**options, "players": str(count)}
        position = self.opening(chosen)
        return Seating(position, self.session(position).seats, chosen)

    def leave_action(self, seat: str, reason: Reason) -> str:
        """``resign:<seat>`` or ``timeout:<seat>`` (:meth:`LudoSession.leave`)."""
        if reason not in _LEAVE_NAMES:
            raise RulesError(f"a seat leaves by resignation or timeout, not {reason.value}")
        return f"{_LEAVE_NAMES[reason]}:{seat}"

    def is_leave(self, canonical: str) -> bool:
        """``resign:…`` and ``timeout:…`` (also as typed, before the colour)."""
        return canonical.partition(":")[0] in _LEAVE_WORDS


@dataclass(slots=True)
class _Frame:
    state: State
    action: LudoAction
    result: ActionResult


class LudoSession(Session[LudoAction]):
    """A ludo game over a :class:`~.position.State` (read it as :attr:`state`)."""

    def __init__(self, rules: LudoRules, state: State) -> None:
        self.rules = rules
        self.state = state
        self._stack: list[_Frame] = []

    # ----- reading ------------------------------------------------------------------------

    @property
    def seats(self) -> tuple[str, ...]:
        """Every colour of this game (those that left too), clockwise from red."""
        return tuple(NAMES[c] for c in self.state.seats)

    @property
    def to_move(self) -> str:
        return NAMES[self.state.to_move]

    @property
    def chance_due(self) -> bool:
        return self.outcome is None and self.state.die is None

    @property
    def die(self) -> int | None:
        """The die to be played, or ``None`` when a roll is due."""
        return self.state.die

    @property
    def rolling_for_first(self) -> tuple[str, ...]:
        """The colours still rolling for the first turn (empty once it is decided)."""
        return tuple(NAMES[c] for c in self.state.rolling)

    @property
    def ply(self) -> int:
        return len(self._stack)

    @property
    def history(self) -> list[ActionResult]:
        return [f.result for f in self._stack]

    def position_text(self) -> str:
        return format_state(self.state)

    @property
    def outcome(self) -> GameOutcome | None:
        state = self.state
        finished = [c for c in state.active if all(p == FINISH for p in state.tokens[c])]
        if finished:
            return GameOutcome(NAMES[finished[0]], Reason.FINISHED, self.places())
        if len(state.active) == 1:
            last = max(state.left.values(), key=lambda x: x.rank)
            return GameOutcome(NAMES[state.active], last.reason, self.places())
        return None

    def places(self) -> tuple[str, ...]:
        """Every colour by place: those playing by tokens finished, then total progress
        (``B`` 0, ``F`` 44), then seat order; then those who left, the last to leave first."""
        state = self.state

        def key(colour: str) -> tuple[int, int, int]:
            tokens = state.tokens[colour]
            total = sum(max(p, 0) for p in tokens)
            return (-tokens.count(FINISH), -total, state.seats.index(colour))

        playing = sorted(state.active, key=key)
        gone = sorted(state.left, key=lambda c: -state.left[c].rank)
        return tuple(NAMES[c] for c in playing + gone)

    # ----- the position and the legal actions as data ------------------------------------

    def view(self) -> PositionView:
        """The position as data: ``board="track"`` (drawn on the 11 × 11 cross board), cells
        the track's fields ``"0"`` … ``"39"`` then the home-line fields ``"home:0"`` …
        ``"home:3"`` (see :mod:`.contract`), yards and finished tokens in ``off_board``, the
        die, ``last`` the cells the last action's tokens left and reached (``"yard"`` and
        ``"home"`` too) and where it knocked, and in ``extra``: ``track`` (40), ``home_fields``
        (4), ``start_fields`` (each seat's start field), ``rolling`` (the seats rolling for the
        first turn), ``left`` (the seats that left, with why) and, after a roll for the first
        turn, ``first_roll`` (each seat's die)."""
        state = self.state
        outcome = self.outcome
        last: dict[str, None] = {}
        extra: dict[str, object] = {
            "track": TRACK,
            "home_fields": FINISH - HOME,
            "start_fields": {NAMES[c]: str(START_FIELD[c]) for c in state.seats},
            "rolling": list(self.rolling_for_first),
            "left": {NAMES[c]: gone.reason.value for c, gone in state.left.items()},
        }
        if self._stack:
            frame = self._stack[-1]
            for effect in frame.result.effects:
                if isinstance(effect, Moved):
                    last[effect.source] = None
                    last[effect.target] = None
                elif isinstance(effect, Knocked):
                    last[effect.cell] = None
            if frame.action.kind == ROLL and frame.state.rolling:
                extra["first_roll"] = {
                    NAMES[c]: d for c, d in zip(frame.state.rolling, frame.action.dice, strict=True)
                }
        return PositionView(
            game=self.rules.id,
            board="track",
            files=11,
            ranks=11,
            cells=CELLS,
            pieces=pieces(state),
            seats=self.seats,
            to_move=None if outcome is not None else self.to_move,
            off_board=off_board(state),
            dice=(state.die,) if state.die is not None else (),
            outcome=outcome.as_json() if outcome is not None else None,
            last=tuple(last),
            extra=extra,
        )

    def action_views(self) -> list[ActionView]:
        """``roll`` (one line for every roll), ``pass`` and the token moves (``kind="move"``,
        ``source`` and ``target`` as cells), in the order of :meth:`legal_actions`."""
        views: dict[str, ActionView] = {}
        cells = PROGRESS_CELLS[self.state.to_move]
        for action in self.legal_moves():
            if action.kind == ROLL:
                views[ROLL] = ActionView(ROLL, ROLL)
            elif action.move is None:
                views[PASS_WORD] = ActionView(PASS_WORD, PASS_WORD)
            else:
                move = action.move
                text = str(move)
                views[text] = ActionView(text, MOVE, cells[move.src], cells[move.dst])
        return [views[text] for text in sorted(views)]

    # ----- actions ------------------------------------------------------------------------

    def legal_moves(self) -> list[LudoAction]:
        if self.outcome is not None:
            return []
        state = self.state
        if state.die is None:
            count = len(state.rolling) or 1
            return [LudoAction(ROLL, dice) for dice in _all_dice(count)]
        moves = generate(state.tokens[state.to_move], state.die)
        return [LudoAction(MOVE, move=m) for m in moves] if moves else [PASS]

    def legal_actions(self) -> list[str]:
        """As :meth:`Session.legal_actions`, but a due roll is the one line ``roll`` (the die
        is the bot's, given to :meth:`play` as ``roll:6``)."""
        return sorted({ROLL if m.kind == ROLL else str(m) for m in self.legal_moves()})

    def format(self, action: LudoAction) -> str:
        return str(action)

    def roll(self, rng: random.Random) -> str:
        """The roll action for dice thrown by ``rng`` (one die, or one per colour rolling for
        the first turn), when a roll is due; not played."""
        if not self.chance_due:
            raise IllegalMoveError(ROLL, self._no_roll_reason())
        count = len(self.state.rolling) or 1
        return "roll:" + "-".join(str(rng.randint(1, 6)) for _ in range(count))

    def _no_roll_reason(self) -> Wording:
        if self.outcome is not None:
            return Wording(GAME_OVER_REASON)
        return Wording(
            mark("the die shows {die}: {side} moves"),
            die=self.state.die,
            side=seat_word(self.to_move),
        )

    def parse(self, text: str) -> LudoAction:
        shown = text.strip()
        if len(shown) > MAX_INPUT:
            raise MoveSyntaxError(
                mark("that move is too long ({count} characters)"), count=len(shown)
            )
        word = shown.lower()
        roll = _ROLL_TEXT.match(shown)
        if roll is not None or word == ROLL:
            return self._parse_roll(shown, roll)
        leave = _LEAVE_TEXT.match(shown)
        if leave is not None:
            return self._parse_leave(shown, leave.group(1).lower(), leave.group(2).lower())
        match = _MOVE_TEXT.match(shown)
        if match is None and word != PASS_WORD:
            raise MoveSyntaxError(
                mark("{move} is not a ludo move (expected e.g. {hint}, or roll:6)"),
                move=repr(shown),
                hint=Wording(MOVE_HINT),
            )
        if self.outcome is not None:
            raise IllegalMoveError(shown, GAME_OVER_REASON)
        state = self.state
        if state.rolling:
            raise IllegalMoveError(
                shown,
                mark("the first player is not decided: {colours} roll for it"),
                colours=seat_list(self.rolling_for_first),
            )
        if state.die is None:
            raise IllegalMoveError(shown, mark("{side} rolls first"), side=seat_word(self.to_move))
        moves = generate(state.tokens[state.to_move], state.die)
        if match is None:
            if moves:
                raise IllegalMoveError(
                    shown, mark("a token can move (e.g. {move}): no pass"), move=str(moves[0])
                )
            return PASS
        src, dst = match.group(1).upper(), _progress(match.group(2))
        if dst is None:
            raise MoveSyntaxError(
                mark("{move}: a move ends on 0–43 or F, never in the base"), move=repr(shown)
            )
        if (src.isdigit() and int(src) >= FINISH) or dst > FINISH:
            raise MoveSyntaxError(mark("{move}: progress runs 0–43, then F"), move=repr(shown))
        for move in moves:
            if str(move) == f"{src}-{_text(dst)}" or _same(move, src, dst):
                return LudoAction(MOVE, move=move)
        raise IllegalMoveError(
            shown, explain(state.tokens[state.to_move], state.to_move, state.die, src, dst)
        )

    def _parse_roll(self, shown: str, roll: re.Match[str] | None) -> LudoAction:
        count = len(self.state.rolling) or 1
        example = "roll:" + "-".join(str(d) for d in (3, 5, 2, 6)[:count])
        if roll is None:
            raise IllegalMoveError(
                shown, mark("say the dice, as in {example} (the bot rolls them)"), example=example
            )
        if not self.chance_due:
            raise IllegalMoveError(shown, self._no_roll_reason())
        dice = tuple(int(d) for d in re.findall(r"[1-6]", roll.group(1)))
        if len(dice) != count:
            who = seat_list(self.rolling_for_first or (self.to_move,))
            if count == 1:
                raise IllegalMoveError(
                    shown, mark("1 die is due ({who}), as in {example}"), who=who, example=example
                )
            raise IllegalMoveError(
                shown,
                mark("{count} dice are due ({who}), as in {example}"),
                count=count,
                who=who,
                example=example,
            )
        return LudoAction(ROLL, dice)

    def _parse_leave(self, shown: str, verb: str, name: str) -> LudoAction:
        colour = LETTERS.get(name)
        if colour is None or colour not in self.state.seats:
            raise IllegalMoveError(
                shown, mark("{colour} does not play in this game"), colour=seat_word(name)
            )
        if self.outcome is not None:
            raise IllegalMoveError(shown, GAME_OVER_REASON)
        if colour in self.state.left:
            raise IllegalMoveError(shown, mark("{colour} has already left"), colour=seat_word(name))
        return LudoAction("leave", leaver=colour, reason=_LEAVE_WORDS[verb])

    def leave(self, seat: str, reason: Reason = Reason.RESIGNATION) -> ActionResult:
        """``seat`` resigns (``Reason.RESIGNATION``) or runs out of time (``Reason.TIMEOUT``)
        and leaves: its tokens come off, play goes on; the last one left wins with that reason.
        Recorded as the action ``resign:<seat>`` / ``timeout:<seat>``."""
        return self.play(self.rules.leave_action(seat, reason))

    def automatic(self, rng: random.Random) -> str | None:
        """The dice ``rng`` throws whenever a roll is due (the roll for the first player too)
        and a pass for a die no token can use: a player only ever picks a token."""
        if self.chance_due:
            return self.roll(rng)
        if self.legal_actions() == [PASS_WORD]:
            return PASS_WORD
        return None

    def push(self, action: LudoAction) -> ActionResult:
        state = self.state
        seat = self.to_move
        before = state.copy()
        frame = _Frame(before, action, ActionResult(str(action), seat))
        captured: list[int] = []
        effects: list[Effect]
        if action.kind == ROLL:
            if state.rolling:
                effects = [
                    Rolled(NAMES[c], (d,)) for c, d in zip(state.rolling, action.dice, strict=True)
                ]
                _settle_first(state, action.dice)
            else:
                effects = [Rolled(seat, action.dice)]
                state.die = action.dice[0]
        elif action.kind == MOVE:
            die, colour = state.die, state.to_move
            if action.move is not None:
                captured = apply(state, colour, action.move)
                effects = move_effects(before, colour, action.move, captured)
                if action.move.dst == FINISH and all(p == FINISH for p in state.tokens[colour]):
                    effects.append(SeatFinished(seat, 1))
                    effects.append(Ended(seat, Reason.FINISHED.value, places=self.places()))
            else:
                effects = [Passed(seat)]
            state.die = None
            if die != 6:
                state.to_move = state.next_colour(colour)
        else:
            _remove(state, action.leaver, action.reason or Reason.RESIGNATION)
            effects = [Resigned(NAMES[action.leaver])]
            if len(state.active) == 1:
                outcome = self.outcome
                assert outcome is not None
                effects.append(Ended(outcome.winner, outcome.reason.value, places=outcome.places))
        frame.result = ActionResult(str(action), seat, tuple(captured), effects=tuple(effects))
        self._stack.append(frame)
        return frame.result

    def pop(self) -> LudoAction:
        frame = self._stack.pop()
        self.state = frame.state
        return frame.action

    def perft(self, depth: int) -> int:
        """Distinct legal moves for the die shown (depth 1 only; a pass counts 1): what comes
        after depends on dice not yet rolled, so deeper counts are refused."""
        if depth <= 0:
            return 1
        if depth > 1:
            raise RulesError("ludo perft counts one move only (depth 1): later moves need dice")
        if self.outcome is None and self.state.die is None:
            raise RulesError("ludo perft needs the die set; a roll is due here")
        return len(self.legal_moves())


def _all_dice(count: int) -> list[tuple[int, ...]]:
    combos: list[tuple[int, ...]] = [()]
    for _ in range(count):
        combos = [c + (d,) for c in combos for d in range(1, 7)]
    return combos


def _settle_first(state: State, dice: tuple[int, ...]) -> None:
    """One round of the roll for the first player: the highest starts; a tie among the
    highest leaves just those colours rolling again."""
    best = max(dice)
    tied = "".join(c for c, d in zip(state.rolling, dice, strict=True) if d == best)
    state.to_move = tied[0]
    state.rolling = tied if len(tied) > 1 else ""


def _remove(state: State, colour: str, reason: Reason) -> None:
    """Take ``colour``'s tokens off; if it was to move, the next colour rolls."""
    rank = len(state.left) + 1
    del state.tokens[colour]
    state.left[colour] = Left(reason, rank)
    if state.rolling:
        remaining = state.rolling.replace(colour, "")
        state.rolling = remaining if len(remaining) > 1 else ""
        state.to_move = remaining[0]
    elif state.to_move == colour:
        state.to_move = state.next_colour(colour)
        state.die = None
    if len(state.active) == 1:
        state.die = None
        state.rolling = ""


def _progress(text: str) -> int | None:
    word = text.upper()
    if word == "B":
        return None
    if word == "F":
        return FINISH
    return int(word)


def _text(progress: int) -> str:
    return "F" if progress == FINISH else str(progress)


def _same(move: TokenMove, src: str, dst: int) -> bool:
    """``44`` typed for ``F``: the same move."""
    typed_src = BASE if src in ("B", "BB") else (FINISH if src == "F" else int(src))
    count = 2 if src == "BB" else 1
    return (move.src, move.dst, move.count) == (typed_src, dst, count)


__all__ = ["MOVE_HINT", "LudoAction", "LudoRules", "LudoSession"]
