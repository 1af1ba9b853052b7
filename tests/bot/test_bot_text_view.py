"""``/board text:True`` (issue 32): the position and the legal moves in words, privately, in
the reader's language, within Discord's 2,000 characters, with no picture."""

from __future__ import annotations

from bot.limits import MAX_CONTENT

from .helpers import challenge_and_accept, game_at


async def _words(member, where, **options):
    r = await member.slash(where, "board", text=True, **options)
    assert r.ephemeral, r.response.content
    messages = [r.response, *r.followups]
    assert not any(m.attachments for m in messages)
    text = "\n".join(m.content for m in messages if m.content)
    assert 0 < len(text) <= MAX_CONTENT
    return text


async def test_a_chess_game_is_read_piece_by_piece_in_english_and_in_russian(arena):
    game, where = await challenge_and_accept(arena, "chess")  # Alice White
    for member, move in ((arena.alice, "e4"), (arena.bob, "e5"), (arena.alice, "Nf3")):
        r = await member.slash(where, "move", move=move)
        assert not r.ephemeral, r.response.content
    text = await _words(arena.carol, where)
    assert "White (Alice): king on e1; queen on d1; 2 rooks on a1, h1;" in text, text
    assert "2 knights on b1, f3" in text
    assert "8 pawns on a2, b2, c2, d2, f2, g2, h2, e4" in text
    assert "Black (Bob) to move" in text
    assert "Legal moves (" in text and "knight on b8 to c6 — `Nc6`" in text
    assert "Last move:" in text and "Nf3" in text
    await arena.carol.slash(arena.channel, "language", language="ru")
    text = await _words(arena.carol, where)
    assert "1 король на e1" in text and "8 пешек на" in text, text
    assert "конь на b8, ход на c6 — `Nc6`" in text, text
    assert "допустимых ходов" in text


async def test_a_latrunculi_captive_is_marked(arena):
    await game_at(arena, "classic:8/3e4/8/8/8/2Ss*S3/4E3/8 w")
    text = await _words(arena.alice, arena.channel)
    assert "d3 (captive)" in text, text
    assert "eagle on e2" in text


async def test_backgammon_reads_bar_off_dice_and_cube(arena):
    await game_at(arena, "backgammon:XGID=-b----E-C---eE---c-e----B-:0:0:1:61:0:0:0:0:10")
    text = await _words(arena.alice, arena.channel)
    assert "on the bar: 0; borne off: 0" in text, text
    assert "Dice: 6, 1." in text
    assert "Cube: 1, in the middle." in text
    assert "15 checkers on" in text
    assert "13 to 7, 8 to 7 — `13/7 8/7`" in text or " to " in text.split("Legal moves")[1]


async def test_ludo_tokens_are_read_by_progress(arena):
    for m in (arena.alice, arena.bob):
        await arena.db.players.upsert_player(m.id, m.name)
    await arena.db.games.create_game(
        guild_id=arena.guild.id,
        channel_id=arena.channel.id,
        game_kind="ludo",
        seats=[("red", arena.alice.id), ("yellow", arena.bob.id)],
        start_position="ludo:R:43,20,B,B/Y:B,B,B,B R 3",
        now=arena.bot.now(),
    )
    text = await _words(arena.bob, arena.channel)
    assert "Red (alice): 2 tokens on 20, 43; in the yard: 2; home: 0." in text, text
    assert "Yellow (bob): no pieces on the board; in the yard: 4; home: 0." in text
    assert "token on 43 to 42" in text or "token on 20 to 23" in text


async def test_a_long_list_of_moves_is_cut_within_discord_s_limit(arena):
    game, where = await challenge_and_accept(arena, "lat")  # many pieces, many moves
    await arena.alice.slash(arena.channel, "language", language="sl")
    text = await _words(arena.alice, where)
    assert "… in še" in text or "…" in text.splitlines()[-1], text
    assert len(text) <= MAX_CONTENT
