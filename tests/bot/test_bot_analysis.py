"""The analysis of a finished chess game through the real dispatch (issue 33): refused during
play, the Analysis button on the final board for a spectator, the progress edited into the
result (the chart opened and checked, the hung queen named a blunder), the board before it
with the better move drawn, the stored result shown at once after a restart, and a half-done
analysis resumed from its stored scores after a restart."""

from __future__ import annotations

import pytest

from ai.analysis import score_positions

from .conftest import TEST_ANALYSIS_DEPTH, open_png
from .helpers import button_labels, challenge_and_accept, last_board

MOVES = [("alice", "e4"), ("bob", "e5"), ("alice", "Nf3"), ("bob", "Qh4"), ("alice", "Nxh4")]
"""Black's queen hung on h4 (move 2…), taken at once."""


async def _play(arena, where) -> None:
    for who, move in MOVES:
        r = await getattr(arena, who).slash(where, "move", move=move)
        assert not r.ephemeral, r.response.content


def _latest_private(where, member):
    """The latest ephemeral message ``member`` sees in ``where`` (an edited reply included)."""
    for message in reversed(where.history(viewer=member)):
        if message.flags.ephemeral:
            return message
    raise AssertionError("no ephemeral message")


async def test_analysis_is_refused_during_play_then_computed_shown_and_reused(
    arena, bot_factory
) -> None:
    game, where = await challenge_and_accept(arena, "chess")  # Alice White, Bob Black
    await _play(arena, where)
    r = await arena.alice.slash(where, "analysis", game=f"#{game.id}")
    assert r.ephemeral
    assert r.response.content == (
        f"Game #{game.id} is still being played: it can be analysed once it is over "
        "(no help during play)."
    )
    assert await arena.db.analyses.get(game.id) is None
    await arena.bob.slash(where, "resign")
    final = last_board(where)
    assert "Analysis" in button_labels(final)

    seen = len(arena.env.http_requests)
    c = await arena.carol.click(final, label="Analysis")  # a spectator may ask
    assert c.ephemeral
    await arena.bot.analysis.wait(game.id)
    # the reply said the progress first ("0 of 5", then after each batch), then the result
    sent = [str(request) for request in arena.env.http_requests[seen:]]
    progress = [s for s in sent if f"Analysing game #{game.id}" in s]
    assert any("0 of 5 moves" in s for s in progress) and any("4 of 5 moves" in s for s in progress)
    reply = _latest_private(where, arena.carol)
    assert reply.id == c.response.id
    text = reply.content
    assert text.startswith(f"📈 **Analysis of game #{game.id}** (Chess, ")
    assert "**Bob** (Black): accuracy" in text and "blunders 1" in text
    assert "**Alice** (White): accuracy" in text and "blunders 0" in text
    assert "- move 2…: `Qh4??` (better `" in text
    [chart] = reply.attachments
    assert chart.filename == "analysis.png"
    assert "win chance over game" in chart.description
    img = open_png(await chart.read())
    assert img.size == (720, 400)
    img.save("/tmp/analysis-chart-chess.png")
    # the curve: level at the start (70 % is above it: Black's dark share), White's share
    # (light) fills the plot after the blunder
    rgb = img.convert("RGB")
    assert rgb.getpixel((74, 170)) != rgb.getpixel((690, 170))
    assert rgb.getpixel((690, 170)) == rgb.getpixel((690, 330))

    stored = await arena.db.analyses.get(game.id)
    assert stored is not None and stored.finished and stored.done == 6

    b = await arena.carol.click(reply, label="Before move 2…")
    assert b.ephemeral
    assert b.response.content.startswith("Before move 2…: `Qh4??` was played; the arrow shows")
    [board] = b.response.attachments
    assert board.filename == "before.png" and "the better" in board.description
    picture = open_png(await board.read())
    picture.save("/tmp/analysis-before-chess.png")
    assert picture.size[0] > 300

    await arena.env.restart_bot(bot_factory())
    again = await arena.alice.click(final, label="Analysis")  # stored: shown at once
    assert again.ephemeral and again.response.content == text
    assert [a.filename for a in again.response.attachments] == ["analysis.png"]
    assert (await arena.db.analyses.get(game.id)).updated_at == stored.updated_at


async def test_a_half_done_analysis_resumes_after_a_restart(arena, bot_factory) -> None:
    game, where = await challenge_and_accept(arena, "chess")
    await _play(arena, where)
    await arena.bob.slash(where, "resign")
    moves = [m for _, m in MOVES]
    first = score_positions("chess", moves, 0, 2, TEST_ANALYSIS_DEPTH)
    first[0]["best"] = "d4"  # a mark: a resumed analysis keeps what was stored
    await arena.db.analyses.begin(game.id, total=6, depth=TEST_ANALYSIS_DEPTH, language="en")
    await arena.db.analyses.add_scores(game.id, 0, first)
    await arena.env.restart_bot(bot_factory())
    await arena.bot.analysis.wait(game.id)
    stored = await arena.db.analyses.get(game.id)
    assert stored is not None and stored.finished and stored.done == 6
    assert stored.scores[:2] == first
    assert stored.result["moves"][0]["best"] == "d4"  # e4 judged against the stored score
    r = await arena.bob.slash(where, "analysis")  # his latest finished game here
    assert r.response.content.startswith(f"📈 **Analysis of game #{game.id}**")


async def test_a_game_of_another_server_is_not_analysed_here(arena) -> None:
    game, where = await challenge_and_accept(arena, "chess")
    await _play(arena, where)
    await arena.bob.slash(where, "resign")
    other = arena.env.create_guild("Elsewhere")
    channel = other.create_text_channel("x")
    member = other.add_member(arena.env.create_user("dave"))
    arena.bot.tree.copy_global_to(guild=other)
    await arena.bot.tree.sync(guild=other)
    r = await member.slash(channel, "analysis", game=str(game.id))
    assert r.ephemeral and r.response.content == f"There is no game #{game.id} in this server."
    assert await arena.db.analyses.get(game.id) is None


def test_the_analysis_depth_setting() -> None:
    from bot.settings import Settings, SettingsError

    assert Settings.from_env({"DISCORD_TOKEN": "t"}).analysis_depth is None
    assert Settings.from_env({"DISCORD_TOKEN": "t", "ANALYSIS_DEPTH": "9"}).analysis_depth == 9
    for bad in ("deep", "0", "31"):
        with pytest.raises(SettingsError, match="ANALYSIS_DEPTH"):
            Settings.from_env({"DISCORD_TOKEN": "t", "ANALYSIS_DEPTH": bad})
