"""Ludo tables through the bot: /challenge opens a table, players Join and Leave, the host
Starts (or it starts by itself with four), refusals, expiry, and the buttons after a restart."""

from __future__ import annotations

import random
from typing import Any

import pytest
import pytest_asyncio

from .helpers import button_labels, last_board


@pytest_asyncio.fixture
async def dave(arena: Any) -> Any:
    return arena.guild.add_member(arena.env.create_user("dave", global_name="Dave"))


@pytest_asyncio.fixture
async def erin(arena: Any) -> Any:
    return arena.guild.add_member(arena.env.create_user("erin", global_name="Erin"))


async def _table(arena: Any, host: Any, players: str | None = None) -> Any:
    kwargs: dict[str, Any] = {"variant": "ludo"}
    if players is not None:
        kwargs["players"] = players
    r = await host.slash(arena.channel, "challenge", **kwargs)
    assert not r.ephemeral, r.response.content
    return r.response


def _table_message(arena: Any, message: Any) -> Any:
    return next(m for m in arena.channel.history() if m.id == message.id)


async def test_three_join_one_leaves_and_the_host_starts_a_game_of_three(arena, dave):
    arena.bot.games.dice = random.Random(3)
    bob, carol = arena.bob, arena.carol
    table = await _table(arena, arena.alice, players=f"{bob.mention} {carol.mention}")
    text = table.content
    assert "opens a table for a game of Ludo" in text
    assert f"Invited: {bob.mention}, {carol.mention}." in text
    assert "Seats (1 of 4)" in text and f"1. 🔴 Red — {arena.alice.mention} (host)" in text
    assert button_labels(table) == [
        "Join",
        "Leave",
        "Start",
        "Add bot: easy",
        "Add bot: medium",
        "Add bot: hard",
        "Remove bot",
    ]
    for who in (bob, carol):
        r = await who.click(table, label="Join")
        assert r.acknowledged and not r.ephemeral
    table = _table_message(arena, table)
    assert "Seats (3 of 4)" in table.content
    assert f"3. 🟡 Yellow — {carol.mention}" in table.content
    r = await carol.click(table, label="Leave")
    table = _table_message(arena, table)
    assert "Seats (2 of 4)" in table.content
    assert f"2. 🟡 Yellow — {bob.mention}" in table.content  # two play red and yellow
    await dave.click(table, label="Join")
    table = _table_message(arena, table)
    assert "Seats (3 of 4)" in table.content
    assert f"2. 🔵 Blue — {bob.mention}" in table.content
    assert f"3. 🟡 Yellow — {dave.mention}" in table.content
    assert carol.mention not in table.content.split("Seats")[1].split("Colours")[0]
    r = await bob.click(table, label="Start")
    assert r.ephemeral and "Only the host" in r.response.content
    r = await arena.alice.click(table, label="Start")
    table = _table_message(arena, table)
    [game] = await arena.db.games.active_games(user_id=arena.alice.id)
    assert f"**Game #{game.id}** has started" in table.content
    assert not button_labels(table)
    assert [(s.name, s.player_id) for s in game.seats] == [
        ("red", arena.alice.id),
        ("blue", bob.id),
        ("yellow", dave.id),
    ]
    assert game.options["players"] == "3"
    [thread] = arena.channel.threads
    board = last_board(thread)
    assert "🎲 Roll for the first turn: Red " in board.content
    moves = [m.move for m in await arena.db.games.game_moves(game.id)]
    assert moves[0].startswith("roll:") and len(moves[0].split("-")) == 3


async def test_refusals_at_a_table_change_nothing(arena, dave, erin):
    table = await _table(arena, arena.alice)
    r = await arena.alice.click(table, label="Join")
    assert r.ephemeral and "already seated" in r.response.content
    r = await arena.bob.click(table, label="Leave")
    assert r.ephemeral and "not seated" in r.response.content
    r = await arena.alice.click(table, label="Start")
    assert r.ephemeral and "at least 2 players" in r.response.content
    r = await arena.bob.slash(arena.channel, "challenge", variant="ludo", colour="white")
    assert r.ephemeral and "colours follow the seats" in r.response.content
    r = await arena.bob.slash(arena.channel, "challenge", variant="ludo", players="Carol please")
    assert r.ephemeral and "mentioning them" in r.response.content
    r = await arena.bob.slash(
        arena.channel, "challenge", variant="chess", players=arena.carol.mention
    )
    assert r.ephemeral and "use `opponent`" in r.response.content
    [ch] = [
        c for c in await arena.db.challenges.pending_challenges(now=arena.bot.now()) if c.is_table
    ]
    assert ch.seated == (arena.alice.id,)


async def test_the_fourth_join_starts_the_game(arena, dave):
    arena.bot.games.dice = random.Random(5)
    table = await _table(arena, arena.alice)
    for who in (arena.bob, arena.carol, dave):
        await who.click(table, label="Join")
    [game] = await arena.db.games.active_games(user_id=dave.id)
    assert game.seat_names == ("red", "blue", "yellow", "green")
    assert game.player_ids == (arena.alice.id, arena.bob.id, arena.carol.id, dave.id)
    assert not button_labels(_table_message(arena, table))


async def test_a_table_started_elsewhere_refuses_joining_and_starting(arena, dave):
    """Another bot process started the table: this message still shows its buttons."""
    table = await _table(arena, arena.alice)
    await arena.bob.click(table, label="Join")
    [ch] = await arena.db.challenges.pending_challenges(now=arena.bot.now())
    await arena.db.challenges.start_table(
        ch.id,
        arena.alice.id,
        seat_names=("red", "yellow"),
        start_position="ludo:R:B,B,B,B/Y:B,B,B,B RY",
        now=arena.bot.now(),
    )
    table = _table_message(arena, table)
    assert button_labels(table)[:3] == ["Join", "Leave", "Start"]
    r = await dave.click(table, label="Join")
    assert r.ephemeral and "its game has started" in r.response.content
    r = await arena.alice.click(table, label="Start")
    assert r.ephemeral and "its game has started" in r.response.content


async def test_a_full_table_refuses_a_fifth(arena, dave, erin):
    """Seats taken but not started (storage's own guard; the bot starts a full table at once,
    so this is the race of two last joins: one sits, the other is told the table is full)."""
    table = await _table(arena, arena.alice)
    ch = (await arena.db.challenges.pending_challenges(now=arena.bot.now()))[0]
    for who in (arena.bob.id, arena.carol.id, dave.id):
        await arena.db.challenges.join_table(ch.id, who, now=arena.bot.now())
    r = await erin.click(table, label="Join")
    assert r.ephemeral and "This table is full: all 4 seats are taken." in r.response.content


@pytest.mark.bot_settings(challenge_ttl_hours=0.5)
async def test_invited_players_are_mentioned_once_and_the_table_expires(arena):
    bob, carol = arena.bob, arena.carol
    before = len(arena.env.http_requests)
    table = await _table(arena, arena.alice, players=f"{bob.mention} {carol.mention}")
    pinged = [m for m in _mentioned_since(arena.env, before) if m]
    assert pinged == [{bob.id, carol.id}]
    before = len(arena.env.http_requests)
    await bob.click(table, label="Join")
    assert not any(_mentioned_since(arena.env, before))
    await arena.env.advance_time(31 * 60)
    table = _table_message(arena, table)
    assert "expired" in table.content and not button_labels(table)


def _mentioned_since(env: Any, start: int) -> list[set[int]]:
    """The users each message the bot sent or edited since ``start`` allowed to ping."""
    out = []
    for req in list(env.http_requests)[start:]:
        body = req.json if isinstance(req.json, dict) else {}
        body = body.get("data") or body
        if isinstance(body, dict) and body.get("allowed_mentions") is not None:
            out.append({int(u) for u in body["allowed_mentions"].get("users", [])})
    return out


async def test_the_table_buttons_work_after_a_restart_and_the_host_leaving_closes_it(
    arena, bot_factory
):
    table = await _table(arena, arena.alice)
    await arena.env.restart_bot(bot_factory())
    r = await arena.bob.click(table, label="Join")
    assert not r.ephemeral
    ch = (await arena.env.bot.db.challenges.pending_challenges(now=arena.env.bot.now()))[0]
    assert ch.seated == (arena.alice.id, arena.bob.id)
    await arena.alice.click(_table_message(arena, table), label="Leave")
    table = _table_message(arena, table)
    assert "closed the table" in table.content and not button_labels(table)
