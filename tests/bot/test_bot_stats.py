"""/leaderboard and /stats: this server's finished games, per player."""

from __future__ import annotations

import discord

from .helpers import challenge_and_accept
from .test_bot_mentions import Sent


async def _play_out(arena, winner, loser, channel=None):
    """``loser`` challenges ``winner`` and resigns."""
    game, where = await challenge_and_accept(
        arena, "rugen", challenger=loser, opponent=winner, channel=channel
    )
    r = await loser.slash(where, "resign")
    assert not r.ephemeral, r.response.content
    return game


async def test_leaderboard_ranks_this_servers_players(arena):
    r = await arena.alice.slash(arena.channel, "leaderboard")
    assert r.ephemeral and "No games have been finished" in r.response.content
    await _play_out(arena, arena.alice, arena.bob)
    await _play_out(arena, arena.alice, arena.carol)
    await _play_out(arena, arena.carol, arena.bob)
    sent = Sent(arena.env)
    r = await arena.bob.slash(arena.channel, "leaderboard")
    assert not r.ephemeral
    [embed] = r.response.embeds
    lines = embed.description.split("\n")
    assert lines == [
        f"🥇 <@{arena.alice.id}> — 2 won, 0 lost, 0 drawn (2 games)",
        f"🥈 <@{arena.carol.id}> — 1 won, 1 lost, 0 drawn (2 games)",
        f"🥉 <@{arena.bob.id}> — 0 won, 2 lost, 0 drawn (2 games)",
    ]
    assert embed.footer.text == "Finished games in this server; ranked by wins, then losses."
    [ratings] = embed.fields  # the games were rated: where their ratings are
    assert (ratings.name, ratings.value) == ("Ratings of one game", "`/leaderboard game`")
    assert sent.pinged() == [[]]  # mentions name the players without pinging them
    r = await arena.bob.slash(arena.channel, "leaderboard", private=True)
    assert r.ephemeral and r.response.embeds[0].description.split("\n") == lines


async def test_leaderboard_is_per_server_and_top_ten(arena):
    other = arena.env.create_guild("Elsewhere")
    lounge = other.create_text_channel("lounge")
    alice2 = other.add_member(arena.env.create_user("alice2", global_name="Alice2"))
    arena.bot.tree.copy_global_to(guild=discord.Object(other.id))
    await arena.bot.tree.sync(guild=discord.Object(other.id))
    r = await alice2.slash(lounge, "leaderboard")
    assert r.ephemeral and "No games" in r.response.content
    members = [arena.guild.add_member(arena.env.create_user(f"p{i}")) for i in range(11)]
    for loser in members:
        await _play_out(arena, arena.alice, loser)
    r = await arena.alice.slash(arena.channel, "leaderboard")
    lines = r.response.embeds[0].description.split("\n")
    assert len(lines) == 10 and lines[0].startswith(f"🥇 <@{arena.alice.id}> — 11 won")


async def test_stats_of_self_and_others(arena):
    r = await arena.alice.slash(arena.channel, "stats")
    assert not r.ephemeral and "no finished games yet" in r.response.content
    await _play_out(arena, arena.alice, arena.bob)
    await _play_out(arena, arena.bob, arena.alice)
    await _play_out(arena, arena.alice, arena.carol)
    game, where = await challenge_and_accept(arena, "rugen")  # one in progress
    r = await arena.carol.slash(arena.channel, "stats", user=arena.alice, private=True)
    assert r.ephemeral
    text = r.response.content
    assert f"Record of <@{arena.alice.id}>" in text
    assert "In this server: 2 won, 1 lost, 0 drawn in 3 games — rank 1" in text
    assert "all servers" not in text  # only the player sees their totals of every server
    assert "Games in progress here: 1." in text
    r = await arena.alice.slash(arena.channel, "stats")
    assert "In all servers: 2 won, 1 lost, 0 drawn in 3 games." in r.response.content
    robot = arena.guild.add_member(arena.env.create_user("robot", bot=True))
    r = await arena.alice.slash(arena.channel, "stats", user=robot)
    assert r.ephemeral and "is a bot" in r.response.content
