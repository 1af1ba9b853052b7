"""``SHARD_COUNT`` / ``SHARD_IDS``: which shards a process runs, and the bot that runs them."""

from __future__ import annotations

import discord
import pytest
from discord.ext import commands

from bot import Settings, SettingsError
from bot.client import ShardedGameBot
from bot.shards import ShardPlan

from .conftest import GUILD_ID
from .helpers import challenge_and_accept, last_board

ARENA_SHARD = (GUILD_ID >> 22) % 4
"""The shard of the test server when there are four (Discord's formula)."""


def shards_of(**env: str) -> ShardPlan | None:
    return Settings.from_env({"DISCORD_TOKEN": "t", **env}).shards


def test_unset_means_one_unsharded_process():
    assert shards_of() is None
    assert "shards='unsharded'" in repr(Settings.from_env({"DISCORD_TOKEN": "t"}))


def test_ranges_and_lists_of_shard_ids():
    assert shards_of(SHARD_COUNT="8", SHARD_IDS="0-3") == ShardPlan(8, (0, 1, 2, 3))
    assert shards_of(SHARD_COUNT="8", SHARD_IDS="4-7") == ShardPlan(8, (4, 5, 6, 7))
    assert shards_of(SHARD_COUNT="6", SHARD_IDS="0,2,5") == ShardPlan(6, (0, 2, 5))
    assert shards_of(SHARD_COUNT="8", SHARD_IDS=" 6, 0-2 ") == ShardPlan(8, (0, 1, 2, 6))
    assert shards_of(SHARD_COUNT="1", SHARD_IDS="0") == ShardPlan(1, (0,))
    assert shards_of(SHARD_COUNT="3") == ShardPlan(3, (0, 1, 2))  # a count alone: all of them
    plan = shards_of(SHARD_COUNT="8", SHARD_IDS="0-3,6")
    assert plan is not None and plan.describe() == "shards 0-3,6 of 8"
    assert ShardPlan(8, (5,)).describe() == "shard 5 of 8"


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"SHARD_IDS": "0-3"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a whole number of shards, 1 or more, not '0'"),
        ({"SHARD_COUNT": "-2"}, "SHARD_COUNT must be a whole number"),
        ({"SHARD_COUNT": "four"}, "not 'four'"),
        ({"SHARD_COUNT": "2.5"}, "SHARD_COUNT must be a whole number"),
        ({"SHARD_COUNT": "8", "SHARD_IDS": "8"}, "shard 8 does not exist with SHARD_COUNT=8"),
        ({"SHARD_COUNT": "8", "SHARD_IDS": "4-9"}, "shard ids run from 0 to 7"),
        ({"SHARD_COUNT": "8", "SHARD_IDS": "3-1"}, "the range 3-1 runs backwards; write 1-3"),
        ({"SHARD_COUNT": "8", "SHARD_IDS": "0-3,2"}, "SHARD_IDS names shard 2 twice"),
        ({"SHARD_COUNT": "8", "SHARD_IDS": "a-b"}, "such as 0-3 or 0,2,5, not 'a-b'"),
        ({"SHARD_COUNT": "8", "SHARD_IDS": "1,,2"}, "SHARD_IDS must be shard numbers"),
        ({"SHARD_COUNT": "8", "SHARD_IDS": "-1"}, "SHARD_IDS must be shard numbers"),
        ({"SHARD_COUNT": "8", "SHARD_IDS": "1-"}, "SHARD_IDS must be shard numbers"),
    ],
)
def test_bad_shard_settings_are_refused_with_what_is_wrong(env, message):
    with pytest.raises(SettingsError, match="SHARD_") as info:
        Settings.from_env({"DISCORD_TOKEN": "t", **env})
    assert message in str(info.value)


def test_a_token_pasted_into_shard_ids_is_not_printed():
    token = "MTA5ODc2NTQzMjEwOTg3NjU0Mw.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"
    with pytest.raises(SettingsError) as info:
        Settings.from_env({"DISCORD_TOKEN": token, "SHARD_COUNT": "2", "SHARD_IDS": token})
    assert token not in str(info.value) and "looks like a bot token" in str(info.value)


def test_the_plain_bot_without_shard_settings(bot_factory):
    bot = bot_factory()
    assert not isinstance(bot, commands.AutoShardedBot)


@pytest.mark.bot_settings(shards=ShardPlan(4, (ARENA_SHARD,)))
async def test_a_sharded_process_plays_in_its_own_shards_servers(arena):
    """An ``AutoShardedBot`` for one shard of four, through simcord's real shard routing: the
    server on that shard is seen and a whole challenge and first move work there."""
    bot = arena.bot
    assert isinstance(bot, ShardedGameBot) and isinstance(bot, discord.AutoShardedClient)
    assert (bot.shard_count, bot.shard_ids) == (4, [ARENA_SHARD])
    assert arena.guild.id in {g.id for g in bot.guilds}
    game, where = await challenge_and_accept(arena, "rugen")
    r = await arena.alice.slash(where, "move", move="a2-a3")
    assert not r.ephemeral, r.response.content
    assert (await arena.db.games.load_game(game.id)).ply == 1
    assert "a2-a3" in last_board(where).content


@pytest.mark.bot_settings(shards=ShardPlan(4, tuple(s for s in range(4) if s != ARENA_SHARD)))
async def test_a_server_of_another_processs_shard_is_not_this_processs(arena):
    """The other shards' process never hears of the server: its events go to the shard that
    owns it (here no process of this test runs that one)."""
    bot = arena.bot
    assert bot.shard_ids == [s for s in range(4) if s != ARENA_SHARD]
    assert arena.guild.id not in {g.id for g in bot.guilds}
