"""Tournaments played to the end through the real dispatch (issue 36): a 5-player round-robin
(a bye each round), an 8-player Swiss of 3 rounds with a late withdrawal and a timeout, a
ludo tournament of 6, and a restart mid-round. Games are ended quickly: a resignation in the
game's thread, or time advanced past the tournament's pace."""

from __future__ import annotations

import re

import pytest

from .tournament_helpers import (
    current_games,
    message_by_id,
    organise,
    play_round,
    players,
    start,
    thread_of,
)

pytestmark = pytest.mark.bot_settings(move_timeout_hours=0.25)


def tournament_thread(arena, t):
    return thread_of(arena, t.thread_id)


def final_places(thread) -> list[str]:
    [final] = [m for m in thread.history() if "Final standings" in m.content]
    return re.findall(r"^(\S+) <@(\d+)> — (\S+) points", final.content, re.M)


async def test_a_round_robin_of_five_has_a_bye_each_round_and_ends_with_places(arena):
    members = players(arena, 5)
    tid = await organise(arena, members, game="chess", format="rr")
    t = await arena.db.tournaments.require(tid)
    seeds = {e.player_id: e.seed for e in t.entrants}
    assert [e.player_id for e in t.entrants] == [m.id for m in members]
    await start(arena, tid)
    t = await arena.db.tournaments.require(tid)
    assert (t.status, t.round) == ("running", 1)
    assert message_by_id(arena.channel, t.message_id).components == []  # buttons gone
    sat_out = []
    for number in range(1, 6):
        boards = [b for b in await arena.db.tournaments.boards(tid) if b.round == number]
        assert len(boards) == 2 and all(b.game is not None for b in boards)
        playing = {p for b in boards for p in b.players}
        [out] = {m.id for m in members} - playing
        sat_out.append(out)
        for b in boards:  # ordinary games at the tournament's pace, in their own threads
            assert b.game.thread_id is not None and b.game.rated and b.game.pace_hours is None
        # the higher seed (the later joiner) resigns: seed order is the final order
        await play_round(arena, tid, members, lambda b: max(b.players, key=seeds.get))
    assert sorted(sat_out) == sorted(m.id for m in members)  # each sat out once
    t = await arena.db.tournaments.require(tid)
    assert (t.status, t.round) == ("finished", 5)
    boards = await arena.db.tournaments.boards(tid)
    pairs = [frozenset(b.players) for b in boards]
    assert len(pairs) == len(set(pairs)) == 10  # everyone met everyone once
    places = final_places(tournament_thread(arena, t))
    assert [(int(uid), pts) for _, uid, pts in places] == [
        (members[0].id, "4"),
        (members[1].id, "3"),
        (members[2].id, "2"),
        (members[3].id, "1"),
        (members[4].id, "0"),
    ]
    assert [medal for medal, _, _ in places[:3]] == ["🥇", "🥈", "🥉"]
    pictures = [m for m in tournament_thread(arena, t).history() if m.attachments]
    assert len(pictures) == 11  # standings with a picture after every result, and the final
    assert all(a.filename == "standings.png" for m in pictures for a in m.attachments)
    alice = await arena.db.ratings.rating(arena.guild.id, "chess", arena.alice.id)
    assert alice is not None and alice.results == 4  # rated games count in the ratings


def colours(boards, player):
    """A player's colours round by round: w, b, or - (a bye)."""
    out = []
    for b in boards:
        if player in b.players:
            out.append("-" if b.game is None else "wb"[b.players.index(player)])
    return "".join(out)


async def test_a_swiss_of_eight_with_a_withdrawal_a_timeout_and_a_restart(arena, bot_factory):
    members = players(arena, 8)
    tid = await organise(arena, members, game="rugen", format="swiss", rounds=3)
    t = await arena.db.tournaments.require(tid)
    seeds = {e.player_id: e.seed for e in t.entrants}
    await start(arena, tid)
    # round 1: the better seed wins every game (Dutch: 1-5, 6-2, 3-7, 8-4)
    await play_round(arena, tid, members, lambda b: max(b.players, key=seeds.get))
    t = await arena.db.tournaments.require(tid)
    assert t.round == 2
    # round 2, mid-round: Heidi (seed 8) withdraws, her game is lost, and the bot restarts
    heidi = members[7]
    r = await heidi.slash(arena.channel, "tournament withdraw", tournament=tid)
    assert "withdrawn from tournament" in r.response.content
    [lost] = [
        b.game
        for b in await arena.db.tournaments.boards(tid)
        if b.round == 2 and heidi.id in b.players
    ]
    lost = await arena.db.games.load_game(lost.id)
    assert (lost.status, lost.reason) == ("finished", "resignation")
    old = arena.bot
    await arena.env.restart_bot(bot_factory())
    await old.db.stop()
    await play_round(arena, tid, members, lambda b: max(b.players, key=seeds.get))
    t = await arena.db.tournaments.require(tid)
    assert t.round == 3  # started after the restart, once
    # round 3: seven players, a bye; one game is lost on time, the others resigned
    boards3 = [b for b in await arena.db.tournaments.boards(tid) if b.round == 3]
    assert heidi.id not in {p for b in boards3 for p in b.players}
    [bye] = [b for b in boards3 if b.game is None]
    assert len(bye.players) == 1 and bye.fixed == (1.0,)
    games = await current_games(arena, tid)
    slow = games[0]
    for board in games[1:]:
        loser = max(board.players, key=seeds.get)
        who = next(m for m in members if m.id == loser)
        await who.slash(thread_of(arena, board.game.thread_id), "resign")
    await arena.env.advance_time(16 * 60)  # the slow game's player to move runs out of time
    timed = await arena.db.games.load_game(slow.game.id)
    assert (timed.status, timed.reason) == ("finished", "timeout")
    t = await arena.db.tournaments.require(tid)
    assert (t.status, t.round) == ("finished", 3)
    boards = await arena.db.tournaments.boards(tid)
    met = [frozenset(b.players) for b in boards if len(b.players) == 2]
    assert len(met) == len(set(met))  # no pairing repeated
    for m in members:  # FIDE's absolute colour rules: never 3 alike in a row, difference <= 2
        cs = colours(boards, m.id)
        assert "www" not in cs and "bbb" not in cs, (m.id, cs)
        assert abs(cs.count("w") - cs.count("b")) <= 2, (m.id, cs)
    assert sum(1 for b in boards if b.game is None) == 1  # the one bye, to a player once
    places = final_places(tournament_thread(arena, t))
    assert len(places) == 8 and places[0][0] == "🥇"
    assert int(places[-1][1]) == heidi.id  # withdrew with no points after round 1


async def test_a_ludo_tournament_of_six_reseats_by_standing(arena):
    members = players(arena, 6)
    tid = await organise(arena, members, game="ludo", format="swiss", rounds=2)
    t = await arena.db.tournaments.require(tid)
    assert t.format == "tables"
    ids = [m.id for m in members]
    await start(arena, tid)
    first = [b for b in await arena.db.tournaments.boards(tid) if b.round == 1]
    assert [b.players for b in first] == [tuple(ids[:3]), tuple(ids[3:])]  # 3 + 3 by seed

    async def play(number):
        for board in await current_games(arena, tid):
            # the last seated resigns first, then the middle one: seat order is the place order
            for loser in reversed(board.players[1:]):
                who = next(m for m in members if m.id == loser)
                await who.slash(thread_of(arena, board.game.thread_id), "resign")
        return number

    await play(1)
    second = [b for b in await arena.db.tournaments.boards(tid) if b.round == 2]
    # points by place (2, 1, 0) then seed: the two winners and the best second together
    assert [b.players for b in second] == [
        (ids[0], ids[3], ids[1]),
        (ids[4], ids[2], ids[5]),
    ]
    await play(2)
    t = await arena.db.tournaments.require(tid)
    assert t.status == "finished"
    places = final_places(tournament_thread(arena, t))
    assert [(int(uid), pts) for _, uid, pts in places][:2] == [(ids[0], "4"), (ids[3], "3")]


async def test_backgammon_pairings_may_be_matches_to_n_points(arena):
    members = players(arena, 3)
    tid = await organise(arena, members, game="backgammon", format="rr", options="match=2")
    t = await arena.db.tournaments.require(tid)
    assert t.options == {"match": "2"}
    assert "Backgammon" in message_by_id(arena.channel, t.message_id).content
    seeds = {e.player_id: e.seed for e in t.entrants}
    await start(arena, tid)
    for number in (1, 2):
        [board] = await current_games(arena, tid)
        assert board.round == number and board.match is not None and board.match.length == 2
        loser = max(board.players, key=seeds.get)
        who = next(m for m in members if m.id == loser)
        await who.slash(thread_of(arena, board.game.thread_id), "resign")  # 1 point of 2
        [still] = await current_games(arena, tid)  # the match goes on: its game 2
        assert still.match.is_active and still.game.match_game == 2
        await who.slash(thread_of(arena, still.game.thread_id), "resign")
    # round 3: the loser-to-be withdraws instead, and loses the whole match
    [board] = await current_games(arena, tid)
    quitter = next(m for m in members if m.id == max(board.players, key=seeds.get))
    await quitter.slash(arena.channel, "tournament withdraw", tournament=tid)
    [match_board] = [b for b in await arena.db.tournaments.boards(tid) if b.round == 3]
    assert match_board.match is not None and match_board.match.winner is not None
    assert match_board.game.seat_of(quitter.id) != match_board.match.winner
    t = await arena.db.tournaments.require(tid)
    assert t.status == "finished"
    places = final_places(tournament_thread(arena, t))
    assert [(int(uid), pts) for _, uid, pts in places] == [
        (members[0].id, "2"),
        (members[1].id, "1"),
        (members[2].id, "0"),
    ]
