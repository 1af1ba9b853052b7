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
