"""Exceptions of the rules core, and the wording of their reasons.

Syntax errors ("that is not a move") are kept apart from legality errors ("that move is not
allowed here"), as python-chess does, so callers can word their replies differently.

A reason is an English **template with its values** (:class:`Wording`), not a finished
sentence: the bot shows it in its players' languages by translating the template and filling
in the values, while ``str()`` of the error stays the English sentence (what the command line
prints and other tools read). The templates are marked with :func:`mark`, so the bot's message
extractor (which looks for functions of that name) finds them; the rules core imports nothing
of the bot.
"""

from __future__ import annotations

__all__ = [
    "IllegalMoveError",
    "MoveError",
    "MoveSyntaxError",
    "PositionError",
    "Quoted",
    "RulesError",
    "Wording",
    "SEAT_WORDS",
    "alternatives",
    "mark",
    "seat_list",
    "seat_word",
]


def mark(text: str) -> str:
    """Mark ``text`` as an English template the bot translates (a no-op here: the extractor
    finds calls of functions with this name)."""
    return text


class Wording:
    """An English template (``str.format`` fields) and the values that fill it. A value may be
    a :class:`Wording` itself (a word such as a piece's name, translated on its own); other
    values (squares, moves, numbers) are shown as they are. ``str()`` is the English text."""

    __slots__ = ("template", "values")

    def __init__(self, template: str, /, **values: object) -> None:
        self.template = template
        self.values = values

    def __str__(self) -> str:
        if not self.values:
            return self.template
        return self.template.format(**{key: str(value) for key, value in self.values.items()})

    def __repr__(self) -> str:
        return f"Wording({self.template!r}, **{self.values!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Wording):
            return self.template == other.template and self.values == other.values
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.template)


def wording(text: str | Wording, values: dict[str, object]) -> Wording:
    """``text`` with ``values`` as a :class:`Wording` (a finished one is kept as it is)."""
    return text if isinstance(text, Wording) else Wording(text, **values)


SEAT_WORDS: dict[str, str] = {
    "white": mark("white"),
    "black": mark("black"),
    "red": mark("red"),
    "blue": mark("blue"),
    "yellow": mark("yellow"),
    "green": mark("green"),
}
"""The seats' names (sides and colours of every game) as words of a reason."""


def seat_word(seat: str) -> Wording:
    """The name of ``seat`` ("white", "red") as a word of a reason, translated on its own."""
    return Wording(SEAT_WORDS.get(seat, seat))


def seat_list(seats: list[str] | tuple[str, ...]) -> Wording:
    """Seats' names joined with commas ("red, blue"), each translated on its own."""
    template = ", ".join(f"{{seat{i}}}" for i in range(len(seats)))
    return Wording(template, **{f"seat{i}": seat_word(seat) for i, seat in enumerate(seats)})


class Quoted(str):
    """A player's input quoted in a reason (a position, a field of one): the string is its
    ``repr`` ('…', as the command line always printed it), shortened to ``limit`` characters
    when given; :attr:`text` is the input itself, which the bot shows in a code span."""

    text: str

    def __new__(cls, text: str, limit: int | None = None) -> Quoted:
        shown = text if limit is None or len(text) <= limit else text[:limit] + "…"
        quoted = super().__new__(cls, repr(shown))
        quoted.text = shown
        return quoted


OR = mark("or")


def alternatives(items: list[str] | tuple[str, ...]) -> Wording:
    """Values as alternatives ("8x8 or 12x8"), the word "or" translated on its own."""
    template = " {or_} ".join(f"{{item{i}}}" for i in range(len(items)))
    values: dict[str, object] = {f"item{i}": item for i, item in enumerate(items)}
    if len(items) > 1:
        values["or_"] = Wording(OR)
    return Wording(template, **values)


class RulesError(ValueError):
    """Base class of every error the rules core raises on bad input.

    ``RulesError(mark("{move} is not a move"), move="'zz'")``: ``str(error)`` is the English
    sentence and ``error.wording`` its template with the values (a plain text without values
    is its own template)."""

    def __init__(self, text: str | Wording = "", /, **values: object) -> None:
        self.wording = wording(text, values)
        super().__init__(str(self.wording))


class PositionError(RulesError):
    """An LPN string or a start option that does not describe a valid position."""


class MoveError(RulesError):
    """Base class of the two ways a move can be refused."""


class MoveSyntaxError(MoveError):
    """The text is not a move in any accepted notation."""


class IllegalMoveError(MoveError):
    """A well-formed move that the rules do not allow in the current position.

    ``move`` is the move as typed (or its canonical form) and ``reason`` the explanation alone
    (a template, filled with ``values``, or a :class:`Wording`), so a caller can format its own
    message: ``error.reason`` is the English explanation, ``error.wording`` its template and
    values; ``str(error)`` is ``"<move>: <reason>"``.
    """

    def __init__(self, move: str, reason: str | Wording, /, **values: object) -> None:
        self.move = move
        self.wording = wording(reason, values)
        self.reason = str(self.wording)
        ValueError.__init__(self, f"{move}: {self.reason}")
