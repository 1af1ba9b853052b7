"""A database filled the way the bot fills one, for the copy tests: every table gets rows,
through the public repositories only, with real games played by the rules core (so every game
replays): finished and active, two-seat and four-seat, a backgammon match, a game against the
computer, challenges in every state, ratings, pings, settings."""

from __future__ import annotations

import random

from rules.games import GameOutcome, Reason, find_game, open_session
from storage import BoardPlan, Database, GameRecord, PlyToRecord

from .storage_helpers import ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD, ending_game, store_game

BOT = 99
"""The bot's own user id, seated in the game against the computer."""
MESSAGE = 5000


async def play_random(
    db: Database, game: GameRecord, rng: random.Random, plies: int, *, now: float
) -> GameRecord:
    """Play up to ``plies`` random legal actions (dice rolled by ``rng``), each recorded by
    its seat's player, finishing the game when the rules end it."""
    session = open_session(game.current_position)
    for index in range(plies):
        if session.outcome is not None:
            break
        seat = session.to_move
        if session.chance_due:
            text = session.roll(rng)
        else:
            text = rng.choice(session.legal_actions())
        result = session.play(text)
        game = await db.games.record_moves(
            game.id,
            game.ply,
            [PlyToRecord(game.player_at(seat), result.canonical, session.position_text())],
            outcome=session.outcome,
            now=now + index,
        )
    return game


async def fill(db: Database) -> dict[str, int]:
    """Fill ``db``; returns a few of the ids made (for the tests to look at)."""
    rng = random.Random(2026)
    ids: dict[str, int] = {}
    await db.players.upsert_player(ALICE, "Alice", now=900.0)
    await db.players.set_notify(BOB, "Bob", "dm", now=901.0)
    await db.players.set_language(CAROL, "Carol", "bg", now=902.0)
    await db.players.set_play_only_turn(DAVE, "Dave", True, now=903.0)
    await db.players.book_vacation(DAVE, "Dave", 3, now=904.0)
    await db.guilds.set_language(GUILD, "sl", now=905.0)
    assert await db.pings.claim("draw", 1, BOB, every=3600, now=906.0)
    assert await db.claims.claim("computer", 1, "a-bot-process", lease=180, now=907.0)

    # chess, rated, won by checkmate: ratings and rating history
    challenge = await db.challenges.create_challenge(
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger_id=ALICE,
        challenged_id=BOB,
        game_kind="chess",
        colour="white",
        message_id=MESSAGE,
        now=1000.0,
    )
    chess = await db.challenges.accept_challenge(
        challenge.id, BOB, start_position=find_game("chess").start(), thread_id=7000, now=1001.0
    )
    session = open_session(chess.current_position)
    for index, move in enumerate(["f3", "e5", "g4", "Qh4#"]):
        seat = session.to_move
        session.play(move)
        chess = await db.games.record_move(
            chess.id,
            chess.ply,
            chess.player_at(seat),
            move,
            session.position_text(),
            outcome=session.outcome,
            now=1010.0 + index,
        )
    assert chess.status == "finished" and chess.winner == "black"
    ids["chess"] = chess.id
    # its rematch, pending
    await db.challenges.create_challenge(
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger_id=BOB,
        challenged_id=ALICE,
        game_kind="chess",
        rematch_of=chess.id,
        now=1100.0,
    )

    # a whole rugen game the rules end (a draw, 123 plies), then an active one with a draw offer
    rugen = await store_game(db, ending_game(), CAROL, DAVE, now=1200.0)
    assert rugen.status == "finished"
    ids["rugen"] = rugen.id
    draughts = await db.games.create_game(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game_kind="draughts",
        white_id=ALICE,
        black_id=CAROL,
        start_position=find_game("draughts").start(),
        now=1300.0,
    )
    draughts = await play_random(db, draughts, rng, 14, now=1301.0)
    await db.games.offer_draw(draughts.id, ALICE, draughts.ply, now=1400.0)

    # classic 12x8, resigned
    classic = await db.games.create_game(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game_kind="classic",
        white_id=BOB,
        black_id=DAVE,
        options={"size": "12x8"},
        start_position=find_game("classic").start({"size": "12x8"}),
        now=1500.0,
    )
    classic = await play_random(db, classic, rng, 9, now=1501.0)
    await db.games.finish_game(classic.id, classic.ply, "white", "resignation", now=1600.0)

    # a backgammon match to 3: game 1 dropped, game 2 under way
    challenge = await db.challenges.create_challenge(
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger_id=CAROL,
        challenged_id=ALICE,
        game_kind="backgammon",
        colour="white",
        now=1700.0,
    )
    start = find_game("backgammon").start()
    first = await db.challenges.accept_challenge(
        challenge.id, ALICE, start_position=start, match_length=3, now=1701.0
    )
    assert first.match_id is not None
    ids["match"] = first.match_id
    first = await play_random(db, first, rng, 6, now=1702.0)
    await db.games.finish_game(
        first.id, first.ply, GameOutcome("white", Reason.RESIGNATION, points=1), now=1800.0
    )
    second = await db.matches.add_game(
        first.match_id, channel_id=CHANNEL, start_position=start, now=1801.0
    )
    await play_random(db, second, rng, 5, now=1802.0)

    # ludo at a table of three, under way
    table = await db.challenges.create_table(
        guild_id=GUILD,
        channel_id=CHANNEL,
        host_id=ALICE,
        game_kind="ludo",
        max_seats=4,
        invited=[BOB, DAVE],
        now=1900.0,
    )
    await db.challenges.join_table(table.id, BOB, now=1901.0)
    await db.challenges.join_table(table.id, DAVE, now=1902.0)
    ludo_rules = find_game("ludo")
    ludo_start = ludo_rules.start({"players": "3"})
    ludo = await db.challenges.start_table(
        table.id,
        ALICE,
        seat_names=ludo_rules.session(ludo_start).seats,
        start_position=ludo_start,
        options={"players": "3"},
        now=1903.0,
    )
    await play_random(db, ludo, rng, 25, now=1904.0)
    # another table, still open
    await db.challenges.create_table(
        guild_id=GUILD, channel_id=CHANNEL, host_id=CAROL, game_kind="ludo", max_seats=2, now=1950.0
    )

    # a Swiss tournament at 3 days per move (schema 17): round 1 with a game and a bye
    tournament = await db.tournaments.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser_id=BOB,
        game="chess",
        format="swiss",
        rounds=2,
        pace_hours=72,
        now=1960.0,
    )
    for player in (ALICE, BOB, CAROL):
        await db.tournaments.join(tournament.id, player, now=1961.0)
    await db.tournaments.start_round(
        tournament.id,
        0,
        [BoardPlan((ALICE, BOB)), BoardPlan((CAROL,), (1.0,))],
        seat_names={2: ("white", "black")},
        start_positions={2: find_game("chess").start()},
        now=1962.0,
    )
    ids["tournament"] = tournament.id

    # an analysis half done (schema 18): its scores so far are copied, to be resumed
    await db.analyses.begin(ids["chess"], total=4, depth=2, language="en", now=1970.0)
    await db.analyses.add_scores(ids["chess"], 0, [{"cp": 20}, {"cp": -15}], now=1971.0)
    # and the reply waiting for it (schema 19), to be edited by the copy's bot
    await db.analyses.add_reply(
        ids["chess"], token="tok-1", message_id=555, language="de", expires_at=1999.0
    )

    # a Play in Discord launch (schema 19): the Activity still opens its game after the copy
    await db.launches.record(
        "i-1400-gc-1-2",
        game_id=ids["chess"],
        user_id=ALICE,
        guild_id=GUILD,
        channel_id=CHANNEL,
        now=1972.0,
    )

    # against the computer (recorded, never counted)
    challenge = await db.challenges.create_challenge(
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger_id=DAVE,
        challenged_id=BOT,
        game_kind="lat",
        colour="white",
        ai_level="hard",
        now=2000.0,
    )
    computer = await db.challenges.accept_challenge(
        challenge.id, BOT, start_position=find_game("lat").start(), now=2001.0
    )
    await play_random(db, computer, rng, 6, now=2002.0)

    # challenges in every other state
    for offset, challenged in enumerate((BOB, CAROL, None, DAVE)):
        await db.challenges.create_challenge(
            guild_id=GUILD,
            channel_id=CHANNEL,
            challenger_id=ALICE if challenged != ALICE else BOB,
            challenged_id=challenged,
            game_kind="schadler",
            message_id=MESSAGE + 1 + offset,
            expires_in=600,
            now=2100.0 + offset,
        )
    pending = await db.challenges.pending_challenges(GUILD, now=2200.0)
    schadler = sorted(c.id for c in pending if c.game_kind == "schadler")
    await db.challenges.decline_challenge(schadler[0], BOB, now=2201.0)
    await db.challenges.cancel_challenge(schadler[1], ALICE, now=2202.0)
    expired = await db.challenges.expire_challenges(now=2800.0)  # the open one and Dave's
    assert len(expired) >= 2
    return ids
