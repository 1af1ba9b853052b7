from __future__ import annotations


async def test_commands_synced(arena):
    names = set(arena.alice.available_commands(arena.channel))
    assert {
        "challenge",
        "move",
        "board",
        "games",
        "resign",
        "draw",
        "history",
        "rules",
        "help",
    } <= names


async def test_help_is_ephemeral(arena):
    r = await arena.alice.slash(arena.channel, "help")
    assert r.ephemeral
    assert "/challenge" in r.response.embeds[0].description
