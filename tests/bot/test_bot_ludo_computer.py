"""Ludo against the bot (issue 16): the computer's seats at a table (the host's Add bot /
Remove bot, or ``/challenge variant:ludo opponent:<the bot> level:``), games played to the end
with people on their turns and the computer's seats moving by themselves, the refusals, and a
restart while the computer thinks."""

from __future__ import annotations

import random
from typing import Any

import pytest
import pytest_asyncio

from rules.games import find_game

from .computer_helpers import GatedWorker, the_bot
from .helpers import button_labels, last_board
from .ludo_helpers import furthest, play_turn, session_of

# The computer thinks a few milliseconds at every level (tests/bot/conftest.py).
pytestmark = [
    # the worker's turns, several in a row, overran simcord's 5 s on the loaded shared machine
    pytest.mark.simcord(settle_timeout=60),
]

MAX_TURNS = 600


@pytest_asyncio.fixture
async def dave(arena: Any) -> Any:
    return arena.guild.add_member(arena.env.create_user("dave", global_name="Dave"))


def _table_message(arena: Any, message: Any) -> Any:
    return next(m for m in arena.channel.history() if m.id == message.id)


async def _open_table(arena: Any, host: Any, **kwargs: Any) -> Any:
    r = await host.slash(arena.channel, "challenge", variant="ludo", **kwargs)
    assert not r.ephemeral, r.response.content
    return r.response


async def _pending(arena: Any) -> Any:
    [ch] = await arena.db.challenges.pending_challenges(now=arena.bot.now())
    return ch


async def _the_game(arena: Any, host: Any) -> tuple[Any, Any]:
    [game] = await arena.db.games.active_games(user_id=host.id)
    [thread] = [t for t in arena.channel.threads if t.id == game.thread_id]
    return game, thread


async def _play_to_the_end(arena: Any, game_id: int, thread: Any, people: list[Any]) -> Any:
    """The people play their turns (the furthest token, by button and ``/move`` in turn)
    until the game ends; every time the bot has settled it is a person's turn (the computer's
    seats have moved by themselves), and the other people are refused. Returns the record."""
    members = {m.id: m for m in people}
    refused = 0
    for turn in range(MAX_TURNS):
        record, session = await session_of(arena, game_id)
        if not record.is_active:
            return record
        mover = record.player_at(session.to_move)
        assert mover in members, f"ply {record.ply}: the computer's seat {session.to_move} waits"
        assert not record.seat(session.to_move).is_computer
        if turn % 25 == 0 and len(people) > 1:  # someone else's /move changes nothing
            other = next(m for m in people if m.id != mover)
            r = await other.slash(thread, "move", move=furthest(session))
            assert r.ephemeral and "not your turn" in r.response.content, r.response.content
            refused += 1
            assert (await session_of(arena, game_id))[0].ply == record.ply
        await play_turn(arena, thread, game_id, members, "button" if turn % 2 else "move")
        await arena.env.settle()
    raise AssertionError(f"game {game_id} did not end within {MAX_TURNS} turns ({refused})")


def _moves_by(moves: list[Any], player_id: int) -> list[str]:
    return [m.move for m in moves if m.player_id == player_id]


async def test_one_person_against_the_bot_at_a_table_of_two_to_the_end(arena):
    alice = arena.alice
    bot_id = arena.bot.user.id
    arena.bot.games.dice = random.Random(5)
    table = await _open_table(arena, alice, opponent=the_bot(arena), level="hard")
    assert "1. 🔴 Red — " in table.content and f"<@{alice.id}> (host)" in table.content
    assert f"2. 🟡 Yellow — <@{bot_id}> (the computer, hard)" in table.content
    assert "recorded, not counted" in table.content
    assert button_labels(table)[3:] == [
        "Add bot: easy",
        "Add bot: medium",
        "Add bot: hard",
        "Remove bot",
    ]
    r = await alice.click(table, label="Start")
    assert not r.ephemeral, r.response.content
    await arena.env.settle()
    game, thread = await _the_game(arena, alice)
    assert [(s.name, s.player_id, s.ai_level) for s in game.seats] == [
        ("red", alice.id, None),
        ("yellow", bot_id, "hard"),
    ]
    assert not game.rated
    record = await _play_to_the_end(arena, game.id, thread, [alice])
    assert record.reason == "finished" and record.places[0] == record.winner
    moves = await arena.db.games.game_moves(game.id)
    bot_moves = _moves_by(moves, bot_id)
    assert len([m for m in bot_moves if "-" in m]) > 10  # its tokens moved by themselves
    final = last_board(thread)
    assert f"**Game #{game.id} is over.**" in final.content
    assert "recorded, not counted" in final.content
    assert button_labels(final) == ["Rematch", "Analysis"]
    # recorded, counted for nobody, rated for nobody
    for uid in (alice.id, bot_id):
        player = await arena.db.players.get_player(uid)
        assert player is not None and player.games_played == 0
    assert await arena.db.players.leaderboard(arena.guild.id) == []
    assert not (await arena.db.games.load_game(game.id)).rated
    # the rematch seats the computer again at its level
    r = await alice.click(final, label="Rematch")
    assert not r.ephemeral, r.response.content
    ch = await _pending(arena)
    assert ch.seated == (alice.id, bot_id) and ch.seated_levels == (None, "hard")


async def test_two_people_and_two_bot_seats_play_a_game_of_four_to_the_end(arena):
    alice, bob = arena.alice, arena.bob
    bot_id = arena.bot.user.id
    arena.bot.games.dice = random.Random(12)
    table = await _open_table(arena, alice)
    r = await alice.click(table, label="Add bot: easy")
    assert not r.ephemeral, r.response.content
    assert f"2. 🟡 Yellow — <@{bot_id}> (the computer, easy)" in r.response.content
    r = await bob.click(_table_message(arena, table), label="Join")
    assert not r.ephemeral, r.response.content
    r = await alice.click(_table_message(arena, table), label="Add bot: hard")  # the fourth
    assert not r.ephemeral, r.response.content
    await arena.env.settle()
    table = _table_message(arena, table)
    assert "has started" in table.content and not button_labels(table)
    game, thread = await _the_game(arena, alice)
    assert [(s.name, s.player_id, s.ai_level) for s in game.seats] == [
        ("red", alice.id, None),
        ("blue", bot_id, "easy"),
        ("yellow", bob.id, None),
        ("green", bot_id, "hard"),
    ]
    record = await _play_to_the_end(arena, game.id, thread, [alice, bob])
    assert record.reason == "finished" and len(record.places) == 4
    moves = await arena.db.games.game_moves(game.id)
    assert _moves_by(moves, alice.id) and _moves_by(moves, bob.id)
    assert len([m for m in _moves_by(moves, bot_id) if "-" in m]) > 10
    final = last_board(thread)
    assert "Places: 🥇 " in final.content and "🥈" in final.content and "🥉" in final.content
    assert "recorded, not counted" in final.content
    for member in (alice, bob):
        r = await member.slash(arena.channel, "stats")
        assert "In this server: no finished games yet." in r.response.content  # not counted
        player = await arena.db.players.get_player(member.id)
        assert player is not None and (player.games_played, player.wins) == (0, 0)
    assert await arena.db.players.leaderboard(arena.guild.id) == []
    r = await alice.slash(arena.channel, "leaderboard", game="ludo")
    assert f"<@{alice.id}>" not in r.response.content and f"<@{bob.id}>" not in r.response.content
    assert not (await arena.db.games.load_game(game.id)).rated


async def test_only_the_host_seats_the_bot_and_a_full_table_takes_no_more(arena, dave):
    alice, bob = arena.alice, arena.bob
    bot_id = arena.bot.user.id
    table = await _open_table(arena, alice)
    r = await bob.click(table, label="Add bot: medium")
    assert r.ephemeral and f"Only the host, <@{alice.id}>, can seat me" in r.response.content
    r = await alice.click(table, label="Remove bot")
    assert r.ephemeral and "I have no seat at this table" in r.response.content
    r = await alice.click(table, label="Add bot: medium")
    assert not r.ephemeral and "(the computer, medium)" in r.response.content
    r = await bob.click(_table_message(arena, table), label="Remove bot")
    assert r.ephemeral and f"Only the host, <@{alice.id}>, can remove my seat" in r.response.content
    assert (await _pending(arena)).seated == (alice.id, bot_id)
    r = await alice.click(_table_message(arena, table), label="Remove bot")
    assert not r.ephemeral and "Seats (1 of 4)" in r.response.content
    assert (await _pending(arena)).seated == (alice.id,)
    # a full table (the race of two last seats: storage seated them) takes no fifth seat,
    # neither a person's nor the computer's
    ch = await _pending(arena)
    for who in (bob.id, arena.carol.id):
        await arena.db.challenges.join_table(ch.id, who, now=arena.bot.now())
    await arena.db.challenges.join_table(ch.id, bot_id, ai_level="easy", now=arena.bot.now())
    r = await alice.click(table, label="Add bot: hard")
    assert r.ephemeral and "This table is full: all 4 seats are taken." in r.response.content
    r = await dave.click(table, label="Join")
    assert r.ephemeral and "This table is full: all 4 seats are taken." in r.response.content
    ch = await _pending(arena)
    assert ch.seated == (alice.id, bob.id, arena.carol.id, bot_id)
    assert ch.seated_levels == (None, None, None, "easy")
    # `level` seats the bot only when it is the opponent
    r = await bob.slash(arena.channel, "challenge", variant="ludo", level="hard")
    assert r.ephemeral and "`level` is for my seat" in r.response.content
    assert len(await arena.db.challenges.pending_challenges(now=arena.bot.now())) == 1


async def test_the_bot_buttons_after_a_restart_and_its_turn_resumed_after_another(
    arena, bot_factory, ai_worker
):
    """The table's Add bot works after a restart; a person's move on the computer's turn is
    refused while it thinks (a gate at the worker seam), and a restart in the middle of its
    thinking plays its turn when the bot is back."""
    from .conftest import SharedWorker

    alice = arena.alice
    bot_id = arena.bot.user.id
    gated = GatedWorker(SharedWorker(ai_worker), arena.env)
    table = await _open_table(arena, alice)
    await arena.env.restart_bot(bot_factory(opponent=gated))
    arena.env.bot.games.dice = random.Random(3)
    r = await alice.click(table, label="Add bot: easy")
    assert not r.ephemeral, r.response.content
    await alice.click(_table_message(arena, table), label="Start")
    await arena.env.settle()
    game, thread = await _the_game(arena, alice)
    members = {alice.id: alice}
    for _ in range(60):  # Alice plays until the computer's seat has a move to think about
        record, session = await session_of(arena, game.id)
        if gated.asked:
            break
        await play_turn(arena, thread, game.id, members, "move")
        await arena.env.settle()
    assert gated.asked, "the computer never had a move to choose"
    record, session = await session_of(arena, game.id)
    assert record.player_at(session.to_move) == bot_id
    assert game.id in arena.env.bot.computer.thinking
    r = await alice.slash(thread, "move", move="B-0")
    assert r.ephemeral and "It is the bot's turn in game" in r.response.content
    ply = record.ply
    await arena.env.restart_bot(bot_factory())  # the thought is lost with the old process
    await arena.env.settle()
    record, session = await session_of(arena, game.id)
    assert record.ply > ply and record.player_at(session.to_move) == alice.id
    moves = await arena.db.games.game_moves(game.id)
    assert moves[ply].player_id == bot_id
    assert f"<@{alice.id}>, your move" in last_board(thread).content


async def test_three_bot_seats_fill_the_table_and_play_in_a_row_between_the_hosts_turns(arena):
    """Up to three computer seats: the third Add bot fills the table, which starts at once;
    the computer's three colours then play one after another, each on its own turn, and the
    host is the only one asked to move."""
    alice = arena.alice
    bot_id = arena.bot.user.id
    arena.bot.games.dice = random.Random(9)
    table = await _open_table(arena, alice)
    for level in ("easy", "medium", "hard"):
        r = await alice.click(_table_message(arena, table), label=f"Add bot: {level}")
        assert not r.ephemeral, r.response.content
    await arena.env.settle()
    game, thread = await _the_game(arena, alice)
    assert [(s.name, s.player_id, s.ai_level) for s in game.seats] == [
        ("red", alice.id, None),
        ("blue", bot_id, "easy"),
        ("yellow", bot_id, "medium"),
        ("green", bot_id, "hard"),
    ]
    for _ in range(8):
        record, session = await session_of(arena, game.id)
        assert record.is_active and record.player_at(session.to_move) == alice.id
        assert f"<@{alice.id}>, your move" in last_board(thread).content
        await play_turn(arena, thread, game.id, {alice.id: alice}, "move")
        await arena.env.settle()
    # whose turn each stored action was played on, from the positions
    record = await arena.db.games.load_game(game.id)
    position, seats = record.start_position, []
    for move in await arena.db.games.game_moves(game.id):
        seats.append(find_game("ludo").session(position).to_move)
        position = move.position_after
    runs = [seat for i, seat in enumerate(seats) if i == 0 or seats[i - 1] != seat]
    between = "".join(seat[0] for seat in runs).split("r")[1:-1]  # after the first-turn roll
    assert len(between) >= 6
    assert all(turns == "byg" for turns in between), runs
