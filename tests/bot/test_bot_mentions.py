"""Who gets pinged: nobody by default, exactly the one user a message is for, and never anyone
through text a user typed. Pings are read from the ``allowed_mentions`` the bot sent (who was
actually notified is not public in simcord)."""

from __future__ import annotations

from typing import Any

from bot.mentions import NO_MENTIONS

from .helpers import challenge_and_accept, last_board


class Sent:
    """The message bodies the bot sends from now on (messages, replies, followups, edits)."""

    def __init__(self, env: Any) -> None:
        self.env = env
        self.start = len(env.http_requests)

    def bodies(self) -> list[dict[str, Any]]:
        out = []
        for request in self.env.http_requests[self.start :]:
            body = request.json
            if isinstance(body, dict) and isinstance(body.get("data"), dict):
                body = body["data"]  # an interaction callback
            if isinstance(body, dict) and "content" in body:
                out.append(body)
        self.start = len(self.env.http_requests)
        return out

    def pinged(self) -> list[list[int]]:
        """For each message: the user ids it may ping; also checks nothing else can be."""
        out = []
        for body in self.bodies():
            allowed = body.get("allowed_mentions")
            assert allowed is not None, body  # never the API's default (which pings all)
            assert allowed.get("parse", []) == [], body  # no @everyone, roles or any user
            assert not allowed.get("roles"), body
            assert not allowed.get("replied_user"), body
            out.append([int(u) for u in allowed.get("users", [])])
        return out


async def test_bot_wide_default_pings_nobody(arena):
    m = arena.bot.allowed_mentions
    assert m is not None
    assert (m.everyone, m.roles, m.users, m.replied_user) == (False, False, False, False)
    assert m.to_dict() == NO_MENTIONS.to_dict()


async def test_each_message_pings_exactly_the_user_it_is_for(arena):
    alice, bob = arena.alice, arena.bob
    sent = Sent(arena.env)
    r = await alice.slash(arena.channel, "challenge", variant="rugen", opponent=bob, colour="white")
    assert sent.pinged() == [[bob.id]]  # the challenged player
    await bob.click(r.response, label="Accept")
    # the challenge message is edited (no ping), the first board pings White (Alice)
    pings = sent.pinged()
    assert [alice.id] in pings and all(p in ([], [alice.id]) for p in pings), pings
    [thread] = arena.channel.threads
    await alice.slash(thread, "move", move="a2-a4")
    assert sent.pinged() == [[bob.id]]  # the board after a move pings the player to move
    await bob.slash(thread, "draw")
    assert sent.pinged() == [[alice.id]]  # a draw offer pings the opponent
    await alice.slash(thread, "board")
    assert sent.pinged() == [[]]  # a board someone asked to look at pings nobody
    await alice.slash(thread, "resign")
    # the final board is news for both players (the loser above all): it pings exactly them;
    # closing Bob's draw offer (its buttons come off) pings nobody
    # (and the replay GIF posted below the final board pings nobody either)
    assert [sorted(p) for p in sent.pinged()] == [sorted([alice.id, bob.id]), [], []]


async def test_everyone_typed_as_a_move_is_refused_without_a_ping(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    sent = Sent(arena.env)
    for text in ("@everyone", "@here", f"<@&{arena.guild.id}>", f"<@{arena.bob.id}>"):
        r = await arena.alice.slash(where, "move", move=text)
        assert r.ephemeral and "not a move" in r.response.content, r.response.content
        assert "@everyone" not in r.response.content and "@here" not in r.response.content
        assert sent.pinged() == [[]]
    assert (await arena.db.games.load_game(game.id)).ply == 0


async def test_typed_text_cannot_break_formatting(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    r = await arena.alice.slash(where, "move", move="a2`**x** ||spoiler||")
    assert r.ephemeral
    text = r.response.content
    assert "**x**" not in text and "||spoiler||" not in text, text
    assert "\\*\\*x\\*\\*" in text  # shown literally
    r = await arena.alice.slash(where, "move", move="a2-a3", game="#1`**`")
    assert r.ephemeral and r.response.content.count("`") % 2 == 0, r.response.content
    assert "is not a game number" in r.response.content
    assert (await arena.db.games.load_game(game.id)).ply == 0


async def test_display_names_in_messages_are_shown_literally(arena):
    mallory = arena.guild.add_member(
        arena.env.create_user("mallory", global_name="@everyone **Boss**")
    )
    game, where = await challenge_and_accept(arena, "rugen", opponent=mallory)
    sent = Sent(arena.env)
    await mallory.slash(where, "resign")
    final = last_board(where)
    assert "@everyone" not in final.content and "**Boss**" not in final.content, final.content
    assert "\\*\\*Boss\\*\\*" in final.content
    # only the two players, never @everyone (allowed_mentions parse is checked empty)
    assert [sorted(p) for p in sent.pinged()] == [sorted([arena.alice.id, mallory.id])]
    r = await arena.alice.slash(where, "history", game=str(game.id))
    assert "**Boss**" not in r.response.content
