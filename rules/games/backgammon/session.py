"""Backgammon with the doubling cube behind the house interface (games.md, "backgammon").

A game goes through four kinds of position, all written in the XGID:

* the **opening** (start board, centred 1-cube, dice ``00``): the only action is the opening
  roll ``roll:W-B`` (White's die, then Black's); a tie changes nothing, otherwise the higher
  die's owner plays both dice as rolled;
* **roll due** (dice ``00``): ``roll:H-L`` (the bot's dice), or ``double`` when the cube is
  centred or the mover's, it is not the Crawford game and the cube is below the max cube;
* **double offered** (dice ``D``, the turn field names the doubler): the opponent's ``take``
  (cube doubled and theirs, the doubler then rolls) or ``drop`` (the doubler wins the cube's
  value before doubling);
* **dice set**: one of the legal turns of :mod:`.turns`, or ``pass`` when no step can be played.

The dice come only from :meth:`BackgammonSession.roll` with the caller's random generator (the
bot's ``secrets.SystemRandom``) or from a recorded ``roll:…`` action, so replays are exact.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...errors import (
    IllegalMoveError,
    MoveSyntaxError,
    PositionError,
    RulesError,
    Wording,
    mark,
    seat_word,
)
from ..base import (
    GAME_OVER_REASON,
    ActionResult,
    GameOption,
    GameOutcome,
    GameRules,
    Reason,
    Session,
)
from ..effects import CubeOffered, CubeTaken, Effect, Ended, Moved, Passed, Rolled
from ..view import ActionView, Cube, PositionView
from .contract import CELLS, board_pieces, off_board, step_cells, turn_effects
from .notation import MAX_INPUT, MOVE_HINT, explain, match_play, parse_paths
from .steps import TurnSoFar, turn_so_far
from .turns import BAR, Play, apply_step, format_steps, generate
from .xgid import (
    BLACK,
    MAX_MATCH,
    SEAT_NAMES,
    WHITE,
    State,
    format_xgid,
    parse_xgid,
    single_game_refusal,
)

ROLL, DOUBLE, TAKE, DROP, MOVE = "roll", "double", "take", "drop", "move"
_ROLL_TEXT = re.compile(r"^roll\s*:?\s*([1-6])\s*-?\s*([1-6])$", re.IGNORECASE)
_CUBE_WORDS = {DOUBLE, TAKE, DROP}


@dataclass(frozen=True, slots=True)
class BackgammonAction:
    """One action: a roll (``dice`` as rolled; for the opening White's die first), a cube action,
    or a turn (``play``; ``None`` for ``pass``)."""

    kind: str
    dice: tuple[int, int] = (0, 0)
    play: Play | None = None

    def __str__(self) -> str:
        if self.kind == ROLL:
            return f"roll:{self.dice[0]}-{self.dice[1]}"
        if self.kind == MOVE:
            return str(self.play) if self.play is not None else "pass"
        return self.kind


PASS = BackgammonAction(MOVE)
_CUBE_ACTIONS = {kind: BackgammonAction(kind) for kind in _CUBE_WORDS}

_MATCH_OPTION = GameOption(
    key="match",
    label="Match",
    description="Play a match to this many points (without it: a single game with the cube)",
    choices=tuple((str(n), f"{n} point{'s' if n > 1 else ''}") for n in range(1, MAX_MATCH + 1)),
    default="0",
)


class BackgammonRules(GameRules):
    """Backgammon with the doubling cube; single games and matches to N points."""

    id = "backgammon"
    name = "Backgammon"
    description = "Backgammon with the doubling cube: race your 15 checkers home and bear them off"
    seats = ("white", "black")
    board = "24 points"
    options = (_MATCH_OPTION,)
    move_hint = MOVE_HINT
    has_only_plays = True
    draws_by_agreement = False
    numbered_moves = False

    def next_match_start(self, position: str, outcome: GameOutcome) -> str | None:
        session = self.session(position)
        return score_after(session, outcome).next_start

    def start(self, options: Mapping[str, str] | None = None) -> str:
        resolved = self.resolve_options(options)
        return format_xgid(State(match=int(resolved["match"])))

    def session(self, position: str | None = None) -> BackgammonSession:
        state = State() if position is None else parse_xgid(position)
        return BackgammonSession(self, state)


@dataclass(slots=True)
class _Frame:
    state: State
    dropped: bool
    action: BackgammonAction
    result: ActionResult


class BackgammonSession(Session[BackgammonAction]):
    """A backgammon game over a :class:`~.xgid.State` (read it as :attr:`state`)."""

    def __init__(self, rules: BackgammonRules, state: State) -> None:
        self.rules = rules
        self.state = state
        #: Set when the last action was a drop: the XGID has no field for it.
        self.dropped = False
        self._stack: list[_Frame] = []
        self._plays: list[Play] | None = None

    # ----- reading ------------------------------------------------------------------------

    @property
    def to_move(self) -> str:
        state = self.state
        side = 1 - state.turn if state.doubled else state.turn
        return SEAT_NAMES[side]

    @property
    def chance_due(self) -> bool:
        """A roll is among the actions now (the player may still prefer to double)."""
        state = self.state
        return self.outcome is None and state.dice is None and not state.doubled

    @property
    def may_double(self) -> bool:
        """Whether ``double`` is legal now."""
        return self._double_refusal() is None

    @property
    def ply(self) -> int:
        return len(self._stack)

    @property
    def history(self) -> list[ActionResult]:
        return [f.result for f in self._stack]

    def position_text(self) -> str:
        return format_xgid(self.state)

    def pips(self) -> tuple[int, int]:
        """The race counts of White and Black."""
        return self.state.pips(WHITE), self.state.pips(BLACK)

    @property
    def outcome(self) -> GameOutcome | None:
        state = self.state
        if self.dropped:
            # The doubler (the turn field) wins the cube as it was before the double.
            return GameOutcome(SEAT_NAMES[state.turn], Reason.DROP, points=state.cube_value)
        for side in (WHITE, BLACK):
            if state.on_board(side) == 0:
                return _bear_off_outcome(state, side)
        return None

    # ----- the position and the legal actions as data ------------------------------------

    def view(self) -> PositionView:
        """The position as data: ``board="points"`` on 12 × 2 columns, cells White's points
        ``"1"`` … ``"24"`` (see :mod:`.contract`), bars and trays in ``off_board``, the dice
        (``()`` while a roll is due), the cube, ``last`` the cells the last action's checkers
        left and reached (``"bar"`` and ``"off"`` too; none after a roll or a cube action), and
        in ``extra``: ``match``, ``score``, ``crawford``, ``max_cube`` (its value), ``dice_of``
        (whose dice are shown), ``opening`` (the opening roll is due), ``pips``, and after the
        opening roll ``opening_roll`` (each side's die)."""
        state = self.state
        outcome = self.outcome
        last: tuple[str, ...] = ()
        extra: dict[str, object] = {
            "match": state.match,
            "score": {"white": state.score[0], "black": state.score[1]},
            "crawford": state.crawford,
            "max_cube": 1 << state.max_cube,
            "dice_of": SEAT_NAMES[state.turn] if state.dice is not None else None,
            "opening": state.is_opening,
            "pips": {"white": state.pips(WHITE), "black": state.pips(BLACK)},
        }
        if self._stack:
            frame = self._stack[-1]
            marks: dict[str, None] = {}
            for effect in frame.result.effects:
                if isinstance(effect, Moved):
                    marks[effect.source] = None
                    marks[effect.target] = None
            last = tuple(marks)
            if frame.action.kind == ROLL and frame.state.is_opening:
                white_die, black_die = frame.action.dice
                extra["opening_roll"] = {"white": white_die, "black": black_die}
        return PositionView(
            game=self.rules.id,
            board="points",
            files=12,
            ranks=2,
            cells=CELLS,
            pieces=board_pieces(state),
            seats=self.rules.seats,
            to_move=None if outcome is not None else self.to_move,
            off_board=off_board(state),
            dice=state.dice or (),
            cube=Cube(
                state.cube_value,
                SEAT_NAMES[state.owner] if state.owner >= 0 else None,
                2 * state.cube_value if state.doubled else None,
            ),
            outcome=outcome.as_json() if outcome is not None else None,
            last=last,
            extra=extra,
        )

    def action_views(self) -> list[ActionView]:
        """``roll`` (one line for every roll), ``double``, ``take``, ``drop``, ``pass`` and the
        turns (``kind="turn"``, ``steps`` as (source, target) cells in White's numbering), in
        the order of :meth:`legal_actions`."""
        views: dict[str, ActionView] = {}
        side = self.state.turn
        for move in self.legal_moves():
            if move.kind == ROLL:
                views[ROLL] = ActionView(ROLL, ROLL)
            elif move.kind == MOVE:
                if move.play is None:
                    views["pass"] = ActionView("pass", "pass")
                else:
                    text = str(move.play)
                    views[text] = ActionView(text, "turn", steps=step_cells(side, move.play.steps))
            else:
                views[move.kind] = ActionView(move.kind, move.kind)
        return [views[text] for text in sorted(views)]

    # ----- actions ------------------------------------------------------------------------

    def _me_opp(self) -> tuple[list[int], list[int]]:
        state = self.state
        return state.points[state.turn], state.points[1 - state.turn]

    def _legal_plays(self) -> list[Play]:
        if self._plays is None:
            dice = self.state.dice
            assert dice is not None
            me, opp = self._me_opp()
            self._plays = generate(me, opp, dice)
        return self._plays

    def legal_moves(self) -> list[BackgammonAction]:
        if self.outcome is not None:
            return []
        state = self.state
        if state.doubled:
            return [_CUBE_ACTIONS[TAKE], _CUBE_ACTIONS[DROP]]
        if state.dice is None:
            if state.is_opening:
                return [BackgammonAction(ROLL, (w, b)) for w in range(1, 7) for b in range(1, 7)]
            rolls = [
                BackgammonAction(ROLL, (h, low)) for h in range(1, 7) for low in range(1, h + 1)
            ]
            return rolls + ([_CUBE_ACTIONS[DOUBLE]] if self.may_double else [])
        plays = self._legal_plays()
        return [BackgammonAction(MOVE, play=p) for p in plays] if plays else [PASS]

    def turn_so_far(self, done: Sequence[tuple[int, int]] = ()) -> TurnSoFar:
        """The turn being put together from the steps ``done`` (``(from point, die)``): the
        dice left, the steps that may follow, and the legal turn once complete (see
        :mod:`.steps`). Only while dice are set to be played."""
        state = self.state
        if self.outcome is not None or state.doubled or state.dice is None:
            raise IllegalMoveError("move", mark("there are no dice to play now"))
        me, opp = self._me_opp()
        return turn_so_far(me, opp, state.dice, done)

    def legal_actions(self) -> list[str]:
        """As :meth:`Session.legal_actions`, but a due roll is the one line ``roll`` (the dice
        are the bot's, given to :meth:`play` as ``roll:5-2``)."""
        moves = self.legal_moves()
        texts = {ROLL if m.kind == ROLL else str(m) for m in moves}
        return sorted(texts)

    def format(self, action: BackgammonAction) -> str:
        return str(action)

    def roll(self, rng: random.Random) -> str:
        """The roll action for dice thrown by ``rng`` (for the opening: White's die, then
        Black's), when a roll is due; not played."""
        if not self.chance_due:
            raise IllegalMoveError("roll", self._no_roll_reason())
        first, second = rng.randint(1, 6), rng.randint(1, 6)
        if not self.state.is_opening:
            first, second = max(first, second), min(first, second)
        return f"roll:{first}-{second}"

    def _no_roll_reason(self) -> Wording:
        state = self.state
        if self.outcome is not None:
            return Wording(GAME_OVER_REASON)
        if state.doubled:
            return Wording(
                mark("{side} has doubled: {other} takes or drops first"),
                side=seat_word(SEAT_NAMES[state.turn]),
                other=seat_word(self.to_move),
            )
        assert state.dice is not None
        return Wording(
            mark("the dice are rolled ({dice}): play them"),
            dice=f"{state.dice[0]}-{state.dice[1]}",
        )

    def parse(self, text: str) -> BackgammonAction:
        shown = text.strip()
        if len(shown) > MAX_INPUT:
            raise MoveSyntaxError(
                mark("that turn is too long ({count} characters)"), count=len(shown)
            )
        word = shown.lower()
        roll = _ROLL_TEXT.match(shown)
        if roll is not None or word == ROLL:
            return self._parse_roll(shown, roll)
        if word in _CUBE_WORDS:
            return self._parse_cube(shown, word)
        paths = parse_paths(shown) if word != "pass" else []
        if self.outcome is not None:
            raise IllegalMoveError(shown, GAME_OVER_REASON)
        state = self.state
        if state.doubled:
            raise IllegalMoveError(shown, self._no_roll_reason())
        if state.dice is None:
            if state.is_opening:
                raise IllegalMoveError(shown, mark("the opening roll is due"))
            raise IllegalMoveError(shown, mark("{side} rolls first"), side=seat_word(self.to_move))
        plays = self._legal_plays()
        if not paths:
            if plays:
                raise IllegalMoveError(
                    shown, mark("you can play (e.g. {turn}): no pass"), turn=str(plays[0])
                )
            return PASS
        if not plays:
            raise IllegalMoveError(
                shown, mark("no checker can move with these dice: the turn is pass")
            )
        me, opp = self._me_opp()
        play = match_play(shown, paths, me, state.dice, plays)
        if play is None:
            raise IllegalMoveError(shown, explain(paths, me, opp, state.dice, plays))
        return BackgammonAction(MOVE, play=play)

    def _parse_roll(self, shown: str, roll: re.Match[str] | None) -> BackgammonAction:
        if roll is None:
            raise IllegalMoveError(shown, mark("say the dice, as in roll:5-2 (the bot rolls them)"))
        if not self.chance_due:
            raise IllegalMoveError(shown, self._no_roll_reason())
        first, second = int(roll.group(1)), int(roll.group(2))
        if not self.state.is_opening:
            first, second = max(first, second), min(first, second)
        return BackgammonAction(ROLL, (first, second))

    def _parse_cube(self, shown: str, word: str) -> BackgammonAction:
        if self.outcome is not None:
            raise IllegalMoveError(shown, GAME_OVER_REASON)
        state = self.state
        if word == DOUBLE:
            reason = self._double_refusal()
            if reason is not None:
                raise IllegalMoveError(shown, reason)
        elif not state.doubled:
            if word == TAKE:
                raise IllegalMoveError(shown, mark("there is no double to take"))
            raise IllegalMoveError(shown, mark("there is no double to drop"))
        return _CUBE_ACTIONS[word]

    def _double_refusal(self) -> Wording | None:
        """Why ``double`` is not legal now, or ``None`` when it is."""
        state = self.state
        if self.outcome is not None:
            return Wording(GAME_OVER_REASON)
        if state.doubled:
            return Wording(mark("a double is already offered"))
        if state.is_opening:
            return Wording(mark("no doubling before the opening roll"))
        # why the player may not double at all comes before the dice (which the bot rolls at
        # once for a player who may not double, so "already rolled" would hide the reason)
        if state.crawford:
            return Wording(mark("this is the Crawford game: no doubling"))
        if state.owner == 1 - state.turn:
            return Wording(
                mark("the cube is {side}'s: only its owner may redouble"),
                # the seat as boards name it ("Black's"), the title translated on its own
                side=Wording(SEAT_NAMES[state.owner].title()),
            )
        if state.dice is not None:
            return Wording(mark("a double comes before rolling; the dice are already rolled"))
        if state.cube_log >= state.max_cube:
            return Wording(mark("the cube is at its maximum ({value})"), value=state.cube_value)
        return None

    def push(self, action: BackgammonAction) -> ActionResult:
        state = self.state
        seat = self.to_move
        frame = _Frame(state.copy(), self.dropped, action, ActionResult(str(action), seat))
        captured: tuple[int, ...] = ()
        effects: tuple[Effect, ...]
        if action.kind == ROLL:
            first, second = action.dice
            if state.is_opening:
                effects = (Rolled("white", (first,)), Rolled("black", (second,)))
                if first != second:
                    state.turn = WHITE if first > second else BLACK
                    state.dice = (max(first, second), min(first, second))
            else:
                effects = (Rolled(seat, action.dice),)
                state.dice = action.dice
        elif action.kind == DOUBLE:
            state.doubled = True
            effects = (CubeOffered(seat, 2 * state.cube_value),)
        elif action.kind == TAKE:
            state.doubled = False
            state.cube_log += 1
            state.owner = 1 - state.turn
            effects = (CubeTaken(seat, state.cube_value),)
        elif action.kind == DROP:
            self.dropped = True
            effects = (Ended(SEAT_NAMES[state.turn], Reason.DROP.value, state.cube_value),)
        else:
            play = action.play
            mover = state.turn
            if play is not None:
                me, opp = self._me_opp()
                for step in play.steps:
                    apply_step(me, opp, step)
                captured = play.captured
                moved = turn_effects(mover, play.steps)
                if not any(me):  # the last checker is off: the game is over
                    won = _bear_off_outcome(state, mover)
                    moved.append(Ended(won.winner, won.reason.value, won.points))
                effects = tuple(moved)
            else:
                effects = (Passed(seat),)
            state.dice = None
            state.turn = 1 - mover
        frame.result = ActionResult(str(action), seat, captured, effects=effects)
        self._stack.append(frame)
        self._plays = None
        return frame.result

    def pop(self) -> BackgammonAction:
        frame = self._stack.pop()
        self.state = frame.state
        self.dropped = frame.dropped
        self._plays = None
        return frame.action

    def automatic(self, rng: random.Random) -> str | None:
        """The dice ``rng`` throws when the player has no choice but to roll (the opening, a
        tie again, a cube the player may not turn), and a pass for a turn with no legal play;
        ``None`` while the player may double, or must play or answer a double."""
        if self.chance_due:
            return None if self.may_double else self.roll(rng)
        state = self.state
        if state.dice is not None and not state.doubled and self.legal_actions() == ["pass"]:
            return "pass"
        return None

    def only_play(self) -> str | None:
        """The dice's one legal turn (one distinct resulting position), not a pass (played
        for everyone by :meth:`automatic`) nor a cube decision."""
        state = self.state
        if self.outcome is not None or state.doubled or state.dice is None:
            return None
        moves = self.legal_moves()
        if len(moves) == 1 and moves[0].play is not None:
            return self.format(moves[0])
        return None

    def conceded(self, loser: str, reason: Reason) -> GameOutcome:
        """A single game times the cube for the other seat (see :func:`conceded`)."""
        return conceded(self, loser, reason)

    def custom_start_refusal(self) -> Wording | None:
        """A match position: a game started from a position is a single game (a match is kept
        above the rules core)."""
        return single_game_refusal(self.state)

    def perft(self, depth: int) -> int:
        """Distinct legal plays for the dice shown (depth 1 only; a pass counts 1): the
        positions after a turn depend on dice not yet rolled, so deeper counts are refused."""
        if depth <= 0:
            return 1
        if depth > 1:
            raise RulesError(
                "backgammon perft counts one turn only (depth 1): later turns need dice"
            )
        state = self.state
        if self.outcome is None and (state.dice is None or state.doubled):
            due = "a cube answer" if state.doubled else "a roll"
            raise RulesError(f"backgammon perft needs the dice set; {due} is due here")
        return len(self.legal_moves())


def _bear_off_outcome(state: State, winner: int) -> GameOutcome:
    """Single, gammon or backgammon for ``winner``, times the cube."""
    loser = 1 - winner
    if state.borne_off(loser) > 0:
        reason, factor = Reason.SINGLE, 1
    elif any(state.points[loser][19:26]):
        # The loser's 19–24 points are the winner's home board; 25 is its bar.
        reason, factor = Reason.BACKGAMMON, 3
    else:
        reason, factor = Reason.GAMMON, 2
    return GameOutcome(SEAT_NAMES[winner], reason, points=factor * state.cube_value)


def conceded(session: BackgammonSession, loser: str, reason: Reason, level: int = 1) -> GameOutcome:
    """The outcome when ``loser`` resigns or runs out of time: ``level`` (1 single, 2 gammon,
    3 backgammon) times the cube, a single game by default (games.md)."""
    if loser not in SEAT_NAMES or level not in (1, 2, 3):
        raise PositionError(f"cannot concede for {loser!r} at level {level}")
    winner = SEAT_NAMES[1 - SEAT_NAMES.index(loser)]
    return GameOutcome(winner, reason, points=level * session.state.cube_value)


@dataclass(frozen=True, slots=True)
class MatchScore:
    """The score after a game of a match: points of White and Black, the match length, and
    the next game's start (``None`` when the match is over or it was a single game)."""

    white: int
    black: int
    length: int
    next_start: str | None

    @property
    def winner(self) -> str | None:
        if not self.length:
            return None
        if self.white >= self.length:
            return "white"
        if self.black >= self.length:
            return "black"
        return None


def score_after(session: BackgammonSession, outcome: GameOutcome | None = None) -> MatchScore:
    """The match score once ``outcome`` (by default the session's own) is added, and the start
    position of the next game: same match length and max cube, the new score, and the Crawford
    flag set for the first game after a player reaches N−1 (never for the one after it)."""
    outcome = outcome if outcome is not None else session.outcome
    if outcome is None or outcome.winner is None:
        raise PositionError("the game is not over: there is no score to add")
    state = session.state
    old = state.score
    won = outcome.points or 0
    new = (old[0] + won, old[1]) if outcome.winner == "white" else (old[0], old[1] + won)
    length = state.match
    if not length or max(new) >= length:
        return MatchScore(new[0], new[1], length, None)
    crawford = max(new) == length - 1 and max(old) < length - 1
    start = State(score=new, crawford=crawford, match=length, max_cube=state.max_cube)
    return MatchScore(new[0], new[1], length, format_xgid(start))


__all__ = [
    "BAR",
    "BackgammonAction",
    "BackgammonRules",
    "BackgammonSession",
    "MatchScore",
    "conceded",
    "format_steps",
    "score_after",
]
