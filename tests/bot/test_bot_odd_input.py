"""Odd and hostile input, through simcord: every refusal is a clear ephemeral message and
changes nothing in the database."""

from __future__ import annotations

import pytest

from .helpers import button_labels, challenge_and_accept, last_board


async def _state(arena, game_id):
    record = await arena.db.games.load_game(game_id)
    moves = await arena.db.games.game_moves(game_id)
    return record, len(moves)


async def test_a_6000_character_move(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    before = await _state(arena, game.id)
    r = await arena.alice.slash(where, "move", move="a" * 6000)  # Discord's string maximum
    assert r.ephemeral, r.response.content
    assert "far too long to be a move" in r.response.content
    assert len(r.response.content) < 300 and "aaaaaaaaaaaaaaaaaaaaaaaa" not in r.response.content
    assert await _state(arena, game.id) == before
    got = await arena.alice.autocomplete(where, "move", "move", "a" * 6000)
    assert got == []


@pytest.mark.parametrize(
    "text",
    [
        "♟️➡️🏆",
        "a2\u200b-a4",  # zero-width space inside a real move
        "\u202ea4-a2",  # right-to-left override
        "a2-a4\u2067",  # isolate
        "\u0627\u0644\u0639\u0631\u0628\u064a\u0629",  # Arabic letters
        "   ",
    ],
)
async def test_strange_characters_in_a_move(arena, text):
    game, where = await challenge_and_accept(arena, "rugen")
    before = await _state(arena, game.id)
    r = await arena.alice.slash(where, "move", move=text)
    assert r.ephemeral, r.response.content
    content = r.response.content
    assert "not a move" in content or "not legal" in content, content
    assert not any(ch in content for ch in "\u200b\u202e\u2067"), repr(content)
    assert await _state(arena, game.id) == before


async def test_move_in_a_finished_game(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    await arena.bob.slash(where, "resign")
    r = await arena.alice.slash(where, "move", move="a2-a3", game=f"#{game.id}")
    assert r.ephemeral and f"Game #{game.id} is over" in r.response.content
    # in the finished game's thread: that game is meant, and it is over (not "no active game")
    r = await arena.alice.slash(where, "move", move="a2-a3")
    assert r.ephemeral and f"Game #{game.id} is over" in r.response.content
    r = await arena.alice.slash(arena.channel, "move", move="a2-a3")  # the channel: none there
    assert r.ephemeral and "no active game" in r.response.content
    assert (await arena.db.games.load_game(game.id)).ply == 0


async def test_game_numbers_that_do_not_exist_or_belong_to_others(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    r = await arena.alice.slash(where, "move", move="a2-a3", game="#999")
    assert r.ephemeral and "There is no game #999" in r.response.content
    r = await arena.carol.slash(where, "move", move="a2-a3", game=str(game.id))
    assert r.ephemeral and f"You are not playing in game #{game.id}" in r.response.content
    r = await arena.carol.slash(where, "move", move="a2-a3")
    assert r.ephemeral and "You are not playing in the game here" in r.response.content
    for ref in ("abc", "#", "-1", "1e3", "9" * 40):
        r = await arena.alice.slash(where, "move", move="a2-a3", game=ref)
        assert r.ephemeral and "is not a game number" in r.response.content, (ref, r)
        assert len(r.response.content) < 200
    r = await arena.carol.slash(where, "resign", game=str(game.id))
    assert r.ephemeral and "not playing" in r.response.content
    r = await arena.alice.slash(where, "board", game="#999")
    assert r.ephemeral and "There is no game #999" in r.response.content
    assert (await arena.db.games.load_game(game.id)).is_active


@pytest.mark.parametrize(
    ("game_kind", "options", "expected"),
    [
        (
            "classic",
            "size",
            "Latrunculi (classic): `size` must be one of `8x8`, `12x8`, not `size`",
        ),
        ("classic", "size=", "must be one of `8x8`, `12x8`"),
        ("classic", "=x", "Write options as `key=value`"),
        ("classic", "size=99x99", "must be one of `8x8`, `12x8`, not `99x99`. No challenge was"),
        ("classic", "rows=1", "Latrunculi (classic) has no option `rows`; its options: `size`."),
        ("classic", "size=12x8,size=8x8", "`size` is given twice"),
        ("rugen", "rows=3", "must be one of"),
        ("lat", "size=12x8", "has no options; leave `options` empty"),
        ("classic", "x" * 6000, "options text is 6000 characters"),
        ("classic", "size=12x8\u202e", "must be one of"),
    ],
)
async def test_malformed_challenge_options(arena, game_kind, options, expected):
    r = await arena.alice.slash(
        arena.channel, "challenge", variant=game_kind, opponent=arena.bob, options=options
    )
    assert r.ephemeral, r.response.content
    assert expected in r.response.content, r.response.content
    assert "\u202e" not in r.response.content
    assert await arena.db.challenges.pending_challenges(now=arena.bot.now()) == []


async def test_move_in_a_channel_without_a_game(arena):
    other = arena.guild.create_text_channel("lounge")
    await challenge_and_accept(arena, "rugen")
    r = await arena.alice.slash(other, "move", move="a2-a3")
    assert r.ephemeral and "no active game in this channel" in r.response.content
    r = await arena.carol.slash(other, "move", move="a2-a3")
    assert r.ephemeral and "no active game in this channel" in r.response.content


async def test_accept_on_a_cancelled_or_expired_challenge(arena):
    """The bot removes the buttons when it cancels or expires a challenge; these clicks land
    before that edit (another bot process cancelled it; the expiry sweep has not run yet)."""
    r = await arena.alice.slash(arena.channel, "challenge", variant="rugen", opponent=arena.bob)
    await arena.db.challenges.cancel_challenge(1, arena.alice.id, now=arena.bot.now())
    c = await arena.bob.click(r.response, label="Accept")
    assert c.ephemeral and "no longer open: it was cancelled" in c.response.content
    r = await arena.alice.slash(arena.channel, "challenge", variant="rugen", opponent=arena.bob)
    await arena.db.challenges.expire_challenges(now=arena.bot.now() + 25 * 3600)
    c = await arena.bob.click(r.response, label="Accept")
    assert c.ephemeral and "no longer open: it has expired" in c.response.content
    c = await arena.alice.click(r.response, label="Cancel")
    assert c.ephemeral and "no longer open" in c.response.content
    assert await arena.db.games.active_games() == []


async def test_old_move_button_after_the_game_ended(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    board = last_board(where)
    await arena.alice.slash(where, "resign")
    c = await arena.bob.click(board, label="Move")
    assert c.ephemeral and f"Game #{game.id} is over" in c.response.content


async def test_rematch_twice_and_by_a_non_player(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    await arena.alice.slash(where, "resign")
    final = last_board(where)
    assert button_labels(final) == ["Rematch"]
    c = await arena.carol.click(final, label="Rematch")
    assert c.ephemeral and "Only the two players" in c.response.content
    c = await arena.bob.click(final, label="Rematch")
    assert not c.ephemeral and "a rematch of game" in c.response.content
    for member in (arena.bob, arena.alice):  # again, and by the other player
        c = await member.click(final, label="Rematch")
        assert c.ephemeral, c.response.content
        assert f"A rematch of game #{game.id} was already offered: https://discord.com/" in (
            c.response.content
        )
    [pending] = await arena.db.challenges.pending_challenges(now=arena.bot.now())
    assert (pending.challenger_id, pending.challenged_id) == (arena.bob.id, arena.alice.id)


async def test_draw_accept_after_a_move_was_played(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    offer = await arena.bob.slash(where, "draw")
    # the move takes the offer's buttons off; here Discord refuses that edit, so a stale
    # Accept button is left to be clicked
    arena.env.inject_error("PATCH", f"/channels/{where.id}/messages/{offer.response.id}")
    await arena.alice.slash(where, "move", move="a2-a3")
    c = await arena.alice.click(offer.response, label="Accept draw")
    assert "lapsed" in c.response.content, c.response.content
    record = await arena.db.games.load_game(game.id)
    assert record.is_active and record.ply == 1
    r = await arena.alice.slash(where, "draw")  # told by the button: a new offer is fine
    assert "offers a draw" in r.response.content
