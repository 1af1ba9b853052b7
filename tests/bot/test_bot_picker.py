"""The Move menus' contents (``bot.services.picker``) over random games of every variant:
every legal move is reachable in at most two picks, no menu has a single option (a single
legal move is a button), and a page never holds more than 25 options."""

from __future__ import annotations

import random

import pytest

from bot.services.picker import FIRST, menu_for, page
from rules import Game, start_position

VARIANTS = [("classic", {}), ("classic", {"size": "12x8"}), ("rugen", {}), ("schadler", {}),
            ("lat", {})]  # fmt: skip


def reachable(game: Game) -> list[str]:
    """The moves the menus offer, in at most two picks, checking each menu on the way."""
    first = menu_for(1, game)
    if len(first.options) == 1:  # shown as one button
        assert len(game.legal_moves()) == 1
    moves = []
    for option in first.options:
        if option.value.startswith("play:"):
            moves.append(option.value.removeprefix("play:"))
            continue
        second = menu_for(1, game, option.value)
        assert len(second.options) >= 2, (option, second)
        assert all(o.value.startswith("play:") for o in second.options), second
        moves.extend(o.value.removeprefix("play:") for o in second.options)
    assert 2 <= len(page(first)) <= 25 or len(first.options) == 1
    return moves


@pytest.mark.parametrize(("game_kind", "options"), VARIANTS)
def test_every_legal_move_is_two_picks_away(game_kind, options):
    rnd = random.Random(13)
    for _ in range(2):
        game = Game(start_position(game_kind, options or None).to_lpn())
        for _ply in range(50):
            if game.outcome is not None:
                break
            legal = sorted(str(m) for m in game.legal_moves())
            offered = reachable(game)
            assert sorted(offered) == legal  # each exactly once
            game.push(rnd.choice(game.legal_moves()))


def test_pages_of_a_long_menu_hold_every_option_once():
    """A Schädler counter with 26 multi-jumps: 24 a page plus "More…", then back."""
    lpn = "schadler:1cC2Ccc/2C1C1c1/1C1C3C/2c1C2C/1ccCc*c2/1c1CC3/2cc1C1c/cC*cC1C2 w hand=0,0"
    menu = menu_for(1, Game(lpn), "from:d3")
    assert len(menu.options) == 26
    first, second = page(menu), page(menu, 24)
    assert len(first) == 25 and first[-1].value == "from:d3@24"
    assert len(second) == 3 and second[-1].value == "from:d3@0"
    assert [o.value for o in first[:-1] + second[:-1]] == [o.value for o in menu.options]
    assert menu_for(1, Game(lpn)).key == FIRST
