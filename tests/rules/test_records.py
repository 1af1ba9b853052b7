"""Game records are written by the rules (issue 31): PGN for chess, PDN for draughts, from the
start position and the moves as stored, so no layer above the rules parses them again."""

from rules.games import find_game
from rules.games.chess import pgn_text
from rules.games.draughts import pdn_text


def test_pgn_of_a_mate_with_its_tags_in_order():
    text = pgn_text(
        find_game("chess").start(),
        ["f3", "e5", "g4", "Qh4#"],
        [("Event", "Game #7"), ("White", "Alice"), ("Black", "Bob"), ("Result", "0-1")],
    )
    head, body = text.split("\n\n", 1)
    assert head.splitlines()[:2] == ['[Event "Game #7"]', '[Site "?"]']
    assert '[White "Alice"]' in head and "FEN" not in head
    assert body.split() == ["1.", "f3", "e5", "2.", "g4", "Qh4#", "0-1"]


def test_pgn_of_a_custom_start_carries_its_fen():
    fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    text = pgn_text(f"chess:{fen}", ["e4"], [("Result", "*")])
    assert f'[FEN "{fen}"]' in text and '[SetUp "1"]' in text
    assert "1. e4 *" in text


def test_pdn_numbers_black_first_and_marks_a_white_start():
    usual = find_game("draughts").start()
    text = pdn_text(usual, ["11-15", "23-19"], [("GameType", "21")], "*")
    assert text == '[GameType "21"]\n\n1. 11-15 23-19 *\n'
    white_first = usual.replace("draughts:B:", "draughts:W:")
    assert pdn_text(white_first, ["22-18"], [], "*") == "\n1... 22-18 *\n"


def test_pdn_wraps_long_games_at_79_characters():
    moves = ["11-15", "23-19"] * 30
    text = pdn_text(find_game("draughts").start(), moves, [], "*")
    assert all(len(line) <= 79 for line in text.splitlines())
    assert text.split() == [
        w for i, m in enumerate(moves) for w in ((f"{i // 2 + 1}.", m) if i % 2 == 0 else (m,))
    ] + ["*"]
