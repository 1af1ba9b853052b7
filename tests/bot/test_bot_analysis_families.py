"""The analysis of a finished draughts game and of classic and schadler Latrunculi games
through the real dispatch (issue 33): refused during play, the Analysis button on the final
board, the known error named in the text, the chart opened and checked, the board before the
error with the better move drawn, and the stored result shown again after a restart."""

from __future__ import annotations

import pytest

from .conftest import open_png
from .helpers import button_labels, game_at, last_board

CASES = {
    # White (Alice) to move misses the shot 18-15 (a man given to win two), then resigns
    "draughts": (
        "draughts:W:W18,21,23,24,26,27,28,29,30,31,32:B1,2,3,4,6,7,8,9,10,11,12",
        [("alice", "26-22")],
        "`26-22??` (better `18-15`",
    ),
    # White (Alice) moves her eagle f2-f8 into a trap: c7-f7 encloses it
    "classic": (
        "classic:s1s1s1s1/2e3S1/8/1s2S2s/SS2s3/2S4s/4SE2/3S1S2 w",
        [("alice", "f2-f8"), ("bob", "c7-f7")],
        "`f2-f8??` (better `",
    ),
    # After the placement, White (Alice) steps a1-a2 and leaves d4 beside Black's c4: e5-e4
    # encloses it (judged in the same position by schadler's bounded analysis search: at the
    # tests' depth 1 a mistake, a soldier's loss; at depth 2 a blunder, tests/ai/)
    "schadler": (
        "schadler:8/8/8/4c3/2cC4/8/8/C7 w hand=0,0",
        [("alice", "a1-a2"), ("bob", "e5-e4")],
        "`a1-a2?` (better `d4-",
    ),
}


def _latest_private(where, member):
    for message in reversed(where.history(viewer=member)):
        if message.flags.ephemeral:
            return message
    raise AssertionError("no ephemeral message")


@pytest.mark.parametrize("family", list(CASES))
async def test_a_known_error_is_named_pictured_and_the_result_kept(
    arena, bot_factory, family
) -> None:
    start, moves, named = CASES[family]
    game = await game_at(arena, start)
    where = arena.channel
    (who, first), *rest = moves
    r = await getattr(arena, who).slash(where, "move", move=first, game=f"#{game.id}")
    assert not r.ephemeral, r.response.content
    assert "Analysis" not in button_labels(last_board(where))  # no help during play
    r = await arena.bob.slash(where, "analysis", game=str(game.id))
    assert r.ephemeral and "is still being played" in r.response.content
    for who, move in rest:
        await getattr(arena, who).slash(where, "move", move=move, game=f"#{game.id}")
    if (await arena.db.games.load_game(game.id)).is_active:
        await arena.alice.slash(where, "resign", game=f"#{game.id}")
    final = last_board(where)
    assert "Analysis" in button_labels(final)

    await arena.carol.click(final, label="Analysis")
    await arena.bot.analysis.wait(game.id)
    reply = _latest_private(where, arena.carol)
    assert reply.content.startswith(f"📈 **Analysis of game #{game.id}**")
    assert named in reply.content, reply.content
    assert "**alice** (White): accuracy" in reply.content
    [chart] = reply.attachments
    img = open_png(await chart.read())
    assert img.size == (720, 400)
    img.save(f"/tmp/analysis-chart-{family}.png")
    label = next(x for x in button_labels(reply) if x.startswith("Before move 1"))
    b = await arena.carol.click(reply, label=label)
    assert b.ephemeral and "the arrow shows the better" in b.response.content
    [board] = b.response.attachments
    picture = open_png(await board.read())
    picture.save(f"/tmp/analysis-before-{family}.png")
    assert picture.size[0] > 300

    await arena.env.restart_bot(bot_factory())
    again = await arena.bob.click(final, label="Analysis")
    assert again.response.content == reply.content


async def test_backgammon_pr_luck_and_the_known_opening_error(arena, bot_factory) -> None:
    """Opening 3-1 run 24/20 (gnubg: 8/5 6/5, about 0.18 better), then Alice resigns."""
    from rules.games import open_session

    game = await game_at(arena, "backgammon")
    session = open_session("backgammon")
    for ply, move in enumerate(["roll:3-1", "24/21 21/20"]):
        session.play(move)
        await arena.db.games.record_move(
            game.id, ply, arena.alice.id, move, session.position_text()
        )
    where = arena.channel
    r = await arena.carol.slash(where, "analysis", game=str(game.id))
    assert r.ephemeral and "is still being played" in r.response.content
    await arena.alice.slash(where, "resign", game=f"#{game.id}")
    final = last_board(where)
    assert "Analysis" in button_labels(final)
    await arena.bob.click(final, label="Analysis")
    await arena.bot.analysis.wait(game.id)
    reply = _latest_private(where, arena.bob)
    text = reply.content
    assert text.startswith(f"📈 **Analysis of game #{game.id}** (Backgammon, gnubg ")
    assert "**alice** (White): PR " in text and "blunders 1" in text and "luck +" in text
    assert "- move 2: `24/21 21/20??` (better `8/5 6/5`, −0.1" in text
    [chart] = reply.attachments
    open_png(await chart.read()).save("/tmp/analysis-chart-backgammon.png")
    b = await arena.bob.click(reply, label="Before move 2")
    assert "`24/21 21/20??` was played; the arrows show the better `8/5 6/5`" in b.response.content
    [board] = b.response.attachments
    open_png(await board.read()).save("/tmp/analysis-before-backgammon.png")
    await arena.env.restart_bot(bot_factory())
    again = await arena.carol.click(final, label="Analysis")
    assert again.response.content == text
