"""Playing against the bot itself (issues 15, 16): ``/challenge opponent:<the bot> level:…``,
the computer's moves in the thread through the one move path, its thinking in the worker
process while the bot answers everyone, a restart in the middle of its turn, the refusals, and
games that are recorded but never counted."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ai import WorkerError
from ai.engines import engine_ids
from rules.games import open_session, replay

from .computer_helpers import GatedWorker, challenge_the_bot, person_choice, the_bot
from .helpers import challenge_and_accept, last_board

# The computer thinks a few milliseconds at every level (tests/bot/conftest.py).


async def play_to_the_end(arena: Any, game_id: int, where: Any, seed: int, max_turns: int = 600):
    """Alice plays her side with ``/move`` until the game is over; after each of her moves
    the bot has answered by the time the bot settles. Returns the finished game."""
    rng = random.Random(seed)
    arena.bot.games.dice = random.Random(seed)  # the bot's dice, seeded (backgammon)
    for _ in range(max_turns):
        record = await arena.db.games.load_game(game_id)
        if not record.is_active:
            return record
        session = open_session(record.current_position)
        assert record.seat(session.to_move).player_id == arena.alice.id, (
            f"the computer did not move at ply {record.ply}"
        )
        action = person_choice(session, rng)
        r = await arena.alice.slash(where, "move", move=action)
        assert not r.ephemeral, r.response.content
        await arena.env.settle()
    raise AssertionError(f"game {game_id} did not end within {max_turns} turns")


def bot_lines(where: Any, bot_id: int) -> list[str]:
    """The public board messages telling a move of the bot."""
    return [
        m.content
        for m in where.history()
        if m.attachments
        and not m.flags.ephemeral
        and f"<@{bot_id}>" in (m.content.split("\n") + [""])[1]
    ]


LATRUNCULI = [
    ("classic", None, "easy"),
    ("classic", "size=12x8", "medium"),
    ("rugen", None, "hard"),
    ("rugen", "rows=1", "easy"),
    ("schadler", None, "medium"),
    ("lat", None, "easy"),
]


@pytest.mark.parametrize(("game_kind", "options", "level"), LATRUNCULI)
@pytest.mark.simcord(settle_timeout=30)  # the worker's turns overran 5 s under a load of 9
async def test_a_full_latrunculi_game_against_the_bot(arena, game_kind, options, level):
    game, thread, r = await challenge_the_bot(
        arena, game_kind, level=level, colour="white", options=options
    )
    bot_id = arena.bot.user.id
    assert f"challenges <@{bot_id}> (the computer)" in r.response.content
    assert game.seat("black").player_id == bot_id
    assert game.seat("black").ai_level == level and game.seat("white").ai_level is None
    assert "Game #" in thread.name
    finished = await play_to_the_end(arena, game.id, thread, seed=len(game_kind))
    moves = await arena.db.games.game_moves(game.id)
    assert {m.player_id for m in moves} == {arena.alice.id, bot_id}
    told = bot_lines(thread, bot_id)
    assert len(told) >= len([m for m in moves if m.player_id == bot_id]) - 1
    assert finished.reason is not None
    # recorded, never counted
    alice = await arena.db.players.get_player(arena.alice.id)
    assert alice is not None and alice.games_played == 0
    assert await arena.db.players.leaderboard(arena.guild.id) == []


async def test_the_bot_moves_first_when_it_has_the_first_colour(arena):
    game, thread, _ = await challenge_the_bot(arena, "rugen", colour="black")
    record = await arena.db.games.load_game(game.id)
    assert record.ply == 1  # rugen: White moves first, and White is the bot
    [move] = await arena.db.games.game_moves(game.id)
    assert move.player_id == arena.bot.user.id
    board = last_board(thread)
    assert f"<@{arena.alice.id}>, your move" in board.content
    assert f"<@{arena.bot.user.id}>" in board.content.split("\n")[1]


async def test_another_members_move_is_answered_while_the_bot_is_thinking(
    arena, bot_factory, ai_worker
):
    """The engine is slowed (a gate at the worker seam) while the real dispatch runs: Bob
    and Carol's game goes on meanwhile, and Alice's /move in her own game is refused."""
    from .conftest import SharedWorker

    gated = GatedWorker(SharedWorker(ai_worker), arena.env)
    await arena.env.restart_bot(bot_factory(opponent=gated))
    game, thread, _ = await challenge_the_bot(arena, "rugen", colour="white")
    other, other_where = await challenge_and_accept(
        arena, "rugen", challenger=arena.bob, opponent=arena.carol, colour="white"
    )
    r = await arena.alice.slash(thread, "move", move="a2-a3")
    assert not r.ephemeral
    assert len(gated.asked) == 1  # the bot is thinking about its reply
    assert game.id in arena.bot.computer.thinking
    r = await arena.bob.slash(other_where, "move", move="b2-b3")
    assert not r.ephemeral and "b2-b3" in r.response.content
    r = await arena.alice.slash(thread, "move", move="b2-b3")
    assert r.ephemeral
    assert "It is the bot's turn in game" in r.response.content
    assert (await arena.db.games.load_game(game.id)).ply == 1
    gated.gate.set()
    await arena.env.settle()
    record = await arena.db.games.load_game(game.id)
    assert record.ply == 2 and game.id not in arena.bot.computer.thinking
    assert f"<@{arena.alice.id}>, your move" in last_board(thread).content


async def test_a_restart_while_the_bot_thinks_resumes_its_turn(arena, bot_factory, ai_worker):
    from .conftest import SharedWorker

    gated = GatedWorker(SharedWorker(ai_worker), arena.env)
    await arena.env.restart_bot(bot_factory(opponent=gated))
    game, thread, _ = await challenge_the_bot(arena, "schadler", colour="white")
    action = open_session(game.current_position).legal_actions()[0]
    await arena.alice.slash(thread, "move", move=action)
    assert gated.asked and (await arena.db.games.load_game(game.id)).ply == 1
    await arena.env.restart_bot(bot_factory())  # the thought is lost with the old process
    await arena.env.settle()
    record = await arena.db.games.load_game(game.id)
    assert record.ply == 2
    moves = await arena.db.games.game_moves(game.id)
    assert moves[-1].player_id == arena.bot.user.id
    assert f"<@{arena.alice.id}>, your move" in last_board(thread).content


class FailingWorker:
    """The worker seam failing as a crashed or overrunning worker process does
    (:class:`ai.WorkerError`) for its first ``failures`` calls, then answering with the
    engine's choice, which is always the *last* legal action (no engine plays it by chance,
    and a random fallback would seldom pick it)."""

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.asked = 0

    def start(self) -> None:
        pass

    async def close(self) -> None:
        pass

    async def choose(self, position, level, time_limit=None, moves=()):
        self.asked += 1
        if self.asked <= self.failures:
            raise WorkerError("the computer opponent did not answer within 0.3 s; try again")
        return replay(position, moves).legal_actions()[-1]


async def test_a_failed_think_is_asked_again_never_answered_with_a_random_move(arena, bot_factory):
    """One crash or overrun: the bot asks its (replaced) worker again and plays the engine's
    move. Until it answers, nothing is played: the turn waits for the next sweep tick (a
    random legal action had been played instead)."""
    worker = FailingWorker(failures=3)
    await arena.env.restart_bot(bot_factory(opponent=worker))
    game, thread, _ = await challenge_the_bot(arena, "rugen", colour="white", level="hard")
    await arena.alice.slash(thread, "move", move="a2-a3")
    await arena.env.settle()
    assert worker.asked == 2  # asked twice, then left for the sweep
    record = await arena.db.games.load_game(game.id)
    assert record.ply == 1 and record.is_active  # nothing played for the bot
    await arena.env.advance_time(61)  # the sweep's next tick asks again: a failure, then the move
    await arena.env.settle()
    record = await arena.db.games.load_game(game.id)
    assert worker.asked == 4 and record.ply == 2
    moves = await arena.db.games.game_moves(game.id)
    assert moves[-1].move == replay("rugen", ["a2-a3"]).legal_actions()[-1]
    assert moves[-1].player_id == arena.bot.user.id
    assert f"<@{arena.alice.id}>, your move" in last_board(thread).content


async def test_draw_offers_to_the_bot_are_declined_and_nothing_is_offered(arena):
    game, thread, _ = await challenge_the_bot(arena, "rugen", colour="white")
    r = await arena.alice.slash(thread, "draw")
    assert r.ephemeral
    assert "declines" in r.response.content and "accepts no draw" in r.response.content
    assert (await arena.db.games.load_game(game.id)).draw_offer_by is None


async def test_a_level_needs_the_bot_as_opponent_and_a_game_it_plays(arena):
    r = await arena.alice.slash(
        arena.channel, "challenge", variant="rugen", opponent=arena.bob, level="hard"
    )
    assert r.ephemeral and "`level` is for a game against me" in r.response.content
    unplayable = [g for g in ("chess", "draughts", "backgammon") if g not in engine_ids()]
    for game_kind in unplayable[:1]:
        r = await arena.alice.slash(
            arena.channel, "challenge", variant=game_kind, opponent=the_bot(arena)
        )
        assert r.ephemeral and "I can't play" in r.response.content
    assert await arena.db.challenges.pending_challenges(arena.guild.id, now=arena.bot.now()) == []


async def test_without_a_level_the_bot_plays_medium_and_a_resignation_counts_for_nobody(arena):
    game, thread, _ = await challenge_the_bot(arena, "lat", level=None, colour="white")
    assert game.seat("black").ai_level == "medium"
    r = await arena.alice.slash(thread, "resign")
    assert not r.ephemeral
    record = await arena.db.games.load_game(game.id)
    assert record.reason == "resignation" and record.winner == "black"
    assert await arena.db.players.leaderboard(arena.guild.id) == []
    r = await arena.alice.slash(arena.channel, "stats")
    assert "0 wins" in r.response.content or "no finished" in r.response.content.lower()


async def test_a_rematch_against_the_bot_starts_at_once_with_the_same_level(arena):
    game, thread, _ = await challenge_the_bot(arena, "rugen", level="hard", colour="white")
    await arena.alice.slash(thread, "resign")
    final = last_board(thread)
    r = await arena.alice.click(final, label="Rematch")
    await arena.env.settle()
    assert r.ephemeral and "has started" in r.response.content, r.response.content
    games = await arena.db.games.active_games(user_id=arena.alice.id)
    [rematch] = games
    assert rematch.seat("white").player_id == arena.bot.user.id  # colours swapped
    assert rematch.seat("white").ai_level == "hard"
    assert rematch.thread_id not in (None, thread.id)
    assert rematch.ply == 1  # the bot, White, has moved


def _other_games() -> list[str]:
    """Every other game the bot offers against itself: a Discord flow (a presenter) and an
    engine registered in ``ai`` (chess, draughts, backgammon as their engines land). Ludo is
    played at a table, tested on its own."""
    from bot.presenters import playable_games

    latrunculi = {v for v, _, _ in LATRUNCULI}
    return sorted(
        g.id
        for g in playable_games()
        if g.id in engine_ids() and g.id not in latrunculi and g.id != "ludo"
    )


@pytest.mark.parametrize("game_kind", _other_games())
@pytest.mark.simcord(settle_timeout=30)  # the worker's turns overran 5 s under a load of 8
async def test_a_full_game_of_the_classic_set_against_the_bot(arena, game_kind):
    game, thread, _ = await challenge_the_bot(arena, game_kind, level="easy", colour="white")
    finished = await play_to_the_end(arena, game.id, thread, seed=7)
    moves = await arena.db.games.game_moves(game.id)
    assert arena.bot.user.id in {m.player_id for m in moves}
    assert finished.reason is not None
    assert "recorded, not counted" in last_board(thread).content
    alice = await arena.db.players.get_player(arena.alice.id)
    assert alice is not None and alice.games_played == 0


async def test_the_board_of_the_computers_turn_has_no_buttons_to_refuse(
    arena, bot_factory, ai_worker
):
    """While the computer thinks, its board has no Move button (pressing it was refused: "It is
    the bot's turn"); the board after its move has the person's buttons again."""
    from .conftest import SharedWorker
    from .helpers import button_labels

    gated = GatedWorker(SharedWorker(ai_worker), arena.env)
    await arena.env.restart_bot(bot_factory(opponent=gated))
    game, thread, _ = await challenge_the_bot(arena, "rugen", colour="white")
    await arena.alice.slash(thread, "move", move="a2-a3")
    thinking = last_board(thread)
    assert "the computer is thinking" in thinking.content
    assert button_labels(thinking) == []
    gated.gate.set()
    await arena.env.settle()
    after = last_board(thread)
    assert f"<@{arena.alice.id}>, your move" in after.content
    assert button_labels(after) == ["Move"]
