"""Which ply each game's public board announces (schema 4): the catch-up after a lost post."""

from __future__ import annotations

import asyncio

from rules.games import GameOutcome, Reason
from storage import Database, PlyToRecord
from tests.storage.conftest import DbTarget
from tests.storage.storage_helpers import ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD, make_game

DAY = 86400.0


async def test_a_new_game_is_announced_and_a_move_is_not_until_its_board_is_posted(
    db: Database,
) -> None:
    game = await make_game(db, now=1000.0)
    assert (game.announced_ply, game.announced_over, game.needs_announcement) == (0, False, False)
    moved = await db.games.record_move(game.id, 0, ALICE, "a2-a3", "P1", now=1010.0)
    assert (moved.ply, moved.announced_ply, moved.needs_announcement) == (1, 0, True)
    assert [g.id for g in await db.games.unannounced_games(2000.0, 0.0)] == [game.id]
    # a board message without ``ply`` (a start board, say) announces nothing
    await db.games.set_board_message(game.id, 5, 6)
    assert (await db.games.require_game(game.id)).needs_announcement
    # the board posted for the move: same write as its message id
    await db.games.set_board_message(game.id, 5, 7, ply=1)
    loaded = await db.games.require_game(game.id)
    assert (loaded.board_message_id, loaded.announced_ply, loaded.needs_announcement) == (
        7,
        1,
        False,
    )
    assert await db.games.unannounced_games(2000.0, 0.0) == []


async def test_only_settled_games_are_listed_oldest_first(db: Database) -> None:
    g1 = await make_game(db, ALICE, BOB, now=1.0)
    g2 = await make_game(db, CAROL, DAVE, now=1.0)
    await db.games.record_move(g2.id, 0, CAROL, "m", "P1", now=100.0)
    await db.games.record_move(g1.id, 0, ALICE, "m", "P1", now=200.0)
    assert [g.id for g in await db.games.unannounced_games(300.0, 0.0)] == [g2.id, g1.id]
    # a move committed 30 s ago may still be being posted by the normal path
    assert [g.id for g in await db.games.unannounced_games(150.0, 0.0)] == [g2.id]
    assert [g.id for g in await db.games.unannounced_games(300.0, 0.0, limit=1)] == [g2.id]


async def test_finishes_need_their_own_announcement(db: Database) -> None:
    resigned = await make_game(db, ALICE, BOB, now=1.0)
    resigned = await db.games.finish_game(resigned.id, 0, "white", "resignation", now=10.0)
    assert (resigned.ply, resigned.announced_ply, resigned.needs_announcement) == (0, 0, True)
    # an active board at the same ply does not announce the end
    assert not await db.games.mark_announced(resigned.id, 0)
    assert (await db.games.require_game(resigned.id)).needs_announcement
    assert await db.games.mark_announced(resigned.id, 0, over=True)
    assert not await db.games.mark_announced(resigned.id, 0, over=True)  # once
    assert not (await db.games.require_game(resigned.id)).needs_announcement
    # finished by a move: the final board marks both
    ended = await make_game(db, CAROL, DAVE, now=1.0)
    ended = await db.games.record_move(
        ended.id, 0, CAROL, "m", "P1", outcome=("white", "immobilised"), now=20.0
    )
    assert ended.needs_announcement
    await db.games.set_board_message(ended.id, 1, 2, ply=1, over=True)
    assert not (await db.games.require_game(ended.id)).needs_announcement


async def test_old_finished_games_are_not_revived_but_old_active_ones_are(db: Database) -> None:
    old_end = await make_game(db, ALICE, BOB, now=1.0)
    await db.games.finish_game(old_end.id, 0, "white", "resignation", now=10.0)
    old_move = await make_game(db, CAROL, DAVE, now=1.0)
    await db.games.record_move(old_move.id, 0, CAROL, "m", "P1", now=10.0)
    now = 10.0 + 8 * DAY
    assert [g.id for g in await db.games.unannounced_games(now - 30, now - 7 * DAY)] == [
        old_move.id
    ]


async def test_announcements_never_go_backwards(db: Database) -> None:
    game = await make_game(db, now=1.0)
    for ply in range(3):
        game = await db.games.record_move(game.id, ply, ALICE, "m", f"P{ply + 1}", now=2.0 + ply)
    assert await db.games.mark_announced(game.id, 3)
    # a slow post of an older board lands late: it does not un-announce ply 3
    await db.games.set_board_message(game.id, 1, 99, ply=1)
    loaded = await db.games.require_game(game.id)
    assert (loaded.announced_ply, loaded.board_message_id) == (3, 99)
    assert not await db.games.mark_announced(game.id, 2)
    # a ply beyond the game's is capped at the game's
    assert not await db.games.mark_announced(game.id, 7)
    assert (await db.games.require_game(game.id)).announced_ply == 3


async def test_announced_state_survives_reopening(db_target: DbTarget) -> None:
    async with Database(db_target) as db:
        game = await make_game(db, now=1.0)
        await db.games.record_move(game.id, 0, ALICE, "m", "P1", now=2.0)
        await db.games.finish_game(game.id, 1, "black", "timeout", now=3.0)
    async with Database(db_target) as db:
        [loaded] = await db.games.unannounced_games(100.0, 0.0)
        assert (loaded.ply, loaded.announced_ply, loaded.announced_over) == (1, 0, False)
        assert await db.games.mark_announced(loaded.id, 1, over=True)
    async with Database(db_target) as db:
        assert await db.games.unannounced_games(100.0, 0.0) == []
        assert (await db.games.require_game(1)).player_ids == (ALICE, BOB)


async def test_one_process_of_two_claims_a_missed_board(db: Database, db_target: DbTarget) -> None:
    """Two processes (two connections to one file) claim at once: exactly one gets it; the
    claim keeps the game out of the other's list until it expires or the board is posted."""
    game = await make_game(db, now=1.0)
    await db.games.record_move(game.id, 0, ALICE, "a2-a3", "P1", now=10.0)
    async with Database(db_target) as other:
        got = await asyncio.gather(
            db.games.claim_announcement(game.id, now=100.0, lease=300.0),
            other.games.claim_announcement(game.id, now=100.0, lease=300.0),
        )
        [claimed] = [g for g in got if g is not None]
        assert (claimed.id, claimed.ply, claimed.announce_claimed_until) == (game.id, 1, 400.0)
        # listed for a sweep that ignores claims, not for one that honours them
        assert [g.id for g in await other.games.unannounced_games(90.0, 0.0)] == [game.id]
        assert await other.games.unannounced_games(90.0, 0.0, now=399.0) == []
        assert await other.games.claim_announcement(game.id, now=399.0, lease=300.0) is None
        # the claimer died: after the lease the other process takes it over
        assert [g.id for g in await other.games.unannounced_games(90.0, 0.0, now=400.0)] == [
            game.id
        ]
        taken = await other.games.claim_announcement(game.id, now=400.0, lease=300.0)
        assert taken is not None and taken.announce_claimed_until == 700.0
        # posting the board marks it announced and ends the claim: nothing to claim any more
        await other.games.set_board_message(game.id, 5, 7, ply=1)
    loaded = await db.games.require_game(game.id)
    assert (loaded.needs_announcement, loaded.announce_claimed_until) == (False, None)
    assert await db.games.claim_announcement(game.id, now=1000.0, lease=300.0) is None


async def test_a_released_claim_can_be_taken_again_at_once(db: Database) -> None:
    game = await make_game(db, now=1.0)
    await db.games.finish_game(game.id, 0, "white", "resignation", now=10.0)
    assert await db.games.claim_announcement(game.id, now=100.0, lease=300.0) is not None
    assert await db.games.claim_announcement(game.id, now=101.0, lease=300.0) is None
    await db.games.release_announcement(game.id)  # the post failed: retry at the next tick
    again = await db.games.claim_announcement(game.id, now=102.0, lease=300.0)
    assert again is not None and again.announce_claimed_until == 402.0
    assert await db.games.mark_announced(game.id, 0, over=True)  # gave up (channel gone)
    loaded = await db.games.require_game(game.id)
    assert (loaded.needs_announcement, loaded.announce_claimed_until) == (False, None)


START = "backgammon:XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


async def test_a_game_the_bot_starts_waits_for_its_first_board(db: Database) -> None:
    """Finding 5 of "What a playthrough and a hostile probe found": a game stored when its
    challenge was accepted, whose bot died before posting its first board (and rolling its
    opening dice), was never announced -- it counted as announced from the start. The bot's
    own starts now wait for their first board: the catch-up lists them like a lost move."""
    ch = await db.challenges.create_challenge(
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger_id=ALICE,
        challenged_id=BOB,
        game_kind="backgammon",
        message_id=4242,
        expires_in=600,
        now=100.0,
    )
    game = await db.challenges.accept_challenge(ch.id, BOB, start_position=START, now=110.0)
    assert (game.announced_ply, game.start_announced, game.needs_announcement) == (-1, False, True)
    assert await db.games.unannounced_games(110.0 - 1, 0.0) == []  # not settled yet
    assert [g.id for g in await db.games.unannounced_games(200.0, 0.0)] == [game.id]
    # the challenge that made it, for the thread its board is posted in
    made = await db.challenges.challenge_of_game(game.id, CHANNEL)
    assert made is not None and (made.id, made.message_id) == (ch.id, 4242)
    assert await db.challenges.challenge_of_game(game.id, CHANNEL + 1) is None
    # claimed like a missed board: one process gets it, until it is posted
    claimed = await db.games.claim_announcement(game.id, now=200.0, lease=300.0)
    assert claimed is not None and not claimed.start_announced
    assert await db.games.claim_announcement(game.id, now=201.0, lease=300.0) is None
    # the opening roll, then the first board, posted for it
    rolled = await db.games.record_move(game.id, 0, BOB, "roll:6-1", "R", now=210.0)
    assert rolled.announced_ply == -1 and rolled.needs_announcement
    await db.games.set_board_message(game.id, CHANNEL, 77, ply=1)
    posted = await db.games.require_game(game.id)
    assert (posted.announced_ply, posted.start_announced, posted.needs_announcement) == (
        1,
        True,
        False,
    )
    assert posted.announce_claimed_until is None
    assert await db.games.unannounced_games(300.0, 0.0) == []
    # a game stored outside the bot's starts (tools, tests) counts as announced
    plain = await make_game(db, CAROL, DAVE, now=1.0)
    assert plain.start_announced and not plain.needs_announcement


async def test_a_tables_game_and_a_matchs_next_game_wait_for_their_first_board(
    db: Database,
) -> None:
    table = await db.challenges.create_table(
        guild_id=GUILD,
        channel_id=CHANNEL,
        host_id=ALICE,
        game_kind="ludo",
        max_seats=4,
        expires_in=600,
        now=100.0,
    )
    await db.challenges.join_table(table.id, BOB, now=101.0)
    ludo = await db.challenges.start_table(
        table.id, ALICE, seat_names=["red", "yellow"], start_position="L", now=102.0
    )
    assert not ludo.start_announced
    match = await db.matches.create_match(
        guild_id=GUILD, length=3, seats=[("white", ALICE), ("black", BOB)], now=100.0
    )
    first = await db.matches.add_game(match.id, channel_id=CHANNEL, start_position=START)
    assert not first.start_announced


async def finished_match_game(db: Database, *, at: float, announced: bool) -> int:
    """Game 1 of a new match to 3 (Alice White, Bob Black), won by a drop (1 point) at
    ``at``, its final board posted (``announced``) or not. Returns its id."""
    match = await db.matches.create_match(
        guild_id=GUILD, length=3, seats=[("white", ALICE), ("black", BOB)], now=at - 10
    )
    game = await db.matches.add_game(
        match.id, channel_id=CHANNEL, start_position=START, now=at - 10
    )
    await db.games.set_board_message(game.id, CHANNEL, 1, ply=0)
    game = await db.games.record_moves(
        game.id,
        0,
        [PlyToRecord(ALICE, "double", "D"), PlyToRecord(BOB, "drop", "E")],
        outcome=GameOutcome("white", Reason.DROP, points=1),
        now=at,
    )
    if announced:
        await db.games.set_board_message(game.id, CHANNEL, 2, ply=game.ply, over=True)
    return game.id


async def test_a_match_whose_next_game_was_never_started_is_found(db: Database) -> None:
    """The other half of finding 5: a bot that died after a match game's final board and
    before the next game left the match waiting for good. Storage lists such matches (by
    their last game) once that game has settled; starting the next game ends the listing."""
    stalled = await finished_match_game(db, at=1000.0, announced=True)
    unposted = await finished_match_game(db, at=1000.0, announced=False)
    forgotten = await finished_match_game(db, at=10.0, announced=False)

    def ids(games: list) -> list[int]:
        return [g.id for g in games]

    assert ids(await db.matches.stalled_matches(999.0, 0.0)) == []  # may be starting now
    # the final board not posted yet: its catch-up starts the next game (unless too old)
    assert ids(await db.matches.stalled_matches(1030.0, 500.0)) == [forgotten, stalled]
    assert ids(await db.matches.stalled_matches(1030.0, 500.0, limit=1)) == [forgotten]
    game = await db.games.require_game(stalled)
    assert game.match_id is not None
    second = await db.matches.add_game(
        game.match_id, channel_id=CHANNEL, start_position=START, now=1040.0
    )
    assert second.match_game == 2 and not second.start_announced
    assert ids(await db.matches.stalled_matches(2000.0, 500.0)) == [forgotten]
    await db.games.mark_announced(unposted, 2, over=True)
    assert ids(await db.matches.stalled_matches(2000.0, 500.0)) == [forgotten, unposted]
    # a match that is over has no next game
    assert (await db.matches.require_match(game.match_id)).is_active
