"""The pieces a board's caption shows as taken are the ones taken in the game, counted from its
moves (issue 30.10): a custom start has pieces missing that nobody took, and a promotion turns
a pawn into a queen without anyone taking the pawn."""

from __future__ import annotations

from bot.pictures import taken_in_game
from bot.presenters import presenter_for
from bot.services.replays import replay_boards

from .helpers import board_image, last_board

# White: king and a pawn on g7 about to take the rook on h8 and promote; Black: king, rook.
# Nothing else on the board: a queen, two rooks, bishops, knights and pawns of each side were
# never there, so nobody took them.
PROMOTION = "4k2r/6P1/8/8/8/8/8/4K3 w - - 0 1"
# English draughts with ten men each: two of each side's twelve were never on the board.
DRAUGHTS_TEN = "draughts:B:W21,22,23,24,25,26,27,28,29,30:B1,2,3,4,5,6,7,8,9,10"


async def _custom_game(arena, game_kind: str, position: str):
    r = await arena.alice.slash(
        arena.channel,
        "challenge",
        variant=game_kind,
        opponent=arena.bob,
        colour="white",
        position=position,
    )
    assert not r.ephemeral, r.response.content
    await arena.bob.click(r.response, label="Accept")
    [game] = await arena.db.games.active_games(user_id=arena.alice.id)
    [thread] = [t for t in arena.channel.threads if t.id == game.thread_id]
    return game, thread


class CaptionSpy:
    """Records the caption each chess board picture is drawn with, the real drawing going on
    (a spy at the renderer's seam, nothing replaced)."""

    def __init__(self, monkeypatch) -> None:
        import rendering.chess as chess_drawer

        self.taken: list[tuple[str, str]] = []
        real = chess_drawer.compose_chess

        def spy(*args, **kwargs):
            self.taken.append(kwargs["caption"].taken)
            return real(*args, **kwargs)

        monkeypatch.setattr(chess_drawer, "compose_chess", spy)


async def test_a_chess_game_from_a_fen_starts_with_nothing_taken_and_a_promotion_is_no_loss(
    arena,
):
    game, thread = await _custom_game(arena, "chess", PROMOTION)
    assert await taken_in_game(arena.db, game) == ("", "")
    r = await arena.alice.slash(thread, "move", move="gxh8=Q+")
    assert not r.ephemeral, r.response.content
    record = await arena.db.games.load_game(game.id)
    # White took the rook; Black took nothing (the pawn on g7 became White's queen)
    assert await taken_in_game(arena.db, record) == ("r", "")
    r = await arena.bob.slash(thread, "move", move="Kd7")
    assert not r.ephemeral, r.response.content
    record = await arena.db.games.load_game(game.id)
    assert await taken_in_game(arena.db, record) == ("r", "")
    # the replay's frames count the same way, frame by frame
    boards = await replay_boards(arena.db, record)
    assert [b.taken for b in boards] == [("", ""), ("r", ""), ("r", "")]


async def test_the_boards_of_a_custom_chess_start_show_only_what_was_taken(arena, monkeypatch):
    """The pictures the bot posts: nothing taken on the first board (it had shown Bob a queen,
    two rooks, bishops, knights and pawns taken), then the rook, and no pawn for Black."""
    spy = CaptionSpy(monkeypatch)
    game, thread = await _custom_game(arena, "chess", PROMOTION)
    assert spy.taken[-1] == ("", "")
    r = await arena.alice.slash(thread, "move", move="gxh8=Q+")
    assert not r.ephemeral, r.response.content
    assert spy.taken[-1] == ("r", "")
    await board_image(last_board(thread))  # the posted board is a picture


async def test_a_draughts_custom_start_counts_only_the_men_jumped(arena):
    game, thread = await _custom_game(arena, "draughts", DRAUGHTS_TEN.removeprefix("draughts:"))
    assert await taken_in_game(arena.db, game) == ("", "")
    # White jumps a man (21x14), then Black jumps one back (10x19)
    moves = ["10-14", "22-18", "14-17", "21x14", "6-10", "18-15", "10x19"]
    for move in moves:
        record = await arena.db.games.load_game(game.id)
        member = arena.bob if record.current_position.split(":")[1] == "B" else arena.alice
        r = await member.slash(thread, "move", move=move)
        assert not r.ephemeral, (move, r.response.content)
    record = await arena.db.games.load_game(game.id)
    assert await taken_in_game(arena.db, record) == ("b", "w")  # (White's, Black's)


async def test_a_standard_game_still_counts_its_captures(arena):
    from .helpers import challenge_and_accept

    game, thread = await challenge_and_accept(arena, "chess")
    for member, move in [
        (arena.alice, "e4"),
        (arena.bob, "d5"),
        (arena.alice, "exd5"),
        (arena.bob, "Qxd5"),
    ]:
        r = await member.slash(thread, "move", move=move)
        assert not r.ephemeral, (move, r.response.content)
    record = await arena.db.games.load_game(game.id)
    assert await taken_in_game(arena.db, record) == ("p", "P")


def test_latrunculi_counts_removals_move_by_move_as_the_standard_start_did() -> None:
    """From the standard start the count from the moves equals what is missing (a seeded line
    in which Black removes a soldier); from a custom start with two soldiers fewer a side,
    nothing is taken until a move takes something."""
    from rendering.captures import derive_taken
    from rules import parse_position
    from rules.games import find_game, open_session

    presenter = presenter_for("rugen")
    start = find_game("rugen").start()
    session = open_session(start)
    positions = []
    line = (
        "h2-h4 d7-d4 h1-h2 a7-a5 f2-f4 d8-d7 h2-h3 d4-c4 f4-f3 d7-d4 g2-g3 e7-d7 e2-g2 d7-d6 "
        "d2-f2 c4-a4 c2-c6 a5-c5"
    )
    for move in line.split():
        session.play(move)
        positions.append(session.position_text())
    taken = presenter.taken_from(session.history)
    derived = derive_taken(parse_position(positions[-1]))
    assert taken == (derived[0][0], derived[1][0]) == ("", "S")
    custom = start.replace("SSSSSSSS", "SSSSSS2", 1).replace("ssssssss", "ssssss2", 1)
    assert custom != start
    assert presenter.taken_from(open_session(custom).history) == ("", "")
    assert derive_taken(parse_position(custom)) != (("", ""), ("", ""))  # what it had shown
