"""Ludo positions and their text (games.md, "ludo"): who plays, where each token is, who is to
roll or move, and the die.

``ludo:<seat>/<seat>[/…] <to move> [roll]``, seats clockwise from red, each a colour letter and
its four tokens' progress (``F`` first, numbers high to low, ``B`` last). Two additions of ours,
for the two things the spec's text does not carry (docs/rules.md, "ludo"):

* **the roll for the first player**: the to-move field names every colour still rolling for it
  (``RY``, ``RBYG``, after a tie ``BY``); the one chance action ``roll:3-5`` gives their dice in
  seat order;
* **a seat that left** (resigned or timed out): its tokens field is the reason and its rank among
  those who left, ``R:timeout1`` (red was the first to leave, on time).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...errors import PositionError, Quoted, alternatives, mark, seat_word
from ..base import Reason

#: Colour letters in clockwise order, their names, and their start fields on the track.
COLOURS = "RBYG"
NAMES = {"R": "red", "B": "blue", "Y": "yellow", "G": "green"}
LETTERS = {name: letter for letter, name in NAMES.items()}
START_FIELD = {"R": 0, "B": 10, "Y": 20, "G": 30}
#: Who plays for each number of players (games.md: opposite colours for two).
SEATINGS = {2: "RY", 3: "RBY", 4: "RBYG"}

TRACK = 40  # progress 0–39 is on the track
HOME = 40  # 40–43 the home line
FINISH = 44
BASE = -1
TOKENS = 4
MAX_POSITION = 200
LEAVE_REASONS = (Reason.RESIGNATION, Reason.TIMEOUT)

_SEAT = re.compile(r"^([A-Za-z]):(.*)$")
_LEFT = re.compile(r"^(resignation|timeout)([1-3])$")


@dataclass(frozen=True, slots=True)
class Left:
    """A seat that left the game: why, and as the how-manieth (1 first)."""

    reason: Reason
    rank: int


@dataclass(slots=True)
class State:
    """A ludo position. ``tokens`` maps each colour letter in play to four progresses
    (``BASE`` = -1, 0–43, ``FINISH`` = 44); a colour in ``left`` has no tokens."""

    seats: str
    tokens: dict[str, list[int]]
    to_move: str
    die: int | None = None
    rolling: str = ""
    left: dict[str, Left] = field(default_factory=dict)

    def copy(self) -> State:
        return State(
            self.seats,
            {c: list(t) for c, t in self.tokens.items()},
            self.to_move,
            self.die,
            self.rolling,
            dict(self.left),
        )

    @property
    def active(self) -> str:
        """The colours still playing, clockwise from red."""
        return "".join(c for c in self.seats if c not in self.left)

    def next_colour(self, colour: str) -> str:
        """The next colour still playing clockwise after ``colour``."""
        order = self.seats
        i = order.index(colour)
        for step in range(1, len(order) + 1):
            nxt = order[(i + step) % len(order)]
            if nxt not in self.left:
                return nxt
        return colour

    def field_of(self, colour: str, progress: int) -> int | None:
        """The track field (0–39, red's start 0) of a token, or ``None`` off the track."""
        if 0 <= progress < TRACK:
            return (START_FIELD[colour] + progress) % TRACK
        return None


def token_text(progress: int) -> str:
    if progress == BASE:
        return "B"
    if progress == FINISH:
        return "F"
    return str(progress)


def canonical_tokens(tokens: list[int]) -> list[int]:
    """``F`` first, then numbers high to low, then ``B`` (as the spec writes them)."""
    return sorted(tokens, reverse=True)


def format_state(state: State) -> str:
    parts = []
    for colour in state.seats:
        left = state.left.get(colour)
        if left is not None:
            parts.append(f"{colour}:{left.reason.value}{left.rank}")
        else:
            parts.append(
                f"{colour}:"
                + ",".join(token_text(t) for t in canonical_tokens(state.tokens[colour]))
            )
    text = "ludo:" + "/".join(parts) + " " + (state.rolling or state.to_move)
    if state.die is not None:
        text += f" {state.die}"
    return text


def _parse_token(colour: str, text: str) -> int:
    word = text.strip().upper()
    if word == "B":
        return BASE
    if word == "F":
        return FINISH
    if word.isdigit() and int(word) < FINISH:
        return int(word)
    raise PositionError(
        mark("{colour} token {token} is not a progress (0–43, F for the finish, B)"),
        colour=seat_word(NAMES[colour]),
        token=Quoted(text.strip()),
    )


def parse_state(text: str) -> State:
    """The state a ``ludo:…`` text describes; :class:`PositionError` says what is wrong."""
    text = text.strip()
    if len(text) > MAX_POSITION:
        raise PositionError(mark("that position is too long ({count} characters)"), count=len(text))
    body = text[5:] if text[:5].lower() == "ludo:" else text
    fields = body.split()
    if len(fields) not in (2, 3):
        raise PositionError(
            mark("a ludo position is '<seats> <to move> [die]', e.g. ludo:R:B,B,B,B/Y:B,B,B,B R")
        )
    seats, tokens, left = _parse_seats(fields[0])
    mover = fields[1].upper()
    if not mover or any(c not in seats for c in mover) or len(set(mover)) != len(mover):
        raise PositionError(
            mark("to move {mover} is not a colour of this game ({seats})"),
            mover=Quoted(fields[1]),
            seats=seats,
        )
    if any(c in left for c in mover):
        raise PositionError(
            mark("{colour} has left the game"),
            colour=seat_word(NAMES[next(c for c in mover if c in left)]),
        )
    rolling = ""
    if len(mover) > 1:
        if mover != "".join(c for c in seats if c in mover):
            raise PositionError(
                mark("the colours rolling for the first turn go clockwise ({mover})"),
                mover=Quoted(mover),
            )
        rolling = mover
    die: int | None = None
    if len(fields) == 3:
        if fields[2] not in {"1", "2", "3", "4", "5", "6"}:
            raise PositionError(mark("the die {die} is not 1–6"), die=Quoted(fields[2]))
        if rolling:
            raise PositionError(mark("no die is set while the first player is being rolled for"))
        die = int(fields[2])
    state = State(seats, tokens, mover[0], die, rolling, left)
    _check(state)
    return state


def _parse_seats(text: str) -> tuple[str, dict[str, list[int]], dict[str, Left]]:
    tokens: dict[str, list[int]] = {}
    left: dict[str, Left] = {}
    seats = ""
    for part in text.split("/"):
        match = _SEAT.match(part)
        if match is None or match.group(1).upper() not in COLOURS:
            raise PositionError(
                mark("seat {seat} is not a colour (R, B, Y, G), ':' and its tokens"),
                seat=Quoted(part),
            )
        colour, rest = match.group(1).upper(), match.group(2)
        if colour in seats:
            raise PositionError(mark("{colour} is given twice"), colour=seat_word(NAMES[colour]))
        seats += colour
        gone = _LEFT.match(rest.lower())
        if gone is not None:
            left[colour] = Left(Reason(gone.group(1)), int(gone.group(2)))
            continue
        values = rest.split(",")
        if len(values) != TOKENS:
            raise PositionError(
                mark("{colour} needs {tokens} tokens, not {count}"),
                colour=seat_word(NAMES[colour]),
                tokens=TOKENS,
                count=len(values),
            )
        tokens[colour] = [_parse_token(colour, v) for v in values]
    if seats not in SEATINGS.values():
        raise PositionError(
            mark("the colours are {colours}, clockwise from red (not {seats})"),
            colours=alternatives(["/".join(s) for s in SEATINGS.values()]),
            seats="/".join(seats),
        )
    ranks = sorted(x.rank for x in left.values())
    if ranks != list(range(1, len(left) + 1)) or len(left) >= len(seats):
        raise PositionError(
            mark("the seats that left are numbered 1, 2, … and one seat at least stays")
        )
    return seats, tokens, left


def _check(state: State) -> None:
    """No two colours on one track field; a finished game has no die and no first roll."""
    owner: dict[int, str] = {}
    for colour, tokens in state.tokens.items():
        for progress in tokens:
            square = state.field_of(colour, progress)
            if square is None:
                continue
            other = owner.setdefault(square, colour)
            if other != colour:
                raise PositionError(
                    mark("{colour} and {other} cannot share track field {square}"),
                    colour=seat_word(NAMES[other]),
                    other=seat_word(NAMES[colour]),
                    square=square,
                )
    finished = [c for c, t in state.tokens.items() if all(p == FINISH for p in t)]
    if len(finished) > 1:
        raise PositionError(mark("only one colour can have finished: the game ends with the first"))
    if (finished or len(state.active) == 1) and (state.die is not None or state.rolling):
        raise PositionError(mark("the game is over: no die and no roll"))
    if state.rolling and any(p != BASE for t in state.tokens.values() for p in t):
        raise PositionError(mark("tokens are out while the first player is being rolled for"))
