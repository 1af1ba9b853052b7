"""/takeback: the opponent accepts or declines; both plies when the opponent replied; never in a
finished game, never across a dice roll (backgammon); a request lapses when the game moves on."""

from __future__ import annotations

import random

from .helpers import button_labels, challenge_and_accept, last_board


def _request(where):
    for message in reversed(where.history()):
        if "asks to take back" in message.content and not message.flags.ephemeral:
            return message
    raise AssertionError("no takeback request")


async def _moves(arena, game_id):
    return [m.move for m in await arena.db.games.game_moves(game_id)]


async def test_a_takeback_declined_then_accepted(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    r = await arena.alice.slash(where, "takeback")
    assert r.ephemeral and "nothing to take back" in r.response.content
    await arena.alice.slash(where, "move", move="a2-a3")
    r = await arena.alice.slash(where, "takeback")
    assert not r.ephemeral, r.response.content
    request = _request(where)
    assert f"<@{arena.alice.id}> asks to take back `a2-a3`" in request.content
    assert button_labels(request) == ["Accept takeback", "Decline"]
    # the asker cannot answer; a bystander cannot either
    r = await arena.alice.click(request, label="Accept takeback")
    assert r.ephemeral and "your opponent answers it" in r.response.content
    r = await arena.carol.click(request, label="Accept takeback")
    assert r.ephemeral and "Only the two players" in r.response.content
    r = await arena.bob.click(request, label="Decline")
    assert "declined" in r.response.content and button_labels(r.response) == []
    assert await _moves(arena, game.id) == ["a2-a3"]
    # asked again and accepted: the move is gone, the board posted again, Alice to move
    await arena.alice.slash(where, "takeback")
    request = _request(where)
    r = await arena.bob.click(request, label="Accept takeback")
    assert "taken back" in r.response.content and button_labels(r.response) == []
    assert await _moves(arena, game.id) == []
    record = await arena.db.games.load_game(game.id)
    assert (record.ply, record.current_position) == (0, record.start_position)
    board = last_board(where)
    assert "`a2-a3` (<@" in board.content and "taken back" in board.content
    assert f"<@{arena.alice.id}>, your move" in board.content
    # the game goes on from there
    r = await arena.alice.slash(where, "move", move="b2-b3")
    assert not r.ephemeral, r.response.content
    assert await _moves(arena, game.id) == ["b2-b3"]


async def test_both_plies_when_the_opponent_replied_and_a_lapsed_request(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    await arena.alice.slash(where, "move", move="a2-a3")
    await arena.bob.slash(where, "move", move="a7-a6")
    await arena.alice.slash(where, "takeback")
    request = _request(where)
    assert "`a2-a3`" in request.content and "`a7-a6`" in request.content
    r = await arena.bob.click(request, label="Accept takeback")
    assert await _moves(arena, game.id) == []
    # a request the game moved past lapses: nothing is taken back
    await arena.alice.slash(where, "move", move="a2-a3")
    await arena.alice.slash(where, "takeback")
    request = _request(where)
    await arena.bob.slash(where, "move", move="h7-h6")
    r = await arena.bob.click(request, label="Accept takeback")
    assert "lapsed" in r.response.content and button_labels(r.response) == []
    assert await _moves(arena, game.id) == ["a2-a3", "h7-h6"]


async def test_no_takeback_in_a_finished_game(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    await arena.alice.slash(where, "move", move="a2-a3")
    await arena.alice.slash(where, "takeback")
    request = _request(where)
    r = await arena.bob.slash(where, "resign")
    assert not r.ephemeral
    r = await arena.alice.slash(where, "takeback", game=str(game.id))
    assert r.ephemeral and "a finished game cannot be taken back" in r.response.content
    r = await arena.bob.click(request, label="Accept takeback")
    assert "lapsed" in r.response.content
    record = await arena.db.games.load_game(game.id)
    assert record.status == "finished" and await _moves(arena, game.id) == ["a2-a3"]


async def test_backgammon_takes_back_a_turn_until_the_next_dice_are_rolled(arena):
    arena.bot.games.dice = random.Random(1)
    game, where = await challenge_and_accept(arena, "backgammon")
    record = await arena.db.games.load_game(game.id)
    from rules.games import find_game

    session = find_game("backgammon").session(record.current_position)
    mover = arena.alice if session.to_move == "white" else arena.bob
    other = arena.bob if mover is arena.alice else arena.alice
    rolled = await _moves(arena, game.id)
    # the opening roll is the bot's: nothing of the mover's own to take back yet
    r = await mover.slash(where, "takeback")
    assert r.ephemeral and "nothing to take back" in r.response.content
    turn = (await mover.autocomplete(where, "move", "move", ""))[0]["value"]
    await mover.slash(where, "move", move=turn)
    # the opponent may double: no dice rolled yet, so the turn can be taken back
    assert button_labels(last_board(where)) == ["Roll", "Double"]
    await mover.slash(where, "takeback")
    await other.click(_request(where), label="Accept takeback")
    assert await _moves(arena, game.id) == rolled  # the same dice to play again
    assert "Move" in button_labels(last_board(where))
    await mover.slash(where, "move", move=turn)
    r = await other.click(last_board(where), label="Roll")
    assert "✅" in r.response.content
    # the next dice are rolled: the turn before them stands
    r = await mover.slash(where, "takeback")
    assert r.ephemeral and "the dice were rolled after it" in r.response.content
    assert "a turn that was rolled stays rolled" in r.response.content
    assert (await _moves(arena, game.id))[-2] == turn


async def test_the_computer_accepts_a_takeback_at_once(arena):
    """Decided (issue 30.14): against the computer, /takeback takes back the player's last
    move and the computer's reply at once, as lichess does; no request is posted (nobody
    would answer it)."""
    from .computer_helpers import challenge_the_bot

    game, thread, _ = await challenge_the_bot(arena, "rugen", colour="white")
    r = await arena.alice.slash(thread, "move", move="a2-a3")
    assert not r.ephemeral, r.response.content
    await arena.env.settle()
    assert (await arena.db.games.load_game(game.id)).ply == 2  # the computer replied
    r = await arena.alice.slash(thread, "takeback")
    assert r.ephemeral and "accepted" in r.response.content, r.response.content
    record = await arena.db.games.load_game(game.id)
    assert record.ply == 0 and record.is_active
    assert await arena.db.games.game_moves(game.id) == []
    board = last_board(thread)
    assert f"<@{arena.bot.user.id}> accepted" in board.content
    assert f"<@{arena.alice.id}>, your move" in board.content
    asked = [m for m in thread.history() if "asks to take back" in m.content]
    assert asked == []  # no request waiting for an answer that never comes


async def test_a_takeback_after_the_end_says_the_game_is_over(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    await arena.alice.slash(where, "move", move="a2-a3")
    await arena.bob.slash(where, "resign")
    r = await arena.alice.slash(where, "takeback")
    assert r.ephemeral
    assert f"Game #{game.id} is over" in r.response.content, r.response.content
    assert "no active game" not in r.response.content
    assert (await arena.db.games.load_game(game.id)).ply == 1
