"""Chess, draughts, backgammon and ludo positions and moves read from text, for the CLI.

Only what a picture needs (where the pieces stand, whose turn, which squares a move touched):
checking that a move is legal is the rules engine's job, not the renderer's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rules.errors import PositionError
from rules.games.ludo import LudoRules

from .backgammon import BackgammonPosition
from .chess import chess_square, placement_pieces
from .ludo import LudoMove, LudoPosition, LudoSeat, colour_letter

_SIDES = {"w": "white", "b": "black"}


def chess_position(fen: str) -> tuple[dict[str, str], str]:
    """A FEN (``chess:`` prefix and fields after the second optional) → (pieces, side to move)."""
    fields = fen.removeprefix("chess:").split()
    if not fields:
        raise ValueError("an empty FEN")
    turn = fields[1] if len(fields) > 1 else "w"
    if turn not in _SIDES:
        raise ValueError(f"FEN side to move is 'w' or 'b', not {turn!r}")
    return placement_pieces(fields[0]), _SIDES[turn]


def chess_move(text: str) -> tuple[str, str]:
    """``e2e4``, ``e2-e4``, ``e7e8q`` → the (from, to) squares."""
    m = re.fullmatch(r"([a-h][1-8])[-x]?([a-h][1-8])[qrbnQRBN]?", text.strip())
    if m is None:
        raise ValueError(f"{text!r} is not a move as from and to squares (e.g. e2e4)")
    chess_square(m.group(1))
    return m.group(1), m.group(2)


def draughts_position(text: str) -> tuple[dict[int, str], str]:
    """``[draughts:]B:W21,22,K26:B1,2`` → (pieces by square number, side to move).

    The side to move comes first in PDN FEN; without it Black (who starts) is to move.
    A ``plies=N`` suffix is ignored.
    """
    body = text.removeprefix("draughts:").split()[0] if text.strip() else ""
    fields = [f for f in body.split(":") if f]
    turn = "black"
    if fields and fields[0] in ("W", "B"):
        turn = "white" if fields.pop(0) == "W" else "black"
    pieces: dict[int, str] = {}
    for field in fields:
        colour, squares = field[0], field[1:]
        if colour not in ("W", "B"):
            raise ValueError(f"{field!r}: a draughts field starts with W or B")
        for item in filter(None, squares.split(",")):
            king = item.startswith("K")
            number = item[1:] if king else item
            if not number.isdigit() or not 1 <= int(number) <= 32:
                raise ValueError(f"{item!r} is not a draughts square (1 to 32, K for a king)")
            letter = colour.lower()
            pieces[int(number)] = letter.upper() if king else letter
    return pieces, turn


def draughts_path(text: str) -> list[int]:
    """``11-15``, ``15x24x31`` or ``15:24:31`` → the squares the move passed, start first."""
    parts = re.split(r"[-x:]", text.strip())
    if len(parts) < 2 or not all(p.isdigit() for p in parts):
        raise ValueError(f"{text!r} is not a draughts move (e.g. 11-15 or 15x24x31)")
    return [int(p) for p in parts]


def draughts_jumped(text: str, mover: str | None) -> dict[int, str]:
    """``19,K27`` → the pieces taken: men (or ``K`` kings) of the side that did not move."""
    taken = "w" if mover is not None and mover.lower() == "b" else "b"
    out: dict[int, str] = {}
    for item in filter(None, text.split(",")):
        king = item.startswith("K")
        number = item[1:] if king else item
        if not number.isdigit():
            raise ValueError(f"{item!r} is not a draughts square (1 to 32, K for a king)")
        out[int(number)] = taken.upper() if king else taken
    return out


_XGID = re.compile(
    r"XGID=([-A-Oa-o]{26}):(\d{1,2}):(-1|0|1):(-1|1):(00|D|[1-6]{2}):(\d{1,2}):(\d{1,2}):"
    r"([01]):(\d{1,2}):(\d{1,2})"
)
_XGID_SIDES = {"1": "white", "-1": "black"}


def backgammon_position(text: str) -> BackgammonPosition:
    """``[backgammon:]XGID=…`` (all ten fields, games.md) → what the picture shows.

    Board index 0 is Black's bar, 1–24 White's points, 25 White's bar; upper-case letters are
    White's checkers (A = 1), lower-case Black's. With ``D`` (a double offered) the turn field
    names the doubler, and the other side is the one to answer.
    """
    body = text.strip().removeprefix("backgammon:")
    m = _XGID.fullmatch(body)
    if m is None:
        raise ValueError(
            f"{text.strip()!r} is not an XGID (expected XGID=<26 board characters>:<cube>:"
            "<owner>:<turn>:<dice>:<score>:<score>:<crawford>:<match>:<max cube>)"
        )
    board, cube, owner, turn, dice, score_w, score_b, crawford, length, _max = m.groups()
    points = [0] * 24
    bar = [0, 0]
    for index, char in enumerate(board):
        if char == "-":
            continue
        n = ord(char.lower()) - ord("a") + 1
        white = char.isupper()
        if index in (0, 25):
            if white != (index == 25):
                raise ValueError(
                    f"XGID board index {index} is {'Black' if index == 0 else 'White'}'s bar"
                )
            bar[0 if white else 1] = n
        else:
            points[index - 1] = n if white else -n
    side = _XGID_SIDES[turn]
    offered = dice == "D"
    other = "black" if side == "white" else "white"
    return BackgammonPosition(
        points=tuple(points),
        bar=(bar[0], bar[1]),
        to_move=other if offered else side,
        dice=None if dice in ("00", "D") else (int(dice[0]), int(dice[1])),
        cube=1 << int(cube),
        cube_owner={"0": "centre", "1": "white", "-1": "black"}[owner],
        offered_by=side if offered else None,
        match_length=int(length),
        score=(int(score_w), int(score_b)),
        crawford=crawford == "1",
    )


_STEP_POINT = re.compile(r"(bar|off|\d{1,2})(\*?)", re.IGNORECASE)


def backgammon_steps(text: str) -> tuple[list[tuple[int, int]], list[int]]:
    """``24/18 13/11*``, ``bar/22``, ``6/off``, ``8/5(2)``, ``24/18/13`` → (steps, hits).

    Steps are (from, to) in the mover's numbering, 25 the bar and 0 off; hits are the points
    marked ``*``. Whether the turn is legal is the rules' business, not the picture's.
    """
    steps: list[tuple[int, int]] = []
    hits: list[int] = []
    for token in text.split():
        repeat = 1
        rm = re.fullmatch(r"(.*)\((\d)\)", token)
        if rm is not None:
            token, repeat = rm.group(1), int(rm.group(2))
        path: list[int] = []
        for part in token.split("/"):
            pm = _STEP_POINT.fullmatch(part)
            value = None if pm is None else pm.group(1).lower()
            number = {"bar": 25, "off": 0}.get(value or "", None)
            if number is None and value is not None and value.isdigit():
                number = int(value)
            if pm is None or number is None or number > 25:
                raise ValueError(f"{token!r} is not a backgammon step (e.g. 24/18, bar/22, 6/off)")
            path.append(number)
            if pm.group(2) and number not in hits:
                hits.append(number)
        if len(path) < 2:
            raise ValueError(f"{token!r} is not a backgammon step (e.g. 24/18, bar/22, 6/off)")
        for _ in range(repeat):
            steps.extend(zip(path, path[1:], strict=False))
    return steps, hits


def ludo_position(text: str, names: Sequence[str] = ()) -> LudoPosition:
    """A stored ``ludo:…`` position (games.md, with our first-roll and left-seat fields) → what
    the picture shows, so the bot can pass its stored text straight through.

    The rules core reads the text (one parser for the game, not two); ``names`` are the
    players' display names in seat order. A seat that left (``R:timeout1``) is drawn without
    tokens; once the game is over every seat gets its place as the rules rank them.
    """
    try:
        game = LudoRules().session(text)
    except PositionError as err:
        raise ValueError(str(err)) from None
    state = game.state
    outcome = game.outcome
    places = [name[0].upper() for name in game.places()] if outcome is not None else []
    seats = []
    for i, colour in enumerate(state.seats):
        gone = state.left.get(colour)
        seats.append(
            LudoSeat(
                colour,
                tuple(state.tokens.get(colour, (-1, -1, -1, -1))),
                names[i] if i < len(names) else "",
                place=places.index(colour) + 1 if colour in places else None,
                left=None if gone is None else gone.reason.value,
            )
        )
    return LudoPosition(
        tuple(seats),
        to_move=None if outcome is not None else state.to_move,
        die=state.die,
        rolling=state.rolling,
    )


_LUDO_MOVE = re.compile(r"([A-Za-z]+)[: ]\s*(BB|B|F|\d{1,2})-(F|\d{1,2})", re.IGNORECASE)


def ludo_move(text: str) -> LudoMove:
    """``R:12-17``, ``yellow B-5``, ``G:BB-0``, ``B:41-F`` → the move (colour, from, to)."""
    m = _LUDO_MOVE.fullmatch(text.strip())
    if m is None:
        raise ValueError(f"{text!r} is not a ludo move as colour and <from>-<to> (e.g. R:12-17)")

    def progress(word: str) -> int:
        word = word.upper()
        return {"B": -1, "BB": -1, "F": 44}.get(word, int(word) if word.isdigit() else -2)

    start, end = progress(m.group(2)), progress(m.group(3))
    if not -1 <= start <= 44 or not 0 <= end <= 44:
        raise ValueError(f"{text!r}: a progress is B, 0–43 or F")
    return LudoMove(colour_letter(m.group(1)), start, end)
