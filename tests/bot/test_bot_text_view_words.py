"""bot.text_view's words, without Discord: grouped pieces, own numbering, the moves' cap."""

from __future__ import annotations

from bot.text_view import moves_in_words, position_in_words
from rules.games import find_game


def _session(game: str, position: str | None = None):
    rules = find_game(game)
    return rules.session(position or rules.start())


def test_the_chess_start_is_read_by_kind_in_english_and_greek() -> None:
    view = _session("chess").view()
    titles = {"white": "White (Alice)", "black": "Black (Bob)"}
    lines = position_in_words(view, titles)
    assert lines[0].startswith("White (Alice): king on e1; queen on d1; 2 rooks on a1, h1;")
    assert lines[-1] == "White (Alice) to move."
    greek = position_in_words(view, titles, "el")
    assert "βασιλιάς στο e1" in greek[0] and "8 πιόνια στα" in greek[0]


def test_moves_are_capped_and_counted_within_the_room() -> None:
    session = _session("chess")
    view, actions = session.view(), session.action_views()
    lines = moves_in_words(view, actions, limit=5)
    assert lines[0] == "Legal moves (20):" and lines[-1] == "… and 15 more."
    short = moves_in_words(view, actions, room=200)
    assert len("\n".join(short)) <= 200 and short[-1].startswith("… and ")


def test_a_backgammon_point_is_numbered_as_its_player_counts_it() -> None:
    view = _session("backgammon").view()
    lines = position_in_words(view, {})
    assert "15 checkers on 24 ×2, 13 ×5, 8 ×3, 6 ×5" in lines[0]
    assert "15 checkers on 24 ×2, 13 ×5, 8 ×3, 6 ×5" in lines[1]
    assert "on the bar: 0; borne off: 0" in lines[0]
