"""English draughts through the bot: the start (Black first) with PDN suggestions, a whole game
to a win from a stored position (compulsory capture refused, a double jump with crowning played
through the Move button), the forty-move draw, and the PDN record."""

from __future__ import annotations

from .helpers import (
    button_labels,
    challenge_and_accept,
    components_of,
    game_at,
    last_board,
)


async def test_black_moves_first_and_suggestions_are_pdn(arena):
    game, where = await challenge_and_accept(arena, "draughts")  # Alice White, Bob Black
    start = last_board(where)
    assert "**English draughts**" in start.content
    assert f"<@{arena.bob.id}>, your move (Black)" in start.content
    r = await arena.alice.slash(where, "move", move="22-18")
    assert r.ephemeral and "not your turn" in r.response.content
    got = await arena.bob.autocomplete(where, "move", "move", "")
    # in numeric order, as players read square numbers
    assert [c["value"] for c in got] == [
        "9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"
    ]
    r = await arena.bob.slash(where, "move", move="11-15")
    assert "(Black) moved `11-15`" in r.response.content
    r = await arena.alice.slash(where, "move", move="22-18")
    got = await arena.bob.autocomplete(where, "move", "move", "")
    assert got == [{"name": "15x22 ✕ takes 1", "value": "15x22"}]  # the only legal move
    r = await arena.bob.slash(where, "move", move="9-13")
    assert r.ephemeral and "capturing is compulsory: 15x22 is available" in r.response.content
    r = await arena.bob.slash(where, "move", move="15-22")  # a capture typed with "-"
    assert "(Black) jumped `15x22` and took a man (on 18)" in r.response.content
    record = await arena.db.games.load_game(game.id)
    assert record.ply == 3


async def test_a_whole_game_to_a_win_from_a_stored_position(arena):
    """A short constructed line (no natural win is this short): White to move with men on 22
    and 27 against Black's on 6 and 10."""
    record = await game_at(arena, "draughts:W:W22,27:B6,10")
    r = await arena.alice.slash(arena.channel, "move", move="22-18")
    assert not r.ephemeral, r.response.content
    r = await arena.bob.slash(arena.channel, "move", move="10-14")
    assert not r.ephemeral, r.response.content
    # capturing is compulsory: a step is refused with the reason
    r = await arena.alice.slash(arena.channel, "move", move="27-23")
    assert r.ephemeral and "capturing is compulsory: 18x9x2 is available" in r.response.content
    # the only legal move, a double jump that crowns, is one button in the Move menus
    menu = await arena.alice.click(last_board(arena.channel), label="Move")
    [only] = components_of(menu.response)
    done = await arena.alice.click(menu.response, custom_id=only["custom_id"])
    assert done.acknowledged
    final = last_board(arena.channel)
    assert "(White) jumped `18x9x2` and took 2 men (on 14, 6) — crowned a king" in final.content
    assert "wins**: the side to move had no pieces left." in final.content
    assert button_labels(final) == ["Rematch", "Analysis"]
    record = await arena.db.games.load_game(record.id)
    assert (record.status, record.winner, record.reason) == ("finished", "white", "no_pieces")

    h = await arena.alice.slash(arena.channel, "history", game=str(record.id))
    att, replay = h.response.attachments
    assert replay.filename.endswith("-replay.gif")
    assert att.filename == f"draughts-game-{record.id}.pdn"
    pdn = (await att.read()).decode()
    assert '[GameType "21"]' in pdn and '[Result "1-0"]' in pdn
    assert '[FEN "W:W22,27:B6,10"]' in pdn
    assert "1... 22-18 2. 10-14 18x9x2 1-0" in pdn


async def test_forty_moves_without_capture_or_man_move_draw(arena):
    record = await game_at(arena, "draughts:B:WK29:BK4 plies=78")
    r = await arena.bob.slash(arena.channel, "move", move="4-8")
    assert not r.ephemeral, r.response.content
    r = await arena.alice.slash(arena.channel, "move", move="29-25")
    assert "**Draw**: forty moves each passed without a capture or a man's move." in (
        r.response.content
    )
    record = await arena.db.games.load_game(record.id)
    assert (record.winner, record.reason) == (None, "forty_moves")


async def test_a_move_after_the_win_is_refused_naming_the_reason(arena):
    record = await game_at(arena, "draughts:W:W18:B14")  # White to jump Black's last man
    r = await arena.alice.slash(arena.channel, "move", move="18x9")
    assert "wins**: the side to move had no pieces left." in r.response.content
    r = await arena.bob.slash(arena.channel, "move", move="9-5", game=f"#{record.id}")
    assert r.ephemeral
    assert r.response.content == (
        f"Game #{record.id} is over (the side to move had no pieces left)."
    )


async def test_restart_mid_game_then_move_and_move_button(arena, bot_factory):
    game, where = await challenge_and_accept(arena, "draughts")  # Bob Black moves first
    r = await arena.bob.slash(where, "move", move="11-15")
    assert not r.ephemeral, r.response.content
    old = arena.bot
    await arena.env.restart_bot(bot_factory())
    await old.db.stop()
    # /move after the restart
    r = await arena.alice.slash(where, "move", move="22-18")
    assert not r.ephemeral, r.response.content
    assert "(White) moved `22-18`" in r.response.content
    # the Move button of the board posted after the restart: the only move, a capture
    menu = await arena.bob.click(last_board(where), label="Move")
    assert menu.ephemeral and "one legal move" in menu.response.content
    [only] = components_of(menu.response)
    done = await arena.bob.click(menu.response, custom_id=only["custom_id"])
    assert done.acknowledged
    assert "(Black) jumped `15x22` and took a man (on 18)" in last_board(where).content
    moves = [m.move for m in await arena.db.games.game_moves(game.id)]
    assert moves == ["11-15", "22-18", "15x22"]
    # and the game goes on: White's recapture through /move
    r = await arena.alice.slash(where, "move", move="25x18")
    assert not r.ephemeral, r.response.content
    assert (await arena.db.games.load_game(game.id)).ply == 4
