"""A game is seen and played only in the server where it is played.

The bot is in two servers. Everything that takes a game number (every command, the ``game``
autocomplete, every button) is tried from the second server, by one of the game's own players
and by a stranger: each answers exactly as for a game that does not exist, and nothing changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord
import pytest_asyncio

from bot import ui

from .helpers import challenge_and_accept, last_board


@dataclass
class Elsewhere:
    """A second server with Alice (a player of the first server's game) and Dave."""

    guild: Any
    lounge: Any
    alice: Any
    dave: Any


@pytest_asyncio.fixture
async def elsewhere(arena) -> Elsewhere:
    guild = arena.env.create_guild("Elsewhere")
    lounge = guild.create_text_channel("lounge")
    alice = guild.add_member(arena.alice.user)
    dave = guild.add_member(arena.env.create_user("dave", global_name="Dave"))
    arena.bot.tree.copy_global_to(guild=discord.Object(guild.id))
    await arena.bot.tree.sync(guild=discord.Object(guild.id))
    return Elsewhere(guild, lounge, alice, dave)


def refused(r: Any, game_id: int) -> None:
    assert r.ephemeral, r.response.content
    assert r.response.content == f"There is no game #{game_id} in this server."


async def test_commands_from_another_server_see_no_game(arena, elsewhere):
    game, where = await challenge_and_accept(arena, "rugen")  # Alice is White
    r = await arena.alice.slash(where, "move", move="a2-a3")
    assert not r.ephemeral, r.response.content
    r = await arena.bob.slash(where, "draw")
    assert not r.ephemeral, r.response.content
    before = await arena.db.games.load_game(game.id)
    ref = f"#{game.id}"
    # A game that does not exist answers the same words.
    missing = game.id + 1000
    for who in (elsewhere.alice, elsewhere.dave):
        refused(await who.slash(elsewhere.lounge, "board", game=ref), game.id)
        refused(await who.slash(elsewhere.lounge, "board", game=f"#{missing}"), missing)
        refused(await who.slash(elsewhere.lounge, "board", game=ref, private=True), game.id)
        refused(await who.slash(elsewhere.lounge, "history", game=ref), game.id)
    # Alice plays in the game, yet from the other server she can do nothing in it.
    a = elsewhere.alice
    refused(await a.slash(elsewhere.lounge, "move", move="a7-a6", game=ref), game.id)
    refused(await a.slash(elsewhere.lounge, "move", move="b2-b3", game=ref), game.id)
    refused(await a.slash(elsewhere.lounge, "draw", game=ref), game.id)  # would accept Bob's
    refused(await a.slash(elsewhere.lounge, "abort", game=ref), game.id)
    refused(await a.slash(elsewhere.lounge, "resign", game=ref), game.id)
    after = await arena.db.games.load_game(game.id)
    assert after == before
    # Nothing of it appears in the other server: not a word, not a picture.
    for message in elsewhere.lounge.history():
        assert not message.attachments
        assert str(game.id) not in message.content or "no game" in message.content


async def test_autocomplete_from_another_server_offers_nothing(arena, elsewhere):
    game, where = await challenge_and_accept(arena, "rugen")
    await arena.alice.slash(where, "move", move="a2-a3")
    a, lounge = elsewhere.alice, elsewhere.lounge
    assert await arena.alice.autocomplete(where, "board", "game", "")  # at home: offered
    for command in ("board", "history", "move", "resign", "draw", "abort"):
        for typed in ("", f"#{game.id}", str(game.id), "rugen", "Bob"):
            assert await a.autocomplete(lounge, command, "game", typed) == [], (command, typed)
            assert await elsewhere.dave.autocomplete(lounge, command, "game", typed) == []
    # No move suggestions for the game either, even when it is named: only the words for a
    # game that does not exist.
    missing = f"#{game.id + 1000}"
    [why] = await a.autocomplete(lounge, "move", "move", "", game=missing)
    assert why["name"] == f"There is no game {missing} in this server."
    got = await a.autocomplete(lounge, "move", "move", "", game=f"#{game.id}")
    assert got == [{"name": f"There is no game #{game.id} in this server.", "value": "-"}]
    [why] = await a.autocomplete(lounge, "move", "move", "b")
    assert why["name"].startswith("You have no active game in this channel.")


async def test_buttons_of_a_game_do_nothing_in_another_server(arena, elsewhere):
    """The buttons carry only a game number: one that reached another server (a forged
    interaction, say) must not act on the game."""
    game, where = await challenge_and_accept(arena, "rugen")
    r = await arena.alice.slash(where, "move", move="a2-a3")
    assert not r.ephemeral
    r = await arena.bob.slash(where, "draw")
    assert not r.ephemeral
    record = await arena.db.games.load_game(game.id)
    outpost = arena.bot.get_partial_messageable(elsewhere.lounge.id)
    forged = await outpost.send("Buttons", view=ui.move_view(game.id))
    await outpost.send("Draw", view=ui.draw_view(game.id, record.ply))
    [move_msg, draw_msg] = [m for m in elsewhere.lounge.history() if m.components]
    assert move_msg.id == forged.id
    refused(await elsewhere.alice.click(move_msg, label="Move"), game.id)
    refused(await elsewhere.alice.click(draw_msg, label="Accept draw"), game.id)
    refused(await elsewhere.alice.click(draw_msg, label="Decline draw"), game.id)
    # The Move menus' select and single-move button (persistent too) likewise.
    menu = discord.ui.View(timeout=None)
    menu.add_item(
        ui.move_menu(game.id, record.ply, [discord.SelectOption(label="a7-a6", value="play:a7-a6")])
    )
    await outpost.send("Menu", view=menu)
    only = discord.ui.View(timeout=None)
    only.add_item(ui.only_move_button(game.id, record.ply, "a7-a6"))
    await outpost.send("Only", view=only)
    [menu_msg, only_msg] = [m for m in elsewhere.lounge.history() if m.components][2:]
    refused(
        await elsewhere.alice.select(menu_msg, ["play:a7-a6"], custom_id=f"lat:pick:{game.id}:1"),
        game.id,
    )
    refused(await elsewhere.alice.click(only_msg, label="Play a7-a6"), game.id)
    assert await arena.db.games.load_game(game.id) == record  # the offer still stands
    # The game ends at home; its Rematch button from the other server offers nothing.
    r = await arena.alice.slash(where, "resign")
    assert not r.ephemeral
    assert "Rematch" in str(last_board(where).components)
    await outpost.send("Rematch", view=ui.finished_view(game.id))
    rematch_msg = [m for m in elsewhere.lounge.history() if m.components][-1]
    refused(await elsewhere.dave.click(rematch_msg, label="Rematch"), game.id)
    refused(await elsewhere.alice.click(rematch_msg, label="Rematch"), game.id)
    assert await arena.db.challenges.pending_challenges(now=arena.bot.now()) == []


async def test_challenge_buttons_do_nothing_in_another_server(arena, elsewhere):
    r = await arena.bob.slash(arena.channel, "challenge", variant="rugen")  # an open challenge
    assert not r.ephemeral
    [challenge] = await arena.db.challenges.pending_challenges(now=arena.bot.now())
    outpost = arena.bot.get_partial_messageable(elsewhere.lounge.id)
    await outpost.send("Challenge", view=ui.challenge_view(challenge.id, open_challenge=True))
    [forged] = [m for m in elsewhere.lounge.history() if m.components]
    r = await elsewhere.dave.click(forged, label="Accept")
    assert r.ephemeral and r.response.content == "I can't find that challenge any more."
    assert await arena.db.challenges.get_challenge(challenge.id) == challenge
    assert await arena.db.games.active_games() == []


async def test_stats_in_another_server_keep_the_other_servers_private(arena, elsewhere):
    """A player's record in another server is theirs: others see this server's record only;
    the player sees their all-server totals in their own ``/stats``."""
    game, where = await challenge_and_accept(arena, "rugen")
    await arena.alice.slash(where, "move", move="a2-a3")
    await arena.bob.slash(where, "move", move="a7-a6")
    await arena.alice.slash(where, "move", move="b2-b3")
    r = await arena.bob.slash(where, "resign")
    assert not r.ephemeral
    await challenge_and_accept(arena, "rugen")  # one in progress at home
    r = await elsewhere.dave.slash(elsewhere.lounge, "stats", user=elsewhere.alice)
    text = r.response.content
    assert "In this server: no finished games yet." in text
    assert "all servers" not in text and "won" not in text and "progress" not in text
    r = await elsewhere.alice.slash(elsewhere.lounge, "stats")
    text = r.response.content
    assert "In this server: no finished games yet." in text
    assert "In all servers: 1 won, 0 lost, 0 drawn in 1 game." in text
    assert "progress" not in text
