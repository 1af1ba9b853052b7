"""The words drawn on pictures in the reader's language.

The renderer may not import the bot (architecture: rendering → rules), so its words come
from here: :func:`picture_words` fills a :class:`rendering.Words` from the catalogs (its
English is the renderer's own) and each presenter passes it with every picture it draws
(``BoardView.language``).
"""

from __future__ import annotations

import functools

from rendering import Words
from rendering.words import REASON_WORDS, SIDE_NAMES

from ..i18n import DEFAULT_LANGUAGE, mark, translate, translate_plural

__all__ = ["RTL_LANGUAGES", "picture_words"]

RTL_LANGUAGES = frozenset({"ar"})
"""The bot's languages written right to left: their pictures' captions read from the right."""

_REASONS: dict[str, str] = {
    "eagle_captured": mark("eagle captured"),
    "no_soldiers": mark("no soldiers left"),
    "no_legal_moves": mark("no legal moves"),
    "fifty_move_rule": mark("fifty-move rule"),
    "blocked": mark("both sides blocked"),
    "one_counter_left": mark("one counter left"),
    "queen_captured": mark("queen captured"),
    "only_queen_left": mark("only the queen left"),
    "resignation": mark("resignation"),
    "agreement": mark("agreed"),
    "timeout": mark("out of time"),
    "aborted": mark("game aborted"),
}
_PLACES = {1: mark("1st"), 2: mark("2nd"), 3: mark("3rd"), 4: mark("4th")}
#: Each template of :class:`rendering.Words`, marked for the catalogs (its English is the
#: renderer's default, checked equal by the tests).
_TEMPLATES: dict[str, str] = {
    "named": mark("{name} ({side})"),
    "to_move": mark("{player} to move"),
    "to_place": mark("{player} to place"),
    "to_roll": mark("{player} to roll"),
    "to_play_dice": mark("{player} to play {dice}"),
    "to_move_die": mark("{player} to move a {die}"),
    "doubles_to": mark("{player} doubles to {cube}"),
    "take_or_drop": mark("{status} — take or drop?"),
    "check": mark("{status} — check"),
    "move_number": mark("Move {number} · {status}"),
    "wins": mark("{player} wins"),
    "wins_reason": mark("{player} wins — {reason}"),
    "draw_reason": mark("Draw — {reason}"),
    "game_over": mark("Game over"),
    "rolling_first": mark("Rolling for the first turn: {players}"),
    "captured": mark("captured {count}"),
    "no_captures": mark("no captures"),
    "in_hand": mark("in hand {count}"),
    "pips": mark("{count} pips"),
    "score": mark("score {score}/{length}"),
    "match": mark("{length}-point match"),
    "crawford": mark("{match}, Crawford"),
    "home": mark("home {count}/4"),
    "left_resigned": mark("left (resigned)"),
    "left_timeout": mark("left (out of time)"),
    "left_other": mark("left ({why})"),
}
_SIDES: dict[str, str] = {
    "white": mark("White"),
    "black": mark("Black"),
    "red": mark("Red"),
    "blue": mark("Blue"),
    "yellow": mark("Yellow"),
    "green": mark("Green"),
}


def _held(language: str, word: str, count: int) -> str:
    if word == "alligatus":
        return translate_plural("{count} alligatus", "{count} alligati", count, language)
    return translate_plural("{count} captive", "{count} captives", count, language)


def _place(language: str, place: int) -> str:
    english = _PLACES.get(place)
    return translate(english, language) if english else f"{place}."


@functools.cache
def picture_words(language: str = DEFAULT_LANGUAGE) -> Words:
    """The words drawn on pictures in ``language`` (right to left for Arabic)."""
    assert set(_REASONS) == set(REASON_WORDS) and set(_SIDES) == set(SIDE_NAMES)
    return Words(
        rtl=language in RTL_LANGUAGES,
        sides={key: translate(text, language) for key, text in _SIDES.items()},
        reasons={key: translate(text, language) for key, text in _REASONS.items()},
        held=functools.partial(_held, language),
        place=functools.partial(_place, language),
        **{key: translate(text, language) for key, text in _TEMPLATES.items()},
    )
