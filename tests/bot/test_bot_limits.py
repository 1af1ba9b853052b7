"""No reply passes Discord's limits (issue 12.2): every list-like reply, tried with many items
and long display names full of markdown, fits (2,000 characters a message, 25 choices of at
most 100 characters, 25 select options) and never shows markdown cut in half."""

from __future__ import annotations

import re

import pytest

from bot.services.announce import jump_url
from tests.bot.helpers import challenge_and_accept, game_at
from tests.bot.markdown_checks import assert_whole

MARKDOWN_NAME = ("**bold** __u__ `c` ~~s~~ ||x|| <@everyone> # h > q [l](http://x) " * 3)[:100]


async def rivals(arena, n: int) -> list:
    """``n`` members named with 100 characters of markdown (plus a number, so each differs)."""
    out = []
    for i in range(n):
        user = arena.env.create_user(f"rival{i}", global_name=f"{i:02d}{MARKDOWN_NAME}"[:100])
        out.append(arena.guild.add_member(user))
    return out


def buttons(message) -> dict[str, bool]:
    """A message's buttons: label → disabled."""
    out = {}
    for row in message.components:
        for c in row["components"] if isinstance(row, dict) else row.children:
            get = c.get if isinstance(c, dict) else lambda k, d=None, c=c: getattr(c, k, d)
            out[get("label")] = bool(get("disabled", False))
    return out


def game_ids(text: str) -> list[int]:
    return [int(m) for m in re.findall(r"^• #(\d+) ", text, re.M)]


async def test_games_with_many_games_is_paged_and_every_page_fits(arena, bot_factory):
    """17+ games with the longest names: every page fits in one message, no markdown of a
    name renders, each game is listed exactly once, and the pages turn after a restart."""
    expected = []
    for member in await rivals(arena, 21):
        game, _ = await challenge_and_accept(arena, "rugen", opponent=member)
        expected.append(game.id)
    r = await arena.alice.slash(arena.channel, "games")
    assert r.ephemeral
    page = r.response
    seen: list[int] = []
    pages = 0
    while True:
        pages += 1
        assert_whole(page.content)
        assert "**bold**" not in page.content.replace("\\*", "")  # names are escaped
        assert "page" in page.content.split("\n")[0]
        seen += game_ids(page.content)
        labels = buttons(page)
        assert set(labels) == {"◀ Previous", "Next ▶"}
        assert labels["◀ Previous"] == (pages == 1)  # disabled on the first page only
        if labels["Next ▶"]:
            break
        if pages == 2:  # the buttons carry only the page: they work after a restart
            await arena.env.restart_bot(bot_factory())
        r = await arena.alice.click(page, label="Next ▶")
        page = r.response or page
    assert pages >= 2
    assert sorted(seen) == sorted(expected)


async def long_game(arena, white, black, plies: int = 400):
    """A finished rugen game of ``plies`` stored plies between two long-named players (the
    moves are written straight to storage: /history lists them, it does not replay them)."""
    from rules import start_position
    from storage import PlyToRecord

    for m in (white, black):
        await arena.db.players.upsert_player(m.id, MARKDOWN_NAME)
    lpn = start_position("rugen").to_lpn()
    game = await arena.db.games.create_game(
        guild_id=arena.guild.id,
        channel_id=arena.channel.id,
        game_kind="rugen",
        white_id=white.id,
        black_id=black.id,
        start_position=lpn,
    )
    moves = [PlyToRecord((white, black)[i % 2].id, "a2-a3", lpn) for i in range(plies)]
    game = await arena.db.games.record_moves(game.id, 0, moves)
    game = await arena.db.games.finish_game(game.id, game.ply, "white", "resignation")
    message = await arena.carol.send(arena.channel, "a board")
    await arena.db.games.set_board_message(game.id, arena.channel.id, message.id, ply=game.ply)
    return await arena.db.games.load_game(game.id)


# its replay GIF draws 150 frames (the last plies), which can outlast the 5 s default on a
# loaded machine
@pytest.mark.simcord(settle_timeout=60)
async def test_history_of_a_long_game_between_long_markdown_names_fits(arena):
    """The listing gives way at the start (whole moves, "…"), never the header or the link;
    the names show as typed (escaped), and the record file still has every move."""
    white, black = await rivals(arena, 2)
    game = await long_game(arena, white, black)
    r = await arena.carol.slash(arena.channel, "history", game=f"#{game.id}")
    text = r.response.content
    assert_whole(text)
    first, *_ = text.split("\n")
    assert first.startswith(f"**Game #{game.id}** · Latrunculi (Rügen) · ") and "resigned" in first
    assert "\n```\n… " in text  # the earliest moves gave way
    assert text.endswith(f"\n```\nLatest board: {jump_url(game)}")
    assert text.count(" 200. a2-a3 a2-a3\n```") == 1  # the latest moves are shown
    att, replay = r.response.attachments
    assert replay.filename.endswith("-replay.gif")
    record = (await att.read()).decode()
    assert "\n1. a2-a3 a2-a3\n" in record and "\n200. a2-a3 a2-a3\n" in record


async def test_game_choices_fit_and_keep_the_state_visible(arena):
    """30 games against 100-character names: at most 25 choices, each at most 100
    characters, and each still says whose move it is (the name gives way, not the state)."""
    for member in await rivals(arena, 30):
        await challenge_and_accept(arena, "rugen", opponent=member, colour="white")
    for command in ("move", "board", "history", "resign", "draw", "abort"):
        choices = await arena.alice.autocomplete(arena.channel, command, "game", "")
        assert 0 < len(choices) <= 25, command
        for c in choices:
            assert len(c["name"]) <= 100 and c["name"].endswith("(your move)"), c["name"]
    typed = await arena.alice.autocomplete(arena.channel, "board", "game", "#30")
    assert [c["name"][:4] for c in typed] == ["#30 "]


async def test_leaderboard_stats_help_and_rules_fit(arena):
    """The fixed-size replies stay within their limits with the most players and longest
    names: /leaderboard (top ten of twelve), /stats, /help and /rules of every variant."""
    from rules import variants

    members = await rivals(arena, 12)
    for i, member in enumerate(members):
        game, where = await challenge_and_accept(arena, "rugen", opponent=member)
        if i % 2:
            await member.slash(where, "resign")
        else:
            await arena.alice.slash(where, "resign")
    r = await arena.carol.slash(arena.channel, "leaderboard")
    [embed] = r.response.embeds
    assert len(embed.description) <= 4096 and embed.description.count("\n") == 9
    assert_whole(embed.description, 4096)
    for member in (arena.alice, members[0]):
        r = await arena.carol.slash(arena.channel, "stats", user=member)
        assert_whole(r.response.content)
    r = await arena.carol.slash(arena.channel, "help")
    [embed] = r.response.embeds
    assert_whole(embed.description, 4096)
    for v in variants():
        r = await arena.carol.slash(arena.channel, "rules", variant=v.id)
        for message in [r.response, *r.followups]:
            embeds = message.embeds
            assert 1 <= len(embeds) <= 10 and sum(len(e) for e in embeds) <= 6000
            for embed in embeds:
                assert len(embed.description or "") <= 4096
                assert_whole(embed.description, 4096)


SCHADLER_26 = "schadler:1cC2Ccc/2C1C1c1/1C1C3C/2c1C2C/1ccCc*c2/1c1CC3/2cc1C1c/cC*cC1C2 w hand=0,0"
"""White's counter on d3 has 26 legal moves (multi-jumps): more than a select can hold."""


def select_values(message) -> list[str]:
    [row] = message.components
    [select] = row["components"] if isinstance(row, dict) else row.children
    options = select["options"] if isinstance(select, dict) else select.options
    return [o["value"] if isinstance(o, dict) else o.value for o in options]


async def test_move_menu_pages_destinations_beyond_25(arena):
    """Every legal move can be played with the menus: the 26 moves of one counter are shown
    24 at a time with a "More…" choice, and a move of the second page is played."""
    from rules import Game

    game = await game_at(arena, SCHADLER_26)
    legal = sorted(str(m) for m in Game(SCHADLER_26).legal_moves() if str(m).startswith("d3-"))
    assert len(legal) == 26
    board = (await arena.alice.slash(arena.channel, "board")).response
    r = await arena.alice.click(board, label="Move")
    assert "from:d3" in select_values(r.response)
    r = await arena.alice.select(r.response, ["from:d3"])
    first = select_values(r.response)
    assert len(first) == 25 and first[-1] == "from:d3@24"
    r = await arena.alice.select(r.response, ["from:d3@24"])
    second = select_values(r.response)
    assert len(second) == 3 and second[-1] == "from:d3@0"  # back to the first page
    shown = sorted(v.removeprefix("play:") for v in first[:-1] + second[:-1])
    assert shown == legal
    move = second[0].removeprefix("play:")
    await arena.alice.select(r.response, [second[0]])
    [stored] = await arena.db.games.game_moves(game.id)
    assert stored.move == move


def test_the_fitting_helpers_never_pass_the_limit_nor_leave_markdown_open():
    """``cut``, ``fit_lines`` and ``paginate`` on random markdown-heavy text."""
    import random

    from bot.limits import cut, fit_lines, is_balanced, paginate

    pieces = ["**bold**", "`code`", "<@123456789012345678>", "<t:1700000000:R>", "word", "\\*"]
    rnd = random.Random(12)
    for _ in range(500):
        text = " ".join(rnd.choice(pieces) for _ in range(rnd.randint(1, 80)))
        assert is_balanced(text)
        limit = rnd.randint(5, 300)
        short = cut(text, limit)
        assert len(short) <= limit and is_balanced(short), (limit, short)
        lines = [text[: rnd.randint(0, len(text))].rsplit(" ", 1)[0] for _ in range(30)]
        lines = [line for line in lines if is_balanced(line)]
        fitted = fit_lines(lines, limit * 4, keep_head=1, keep_tail=1)
        assert len(fitted) <= limit * 4 and is_balanced(fitted)
        for page in paginate(lines, limit * 4):
            joined = "\n".join(page)
            assert len(joined) <= limit * 4 and is_balanced(joined)


SCHADLER_4 = "schadler:1CC3cc/c4c1c/cCC1CC1C*/cc*4cc/1C1Cc*C2/C1C2c2/6Cc/c2CCc*C1 b hand=0,0"
"""Black's h5-f5 takes four pieces at once (the most seen in random play of any variant)."""


async def test_announcements_with_many_captures_and_long_catch_ups_fit(arena):
    """A move taking four pieces names each in a whole message; a catch-up of thirty missed
    plies tells the last ten and fits (the rest are in /history)."""
    import random

    from bot.services.catchup import MARK
    from rules import Game, start_position
    from storage import PlyToRecord

    from .helpers import last_board

    await game_at(arena, SCHADLER_4)
    r = await arena.bob.slash(arena.channel, "move", move="h5-f5")
    assert_whole(r.response.content)
    assert r.response.content.count(" on ") >= 4, r.response.content
    # thirty plies stored but never announced (the bot died each time before posting)
    lpn = start_position("classic", {"size": "12x8"}).to_lpn()
    game = await game_at(arena, lpn, channel=arena.channel)
    rules_game, rnd, plies = Game(lpn), random.Random(3), []
    for _ in range(30):
        move = rnd.choice(rules_game.legal_moves())
        mover = arena.alice.id if rules_game.turn.value == "white" else arena.bob.id
        rules_game.push(move)
        plies.append(PlyToRecord(mover, str(move), rules_game.position.to_lpn()))
    now = arena.bot.now()
    await arena.db.games.record_moves(game.id, 0, plies, now=now - 120)
    await arena.env.advance_time(60)
    caught = last_board(arena.channel)
    assert MARK in caught.content and "20 earlier turns" in caught.content
    assert_whole(caught.content)
