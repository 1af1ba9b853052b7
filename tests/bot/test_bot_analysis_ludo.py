"""The analysis of a finished ludo game through the real dispatch (issue 33): the Analysis
button on the final board, per colour the choices as the hard player's, sixes and knocks
against expectation, the chart of every colour's win chance opened and checked, the position
before a costly choice, and the stored result shown again after a restart."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import open_png
from .helpers import button_labels, last_board
from .ludo_helpers import play_turn, session_of, start_table

MAX_TURNS = 600


def _latest_private(where: Any, member: Any) -> Any:
    for message in reversed(where.history(viewer=member)):
        if message.flags.ephemeral:
            return message
    raise AssertionError("no ephemeral message")


@pytest.mark.simcord(settle_timeout=60)  # the final board's replay GIF renders many frames
async def test_a_finished_ludo_game_is_analysed(arena: Any, bot_factory: Any) -> None:
    alice, bob = arena.alice, arena.bob
    game, thread = await start_table(arena, [alice, bob], seed=11)
    members = {m.id: m for m in (alice, bob)}
    r = await bob.slash(thread, "analysis", game=str(game.id))
    assert r.ephemeral and "is still being played" in r.response.content
    for _ in range(MAX_TURNS):
        record, _session = await session_of(arena, game.id)
        if not record.is_active:
            break
        await play_turn(arena, thread, game.id, members, "move")
    else:
        pytest.fail("the game did not end")
    final = last_board(thread)
    assert "Analysis" in button_labels(final)

    await arena.carol.click(final, label="Analysis")
    await arena.bot.analysis.wait(game.id)
    reply = _latest_private(thread, arena.carol)
    text = reply.content
    assert text.startswith(f"📈 **Analysis of game #{game.id}** (Ludo, hard + 1–2 playouts)"), text
    for name, colour in (("alice", "Red"), ("bob", "Yellow")):
        line = next(x for x in text.splitlines() if x.lower().startswith(f"**{name}**"))
        found = re.search(
            r"\): (\d+) of (\d+) choices as the hard player's · sixes (\d+) \(expected "
            r"(\d+\.\d)\) · knocked (\d+) times \(expected (\d+\.\d)\)",
            line,
        )
        assert found is not None and colour in line, line
        matched, choices = int(found.group(1)), int(found.group(2))
        assert 0 <= matched <= choices and choices > 0
    [chart] = reply.attachments
    img = open_png(await chart.read()).convert("RGB")
    assert img.size == (720, 400)
    img.save("/tmp/analysis-chart-ludo.png")
    # both colours' lines are drawn in their own colours
    colours = {colour for _, colour in img.getcolors(maxcolors=1 << 20) or []}
    assert (213, 50, 40) in colours and (230, 180, 0) in colours
    labels = [x for x in button_labels(reply) if x.startswith("Before move ")]
    assert labels and "The costliest moves:" in text
    b = await arena.carol.click(reply, label=labels[0])
    assert b.ephemeral and "was played; better was `" in b.response.content
    [board] = b.response.attachments
    open_png(await board.read()).save("/tmp/analysis-before-ludo.png")

    await arena.env.restart_bot(bot_factory())
    again = await arena.bob.click(final, label="Analysis")
    assert again.response.content == text
