"""The first line of every board message names the game, its variant with its options, and
the move, whole (issue 12.6: classic 12×8 and rugen rows=1 were cut at the option's colon)."""

from __future__ import annotations

import pytest

from rules import variants
from tests.bot.helpers import challenge_and_accept, last_board
from tests.bot.markdown_checks import assert_whole

CASES = [(v.id, None) for v in variants()] + [
    (v.id, f"{o.key}={value}") for v in variants() for o in v.options for value, _ in o.choices
]


@pytest.mark.parametrize(("game_kind", "options"), CASES)
async def test_board_header_is_whole_for_every_variant_and_option(arena, game_kind, options):
    from rules import find_variant

    v = find_variant(game_kind)
    game, where = await challenge_and_accept(arena, game_kind, options=options)
    expected_name = v.name
    if options:
        key, value = options.split("=")
        opt = next(o for o in v.options if o.key == key)
        if value != opt.default:
            expected_name += f" ({opt.label.lower()}: {dict(opt.choices)[value]})"
    for message in (
        last_board(where),
        (await arena.carol.slash(where, "board", game=f"#{game.id}")).response,
    ):
        header = message.content.split("\n")[0]
        to_play = f"move 1, {v.first_player.title} to play"
        assert header == f"**Game #{game.id}** · **{expected_name}** · {to_play}", header
        assert_whole(message.content)
