"""Text forms: moves as players type them, and LPN positions (see shared/spec/notation.md)."""

from __future__ import annotations

import re

from .errors import (
    MoveSyntaxError,
    PositionError,
    Quoted,
    Wording,
    alternatives,
    mark,
    seat_word,
)
from .geometry import FILES, STRIDE, make_square, parse_square
from .model import PASS, Move, MoveKind, Piece, Side, piece
from .position import Position
from .variant import Variant, find_variant

MAX_MOVE_TEXT = 64
MAX_LPN_TEXT = 400

_SQ = r"[a-l](?:1[0-2]|[1-9])"
_SEP = r"(?:\s*[-\u2013\u2014]\s*|\s+)?"
_PATH_RE = re.compile(rf"{_SQ}(?:{_SEP}{_SQ})+")
_SQ_RE = re.compile(_SQ)
_SINGLE_RE = re.compile(rf"@?\s*({_SQ})")
_REMOVE_RE = re.compile(rf"x\s*({_SQ})")


def _quote(text: str) -> str:
    shown = text if len(text) <= 30 else text[:30] + "…"
    return repr(shown)


def _quoted(text: str) -> Quoted:
    """Like :func:`_quote`, as a value the bot shows in a code span."""
    return Quoted(text, limit=30)


def parse_move(text: str, hint: str = mark("a move like a2-a5")) -> Move:
    """Parse any accepted move notation (syntax only: the board is not consulted).

    Raises :class:`MoveSyntaxError` quoting the input and naming what was expected.
    """
    if len(text) > MAX_MOVE_TEXT:
        raise MoveSyntaxError(
            mark("{move} is too long to be a move; expected {hint}"),
            move=_quote(text),
            hint=Wording(hint),
        )
    t = text.strip().lower()
    if t == "pass":
        return PASS
    if _PATH_RE.fullmatch(t):
        return Move(MoveKind.MOVE, tuple(parse_square(s) for s in _SQ_RE.findall(t)))
    m = _SINGLE_RE.fullmatch(t)
    if m:
        return Move(MoveKind.PLACE, (parse_square(m.group(1)),))
    m = _REMOVE_RE.fullmatch(t)
    if m:
        return Move(MoveKind.REMOVE, (parse_square(m.group(1)),))
    raise MoveSyntaxError(
        mark("{move} is not a move; expected {hint}"), move=_quote(text), hint=Wording(hint)
    )


# ----- LPN ----------------------------------------------------------------------------------

PIECE_PLURALS: dict[str, str] = {
    "soldier": mark("soldiers"),
    "eagle": mark("eagles"),
    "counter": mark("counters"),
    "queen": mark("queens"),
    "valkyrie": mark("valkyries"),
    "berserker": mark("berserkers"),
}
"""The pieces' names in the plural, as words of a position error ("17 soldiers")."""

_TOKEN_RE = re.compile(r"([A-Za-z])(\*?)|([0-9]{1,2})")
KEY_ORDER = ("hand", "clock", "rows", "passes")


def _parse_rank(text: str, variant: Variant, rank_no: int) -> list[Piece | None]:
    cells: list[Piece | None] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN_RE.match(text, pos)
        if not m:
            raise PositionError(
                mark("rank {rank}: unexpected {char} in {text}"),
                rank=rank_no,
                char=Quoted(text[pos]),
                text=Quoted(text),
            )
        letter, star, empties = m.groups()
        if empties is not None:
            n = int(empties)
            if n == 0:
                raise PositionError(
                    mark("rank {rank}: 0 empty squares in {text}"), rank=rank_no, text=Quoted(text)
                )
            cells.extend([None] * n)
        else:
            kind = letter.upper()
            if kind not in variant.piece_limits:
                allowed = ", ".join(variant.piece_limits)
                raise PositionError(
                    mark("rank {rank}: {letter} is not a {game} piece (letters: {letters})"),
                    rank=rank_no,
                    letter=Quoted(letter),
                    game=variant.id,
                    letters=allowed,
                )
            if star and kind not in variant.holdable_kinds:
                raise PositionError(
                    mark("rank {rank}: '*' cannot mark {letter} in {game}"),
                    rank=rank_no,
                    letter=Quoted(letter),
                    game=variant.id,
                )
            side = Side.WHITE if letter.isupper() else Side.BLACK
            cells.append(piece(kind, side, bool(star)))
        pos = m.end()
    return cells


def _parse_int(key: str, value: str, low: int = 0, high: int = 10_000) -> int:
    if not (value.isascii() and value.isdigit()) or not low <= int(value) <= high:
        raise PositionError(
            mark("{key}={value}: expected a whole number from {low} to {high}"),
            key=key,
            value=Quoted(value),
            low=low,
            high=high,
        )
    return int(value)


def parse_position(text: str) -> Position:
    """Read an LPN string. Raises :class:`PositionError` saying exactly what is wrong."""
    if len(text) > MAX_LPN_TEXT:
        raise PositionError(mark("position is too long to be LPN"))
    variant_id, colon, rest = text.strip().partition(":")
    if not colon:
        raise PositionError(
            mark("{text} is not a position: expected <variant>:<ranks> <side> [key=value...]"),
            text=_quoted(text),
        )
    variant = find_variant(variant_id)
    fields = rest.split()
    if len(fields) < 2:
        raise PositionError(
            mark("{text}: expected the ranks, then the side to move (w or b)"), text=_quoted(text)
        )
    ranks_text, side_text, *key_texts = fields
    rows = [
        _parse_rank(r, variant, len(ranks_text.split("/")) - i)
        for i, r in enumerate(ranks_text.split("/"))
    ]
    height = len(rows)
    width = len(rows[0])
    if any(len(r) != width for r in rows):
        raise PositionError(
            mark("ranks differ in length: {lengths}"),
            lengths=", ".join(str(len(r)) for r in rows),
        )
    if (width, height) not in variant.sizes:
        raise PositionError(
            mark("a {game} board is {sizes}, not {size}"),
            game=variant.id,
            sizes=alternatives([f"{w}x{h}" for w, h in variant.sizes]),
            size=f"{width}x{height}",
        )
    cells: list[Piece | None] = [None] * (height * STRIDE)
    for i, row in enumerate(rows):
        rank = height - 1 - i
        for f, p in enumerate(row):
            cells[make_square(f, rank)] = p
    try:
        side = Side.from_letter(side_text)
    except ValueError as exc:
        raise PositionError(
            mark("side to move must be 'w' or 'b', not {side}"), side=_quoted(side_text)
        ) from exc

    values: dict[str, str] = {}
    for kt in key_texts:
        key, eq, value = kt.partition("=")
        if not eq:
            raise PositionError(mark("{text}: expected key=value"), text=_quoted(kt))
        if key in values:
            raise PositionError(mark("key {key} given twice"), key=Quoted(key))
        values[key] = value
    lpn_option_keys = {o.key for o in variant.options if o.in_lpn}
    allowed = set(variant.state_keys) | lpn_option_keys
    for key in values:
        if key not in allowed:
            have = ", ".join(k for k in KEY_ORDER if k in allowed)
            if not have:
                raise PositionError(
                    mark("{game} positions have no key {key} (keys: none)"),
                    game=variant.id,
                    key=Quoted(key),
                )
            raise PositionError(
                mark("{game} positions have no key {key} (keys: {keys})"),
                game=variant.id,
                key=Quoted(key),
                keys=have,
            )
    hand = (0, 0)
    if "hand" in values:
        parts = values["hand"].split(",")
        if len(parts) != 2:
            raise PositionError(
                mark("hand={value}: expected hand=W,B"), value=Quoted(values["hand"])
            )
        hand = (_parse_int("hand", parts[0], 0, 99), _parse_int("hand", parts[1], 0, 99))
    clock = _parse_int("clock", values["clock"]) if "clock" in values else 0
    passes = _parse_int("passes", values["passes"], 0, 2) if "passes" in values else 0
    options = {k: v for k, v in values.items() if k in lpn_option_keys}
    try:
        resolved = variant.resolve_options(options)
    except PositionError as exc:
        raise PositionError(exc.wording) from None
    position = Position(
        variant=variant.id,
        width=width,
        height=height,
        cells=tuple(cells),
        turn=side,
        hand=hand,
        clock=clock,
        passes=passes,
        options=variant.lpn_options(resolved),
    )
    _check_counts(position, variant)
    variant.validate_position(position)
    return position


def _check_counts(position: Position, variant: Variant) -> None:
    counts: dict[tuple[Side, str], int] = {}
    for _, p in position.pieces():
        counts[(p.side, p.kind)] = counts.get((p.side, p.kind), 0) + 1
    for (side, kind), n in counts.items():
        limit = variant.piece_limits[kind]
        if n > limit:
            name = piece(kind, side).name
            raise PositionError(
                mark("{side} has {count} {pieces}; a {game} side has at most {limit}"),
                side=seat_word(side.value),
                count=n,
                pieces=Wording(PIECE_PLURALS.get(name, name + "s")),
                game=variant.id,
                limit=limit,
            )


def format_position(position: Position) -> str:
    """Write canonical LPN."""
    variant = find_variant(position.variant)
    rows = []
    for rank in range(position.height - 1, -1, -1):
        out = []
        empty = 0
        for f in range(position.width):
            p = position.cells[make_square(f, rank)]
            if p is None:
                empty += 1
                continue
            if empty:
                out.append(str(empty))
                empty = 0
            out.append(p.symbol)
        if empty:
            out.append(str(empty))
        rows.append("".join(out))
    parts = [f"{position.variant}:{'/'.join(rows)}", position.turn.letter]
    options = dict(position.options)
    defaults = {o.key: o.default for o in variant.options}
    for key in KEY_ORDER:
        if key == "hand" and "hand" in variant.state_keys:
            parts.append(f"hand={position.hand[0]},{position.hand[1]}")
        elif key == "clock" and "clock" in variant.state_keys and position.clock:
            parts.append(f"clock={position.clock}")
        elif key == "passes" and "passes" in variant.state_keys and position.passes:
            parts.append(f"passes={position.passes}")
        elif key in options and options[key] != defaults.get(key):
            parts.append(f"{key}={options[key]}")
    for key in sorted(options):
        if key not in KEY_ORDER and options[key] != defaults.get(key):
            parts.append(f"{key}={options[key]}")
    return " ".join(parts)


__all__ = ["FILES", "parse_move", "parse_position", "format_position", "KEY_ORDER"]
