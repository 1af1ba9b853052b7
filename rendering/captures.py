"""How many pieces each side has captured, worked out from a position alone.

The bot knows the real figures from the game's history; this is the fallback when it does not
pass them. Without branching on variant ids: a side's captures are the enemy pieces it holds
(classic captives, schadler alligati) plus the enemy pieces missing from the board and hand
compared with the variant's start position (removal captures in rugen, lat and schadler).
"""

from __future__ import annotations

from functools import lru_cache

import rules
from rules import Position, Side

from .words import english_held


@lru_cache(maxsize=32)
def _start_for(variant_id: str, width: int, height: int) -> Position | None:
    """The variant's start position on a board of this size (classic has 8×8 and 12×8)."""
    try:
        variant = rules.find_variant(variant_id)
    except rules.RulesError:
        return None
    if (width, height) != variant.sizes[0]:
        size = f"{width}x{height}"
        for option in variant.options:
            if size in option.values:
                return rules.start_position(variant_id, {option.key: size})
    return rules.start_position(variant_id)


def _material(position: Position, side: Side) -> int:
    on_board = sum(1 for _, p in position.pieces() if p.side is side)
    return on_board + position.hand[side.index]


def derive_captures(position: Position) -> tuple[int, int]:
    """(pieces White has captured, pieces Black has captured) as seen in ``position``."""
    start = _start_for(position.variant, position.width, position.height)
    held = {Side.WHITE: 0, Side.BLACK: 0}
    for _, p in position.pieces():
        if p.held:
            held[p.side] += 1

    def captured_by(side: Side) -> int:
        enemy = side.other
        missing = (
            0 if start is None else max(0, _material(start, enemy) - _material(position, enemy))
        )
        return missing + held[enemy]

    return (captured_by(Side.WHITE), captured_by(Side.BLACK))


def _kinds(position: Position, side: Side) -> dict[str, int]:
    """How many pieces of each kind ``side`` has on the board (held or free) and in hand."""
    counts: dict[str, int] = {}
    for _, p in position.pieces():
        if p.side is side:
            counts[p.kind] = counts.get(p.kind, 0) + 1
    if position.hand[side.index]:
        counts["C"] = counts.get("C", 0) + position.hand[side.index]
    return counts


#: The order taken pieces are shown in: the most valuable first.
KIND_ORDER = "QEVBSC"


def derive_taken(position: Position) -> tuple[tuple[str, str], tuple[str, str]]:
    """What each side has taken, by kind, as LPN letters: ((White's removed, White's held),
    (Black's removed, Black's held)).

    "Removed" pieces are gone from the board (rugen, schadler and LAT removals; missing from
    the start position); "held" ones are enemy pieces still on the board as captives (classic)
    or alligati (schadler) — a classic captive may still be freed, so the caption shows them
    apart. Most valuable first (Queen, eagle, Valkyrie, Berserker, soldier, counter).
    """
    start = _start_for(position.variant, position.width, position.height)
    out = []
    for taker in (Side.WHITE, Side.BLACK):
        enemy = taker.other
        removed = ""
        if start is not None:
            have, had = _kinds(position, enemy), _kinds(start, enemy)
            for kind in sorted(had, key=lambda k: KIND_ORDER.find(k) % 9):
                removed += kind * max(0, had[kind] - have.get(kind, 0))
        held = "".join(
            sorted(
                (p.kind for _, p in position.pieces() if p.side is enemy and p.held),
                key=lambda k: KIND_ORDER.find(k) % 9,
            )
        )
        out.append((removed, held))
    return (out[0], out[1])


@lru_cache(maxsize=16)
def turns_held_over(variant_id: str) -> bool:
    """Whether the variant's held pieces are turned upside down (schadler's alligati, as the
    rule sheet says) rather than marked as captives that may be freed (classic)."""
    try:
        return rules.find_variant(variant_id).held_word == "alligatus"
    except rules.RulesError:
        return False


def held_word(variant_id: str) -> str:
    """The variant's word for its held pieces: ``captive`` or ``alligatus``."""
    try:
        return rules.find_variant(variant_id).held_word
    except rules.RulesError:
        return "captive"


def held_words(variant_id: str, count: int) -> str:
    """``2 captives``, ``1 alligatus``: the variant's word for its held pieces, counted."""
    return english_held(held_word(variant_id), count)


@lru_cache(maxsize=32)
def marker_kind(variant_id: str, width: int, height: int) -> str:
    """The piece shown beside a player's name: the Queen where there is one (LAT: the piece
    that decides the game), else the kind a side has most of at the start (soldiers; counters
    in schadler, which starts with them all in hand)."""
    start = _start_for(variant_id, width, height)
    if start is None:
        return "S"
    counts = _kinds(start, Side.WHITE)
    if "Q" in counts:
        return "Q"
    return max(sorted(counts), key=lambda k: counts[k]) if counts else "S"


def variant_name(variant_id: str) -> str | None:
    """The rule set's name as players know it (``Latrunculi (Rügen)``), for the caption."""
    try:
        return rules.find_variant(variant_id).name
    except rules.RulesError:
        return None
