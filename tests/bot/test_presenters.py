"""The per-game presenters: words, pictures, suggestions, picker steps and record files."""

from __future__ import annotations

import io

import chess.pgn
from PIL import Image

from bot.presenters import (
    BoardView,
    Ply,
    RecordInfo,
    all_presenters,
    playable_games,
    presenter_for,
)
from rules.games import Reason, all_games, find_game

FOOLS_MATE = ["f3", "e5", "g4", "Qh4#"]


def _plies(game_id: str, moves: list[str], start: str | None = None) -> list[Ply]:
    session = find_game(game_id).session(start)
    out = []
    for move in moves:
        before = session.position_text()
        result = session.play(move)
        out.append(Ply(result, before, session.position_text()))
    return out


def test_the_bot_plays_every_game_of_the_registry_in_its_order() -> None:
    ids = [p.game_id for p in all_presenters()]
    assert ids == ["classic", "rugen", "schadler", "lat", "chess", "draughts", "backgammon", "ludo"]
    assert [g.id for g in playable_games()] == ids
    assert ids == [g.id for g in all_games() if g.id in ids]


def test_chess_words_name_the_piece_taken_check_and_mate() -> None:
    p = presenter_for("chess")
    plies = _plies("chess", ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qe5+"])
    assert p.describe("Alice", plies[2]) == "Alice (White) played `exd5` and took the pawn on d5"
    assert p.describe("Bob", plies[5]).endswith("played `Qe5+` — check")
    mate = _plies("chess", FOOLS_MATE)[-1]
    assert p.describe("Bob", mate) == "Bob (Black) played `Qh4#` — checkmate"


def test_chess_en_passant_and_promotion_in_words() -> None:
    p = presenter_for("chess")
    ep = _plies("chess", ["exd6"], "chess:4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")[0]
    assert p.describe("A", ep) == "A (White) played `exd6` and took the pawn on d5 en passant"
    promo = _plies("chess", ["exd8=N"], "chess:3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1")[0]
    assert "took the rook on d8 and promoted to a knight" in p.describe("A", promo)


def test_chess_suggestions_put_captures_first_in_san() -> None:
    p = presenter_for("chess")
    session = find_game("chess").session("chess:4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
    names = p.suggestions(session, "")
    assert names[0].value == "exd5" and "✕" in names[0].name
    assert len(names) <= 25 and all(len(s.name) <= 100 for s in names)
    assert [s.value for s in p.suggestions(session, "ex")] == ["exd5"]
    mate = find_game("chess").session(
        "chess:rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"
    )
    assert p.suggestions(mate, "")[0].value == "Qh4#"


def test_chess_picker_asks_for_the_promotion_piece() -> None:
    p = presenter_for("chess")
    session = find_game("chess").session("chess:4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    paths = [x for x in p.pick_paths(session) if x.labels[0] == "Pawn on a7"]
    assert sorted(x.labels[2] for x in paths) == [
        "promote to a bishop",
        "promote to a knight",
        "promote to a queen",
        "promote to a rook",
    ]
    assert {x.action for x in paths} == {"a8=Q+", "a8=R+", "a8=B", "a8=N"}


def test_chess_record_is_pgn_that_python_chess_reads_back() -> None:
    p = presenter_for("chess")
    info = RecordInfo(
        game_number=7,
        title="Chess",
        players={"white": 'Al "the" ice', "black": "Bob"},
        start=find_game("chess").start(),
        position="",
        winner="black",
        reason=Reason.CHECKMATE,
        active=False,
    )
    text = p.record_text(info, FOOLS_MATE)
    game = chess.pgn.read_game(io.StringIO(text))
    assert game is not None
    assert game.headers["Result"] == "0-1"
    assert game.headers["Black"] == "Bob"
    assert [game.board().san(m) for m in [game.variations[0].move]] == ["f3"]
    assert game.end().board().is_checkmate()
    assert p.record_filename(7) == "chess-game-7.pgn"


def test_chess_record_of_a_custom_start_carries_its_fen() -> None:
    p = presenter_for("chess")
    start = "chess:4k3/P7/8/8/8/8/8/4K3 w - - 0 1"
    info = RecordInfo(1, "Chess", {"white": "A", "black": "B"}, start, "", None, None, True)
    game = chess.pgn.read_game(io.StringIO(p.record_text(info, ["a8=Q+"])))
    assert game is not None and game.headers["Result"] == "*"
    assert game.board().fen() == start.removeprefix("chess:")
    assert game.end().board().piece_at(chess.A8) == chess.Piece(chess.QUEEN, chess.WHITE)


def test_draughts_words_count_men_taken_and_crowning() -> None:
    p = presenter_for("draughts")
    start = "draughts:W:W18,K27:B14,23"
    ply = _plies("draughts", ["18x9"], start)[0]
    assert p.describe("Al", ply) == "Al (White) jumped `18x9` and took a man (on 14)"
    crown = _plies("draughts", ["23x32"], "draughts:B:W27,30:B23")[0]
    assert (
        p.describe("Bo", crown)
        == "Bo (Black) jumped `23x32` and took a man (on 27) — crowned a king"
    )
    step = _plies("draughts", ["11-15"])[0]
    assert p.describe("Bo", step) == "Bo (Black) moved `11-15`"


def test_draughts_picker_offers_a_multi_jump_whole() -> None:
    p = presenter_for("draughts")
    session = find_game("draughts").session("draughts:B:W10,18,27:B6,1")
    paths = p.pick_paths(session)
    assert [x.action for x in paths] == [x.action for x in paths if "x" in x.action]
    assert any(x.action.count("x") >= 2 and x.labels[1].startswith("jump ") for x in paths)


def test_draughts_record_is_pdn_with_black_first() -> None:
    p = presenter_for("draughts")
    info = RecordInfo(
        3,
        "Draughts",
        {"white": "W", "black": "B"},
        find_game("draughts").start(),
        "",
        "black",
        Reason.RESIGNATION,
        False,
    )
    text = p.record_text(info, ["11-15", "23-19", "8-11"])
    assert '[GameType "21"]' in text and '[Result "0-1"]' in text and "FEN" not in text
    assert "1. 11-15 23-19 2. 8-11 0-1" in text
    custom = RecordInfo(3, "D", {}, "draughts:W:W18:B14", "", None, None, True)
    text = p.record_text(custom, ["18x9"])
    assert '[FEN "W:W18:B14"]' in text and "1... 18x9 *" in text


def test_pictures_are_pngs_for_every_game_with_last_move() -> None:
    cases = {
        "chess": (FOOLS_MATE, None),
        "draughts": (["11-15", "22-18", "15x22"], None),
        "classic": (["a8-a6"], None),
    }
    for game_id, (moves, start) in cases.items():
        plies = _plies(game_id, moves, start)
        view = BoardView(plies[-1].after, {"white": "Al", "black": "Bo"}, last=plies[-1])
        png = presenter_for(game_id).picture(view)
        with Image.open(io.BytesIO(png)) as img:
            assert img.format == "PNG" and img.width >= 300
