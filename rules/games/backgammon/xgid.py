"""The backgammon position and its XGID text (games.md, "Notation").

The board is kept per side in that side's own numbering, the way players count: ``points[s][p]``
is how many of side ``s``'s checkers stand on its ``p``-point (1–24), ``points[s][25]`` its bar,
``points[s][0]`` is unused (borne-off checkers are 15 minus those on the board). Side 0 is White
(the XGID's bottom player, upper-case letters), side 1 Black (top, lower-case). An enemy checker
on my point ``p`` stands on its own point ``25 - p``.

XGID board characters: index 0 is Black's bar, 1–24 White's points, 25 White's bar, so White's
point ``p`` is index ``p`` and Black's point ``q`` (its own numbering, 25 for the bar) is index
``25 - q``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...errors import PositionError, Quoted, Wording, mark, seat_word

PREFIX = "backgammon:"
MAX_POSITION = 120
CHECKERS = 15
WHITE, BLACK = 0, 1
SEAT_NAMES = ("white", "black")
#: Turn and owner values of the XGID fields, by side.
XGID_SIDE = (1, -1)
DEFAULT_MAX_CUBE = 10
MAX_MATCH = 25
#: The most a cube may be raised to (log2) in a position we accept: 2**12 = 4096.
CUBE_LIMIT = 12
START_BOARD = "-b----E-C---eE---c-e----B-"

_FIELDS = re.compile(
    r"^XGID=([-A-Oa-o]{26}):(\d{1,2}):(-1|0|1):(-1|1):(00|D|[1-6]{2}):(\d{1,2}):(\d{1,2}):"
    r"([01]):(\d{1,2}):(\d{1,2})$"
)


def _start_points() -> list[list[int]]:
    side = [0] * 26
    side[24], side[13], side[8], side[6] = 2, 5, 3, 5
    return [list(side), list(side)]


@dataclass(slots=True)
class State:
    """Everything an XGID says, in the form the move generator wants."""

    points: list[list[int]] = field(default_factory=_start_points)
    cube_log: int = 0
    #: -1 centred, else the owning side (0 White, 1 Black).
    owner: int = -1
    #: The side whose turn it is (with a double offered: the side that doubled).
    turn: int = WHITE
    #: The two dice, higher first, or ``None`` when a roll (or a double) is due.
    dice: tuple[int, int] | None = None
    doubled: bool = False
    score: tuple[int, int] = (0, 0)
    crawford: bool = False
    match: int = 0
    max_cube: int = DEFAULT_MAX_CUBE

    def copy(self) -> State:
        return State(
            [list(self.points[0]), list(self.points[1])],
            self.cube_log,
            self.owner,
            self.turn,
            self.dice,
            self.doubled,
            self.score,
            self.crawford,
            self.match,
            self.max_cube,
        )

    @property
    def cube_value(self) -> int:
        return 1 << self.cube_log

    def on_board(self, side: int) -> int:
        """Checkers of ``side`` still on the board (bar included)."""
        return sum(self.points[side])

    def borne_off(self, side: int) -> int:
        return CHECKERS - self.on_board(side)

    def pips(self, side: int) -> int:
        """The race count: the points ``side`` still has to travel (the bar counts 25)."""
        return sum(p * n for p, n in enumerate(self.points[side]))

    @property
    def is_opening(self) -> bool:
        """The start board with a centred 1-cube and no dice: the opening roll is due.

        The XGID has no field for "the game has not started", so this is how the text says it
        (the start board cannot come back in play with the cube still centred at 1 except by
        a long series of hits; such a position also counts as an opening)."""
        return (
            self.dice is None
            and not self.doubled
            and self.cube_log == 0
            and self.owner == -1
            and self.points == _START_POINTS
        )


_START_POINTS = _start_points()


def format_xgid(state: State) -> str:
    """``backgammon:XGID=…`` with all ten fields."""
    chars = ["-"] * 26
    for p in range(1, 26):
        white = state.points[WHITE][p]
        if white:
            chars[p] = chr(ord("A") + white - 1)
        black = state.points[BLACK][p]
        if black:
            chars[25 - p] = chr(ord("a") + black - 1)
    owner = 0 if state.owner < 0 else XGID_SIDE[state.owner]
    if state.doubled:
        dice = "D"
    elif state.dice is None:
        dice = "00"
    else:
        dice = f"{state.dice[0]}{state.dice[1]}"
    return (
        f"{PREFIX}XGID={''.join(chars)}:{state.cube_log}:{owner}:{XGID_SIDE[state.turn]}:"
        f"{dice}:{state.score[0]}:{state.score[1]}:{int(state.crawford)}:{state.match}:"
        f"{state.max_cube}"
    )


def parse_xgid(text: str) -> State:
    """A :class:`State` from ``backgammon:XGID=…`` (the ten fields of games.md), checked."""
    shown = text.strip()
    if len(shown) > MAX_POSITION:
        raise PositionError(
            mark("that backgammon position is too long ({count} characters)"), count=len(shown)
        )
    body = shown[len(PREFIX) :] if shown.startswith(PREFIX) else ""
    if body[:5].upper() == "XGID=":
        body = "XGID=" + body[5:]
    match = _FIELDS.match(body)
    if match is None:
        raise PositionError(
            mark(
                "{text} is not a backgammon position (expected backgammon:XGID=<26 board "
                "characters>:<cube>:<owner>:<turn>:<dice>:<score>:<score>:<crawford>:<match>:<max>)"
            ),
            text=Quoted(shown),
        )
    board, cube, owner, turn, dice, score_w, score_b, crawford, length, max_cube = match.groups()
    points = [[0] * 26, [0] * 26]
    for index, char in enumerate(board):
        if char == "-":
            continue
        if char.isupper():
            if index == 0:
                raise PositionError(
                    mark("{text}: board index 0 is Black's bar, not White's"), text=Quoted(shown)
                )
            points[WHITE][index] = ord(char) - ord("A") + 1
        else:
            if index == 25:
                raise PositionError(
                    mark("{text}: board index 25 is White's bar, not Black's"), text=Quoted(shown)
                )
            points[BLACK][25 - index] = ord(char) - ord("a") + 1
    for side in (WHITE, BLACK):
        count = sum(points[side])
        if count > CHECKERS:
            raise PositionError(
                mark("{text}: {side} has {count} checkers on the board (at most 15)"),
                text=Quoted(shown),
                side=seat_word(SEAT_NAMES[side]),
                count=count,
            )
    if sum(points[WHITE]) == 0 and sum(points[BLACK]) == 0:
        raise PositionError(
            mark("{text}: both sides have borne off every checker"), text=Quoted(shown)
        )
    state = State(
        points=points,
        cube_log=int(cube),
        owner=-1 if owner == "0" else XGID_SIDE.index(int(owner)),
        turn=XGID_SIDE.index(int(turn)),
        dice=None
        if dice in ("00", "D")
        else (max(int(dice[0]), int(dice[1])), min(int(dice[0]), int(dice[1]))),
        doubled=dice == "D",
        score=(int(score_w), int(score_b)),
        crawford=crawford == "1",
        match=int(length),
        max_cube=int(max_cube),
    )
    _check_fields(shown, state)
    return state


def single_game_refusal(state: State) -> Wording | None:
    """Why a valid XGID cannot start a game on its own -- it is a match position (a game
    started from a position is a single game: matches are kept above the rules core) -- or
    ``None``. The same English sentence as ever, as a template the bot translates."""
    if not state.match:
        return None
    return Wording(
        mark(
            "A custom backgammon position starts a single game: its XGID match length "
            "must be 0 (it is {match})."
        ),
        match=state.match,
    )


def _check_fields(shown: str, state: State) -> None:
    if state.max_cube > CUBE_LIMIT:
        raise PositionError(
            mark("{text}: the max cube field is at most {limit} (2**12)"),
            text=Quoted(shown),
            limit=CUBE_LIMIT,
        )
    if state.cube_log > state.max_cube:
        raise PositionError(
            mark("{text}: the cube ({cube}) is above the max cube"),
            text=Quoted(shown),
            cube=state.cube_value,
        )
    if state.cube_log == 0 and state.owner >= 0:
        raise PositionError(mark("{text}: a cube of 1 is centred (owner 0)"), text=Quoted(shown))
    if state.match > MAX_MATCH:
        raise PositionError(
            mark("{text}: a match is 1–{most} points (0 for a single game)"),
            text=Quoted(shown),
            most=MAX_MATCH,
        )
    if state.match == 0 and (state.score != (0, 0) or state.crawford):
        raise PositionError(
            mark("{text}: a single game (match 0) has no score and no Crawford game"),
            text=Quoted(shown),
        )
    if state.match and max(state.score) >= state.match:
        raise PositionError(
            mark("{text}: a score of {score} has already won the match"),
            text=Quoted(shown),
            score=max(state.score),
        )
    if state.crawford and max(state.score) != state.match - 1:
        raise PositionError(
            mark("{text}: the Crawford game is played when a player needs 1 point (score {score})"),
            text=Quoted(shown),
            score=state.match - 1,
        )
    if state.doubled and (
        state.crawford or state.owner == 1 - state.turn or state.cube_log >= state.max_cube
    ):
        raise PositionError(
            mark("{text}: {side} may not have doubled here"),
            text=Quoted(shown),
            side=seat_word(SEAT_NAMES[state.turn]),
        )
