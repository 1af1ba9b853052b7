"""Games: creating, moving, finishing, draw offers and every query the bot needs."""

from __future__ import annotations

import pytest

from storage import (
    ConcurrencyError,
    Database,
    GameNotFound,
    GameOver,
    NoDrawOffer,
    NotAllowed,
    PlyToRecord,
)
from tests.storage.storage_helpers import ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD, make_game


async def test_create_and_load_game(db: Database) -> None:
    game = await db.games.create_game(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game_kind="classic",
        options={"size": "12x8"},
        white_id=ALICE,
        black_id=BOB,
        start_position="START",
        now=1234.5,
    )
    loaded = await db.games.load_game(game.id)
    assert loaded == game
    assert loaded.options == {"size": "12x8"}
    assert loaded.status == "active" and loaded.is_active
    assert loaded.ply == 0 and loaded.current_position == "START"
    assert loaded.created_at == loaded.updated_at == 1234.5
    assert loaded.winner is None and loaded.reason is None and loaded.finished_at is None
    assert loaded.colour_of(ALICE) == "white" and loaded.colour_of(BOB) == "black"
    assert loaded.colour_of(CAROL) is None and loaded.opponent_of(BOB) == ALICE
    assert await db.games.game_moves(game.id) == []
    # Players get rows so games can reference them, with an empty name until upserted.
    alice = await db.players.get_player(ALICE)
    assert alice is not None and alice.display_name == "" and alice.games_played == 0


async def test_missing_game(db: Database) -> None:
    assert await db.games.load_game(999) is None
    with pytest.raises(GameNotFound):
        await db.games.require_game(999)
    with pytest.raises(GameNotFound):
        await db.games.record_move(999, 0, ALICE, "a2-a3", "P1")
    with pytest.raises(GameNotFound):
        await db.games.finish_game(999, 0, "white", "resignation")
    with pytest.raises(GameNotFound):
        await db.games.set_board_message(999, 1, 2)


async def test_record_moves_appends_and_updates_position(db: Database) -> None:
    game = await make_game(db)
    game = await db.games.record_move(game.id, 0, ALICE, "a2-a3", "P1", now=1001.25)
    assert (game.ply, game.current_position, game.updated_at) == (1, "P1", 1001.25)
    game = await db.games.record_move(game.id, 1, BOB, "a7-a6", "P2", now=1002.0)
    moves = await db.games.game_moves(game.id)
    assert [(m.ply, m.player_id, m.move, m.position_after) for m in moves] == [
        (1, ALICE, "a2-a3", "P1"),
        (2, BOB, "a7-a6", "P2"),
    ]
    assert moves[0].created_at == 1001.25
    assert await db.games.load_game(game.id) == game


async def test_stale_ply_is_refused_without_writing(db: Database) -> None:
    game = await make_game(db)
    await db.games.record_move(game.id, 0, ALICE, "a2-a3", "P1")
    with pytest.raises(ConcurrencyError, match="the game moved on: it is at ply 1 now") as info:
        await db.games.record_move(game.id, 0, BOB, "a7-a6", "X")
    assert (info.value.expected_ply, info.value.actual_ply) == (0, 1)
    with pytest.raises(ConcurrencyError):
        await db.games.record_move(game.id, 5, BOB, "a7-a6", "X")
    loaded = await db.games.require_game(game.id)
    assert loaded.ply == 1 and loaded.current_position == "P1"
    assert len(await db.games.game_moves(game.id)) == 1


async def test_record_moves_stores_a_move_and_its_passes_in_one_go(db: Database) -> None:
    game = await make_game(db)
    game = await db.games.record_moves(
        game.id,
        0,
        [PlyToRecord(ALICE, "a2-a3", "P1"), PlyToRecord(BOB, "pass", "P2")],
        now=1001.0,
    )
    assert (game.ply, game.current_position, game.updated_at) == (2, "P2", 1001.0)
    moves = await db.games.game_moves(game.id)
    assert [(m.ply, m.player_id, m.move, m.position_after) for m in moves] == [
        (1, ALICE, "a2-a3", "P1"),
        (2, BOB, "pass", "P2"),
    ]
    # the next writer must name ply 2: the passes moved the game on
    with pytest.raises(ConcurrencyError):
        await db.games.record_move(game.id, 1, ALICE, "a3-a4", "X")


async def test_record_moves_is_all_or_nothing(db: Database) -> None:
    game = await make_game(db)
    await db.games.offer_draw(game.id, BOB, 0)
    await db.games.record_move(game.id, 0, ALICE, "a2-a3", "P1")
    plies = [PlyToRecord(BOB, "a7-a6", "X1"), PlyToRecord(ALICE, "pass", "X2")]
    with pytest.raises(ConcurrencyError, match="it is at ply 1 now"):
        await db.games.record_moves(game.id, 0, plies)  # stale: written against ply 0
    with pytest.raises(NotAllowed):  # a later ply by an outsider rolls the whole write back
        await db.games.record_moves(
            game.id, 1, [PlyToRecord(BOB, "a7-a6", "X1"), PlyToRecord(CAROL, "pass", "X2")]
        )
    with pytest.raises(ValueError):
        await db.games.record_moves(game.id, 1, [])
    loaded = await db.games.require_game(game.id)
    assert (loaded.ply, loaded.current_position) == (1, "P1")
    assert [m.move for m in await db.games.game_moves(game.id)] == ["a2-a3"]
    # a final pass finishes the game and counts the result in the same transaction
    game = await db.games.record_moves(
        game.id, 1, plies, outcome=("white", "no_legal_moves"), now=1500.0
    )
    assert (game.status, game.ply, game.winner, game.finished_at) == (
        "finished",
        3,
        "white",
        1500.0,
    )
    alice = await db.players.get_player(ALICE)
    assert alice is not None and (alice.wins, alice.games_played) == (1, 1)


async def test_only_players_may_move(db: Database) -> None:
    game = await make_game(db)
    with pytest.raises(NotAllowed):
        await db.games.record_move(game.id, 0, CAROL, "a2-a3", "P1")
    assert (await db.games.require_game(game.id)).ply == 0


async def test_final_move_finishes_game_and_updates_records(db: Database) -> None:
    game = await make_game(db)
    await db.games.record_move(game.id, 0, ALICE, "a2-a3", "P1")
    game = await db.games.record_move(
        game.id, 1, BOB, "e6-e5", "P2", outcome=("black", "eagle_captured"), now=2000.0
    )
    assert game.status == "finished" and not game.is_active
    assert (game.winner, game.reason, game.finished_at, game.ply) == (
        "black",
        "eagle_captured",
        2000.0,
        2,
    )
    with pytest.raises(GameOver, match="it is over \\(eagle_captured\\)") as over:
        await db.games.record_move(game.id, 2, ALICE, "a3-a4", "P3")
    # the refusal can name the reason in the game's own words
    assert (over.value.reason, over.value.game_kind) == ("eagle_captured", game.game_kind)
    with pytest.raises(GameOver):
        await db.games.finish_game(game.id, 2, "white", "resignation")
    alice = await db.players.get_player(ALICE)
    bob = await db.players.get_player(BOB)
    assert alice is not None and bob is not None
    assert (alice.games_played, alice.wins, alice.losses, alice.draws) == (1, 0, 1, 0)
    assert (bob.games_played, bob.wins, bob.losses, bob.draws) == (1, 1, 0, 0)


async def test_outcome_is_validated_before_writing(db: Database) -> None:
    game = await make_game(db)
    with pytest.raises(ValueError):
        await db.games.record_move(game.id, 0, ALICE, "m", "P1", outcome=("red", "x"))  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        await db.games.finish_game(game.id, 0, "white", "")
    assert (await db.games.require_game(game.id)).ply == 0


async def test_finish_game_resign_draw_and_abort(db: Database) -> None:
    resigned = await make_game(db)
    resigned = await db.games.finish_game(resigned.id, 0, "black", "resignation", now=50.0)
    assert (resigned.status, resigned.winner, resigned.reason) == (
        "finished",
        "black",
        "resignation",
    )

    drawn = await make_game(db)
    await db.games.record_move(drawn.id, 0, ALICE, "m", "P1")
    drawn = await db.games.finish_game(drawn.id, 1, None, "agreement")
    assert drawn.winner is None and drawn.reason == "agreement"

    aborted = await make_game(db)
    await db.games.finish_game(aborted.id, 0, None, "aborted")

    alice = await db.players.get_player(ALICE)
    assert alice is not None
    # resignation (white lost) + agreement (draw); the aborted game does not count.
    assert (alice.games_played, alice.wins, alice.losses, alice.draws) == (2, 0, 1, 1)


async def test_finish_game_checks_the_ply(db: Database) -> None:
    game = await make_game(db)
    await db.games.record_move(game.id, 0, ALICE, "m", "P1")
    with pytest.raises(ConcurrencyError):
        await db.games.finish_game(game.id, 0, "black", "resignation")
    assert (await db.games.require_game(game.id)).is_active


async def test_draw_offer_lifecycle(db: Database) -> None:
    game = await make_game(db)
    offered = await db.games.offer_draw(game.id, ALICE, 0)
    assert offered.draw_offer_by == ALICE and offered.draw_offer_ply == 0
    assert offered.pending_draw_offer == ALICE

    with pytest.raises(NoDrawOffer):  # one cannot accept one's own offer
        await db.games.accept_draw(game.id, ALICE, 0)
    with pytest.raises(NotAllowed):
        await db.games.accept_draw(game.id, CAROL, 0)
    with pytest.raises(NotAllowed):
        await db.games.offer_draw(game.id, CAROL, 0)

    # A move makes the offer lapse (it was only valid at ply 0); it is remembered as lapsed
    # until the next move, so a late "accept" can be told so.
    moved = await db.games.record_move(game.id, 0, ALICE, "m", "P1")
    assert moved.pending_draw_offer is None and moved.lapsed_draw_offer == ALICE
    with pytest.raises(NoDrawOffer):
        await db.games.accept_draw(game.id, BOB, 1)
    with pytest.raises(ConcurrencyError):
        await db.games.offer_draw(game.id, BOB, 0)

    await db.games.offer_draw(game.id, BOB, 1)
    await db.games.clear_draw_offer(game.id)
    assert (await db.games.require_game(game.id)).pending_draw_offer is None
    with pytest.raises(NoDrawOffer):
        await db.games.accept_draw(game.id, ALICE, 1)

    await db.games.offer_draw(game.id, BOB, 1)
    with pytest.raises(ConcurrencyError):
        await db.games.accept_draw(game.id, ALICE, 0)
    finished = await db.games.accept_draw(game.id, ALICE, 1, now=77.0)
    assert (finished.status, finished.winner, finished.reason) == ("finished", None, "agreement")
    assert finished.draw_offer_by is None and finished.finished_at == 77.0
    bob = await db.players.get_player(BOB)
    assert bob is not None and (bob.games_played, bob.draws) == (1, 1)


async def test_a_lapsed_draw_offer_is_remembered_until_the_next_move_or_told(
    db: Database,
) -> None:
    game = await make_game(db)
    await db.games.offer_draw(game.id, ALICE, 0)
    assert await db.games.set_draw_offer_message(game.id, 0, 555)
    assert (await db.games.require_game(game.id)).draw_offer_message_id == 555
    moved = await db.games.record_move(game.id, 0, ALICE, "m1", "P1")
    assert (moved.pending_draw_offer, moved.lapsed_draw_offer) == (None, ALICE)
    assert moved.draw_offer_message_id == 555  # so its buttons can be taken off
    assert not await db.games.set_draw_offer_message(game.id, 1, 556)  # no offer at ply 1
    # the next move forgets it
    again = await db.games.record_move(game.id, 1, BOB, "m2", "P2")
    assert (again.lapsed_draw_offer, again.draw_offer_by, again.draw_offer_message_id) == (
        None,
        None,
        None,
    )
    # told: forgotten once, so the next /draw offers
    await db.games.offer_draw(game.id, BOB, 2)
    lapsed = await db.games.record_move(game.id, 2, ALICE, "m3", "P3")
    assert lapsed.lapsed_draw_offer == BOB
    assert not await db.games.forget_lapsed_draw_offer(game.id, ALICE, 2)  # not hers
    assert await db.games.forget_lapsed_draw_offer(game.id, BOB, 2)
    assert not await db.games.forget_lapsed_draw_offer(game.id, BOB, 2)
    assert (await db.games.require_game(game.id)).lapsed_draw_offer is None
    # a pending offer is never "forgotten" as lapsed, and a finished game has none
    await db.games.offer_draw(game.id, ALICE, 3)
    assert not await db.games.forget_lapsed_draw_offer(game.id, ALICE, 3)
    over = await db.games.record_move(game.id, 3, BOB, "m4", "P4", outcome=("black", "x"))
    assert over.lapsed_draw_offer is None


async def test_board_message_and_thread(db: Database) -> None:
    game = await make_game(db)
    await db.games.set_board_message(game.id, 555, 666)
    await db.games.set_thread(game.id, 777)
    loaded = await db.games.require_game(game.id)
    assert (loaded.board_channel_id, loaded.board_message_id, loaded.thread_id) == (555, 666, 777)
    await db.games.set_board_message(game.id, 777, 888)
    loaded = await db.games.require_game(game.id)
    assert (loaded.board_channel_id, loaded.board_message_id) == (777, 888)


async def test_active_game_queries(db: Database) -> None:
    other_channel = CHANNEL + 1
    g1 = await make_game(db, ALICE, BOB, now=1.0)
    g2 = await make_game(db, CAROL, ALICE, channel=other_channel, now=2.0)
    g3 = await make_game(db, CAROL, DAVE, now=3.0)
    g4 = await make_game(db, ALICE, DAVE, guild=GUILD + 1, channel=9999, now=4.0)
    finished = await make_game(db, ALICE, BOB, now=5.0)
    await db.games.finish_game(finished.id, 0, "white", "resignation", now=6.0)
    await db.games.set_thread(g3.id, 4242)
    # A move bumps updated_at, so g1 becomes the most recently active.
    await db.games.record_move(g1.id, 0, ALICE, "m", "P1", now=10.0)

    def ids(games: list) -> list[int]:  # type: ignore[type-arg]
        return [g.id for g in games]

    assert ids(await db.games.active_games(user_id=ALICE)) == [g1.id, g4.id, g2.id]
    assert ids(await db.games.active_games(channel_id=CHANNEL)) == [g1.id, g3.id]
    assert ids(await db.games.active_games(channel_id=4242)) == [g3.id]  # by its thread
    assert ids(await db.games.active_games(user_id=ALICE, channel_id=CHANNEL)) == [g1.id]
    assert ids(await db.games.active_games(user_id=ALICE, channel_id=other_channel)) == [g2.id]
    assert ids(await db.games.active_games(user_id=BOB, channel_id=other_channel)) == []
    assert ids(await db.games.active_games(guild_id=GUILD + 1)) == [g4.id]
    assert len(await db.games.active_games()) == 4


async def test_finished_games_of_a_user(db: Database) -> None:
    first = await make_game(db, ALICE, BOB)
    second = await make_game(db, CAROL, ALICE)
    third = await make_game(db, ALICE, DAVE, guild=GUILD + 1)
    await make_game(db, ALICE, CAROL)  # still active
    await db.games.finish_game(first.id, 0, "white", "resignation", now=10.0)
    await db.games.finish_game(third.id, 0, "black", "timeout", now=30.0)
    await db.games.finish_game(second.id, 0, None, "agreement", now=20.0)

    result = await db.games.finished_games(ALICE)
    assert [g.id for g in result] == [third.id, second.id, first.id]
    assert [g.id for g in await db.games.finished_games(ALICE, limit=2)] == [third.id, second.id]
    assert [g.id for g in await db.games.finished_games(ALICE, limit=2, offset=2)] == [first.id]
    assert [g.id for g in await db.games.finished_games(ALICE, guild_id=GUILD)] == [
        second.id,
        first.id,
    ]
    assert [g.id for g in await db.games.finished_games(DAVE)] == [third.id]
    assert await db.games.finished_games(9999) == []
