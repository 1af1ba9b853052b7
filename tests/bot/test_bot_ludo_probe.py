"""What a playthrough and a hostile probe found in ludo (and checked in every game with dice):
a player typing the bot's own actions (another seat's timeout or resignation, dice), two-seat
ludo games in game lists, invitations that pinged without limit or named people who cannot
play, the deadline after a resignation, a bounce told in words, the ``players`` option and
the header's words for the number of players."""

from __future__ import annotations

import random
from typing import Any

import pytest_asyncio

from rules.games.ludo.position import NAMES

from .helpers import challenge_and_accept, last_board
from .ludo_helpers import session_of, start_table


@pytest_asyncio.fixture
async def dave(arena: Any) -> Any:
    return arena.guild.add_member(arena.env.create_user("dave", global_name="Dave"))


def _by_id(*members: Any) -> dict[int, Any]:
    return {m.id: m for m in members}


def _mentioned_since(env: Any, start: int) -> list[set[int]]:
    """The users each message the bot sent or edited since ``start`` allowed to ping."""
    out = []
    for req in list(env.http_requests)[start:]:
        body = req.json if isinstance(req.json, dict) else {}
        body = body.get("data") or body
        if isinstance(body, dict) and body.get("allowed_mentions") is not None:
            out.append({int(u) for u in body["allowed_mentions"].get("users", [])})
    return out


# ----- 1. the bot's own actions are never a player's ------------------------------------------


async def test_a_player_cannot_type_another_seats_timeout_or_resignation(arena):
    alice, bob = arena.alice, arena.bob
    game, thread = await start_table(arena, [alice, bob], seed=4)
    record, session = await session_of(arena, game.id)
    assert record.rated
    members = _by_id(alice, bob)
    mover = members[record.player_at(session.to_move)]
    other_seat = next(s for s in record.seat_names if s != session.to_move)
    before = {
        uid: await arena.db.ratings.rating(arena.guild.id, "ludo", uid) for uid in record.player_ids
    }
    for typed in (
        f"timeout:{other_seat}",
        f"resign:{other_seat}",
        f"Resign : {other_seat}",
        f"timeout:{session.to_move}",
        f"resign:{session.to_move}",
        "timeout:green",  # not even in the game: the same refusal
    ):
        r = await mover.slash(thread, "move", move=typed)
        assert r.ephemeral, (typed, r.response.content)
        assert "was not played: only the bot records a player leaving" in r.response.content
        assert "`/resign`" in r.response.content
    after, _ = await session_of(arena, game.id)
    assert after.is_active and after.ply == record.ply  # nothing changed
    assert not any(
        m.move.startswith(("timeout:", "resign:")) for m in await arena.db.games.game_moves(game.id)
    )
    for uid in record.player_ids:
        assert await arena.db.ratings.rating(arena.guild.id, "ludo", uid) == before[uid]
        player = await arena.db.players.get_player(uid)
        assert (player.wins, player.losses) == (0, 0)
    for typed in ("t", "time", "r", "res", "resign:", ""):
        got = await mover.autocomplete(thread, "move", "move", typed)
        assert not any(c["value"].startswith(("timeout", "resign", "roll")) for c in got), got


async def test_dice_named_by_a_player_are_refused_in_every_game_with_dice(arena):
    game, thread = await start_table(arena, [arena.alice, arena.bob], seed=4)
    record, session = await session_of(arena, game.id)
    mover = _by_id(arena.alice, arena.bob)[record.player_at(session.to_move)]
    for typed in ("roll:6", "Roll 6", "roll:6-6"):
        r = await mover.slash(thread, "move", move=typed)
        assert r.ephemeral and "the bot rolls the dice" in r.response.content, typed
    assert (await session_of(arena, game.id))[0].ply == record.ply
    bg, where = await challenge_and_accept(arena, "backgammon")
    bg = await arena.db.games.load_game(bg.id)
    session = await arena.bot.games.session(bg)
    roller = _by_id(arena.alice, arena.bob)[bg.player_at(session.to_move)]
    for typed in ("roll:6-6", "ROLL 66", "timeout:white", "resign:black"):
        r = await roller.slash(where, "move", move=typed)
        said = r.response.content
        assert r.ephemeral and ("was not played" in said or "is not a backgammon turn" in said), (
            typed,
            said,
        )
    assert (await arena.db.games.load_game(bg.id)).ply == bg.ply
    got = await roller.autocomplete(where, "move", "move", "ro")
    assert not any(c["value"].startswith("roll") for c in got), got


# ----- 2. a two-seat ludo game in the game lists -------------------------------------------------


async def test_a_two_player_ludo_game_is_listed_in_games_and_the_game_suggestions(arena):
    alice, bob, carol = arena.alice, arena.bob, arena.carol
    game, thread = await start_table(arena, [alice, bob], seed=4)
    r = await alice.slash(arena.channel, "games")
    assert r.ephemeral and "Sorry" not in r.response.content, r.response.content
    assert f"#{game.id} Ludo vs Bob" in r.response.content
    for command in ("move", "board", "history", "resign"):
        got = await bob.autocomplete(arena.channel, command, "game", "")
        assert [c["value"] for c in got] == [str(game.id)], (command, got)
        assert "Ludo vs Alice" in got[0]["name"]
    got = await carol.autocomplete(thread, "board", "game", "")
    assert [c["value"] for c in got] == [str(game.id)]
    assert "Alice, Bob" in got[0]["name"]


# ----- 3. invitations: rationed, and only members of this server ----------------------------------


async def test_table_invitations_ping_each_player_once_an_hour(arena):
    bob, carol = arena.bob, arena.carol
    pinged: list[set[int]] = []
    for _ in range(3):
        before = len(arena.env.http_requests)
        r = await arena.alice.slash(
            arena.channel, "challenge", variant="ludo", players=f"{bob.mention} {carol.mention}"
        )
        assert not r.ephemeral, r.response.content
        assert f"Invited: {bob.mention}, {carol.mention}." in r.response.content
        pinged.extend(m for m in _mentioned_since(arena.env, before) if m)
        await arena.alice.click(r.response, label="Leave")  # the host closes it
    assert pinged == [{bob.id, carol.id}]
    await arena.env.advance_time(3601)
    before = len(arena.env.http_requests)
    await arena.alice.slash(arena.channel, "challenge", variant="ludo", players=bob.mention)
    assert [m for m in _mentioned_since(arena.env, before) if m] == [{bob.id}]


async def test_a_ludo_rematch_pings_the_players_once_an_hour(arena):
    alice, bob = arena.alice, arena.bob
    game, thread = await start_table(arena, [alice, bob], seed=4)
    r = await alice.slash(thread, "resign")
    assert not r.ephemeral, r.response.content
    final = last_board(thread)
    pinged: list[set[int]] = []
    for _ in range(3):
        before = len(arena.env.http_requests)
        r = await alice.click(final, label="Rematch")
        assert not r.ephemeral, r.response.content
        pinged.extend(m for m in _mentioned_since(arena.env, before) if m)
        table = next(m for m in reversed(arena.channel.history()) if "rematch of game" in m.content)
        await alice.click(table, label="Leave")  # the host closes it: a rematch may be asked again
    assert pinged == [{bob.id}]


async def test_players_names_only_members_of_this_server(arena):
    env, alice = arena.env, arena.alice
    other = env.create_guild("Elsewhere")
    stranger = other.add_member(env.create_user("mallory", global_name="Mallory"))
    robot = arena.guild.add_member(env.create_user("robo", global_name="Robo", bot=True))
    me = arena.bot.user
    made_up = 123456789012345678
    cases = {
        f"<@{made_up}>": f"<@{made_up}>",
        f"{arena.bob.mention} <@{stranger.id}>": f"<@{stranger.id}>",
        f"<@{me.id}>": f"<@{me.id}>",
        robot.mention: robot.mention,
    }
    for players, named in cases.items():
        before = len(env.http_requests)
        r = await alice.slash(arena.channel, "challenge", variant="ludo", players=players)
        assert r.ephemeral, (players, r.response.content)
        assert named in r.response.content and "No table was opened" in r.response.content
        assert not any(_mentioned_since(env, before)), players
    assert not await arena.db.challenges.pending_challenges(now=arena.bot.now())


# ----- 4. the deadline after a resignation -----------------------------------------------------


async def test_the_board_after_a_ludo_resignation_gives_the_deadline(arena):
    alice, bob, carol = arena.alice, arena.bob, arena.carol
    game, thread = await start_table(arena, [alice, bob, carol], seed=4)
    record, session = await session_of(arena, game.id)
    members = _by_id(alice, bob, carol)
    quitter = next(m for uid, m in members.items() if uid != record.player_at(session.to_move))
    r = await quitter.slash(thread, "resign")
    assert not r.ephemeral, r.response.content
    board = last_board(thread)
    assert "resigned" in board.content and "your move" in board.content
    assert "— by <t:" in board.content, board.content


# ----- 5. ludo's bits: a bounce in words, the players option, the header -----------------------


async def test_a_bounce_is_told_in_words(arena):
    for m in (arena.alice, arena.bob):
        await arena.db.players.upsert_player(m.id, m.name)
    record = await arena.db.games.create_game(
        guild_id=arena.guild.id,
        channel_id=arena.channel.id,
        game_kind="ludo",
        seats=[("red", arena.alice.id), ("yellow", arena.bob.id)],
        start_position="ludo:R:43,20,B,B/Y:B,B,B,B R 3",
        now=arena.bot.now(),
    )
    r = await arena.alice.slash(arena.channel, "move", move="43-42")
    assert not r.ephemeral, r.response.content
    board = last_board(arena.channel)
    assert "moved `43-42`" in board.content
    assert "bounced back from the finish to 42" in board.content, board.content
    assert (await arena.db.games.load_game(record.id)).ply >= 1


async def test_the_players_option_is_neither_offered_nor_taken_and_the_header_reads_well(
    arena, dave
):
    got = await arena.alice.autocomplete(arena.channel, "challenge", "options", "", variant="ludo")
    assert not any(c["value"].startswith("players=") for c in got), got
    for options in ("players=2", "players=3", "2"):
        r = await arena.alice.slash(arena.channel, "challenge", variant="ludo", options=options)
        assert r.ephemeral, (options, r.response.content)
        assert "the players who sit down decide how many play" in r.response.content
    assert not await arena.db.challenges.pending_challenges(now=arena.bot.now())
    arena.bot.games.dice = random.Random(3)
    game, thread = await start_table(arena, [arena.alice, arena.bob, arena.carol], seed=3)
    record = await arena.db.games.load_game(game.id)
    assert [NAMES[c] for c in "RBY"] == list(record.seat_names)
    first = thread.history()[0]
    assert "**Ludo (3 players)**" in first.content, first.content
    assert "players: 3 players" not in first.content
    h = await arena.alice.slash(thread, "history")
    assert "Ludo (3 players)" in h.response.content and "players: 3" not in h.response.content
