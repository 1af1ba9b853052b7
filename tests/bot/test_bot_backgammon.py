"""Backgammon through the bot: the bot's dice (the opening roll at the start, automatic rolls,
Roll and Double buttons when the player may double), the cube's Take and Drop, refusals, a
restart between a double and its answer, and the end with the points won and the .mat record.
The dice are the bot's ``games.dice``, replaced by a seeded generator here (never the rules)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.games import find_game
from rules.games.backgammon import BackgammonSession

from .helpers import button_labels, challenge_and_accept, game_at, last_board, select_options


async def _session(arena: Any, game_id: int) -> BackgammonSession:
    record = await arena.db.games.load_game(game_id)
    session = find_game("backgammon").session(record.current_position)
    assert isinstance(session, BackgammonSession)
    return session


def _member(arena: Any, seat: str) -> Any:
    return arena.alice if seat == "white" else arena.bob  # Alice plays White here


async def _play_top_turn(arena: Any, where: Any, game_id: int) -> Any:
    """The player to move plays /move's first suggestion (the most natural turn)."""
    session = await _session(arena, game_id)
    member = _member(arena, session.to_move)
    got = await member.autocomplete(where, "move", "move", "")
    assert got, "no suggestion"
    r = await member.slash(where, "move", move=got[0]["value"])
    assert not r.ephemeral, r.response.content
    return r


async def _moves(arena: Any, game_id: int) -> list[str]:
    return [m.move for m in await arena.db.games.game_moves(game_id)]


async def _start(arena: Any, seed: int) -> tuple[Any, Any]:
    arena.bot.games.dice = random.Random(seed)
    return await challenge_and_accept(arena, "backgammon")  # Alice White, Bob Black


async def test_the_bot_rolls_the_opening_and_the_player_plays_whole_turns(arena):
    game, where = await _start(arena, 1)
    board = last_board(where)
    moves = await _moves(arena, game.id)
    assert moves and all(m.startswith("roll:") for m in moves)
    first, second = (int(d) for d in moves[-1].removeprefix("roll:").split("-"))
    leader = "White" if first > second else "Black"
    assert f"Opening roll: White {first}, Black {second} — {leader} plays" in board.content
    assert button_labels(board) == ["Move"]
    session = await _session(arena, game.id)
    assert session.to_move == leader.lower()
    # the player cannot name the dice, nor play out of turn
    mover = _member(arena, session.to_move)
    other = arena.bob if mover is arena.alice else arena.alice
    r = await mover.slash(where, "move", move="roll:6-6")
    assert r.ephemeral and "the bot rolls the dice" in r.response.content
    r = await other.slash(where, "move", move="13/7 8/7")
    assert r.ephemeral and "not your turn" in r.response.content
    got = await mover.autocomplete(where, "move", "move", "")
    legal = {session.format(m) for m in session.legal_moves()}
    assert got and {c["value"] for c in got} <= legal
    r = await mover.slash(where, "move", move="6/off 6/off")
    # refused with the rules' reason (which one depends on the dice: blocked, not all home…)
    head = "`6/off 6/off` is not legal here: "
    assert r.ephemeral and r.response.content.startswith(head)
    assert len(r.response.content) > len(head) + 10
    r = await _play_top_turn(arena, where, game.id)
    assert f"rolled {max(first, second)}-{min(first, second)} and played `" in r.response.content
    # under the turn: the cube and both pip counts, in words
    pips = (await _session(arena, game.id)).pips()
    assert f"Cube 1, centred · Pips: White {pips[0]}, Black {pips[1]}" in r.response.content
    # the next player may double: the board shows Roll and Double, and nothing is rolled yet
    board = last_board(where)
    assert button_labels(board) == ["Roll", "Double"]
    assert (await _moves(arena, game.id))[-1] != "roll"
    session = await _session(arena, game.id)
    roller = _member(arena, session.to_move)
    not_roller = arena.bob if roller is arena.alice else arena.alice
    r = await not_roller.click(board, label="Roll")
    assert r.ephemeral and "not your turn" in r.response.content
    r = await roller.click(board, label="Roll")
    assert r.ephemeral and "✅ You played `roll:" in r.response.content
    rolled = (await _moves(arena, game.id))[-1]
    assert rolled.startswith("roll:")
    assert f"rolled {rolled.removeprefix('roll:')}" in last_board(where).content
    assert button_labels(last_board(where)) == ["Move"]
    r = await roller.slash(where, "draw")
    assert r.ephemeral and "backgammon has no draws" in r.response.content
    # the old board's Roll is spent
    r = await roller.click(board, label="Roll")
    assert r.ephemeral and "moved on" in r.response.content


async def test_a_double_taken_then_a_redouble_dropped_ends_the_game(arena, bot_factory):
    game, where = await _start(arena, 7)
    await _play_top_turn(arena, where, game.id)
    session = await _session(arena, game.id)
    doubler = _member(arena, session.to_move)
    taker = arena.bob if doubler is arena.alice else arena.alice
    board = first_double_board = last_board(where)
    # the player not to move cannot double (nor roll) on the mover's board
    r = await taker.click(board, label="Double")
    assert r.ephemeral and "not your turn" in r.response.content
    r = await taker.slash(where, "move", move="double")
    assert r.ephemeral and "not your turn" in r.response.content
    r = await doubler.click(board, label="Double")
    assert r.ephemeral and "✅ You played `double`" in r.response.content
    board = last_board(where)
    assert "doubles: the cube would go to 2" in board.content
    assert button_labels(board) == ["Take", "Drop"]
    # the doubler cannot take their own double
    r = await doubler.click(board, label="Take")
    assert r.ephemeral and "not your turn" in r.response.content
    # a restart between the double and its answer: the old board's buttons still answer
    old = arena.bot
    await arena.env.restart_bot(bot_factory())
    await old.db.stop()
    arena.bot.games.dice = random.Random(8)
    r = await taker.click(board, label="Take")
    assert r.ephemeral and "✅ You played `take`" in r.response.content
    board = last_board(where)
    assert "takes: the cube is at 2" in board.content
    moves = await _moves(arena, game.id)
    # the doubler may not redouble: the bot rolled for them at once
    assert moves[-3:-1] == ["double", "take"] and moves[-1].startswith("roll:")
    assert button_labels(board) == ["Move"]
    # a double when the cube is not yours: refused with that reason (not "already rolled")
    r = await doubler.slash(where, "move", move="double")
    assert r.ephemeral and "`double` is not legal here" in r.response.content
    owner = "White" if taker is arena.alice else "Black"  # as the boards name the seat
    assert f"the cube is {owner}'s: only its owner may redouble" in r.response.content
    # the spent Double button of an earlier board: the game moved on, nothing played
    before = await _moves(arena, game.id)
    r = await doubler.click(first_double_board, label="Double")
    assert r.ephemeral and "moved on since this board" in r.response.content
    assert await _moves(arena, game.id) == before
    await _play_top_turn(arena, where, game.id)
    # the taker owns the cube: Roll and Double; they redouble, the first doubler drops
    board = last_board(where)
    assert button_labels(board) == ["Roll", "Double"]
    r = await taker.click(board, label="Double")
    assert r.ephemeral, r.response.content
    board = last_board(where)
    assert "the cube would go to 4" in board.content
    r = await doubler.click(board, label="Drop")
    assert r.ephemeral and "✅ You played `drop`" in r.response.content
    final = last_board(where)
    seat = "White" if taker is arena.alice else "Black"
    assert f"({seat}) wins 2 points**: the double was dropped." in final.content
    assert button_labels(final) == ["Rematch", "Analysis"]
    record = await arena.db.games.load_game(game.id)
    assert (record.status, record.reason, record.points) == ("finished", "drop", 2)
    h = await arena.alice.slash(where, "history", game=str(game.id))
    att, replay = h.response.attachments
    assert replay.filename.endswith("-replay.gif")
    assert att.filename == f"backgammon-game-{game.id}.mat"
    mat = (await att.read()).decode()
    assert mat.startswith(" 0 point match") and "Doubles => 4" in mat and " Drops" in mat


async def test_a_turn_with_no_legal_play_is_passed_by_the_bot_and_announced(arena):
    # Black to play 6-5 with its home board closed; White has a checker on the bar, and the
    # cube is Black's (2), so White cannot double: the bot rolls for White, who cannot enter.
    start = "backgammon:XGID=------N-----c------bbbbbbA:1:-1:-1:65:0:0:0:0:10"
    record = await game_at(arena, start)
    arena.bot.games.dice = random.Random(3)
    r = await arena.bob.slash(arena.channel, "move", move="13/7 13/8")
    assert not r.ephemeral, r.response.content
    text = r.response.content
    moves = await _moves(arena, record.id)
    assert moves[0] == "13/7 13/8" and moves[1].startswith("roll:") and moves[2] == "pass"
    rolled = moves[1].removeprefix("roll:")
    assert f"(White) rolled {rolled} and cannot move: the turn passes." in text
    # Black owns the cube: Roll and Double for Black
    assert f"<@{arena.bob.id}>, your move (Black)" in text
    assert button_labels(last_board(arena.channel)) == ["Roll", "Double"]


async def _double_and_answer(arena: Any, where: Any, game_id: int, answer: str) -> str:
    """After the opening turn, the next player doubles and the other answers; returns the
    doubler's seat."""
    await _play_top_turn(arena, where, game_id)
    session = await _session(arena, game_id)
    doubler = session.to_move
    r = await _member(arena, doubler).click(last_board(where), label="Double")
    assert r.ephemeral and "✅" in r.response.content, r.response.content
    other = "black" if doubler == "white" else "white"
    r = await _member(arena, other).click(last_board(where), label=answer.title())
    assert r.ephemeral and "✅" in r.response.content, r.response.content
    return doubler


async def test_a_match_to_three_with_its_crawford_game(arena):
    arena.bot.games.dice = random.Random(5)
    game, where = await challenge_and_accept(arena, "backgammon", options="match=3")
    assert game.match_id is not None and game.match_game == 1
    match_id = game.match_id
    # game 1: a double dropped, 1 point
    winner1 = await _double_and_answer(arena, where, game.id, "drop")
    match = await arena.db.matches.require_match(match_id)
    assert match.scores[winner1] == 1 and match.games_scored == 1
    final = [m for m in where.history() if f"**Game #{game.id} is over.**" in m.content]
    assert final and "Match to 3: " in final[-1].content
    # game 2 started by itself, with the bot's opening roll, under the final board
    [second] = [g for g in await arena.db.matches.match_games(match_id) if g.match_game == 2]
    board = last_board(where)
    assert "**Game 2 of the match to 3**" in board.content and "Opening roll" in board.content
    assert second.is_active and (await _moves(arena, second.id))[-1].startswith("roll:")
    # game 2: a double taken (cube 2), then game 1's winner resigns: 2 points to the other,
    # who reaches 2 of 3 (N-1)
    doubler2 = await _double_and_answer(arena, where, second.id, "take")
    board = last_board(where).content
    owner = "Black" if doubler2 == "white" else "White"  # the taker owns the cube
    assert f"Cube 2, {owner}'s · Pips:" in board
    score = "1 – 0" if winner1 == "white" else "0 – 1"  # White's score first
    assert "Match to 3: " in board and score in board
    r = await _member(arena, winner1).slash(where, "resign", game=str(second.id))
    assert not r.ephemeral, r.response.content
    match = await arena.db.matches.require_match(match_id)
    leader = "black" if winner1 == "white" else "white"
    assert match.scores == {winner1: 1, leader: 2} and match.is_active
    # 2 points for the leader: the next game is the Crawford game, no Double button
    assert match.crawford_game == 3
    board = last_board(where)
    assert "**Game 3 of the match to 3**" in board.content and "**Crawford game**" in board.content
    [third] = [g for g in await arena.db.matches.match_games(match_id) if g.match_game == 3]
    await _play_top_turn(arena, where, third.id)
    board = last_board(where)
    # no Roll/Double choice: the bot rolled for the next player at once
    assert button_labels(board) == ["Move"]
    assert (await _moves(arena, third.id))[-1].startswith("roll:")
    session = await _session(arena, third.id)
    r = await _member(arena, session.to_move).slash(where, "move", move="double")
    assert r.ephemeral and "`double` is not legal here" in r.response.content
    # the trailer resigns: the leader wins the match
    r = await _member(arena, winner1).slash(where, "resign", game=str(third.id))
    assert not r.ephemeral, r.response.content
    match = await arena.db.matches.require_match(match_id)
    assert match.winner == leader and match.status == "finished"
    assert "wins the match to 3**" in last_board(where).content
    assert len(await arena.db.matches.match_games(match_id)) == 3
    # /history of the last game gives the whole match as one .mat file
    h = await arena.alice.slash(where, "history", game=str(third.id))
    att, replay = h.response.attachments
    assert replay.filename.endswith("-replay.gif")
    mat = (await att.read()).decode()
    assert mat.startswith(" 3 point match")
    assert [line for line in mat.splitlines() if line.startswith(" Game ")] == [
        " Game 1",
        " Game 2",
        " Game 3",
    ]
    assert " Drops" in mat and "Takes" in mat and "Wins 2 points" in mat


async def test_the_move_button_plays_a_whole_turn_and_a_resignation_scores_the_cube(arena):
    game, where = await _start(arena, 11)
    session = await _session(arena, game.id)
    mover = _member(arena, session.to_move)
    legal = {session.format(m) for m in session.legal_moves()}
    r = await mover.click(last_board(where), label="Move")
    assert r.ephemeral
    # the first offered choice at each step (a point, then its destination) until whole
    for _ in range(8):
        options = select_options(r.response)
        lone = [b for b in _buttons(r.response) if not b.startswith(("Play ", "↩"))]
        if lone:  # a single step is one button
            r = await mover.click(r.response, label=lone[0])
            continue
        if not options:
            break
        assert len(options) <= 25
        r = await mover.select(r.response, [options[0][1]])
    [play] = [label for label in _buttons(r.response) if label.startswith("Play ")]
    turn = play.removeprefix("Play ").split(" ✕")[0]
    assert turn in legal
    await mover.click(r.response, label=play)
    played = [m for m in await _moves(arena, game.id) if "/" in m]
    assert played == [turn]
    assert f"played `{turn}`" in last_board(where).content
    loser = arena.bob if mover is arena.alice else arena.alice
    r = await loser.slash(where, "resign")
    assert not r.ephemeral, r.response.content
    record = await arena.db.games.load_game(game.id)
    assert (record.reason, record.points) == ("resignation", 1)
    assert "wins 1 point**:" in last_board(where).content


async def test_headers_and_history_count_no_moves_from_rolls(arena):
    """Rolls and cube actions are plies of their own: a ply count would say "move 3" after the
    opening roll and one turn. Backgammon boards name who is to play instead, and /history
    lists the actions unnumbered (the .mat file numbers the turns)."""
    game, where = await _start(arena, 1)
    r = await _play_top_turn(arena, where, game.id)
    record = await arena.db.games.load_game(game.id)
    assert record.ply >= 2  # the opening roll(s) and one turn: "move 2" by a ply count
    header = r.response.content.split("\n")[0]
    session = await _session(arena, game.id)
    assert header.endswith(f"· {session.to_move.title()} to play"), header
    assert "move " not in header.lower()
    r = await arena.alice.slash(where, "history")
    text = r.response.content
    assert f"in progress, {session.to_move.title()} to play" in text
    assert "1. roll:" not in text and "move 2" not in text


OPENING_61 = "backgammon:XGID=-b----E-C---eE---c-e----B-:0:0:1:61:0:0:0:0:10"
"""The start, White (Alice) to play 6-1."""


def _buttons(message: Any) -> dict[str, str]:
    """label → custom id of a message's buttons."""
    out = {}
    for row in message.components:
        children = row["components"] if isinstance(row, dict) else row.children
        for c in children:
            if (c["type"] if isinstance(c, dict) else c.type.value) == 2:
                label = c["label"] if isinstance(c, dict) else c.label
                out[label] = c["custom_id"] if isinstance(c, dict) else c.custom_id
    return out


async def test_the_move_button_picks_a_turn_die_by_die_with_undo(arena):
    record = await game_at(arena, OPENING_61)
    board_r = await arena.alice.slash(arena.channel, "board")
    board = board_r.response
    # only the mover may open the picker
    r = await arena.bob.click(board, label="Move")
    assert r.ephemeral and "not your turn" in r.response.content
    menu = await arena.alice.click(board, label="Move")
    assert menu.ephemeral
    assert "your 6-1 · dice left: 6-1 — pick a checker" in menu.response.content
    options = dict(select_options(menu.response))
    # 13/12 is blocked: 13 offers its one step at once; 24 and 8 have two steps each
    assert set(options) == {"From 24", "13/7 (the 6)", "From 8", "6/5 (the 1)"}
    assert "Undo" not in " ".join(_buttons(menu.response))  # nothing to undo yet
    r = await arena.alice.select(menu.response, [options["13/7 (the 6)"]])
    text = r.response.content
    assert "so far `13/7` · dice left: 1" in text
    assert {label for label, _ in select_options(r.response)} == {
        "24/23 (the 1)",
        "8/7 (the 1)",
        "7/6 (the 1)",
        "6/5 (the 1)",
    }
    assert (await _moves(arena, record.id)) == []  # nothing stored half-way
    # Undo the 13/7: back to the first menu
    r = await arena.alice.click(r.response, label="↩ Undo 13/7")
    assert "dice left: 6-1 — pick a checker" in r.response.content
    options = dict(select_options(r.response))
    r = await arena.alice.select(r.response, [options["From 8"]])
    assert "where does the checker on 8 go?" in r.response.content
    assert {label for label, _ in select_options(r.response)} == {"8/2 (the 6)", "8/7 (the 1)"}
    assert "↩ Back" in _buttons(r.response)
    r = await arena.alice.select(r.response, [dict(select_options(r.response))["8/7 (the 1)"]])
    r = await arena.alice.select(r.response, [dict(select_options(r.response))["13/7 (the 6)"]])
    # whole: one Play button (and an Undo); nothing stored until it is pressed
    assert "the whole turn is `13/7 8/7`" in r.response.content
    assert set(_buttons(r.response)) == {"Play 13/7 8/7", "↩ Undo 13/7"}
    assert (await _moves(arena, record.id)) == []
    confirm = r.response
    played = await arena.alice.click(confirm, label="Play 13/7 8/7")
    assert "✅ You played `13/7 8/7`" in played.response.content
    moves = await _moves(arena, record.id)
    assert moves[0] == "13/7 8/7" and len([m for m in moves if "/" in m]) == 1
    assert "played `13/7 8/7`" in last_board(arena.channel).content
    assert _buttons(confirm) == {}  # the played menu became the confirmation


async def test_two_pickers_of_one_turn_never_play_two_turns(arena, bot_factory):
    record = await game_at(arena, OPENING_61)
    board = (await arena.alice.slash(arena.channel, "board")).response
    menus = []
    for first, second in (("13/7 (the 6)", "8/7 (the 1)"), ("6/5 (the 1)", "13/7 (the 6)")):
        r = await arena.alice.click(board, label="Move")
        r = await arena.alice.select(r.response, [dict(select_options(r.response))[first]])
        r = await arena.alice.select(r.response, [dict(select_options(r.response))[second]])
        menus.append(r.response)
    [play_one] = [label for label in _buttons(menus[0]) if label.startswith("Play")]
    [play_two] = [label for label in _buttons(menus[1]) if label.startswith("Play")]
    # a restart: the bot no longer knows the open menus, so it cannot close them; they still
    # answer, and the one left over after a turn was played says the game moved on
    old = arena.bot
    await arena.env.restart_bot(bot_factory())
    await old.db.stop()
    r = await arena.alice.click(menus[0], label=play_one)
    assert "✅" in r.response.content
    r = await arena.alice.click(menus[1], label=play_two)
    assert "moved on" in r.response.content and "✅" not in r.response.content
    moves = await _moves(arena, record.id)
    assert len([m for m in moves if "/" in m]) == 1
    # a race one level down (two processes): the guarded ply lets one turn stand
    import asyncio

    from bot.errors import message_for
    from bot.services.games import GameService

    record = await game_at(arena, OPENING_61)
    other = GameService(arena.db)
    results = await asyncio.gather(
        arena.bot.games.play_move(record.id, arena.alice.id, "13/7 8/7", expected_ply=0),
        other.play_move(record.id, arena.alice.id, "24/18 6/5", expected_ply=0),
        return_exceptions=True,
    )
    errors = [r for r in results if isinstance(r, BaseException)]
    assert len(errors) == 1 and "moved on" in (message_for(errors[0]) or "")
    assert len([m for m in await _moves(arena, record.id) if "/" in m]) == 1


ONE_WAY_IN = "backgammon:XGID=------------e-------bbbbbA:1:-1:-1:65:0:0:0:0:10"
"""Black (Bob, owning the 2-cube) to play 6-5; White's last checker is on the bar and Black's
home board is closed but for its 6-point: White's every entering roll has exactly one play."""


async def test_the_only_legal_turn_is_played_only_for_a_player_who_opted_in(arena):
    # by default: nothing is played for Alice, even with one legal play
    r = await arena.alice.slash(arena.channel, "settings")
    assert r.ephemeral and "Only legal turn: off** (the default)" in r.response.content
    record = await game_at(arena, ONE_WAY_IN)
    arena.bot.games.dice = random.Random(19)  # White rolls 6-1: bar/19 19/18* only
    r = await arena.bob.slash(arena.channel, "move", move="13/7 13/8")
    assert not r.ephemeral, r.response.content
    assert await _moves(arena, record.id) == ["13/7 13/8", "roll:6-1"]
    assert f"<@{arena.alice.id}>, your move (White)" in r.response.content
    # Alice opts in: the same roll in a new game is played for her and announced
    r = await arena.alice.slash(arena.channel, "settings", only_turn="on")
    assert r.ephemeral and "Only legal turn: on" in r.response.content
    player = await arena.db.players.get_player(arena.alice.id)
    assert player is not None and player.play_only_turn
    record = await game_at(arena, ONE_WAY_IN)
    arena.bot.games.dice = random.Random(19)
    r = await arena.bob.slash(arena.channel, "move", move="13/7 13/8", game=str(record.id))
    assert not r.ephemeral, r.response.content
    assert await _moves(arena, record.id) == ["13/7 13/8", "roll:6-1", "bar/19 19/18*"]
    text = r.response.content
    assert (
        f"<@{arena.alice.id}> (White) rolled 6-1 and played `bar/19 19/18*`, hitting on 18 — "
        "played by the bot, their only legal turn (`/settings`)." in text
    )
    # Bob (who did not opt in) owns the cube: his Roll / Double, nothing played for him
    assert f"<@{arena.bob.id}>, your move (Black)" in text
    assert button_labels(last_board(arena.channel)) == ["Roll", "Double"]
    # switched off again: stored
    r = await arena.alice.slash(arena.channel, "settings", only_turn="off")
    assert "Only legal turn: off" in r.response.content
    assert await arena.db.players.playing_only_turns([arena.alice.id]) == set()


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
async def test_history_names_the_seat_the_opening_roll_sent_first(arena, seed):
    """ "White 2, Black 5 — Black plays 5-2" on the board, so /history must not say "White
    moved first" (it named the seat to move before the opening roll)."""
    game, where = await _start(arena, seed)
    opening = [m for m in await _moves(arena, game.id) if m.startswith("roll:")][-1]
    first, second = (int(d) for d in opening.removeprefix("roll:").split("-"))
    leader = "White" if first > second else "Black"
    r = await arena.alice.slash(where, "history")
    header = r.response.content.split("\n")[0]
    assert f"{leader} moved first" in header, header
    other = "Black" if leader == "White" else "White"
    assert f"{other} moved first" not in header


async def test_no_rematch_mid_match_and_an_aborted_game_calls_the_match_off(arena):
    """A match game's final board offers no Rematch while the match goes on (its next game
    follows); /abort of a match game calls the match off as a whole instead of starting the
    next game at the same score."""
    arena.bot.games.dice = random.Random(5)
    game, where = await challenge_and_accept(arena, "backgammon", options="match=3")
    match_id = game.match_id
    await _double_and_answer(arena, where, game.id, "drop")
    [final] = [m for m in where.history() if f"**Game #{game.id} is over.**" in m.content]
    assert "Rematch" not in button_labels(final)
    [second] = [g for g in await arena.db.matches.match_games(match_id) if g.match_game == 2]
    assert second.is_active
    session = await _session(arena, second.id)
    aborter = _member(arena, session.to_move)
    r = await aborter.slash(where, "abort", game=str(second.id))
    assert not r.ephemeral, r.response.content
    match = await arena.db.matches.require_match(match_id)
    assert (match.status, match.winner) == ("finished", None)
    assert len(await arena.db.matches.match_games(match_id)) == 2  # no game 3 at 1 – 0
    board = last_board(where)
    assert "called off" in board.content, board.content
    assert "Game 3 of the match" not in board.content
    # the match is over: a rematch may be offered
    assert button_labels(board) == ["Rematch", "Analysis"]
