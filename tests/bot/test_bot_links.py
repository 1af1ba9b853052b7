"""Every link the bot prints opens the right place: the game's server (never ``@me``, which
points into direct messages), the thread or channel the message is in, and a message that
exists there. Read from every message body the bot sent, ephemeral notes and edits included."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .helpers import challenge_and_accept, last_board, play_by_button

LINK = re.compile(r"https://discord\.com/channels/([^/\s]+)/(\d+)/(\d+)")
MIN = 60


class Links:
    """The links in everything the bot sends from now on (messages, replies, notes, edits)."""

    def __init__(self, env: Any) -> None:
        self.env = env
        self.start = len(env.http_requests)

    def texts(self) -> list[str]:
        out = []
        for request in self.env.http_requests[self.start :]:
            body = request.json
            if isinstance(body, dict) and isinstance(body.get("data"), dict):
                body = body["data"]  # an interaction callback
            if isinstance(body, dict) and isinstance(body.get("content"), str):
                out.append(body["content"])
        self.start = len(self.env.http_requests)
        return out

    def found(self) -> list[tuple[str, str, str]]:
        return [m for text in self.texts() for m in LINK.findall(text)]


def message_ids(arena: Any) -> dict[int, set[int]]:
    """Message ids per channel id: the game channel and every thread made under it."""
    places = [arena.channel, *arena.channel.threads]
    return {p.id: {m.id for m in p.history()} for p in places}


def assert_opens_right_place(arena: Any, links: list[tuple[str, str, str]]) -> None:
    where = message_ids(arena)
    for guild, channel, message in links:
        assert guild == str(arena.guild.id), (guild, channel, message)
        assert int(channel) in where, (guild, channel, message)
        assert int(message) in where[int(channel)], (guild, channel, message)


async def test_notes_after_moves_and_ends_outside_the_thread_link_into_the_server(arena):
    alice, bob = arena.alice, arena.bob
    links = Links(arena.env)
    game, thread = await challenge_and_accept(arena, "rugen")  # Alice White, in a thread
    assert thread is not arena.channel

    # the Move menu (its note is an ephemeral edit) and /move used in the channel
    r = await play_by_button(arena, thread, alice, "a2-a3")
    assert f"in game #{game.id}: https://discord.com/channels/{arena.guild.id}/{thread.id}/" in (
        r.response.content
    )
    r = await bob.slash(arena.channel, "move", move="a7-a6")
    assert r.ephemeral
    assert f"https://discord.com/channels/{arena.guild.id}/{thread.id}/" in r.response.content
    # /draw, /games, /history and /board from the channel
    r = await alice.slash(arena.channel, "draw")
    assert r.ephemeral and f"/{arena.guild.id}/{thread.id}/" in r.response.content
    await alice.slash(arena.channel, "games")
    await bob.slash(arena.channel, "history", game=str(game.id))
    # resigning from the channel, then a rematch offered twice (the second links to the first)
    r = await bob.slash(arena.channel, "resign")
    assert r.ephemeral and f"/{arena.guild.id}/{thread.id}/" in r.response.content
    final = last_board(thread)
    await alice.click(final, label="Rematch")
    r = await bob.click(final, label="Rematch")
    assert r.ephemeral and "already offered: https://discord.com/channels/" in r.response.content

    found = links.found()
    assert len(found) >= 7, found
    assert_opens_right_place(arena, found)


async def test_abort_from_the_channel_links_into_the_server(arena):
    links = Links(arena.env)
    game, thread = await challenge_and_accept(arena, "classic")
    r = await arena.bob.slash(arena.channel, "abort")
    assert r.ephemeral and f"/{arena.guild.id}/{thread.id}/" in r.response.content
    found = links.found()
    assert found
    assert_opens_right_place(arena, found)


@pytest.mark.bot_settings(move_timeout_hours=0.25)
async def test_reminder_links_into_the_server(arena):
    links = Links(arena.env)
    game, thread = await challenge_and_accept(arena, "rugen")
    await arena.env.advance_time(12 * MIN)
    [reminder] = [m for m in thread.history() if "⏰" in m.content]
    assert f"https://discord.com/channels/{arena.guild.id}/{thread.id}/" in reminder.content
    assert_opens_right_place(arena, links.found())
