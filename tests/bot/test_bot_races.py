"""The loser of a race is always told. Another bot process (its own connection to the same
database file) resigns, aborts, accepts a draw or moves between a command's check and its
commit: the player whose action lost sees a refusal saying why, privately, and nothing was
changed by their action."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
import pytest_asyncio

from bot.services.games import GameService
from storage import Database

from .helpers import challenge_and_accept, play_by_button

Action = Callable[[], Awaitable[Any]]


@pytest_asyncio.fixture
async def other(arena, db_path) -> AsyncIterator[GameService]:
    """The second bot process's game service, on its own connection to the database file."""
    db = Database(db_path)
    await db.start()
    yield GameService(db, arena.bot.clock)
    await db.stop()


def first(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str, action: Action) -> None:
    """Run ``action`` (the other process) just before ``owner.name`` runs, once: it lands
    after this process checked the game and before it commits."""
    real = getattr(owner, name)
    done: list[bool] = []

    async def patched(*args: Any, **kwargs: Any) -> Any:
        if not done:
            done.append(True)
            await action()
        return await real(*args, **kwargs)

    monkeypatch.setattr(owner, name, patched)


def seen_by(where: Any, member: Any) -> list[Any]:
    """Messages of ``where`` as ``member`` sees them, theirs-only (ephemeral) ones marked."""
    return list(where.history(viewer=member))


def private_to(where: Any, member: Any, others: list[Any]) -> list[str]:
    """Texts ``member`` sees in ``where`` and none of ``others`` does."""
    theirs = {m.id for o in others for m in seen_by(where, o)}
    return [m.content for m in seen_by(where, member) if m.id not in theirs]


def other_actions(arena: Any, other: GameService, game_id: int) -> dict[str, Action]:
    async def resign() -> None:
        await other.resign(await other.load(game_id), arena.bob.id)

    async def abort() -> None:
        await other.abort(await other.load(game_id), arena.bob.id)

    async def accept_draw() -> None:  # Alice offered a draw before moving; Bob accepts it
        await other.db.games.accept_draw(game_id, arena.bob.id, 0, now=arena.bot.now())

    async def move() -> None:  # Alice's own Move menu in the other process was quicker
        await other.play_move(game_id, arena.alice.id, "a2-a4")

    return {"resign": resign, "abort": abort, "draw": accept_draw, "move": move}


EXPECTED = {
    "resign": "is over (resignation): it ended before your action arrived",
    "abort": "is over (the game was aborted): it ended before your action arrived",
    "draw": "is over (a draw was agreed): it ended before your action arrived",
    "move": "The game moved on before your action arrived; nothing was changed.",
}


@pytest.mark.parametrize("where_from", ["game thread", "other channel"])
@pytest.mark.parametrize("race", ["resign", "abort", "draw", "move"])
async def test_a_move_that_loses_a_race_is_refused_visibly(
    arena, other, monkeypatch, race, where_from
):
    game, where = await challenge_and_accept(arena, "rugen")  # Alice (White) to move
    if race == "draw":
        await arena.alice.slash(where, "draw")
    first(monkeypatch, arena.bot.games, "commit", other_actions(arena, other, game.id)[race])
    boards_before = len([m for m in where.history() if m.attachments])
    channel = where if where_from == "game thread" else arena.channel
    options = {} if where_from == "game thread" else {"game": f"#{game.id}"}
    r = await arena.alice.slash(channel, "move", move="a2-a3", **options)

    told = private_to(channel, arena.alice, [arena.bob, arena.carol])
    assert len(told) == 1, told
    assert told[0].startswith("`a2-a3` was not played. ")
    assert EXPECTED[race] in told[0]
    # nothing public was left behind ("thinking…" or the refusal), no error was logged
    assert all("a2-a3" not in m.content for m in seen_by(channel, arena.bob))
    assert r.followups or r.response
    stored = await arena.db.games.load_game(game.id)
    moves = [m.move for m in await arena.db.games.game_moves(game.id)]
    assert moves == (["a2-a4"] if race == "move" else [])
    assert stored.is_active == (race == "move")
    assert len([m for m in where.history() if m.attachments]) == boards_before


async def test_a_move_menu_choice_that_loses_a_race_is_refused_visibly(arena, other, monkeypatch):
    game, where = await challenge_and_accept(arena, "rugen")
    first(monkeypatch, arena.bot.games, "commit", other_actions(arena, other, game.id)["resign"])
    await play_by_button(arena, where, arena.alice, "a2-a3")
    told = private_to(where, arena.alice, [arena.bob, arena.carol])
    assert any(EXPECTED["resign"] in t for t in told), told
    assert (await arena.db.games.game_moves(game.id)) == []


@pytest.mark.parametrize("command", ["resign", "abort"])
async def test_an_end_that_loses_a_race_to_a_move_is_refused_visibly(
    arena, other, monkeypatch, command
):
    game, where = await challenge_and_accept(arena, "rugen")  # Alice (White) to move

    async def alice_moves() -> None:
        await other.play_move(game.id, arena.alice.id, "a2-a3")

    first(monkeypatch, arena.db.games, "finish_game", alice_moves)
    r = await arena.bob.slash(where, command)
    assert r.ephemeral
    assert r.response.content.startswith("The game moved on before your action arrived")
    stored = await arena.db.games.load_game(game.id)
    assert stored.is_active and stored.ply == 1


async def test_a_draw_button_acceptance_that_loses_a_race_is_refused_visibly(
    arena, other, monkeypatch
):
    game, where = await challenge_and_accept(arena, "rugen")
    offer = await arena.alice.slash(where, "draw")

    async def alice_moves() -> None:
        await other.play_move(game.id, arena.alice.id, "a2-a3")

    first(monkeypatch, arena.db.games, "accept_draw", alice_moves)
    c = await arena.bob.click(offer.response, label="Accept draw")
    assert c.ephemeral and "moved on" in c.response.content, c.response.content
    assert (await arena.db.games.load_game(game.id)).is_active


async def test_accepting_a_challenge_cancelled_meanwhile_is_refused_visibly(
    arena, other, monkeypatch
):
    r = await arena.alice.slash(arena.channel, "challenge", variant="rugen", opponent=arena.bob)
    [ch] = await arena.db.challenges.pending_challenges(now=arena.bot.now())

    async def alice_cancels() -> None:
        await other.db.challenges.cancel_challenge(ch.id, arena.alice.id, now=arena.bot.now())

    first(monkeypatch, arena.db.challenges, "accept_challenge", alice_cancels)
    await arena.bob.click(r.response, label="Accept")
    told = private_to(arena.channel, arena.bob, [arena.alice, arena.carol])
    assert told == ["That challenge was cancelled."], told
    assert await arena.db.games.active_games(user_id=arena.bob.id) == []


@pytest.mark.parametrize("meanwhile", ["takeback", "takeback and a new move"])
async def test_a_move_racing_an_accepted_takeback_is_told_what_happened(
    arena, other, monkeypatch, meanwhile
):
    """Finding 9 of "What a playthrough and a hostile probe found": Bob asked to take back his
    last move and Alice accepted it in the other process just as Alice's own ``/move`` (sent
    from the board she still saw) was being checked here. Her move was read against the game
    before the takeback and replayed against the plies after it: she was told "Game #1 looks
    inconsistent; an admin has to look at it". Nothing is inconsistent: she is told the game
    changed meanwhile (a takeback was accepted) and to look again; her move is not played."""
    game, where = await challenge_and_accept(arena, "rugen")  # Alice (White) to move
    await arena.alice.slash(where, "move", move="a2-a3")
    await other.play_move(game.id, arena.bob.id, "h7-h6")  # Bob moved from the other process
    await arena.bob.slash(where, "takeback")  # ... and asks to take it back

    async def alice_accepts_there() -> None:  # the other process: Bob's h7-h6 is taken back
        await other.db.games.take_back(game.id, 2, 1, now=arena.bot.now())
        if meanwhile == "takeback and a new move":  # and Bob plays another move at once
            await other.play_move(game.id, arena.bob.id, "g7-g6")

    # lands after this process read the game (at ply 2) and before it reads its plies
    first(monkeypatch, arena.db.games, "game_moves", alice_accepts_there)
    r = await arena.alice.slash(where, "move", move="a3-a4")

    assert r.ephemeral, r.response.content
    told = r.response.content
    assert "inconsistent" not in told and "admin" not in told, told
    if meanwhile == "takeback":
        assert told.startswith("Game #1 changed before your action arrived: a takeback was"), told
    else:
        assert told.startswith("The game moved on before your action arrived"), told
    assert "nothing was changed" in told.lower() and "try again" in told, told
    moves = [m.move for m in await arena.db.games.game_moves(game.id)]
    assert moves == (["a2-a3"] if meanwhile == "takeback" else ["a2-a3", "g7-g6"])
    # and the game plays on from the board as it is now: Bob's turn again after the takeback,
    # else Alice's move, sent again, stands
    if meanwhile == "takeback":
        r = await arena.bob.slash(where, "move", move="g7-g6")
    else:
        r = await arena.alice.slash(where, "move", move="a3-a4")
    assert not r.ephemeral, r.response.content
