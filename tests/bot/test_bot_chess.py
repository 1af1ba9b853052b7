"""Chess through the bot: a whole game to mate by /move and the Move button, a promotion
chosen in the picker, a draw by repetition, suggestions in SAN, the PGN record, a rematch and a
restart mid-game."""

from __future__ import annotations

import io

import chess
import chess.pgn

from .helpers import (
    button_labels,
    challenge_and_accept,
    game_at,
    last_board,
    pick,
    rematch_challenge,
    select_options,
)


async def test_fools_mate_through_move_and_the_move_button(arena):
    alice, bob = arena.alice, arena.bob
    game, where = await challenge_and_accept(arena, "chess")  # Alice White
    start = last_board(where)
    assert "**Chess**" in start.content and "(White)" in start.content
    r = await alice.slash(where, "move", move="f3")
    assert not r.ephemeral, r.response.content
    assert "(White) played `f3`" in r.response.content
    r = await bob.slash(where, "move", move="e7e5")  # UCI is accepted, SAN is stored
    assert "(Black) played `e5`" in r.response.content
    # White's g-pawn through the Move button: 19 moves fit one menu, named in SAN
    menu = await alice.click(last_board(where), label="Move")
    assert menu.ephemeral and "pick your move" in menu.response.content
    shown = [label for label, _ in select_options(menu.response)]
    assert len(shown) == 19 and "Kf2" in shown and "Nh3" in shown
    done = await pick(alice, menu.response, "g4")
    assert done.acknowledged
    r = await bob.slash(where, "move", move="Qh4#")
    final = r.response.content
    assert "(Black) played `Qh4#` — checkmate" in final
    assert "wins**: checkmate." in final and "Game #" in final and "is over" in final
    assert "Rematch" in button_labels(r.response)
    record = await arena.db.games.load_game(game.id)
    assert (record.status, record.winner, record.reason) == ("finished", "black", "checkmate")
    assert [m.move for m in await arena.db.games.game_moves(game.id)] == ["f3", "e5", "g4", "Qh4#"]

    # /history: the moves, and a PGN file python-chess reads back to the mate
    h = await alice.slash(where, "history", game=str(game.id))
    assert "1. f3 e5 2. g4 Qh4#" in h.response.content
    att, replay = h.response.attachments
    assert replay.filename.endswith("-replay.gif")
    assert att.filename == f"chess-game-{game.id}.pgn"
    pgn = chess.pgn.read_game(io.StringIO((await att.read()).decode()))
    assert pgn is not None
    assert pgn.headers["Result"] == "0-1" and pgn.headers["Termination"] == "checkmate"
    assert (pgn.headers["White"], pgn.headers["Black"]) == ("Alice", "Bob")
    assert pgn.end().board().is_checkmate()
    assert len(list(pgn.mainline_moves())) == 4

    # rematch: a new chess game with colours swapped
    rematch = await bob.click(last_board(where), label="Rematch")
    assert "a rematch" in rematch.response.content
    offer = rematch_challenge(arena.channel)
    assert "**Chess**" in offer.content
    await alice.click(offer, label="Accept")
    [again] = await arena.db.games.active_games(user_id=alice.id)
    assert again.game_kind == "chess" and again.white_id == bob.id
    assert again.current_position == "chess:" + chess.STARTING_FEN


async def test_a_move_after_mate_is_refused_naming_checkmate(arena):
    game, where = await challenge_and_accept(arena, "chess")
    for member, move in [(arena.alice, "f3"), (arena.bob, "e5"), (arena.alice, "g4")]:
        r = await member.slash(where, "move", move=move)
        assert not r.ephemeral, r.response.content
    mate = last_board(where)
    await arena.bob.slash(where, "move", move="Qh4#")
    r = await arena.alice.slash(where, "move", move="Kf2", game=f"#{game.id}")
    assert r.ephemeral
    assert r.response.content == f"Game #{game.id} is over (checkmate)."
    # the Move button of the board before the mate says the same
    c = await arena.alice.click(mate, label="Move")
    assert c.ephemeral and f"Game #{game.id} is over (checkmate)" in c.response.content
    assert (await arena.db.games.load_game(game.id)).ply == 4


async def test_wrong_moves_are_refused_with_the_reason(arena):
    game, where = await challenge_and_accept(arena, "chess")
    r = await arena.alice.slash(where, "move", move="e5")
    assert r.ephemeral and "e5" in r.response.content
    r = await arena.alice.slash(where, "move", move="Zz9")
    assert r.ephemeral
    r = await arena.bob.slash(where, "move", move="e5")
    assert r.ephemeral and "not your turn" in r.response.content
    record = await arena.db.games.load_game(game.id)
    assert record.ply == 0


async def test_suggestions_are_san_with_captures_first(arena):
    game, where = await challenge_and_accept(arena, "chess")
    got = await arena.alice.autocomplete(where, "move", "move", "")
    assert len(got) == 20 and {"name": "Nf3", "value": "Nf3"} in got
    for mover, move in [(arena.alice, "e4"), (arena.bob, "d5")]:
        await mover.slash(where, "move", move=move)
    got = await arena.alice.autocomplete(where, "move", "move", "")
    assert got[0]["value"] == "exd5" and "✕" in got[0]["name"]
    assert all(len(c["name"]) <= 100 for c in got) and len(got) <= 25
    got = await arena.alice.autocomplete(where, "move", "move", "ex")
    assert [c["value"] for c in got] == ["exd5"]


async def test_promotion_is_chosen_in_the_move_picker(arena):
    # 33 moves: too many for one menu, so the piece first, then its moves
    record = await game_at(arena, "chess:4k3/P7/8/8/8/8/8/Q3K2R w - - 0 1")
    r = await arena.alice.slash(arena.channel, "board")
    menu = await arena.alice.click(r.response, label="Move")
    assert "pick a piece" in menu.response.content
    assert [label for label, _ in select_options(menu.response)] == [
        "King on e1",
        "Pawn on a7",
        "Queen on a1",
        "Rook on h1",
    ]
    step = await pick(arena.alice, menu.response, "Pawn on a7")
    msg = step.response or menu.response
    assert "where does the pawn on a7 go?" in msg.content
    # the promotion piece is the choice (numbered as the preview numbers a8: "1-4")
    assert [label for label, _ in select_options(msg)] == [
        "1. a8=B",
        "2. a8=N",
        "3. a8=Q+",
        "4. a8=R+",
    ]
    assert [a.filename for a in msg.attachments] == ["preview.png"]
    await pick(arena.alice, msg, "2. a8=N")
    [stored] = await arena.db.games.game_moves(record.id)
    assert stored.move == "a8=N"
    board = last_board(arena.channel)
    assert "played `a8=N` and promoted to a knight" in board.content


async def test_threefold_repetition_draws_at_once(arena):
    game, where = await challenge_and_accept(arena, "chess")
    line = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]
    for i, move in enumerate(line):
        member = arena.alice if i % 2 == 0 else arena.bob
        r = await member.slash(where, "move", move=move)
        assert not r.ephemeral, r.response.content
    record = await arena.db.games.load_game(game.id)
    assert (record.status, record.winner, record.reason) == (
        "finished",
        None,
        "threefold_repetition",
    )
    assert "**Draw**: the same position came up three times." in r.response.content


async def test_restart_mid_game_and_resign(arena, bot_factory):
    game, where = await challenge_and_accept(arena, "chess")
    await arena.alice.slash(where, "move", move="e4")
    old = arena.bot
    await arena.env.restart_bot(bot_factory())
    await old.db.stop()
    r = await arena.bob.slash(where, "move", move="e5")
    assert not r.ephemeral, r.response.content
    r = await arena.alice.slash(where, "move", move="Nf3")
    assert not r.ephemeral
    r = await arena.bob.slash(where, "resign")
    record = await arena.db.games.load_game(game.id)
    assert (record.ply, record.winner, record.reason) == (3, "white", "resignation")
    b = await arena.carol.slash(where, "board", game=str(game.id))
    assert "(White) wins" in b.response.content and "resigned" in b.response.content


async def test_rules_for_chess(arena):
    r = await arena.alice.slash(arena.channel, "rules", variant="chess")
    first = r.response.embeds[0]
    assert first.title == "Chess" and "checkmate" in first.description
    assert "**Castling:**" in "".join(e.description for e in r.response.embeds)
    assert r.response.embeds[-1].footer.text == (
        "Start position (FEN): chess:" + chess.STARTING_FEN
    )


async def test_a_piece_with_one_move_is_named_like_the_other_pieces(arena):
    """Among "Bishop on f1", "Knight on g1"…, a piece with one move was a bare `Ke2`: it is
    "King on e1 to e2", the move as /move names it below, and picking it plays it."""
    await game_at(arena, "chess:rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
    r = await arena.alice.slash(arena.channel, "board")
    menu = await arena.alice.click(r.response, label="Move")
    assert "pick a piece" in menu.response.content
    labels = [label for label, _ in select_options(menu.response)]
    assert "King on e1 to e2" in labels and "Ke2" not in labels
    assert all(" on " in label for label in labels), labels
    await pick(arena.alice, menu.response, "King on e1 to e2")
    record = (await arena.db.games.active_games(user_id=arena.alice.id))[0]
    [stored] = await arena.db.games.game_moves(record.id)
    assert stored.move == "Ke2"
