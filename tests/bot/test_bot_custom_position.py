"""/challenge … position: a game from a given position (FEN, PDN FEN, LPN, XGID), checked with
the command line's own error words; bad positions make no challenge; such games are casual."""

from __future__ import annotations

import random

from rules.games import find_game

from .helpers import challenge_and_accept, last_board

KINGS_AND_PAWN = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"


async def _challenges(arena):
    return await arena.db.challenges.pending_challenges(guild_id=arena.guild.id)


async def test_a_chess_game_from_a_fen(arena):
    r = await arena.alice.slash(
        arena.channel,
        "challenge",
        variant="chess",
        opponent=arena.bob,
        colour="white",
        position=KINGS_AND_PAWN,
    )
    assert not r.ephemeral, r.response.content
    assert f"custom position (a casual game): `chess:{KINGS_AND_PAWN}`" in r.response.content
    await arena.bob.click(r.response, label="Accept")
    [game] = await arena.db.games.active_games(user_id=arena.alice.id)
    assert game.start_position == f"chess:{KINGS_AND_PAWN}" and game.custom_start
    [thread] = [t for t in arena.channel.threads if t.id == game.thread_id]
    first_board = last_board(thread).content
    # on a line of its own, not run on after the rules' summary ("…and promotion Started…")
    assert "\nStarted from a custom position: a casual game." in first_board, first_board
    r = await arena.alice.slash(thread, "move", move="e4")
    assert not r.ephemeral, r.response.content
    record = await arena.db.games.load_game(game.id)
    assert record.current_position.startswith("chess:4k3/8/8/8/4P3/8/8/4K3 b")
    # a normal challenge's game is not marked
    normal, _ = await challenge_and_accept(
        arena, "chess", challenger=arena.bob, opponent=arena.carol
    )
    assert not normal.custom_start


async def test_bad_positions_are_refused_with_the_command_line_words(arena):
    cases = [
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
            "a FEN has six fields separated by spaces",
        ),
        ("rugen", "zzz", "expected the ranks, then the side to move (w or b)"),
        ("backgammon", "XGID=foo", "is not a backgammon position"),
        # already decided: Black is mated
        ("chess", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "already decided (checkmate)"),
        # a match position: a custom start is a single game
        (
            "backgammon",
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:3:10",
            "match length must be 0",
        ),
    ]
    for game_kind, position, words in cases:
        r = await arena.alice.slash(
            arena.channel, "challenge", variant=game_kind, opponent=arena.bob, position=position
        )
        assert r.ephemeral, r.response.content
        assert words in r.response.content and "No challenge was made." in r.response.content
    r = await arena.alice.slash(
        arena.channel,
        "challenge",
        variant="classic",
        opponent=arena.bob,
        options="size=12x8",
        position="classic:8/8/8/8/8/8/8/8 w",
    )
    assert r.ephemeral and "either `options` or a `position`" in r.response.content
    assert await _challenges(arena) == []


async def test_a_backgammon_game_from_an_xgid(arena):
    arena.bot.games.dice = random.Random(2)
    xgid = "XGID=------------e-------bbbbbA:1:-1:-1:65:0:0:0:0:10"  # Black to play 6-5
    r = await arena.alice.slash(
        arena.channel,
        "challenge",
        variant="backgammon",
        opponent=arena.bob,
        colour="white",
        position=xgid,
    )
    assert not r.ephemeral, r.response.content
    await arena.bob.click(r.response, label="Accept")
    [game] = await arena.db.games.active_games(user_id=arena.alice.id)
    assert game.start_position == f"backgammon:{xgid}" and game.custom_start
    session = find_game("backgammon").session(game.current_position)
    assert session.to_move == "black"
    [thread] = [t for t in arena.channel.threads if t.id == game.thread_id]
    r = await arena.bob.slash(thread, "move", move="13/7 13/8")
    assert not r.ephemeral, r.response.content
