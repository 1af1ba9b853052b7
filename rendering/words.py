"""The words drawn on pictures, in one language: English by default.

The renderer may not import the bot (architecture: rendering → rules only), so the bot passes
the words already translated: a :class:`Words` whose templates it fills from its catalogs
(``bot.pictures.picture_words``). Every field's default is the English the pictures always
said, so ``python -m rendering`` and code that passes nothing draw English.

Templates are ``str.format`` texts with named fields (``{player} to move``); ``rtl`` makes
every line of the caption read right to left (Arabic): its base direction, the status line
and the player rows mirrored (chip and name on the right, notes from the left).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

__all__ = ["ENGLISH", "REASON_WORDS", "Words", "english_held", "english_place"]

#: Outcome reason ids (rules' and the bot's) in the words players read after the dash.
REASON_WORDS: dict[str, str] = {
    "eagle_captured": "eagle captured",
    "no_soldiers": "no soldiers left",
    "no_legal_moves": "no legal moves",
    "fifty_move_rule": "fifty-move rule",
    "blocked": "both sides blocked",
    "one_counter_left": "one counter left",
    "queen_captured": "queen captured",
    "only_queen_left": "only the queen left",
    "resignation": "resignation",
    "agreement": "agreed",
    "timeout": "out of time",
    "aborted": "game aborted",
}

#: Seat names by lowercase id, as the pictures write them.
SIDE_NAMES: dict[str, str] = {
    "white": "White",
    "black": "Black",
    "red": "Red",
    "blue": "Blue",
    "yellow": "Yellow",
    "green": "Green",
}


def english_held(word: str, count: int) -> str:
    """``2 captives``, ``1 alligatus``: held pieces counted, ``word`` the variant's own."""
    if count == 1:
        return f"1 {word}"
    return f"{count} " + ("alligati" if word == "alligatus" else word + "s")


def english_place(place: int) -> str:
    """``1st`` … ``4th``: a ludo player's place."""
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")


@dataclass(frozen=True, slots=True)
class Words:
    """Every word a picture draws, as templates in one language (see the module's text)."""

    #: The caption reads right to left (Arabic).
    rtl: bool = False
    #: Seat names by lowercase id (``white`` → ``White``).
    sides: Mapping[str, str] = field(default_factory=lambda: dict(SIDE_NAMES))
    #: Outcome reasons by id, after the dash of a result.
    reasons: Mapping[str, str] = field(default_factory=lambda: dict(REASON_WORDS))
    #: A Latrunculi rule set's name before the status line (``None``: the rules' own name).
    title: str | None = None
    named: str = "{name} ({side})"
    to_move: str = "{player} to move"
    to_place: str = "{player} to place"
    to_roll: str = "{player} to roll"
    to_play_dice: str = "{player} to play {dice}"
    to_move_die: str = "{player} to move a {die}"
    doubles_to: str = "{player} doubles to {cube}"
    take_or_drop: str = "{status} — take or drop?"
    check: str = "{status} — check"
    move_number: str = "Move {number} · {status}"
    wins: str = "{player} wins"
    wins_reason: str = "{player} wins — {reason}"
    draw_reason: str = "Draw — {reason}"
    game_over: str = "Game over"
    rolling_first: str = "Rolling for the first turn: {players}"
    captured: str = "captured {count}"
    no_captures: str = "no captures"
    in_hand: str = "in hand {count}"
    pips: str = "{count} pips"
    score: str = "score {score}/{length}"
    match: str = "{length}-point match"
    crawford: str = "{match}, Crawford"
    home: str = "home {count}/4"
    left_resigned: str = "left (resigned)"
    left_timeout: str = "left (out of time)"
    left_other: str = "left ({why})"
    #: Held pieces counted (``2 captives``): the variant's word (``captive``/``alligatus``)
    #: and the count; a function, as each language forms its plurals its own way.
    held: Callable[[str, int], str] = english_held
    #: A ludo place (``1st``).
    place: Callable[[int], str] = english_place

    def side(self, side_id: str) -> str:
        """A seat's name (``white``, ``Red`` or a ludo letter's name) in these words."""
        return self.sides.get(side_id.lower(), side_id.title())

    def reason(self, reason_id: str) -> str:
        """``eagle_captured`` → ``eagle captured``; unknown ids are still readable."""
        return self.reasons.get(reason_id, reason_id.replace("_", " "))


ENGLISH = Words()
"""The pictures' own English (what ``python -m rendering`` draws)."""
