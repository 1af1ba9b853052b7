"""The grid games' positions as data (:meth:`Session.view`) and their legal actions as data
(:meth:`Session.action_views`), checked on fixed positions and over seeded random playouts;
the playouts also show that the effects of every push are complete: applied to the pieces of
the view before it, they give the pieces of the view after it (issue 31)."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import pytest

from rules.games import Session, find_game, open_session
from rules.games.effects import Effect, Moved, Placed, Promoted, Released, Taken
from rules.games.view import ActionView, PieceView, PositionView

Pieces = Mapping[str, tuple[PieceView, ...]]


def apply_effects(pieces: Pieces, effects: tuple[Effect, ...]) -> dict[str, tuple[PieceView, ...]]:
    """``pieces`` with ``effects`` applied in order: a moved piece leaves its source for its
    target (where a chess capture's victim still stands until its :class:`Taken`), a taken piece
    leaves its cell or becomes captive there, a released one goes free, a promoted one changes
    kind, a placed one appears."""
    board = {cell: list(stack) for cell, stack in pieces.items()}

    def lift(cell: str, seat: str, piece: str, captive: bool | None = None) -> PieceView:
        stack = board[cell]
        found = next(
            p
            for p in stack
            if p.seat == seat and p.piece == piece and (captive is None or p.captive == captive)
        )
        stack.remove(found)
        return found

    for effect in effects:
        if isinstance(effect, Moved):
            mover = lift(effect.source, effect.seat, effect.piece, captive=False)
            board.setdefault(effect.target, []).append(mover)
        elif isinstance(effect, Taken):
            victim = lift(effect.cell, effect.seat, effect.piece)
            if effect.stays:
                board[effect.cell].append(PieceView(victim.seat, victim.piece, captive=True))
        elif isinstance(effect, Released):
            lift(effect.cell, effect.seat, effect.piece, captive=True)
            board[effect.cell].append(PieceView(effect.seat, effect.piece))
        elif isinstance(effect, Promoted):
            lift(effect.cell, effect.seat, effect.source_piece)
            board[effect.cell].append(PieceView(effect.seat, effect.piece))
        elif isinstance(effect, Placed):
            board.setdefault(effect.cell, []).append(PieceView(effect.seat, effect.piece))
    return {cell: tuple(stack) for cell, stack in board.items() if stack}


def round_trip(view: PositionView) -> dict[str, object]:
    data = view.as_json()
    assert json.loads(json.dumps(data)) == data
    return data


STARTS = [
    "classic",
    find_game("classic").start({"size": "12x8"}),
    "rugen",
    find_game("rugen").start({"rows": "1"}),
    "schadler",
    "lat",
    "chess",
    "draughts",
]


def capturing(session: Session[Any], actions: list[ActionView]) -> list[ActionView]:
    """The actions that capture something (all of them when none does): random play favouring
    them reaches captures, releases, promotions and the end of the game."""
    found = []
    for action in actions:
        if session.play(action.text).captured:
            found.append(action)
        session.pop()
    return found or actions


def playout(session: Session[Any], rng: random.Random, plies: int) -> int:
    """Play up to ``plies`` random actions, checking views, action views and effects at each;
    return how many were played."""
    played = 0
    view = session.view()
    for _ in range(plies):
        actions = session.action_views()
        texts = session.legal_actions()
        assert [a.text for a in actions] == texts
        cells = set(view.cells)
        for a in actions:
            assert a.kind in ("move", "place", "remove", "pass")
            if a.kind == "move":
                assert a.source in cells and a.target in cells
                assert set(a.path) <= cells
            elif a.kind in ("place", "remove"):
                assert a.source is None and a.target in cells
        if not actions:
            assert session.is_over and view.to_move is None and view.outcome is not None
            break
        before = round_trip(view)
        chosen = rng.choice(capturing(session, actions) if rng.random() < 0.5 else actions)
        result = session.play(chosen.text)
        assert session.history[-1].effects == result.effects
        after = session.view()
        for effect in result.effects:
            if isinstance(effect, Moved):
                assert effect.source in cells and effect.target in cells
                assert set(effect.path) <= cells
            elif isinstance(effect, (Taken, Released, Promoted, Placed)):
                assert effect.cell in cells
        if chosen.kind == "move":
            first = result.effects[0]
            assert isinstance(first, Moved)
            assert (first.source, first.target, first.path) == (
                chosen.source,
                chosen.target,
                chosen.path,
            )
        assert apply_effects(view.pieces, result.effects) == dict(after.pieces)
        assert after.last == tuple(dict.fromkeys(after.last))
        if chosen.kind != "pass":
            assert after.last and set(after.last) <= cells
        # Undoing the push gives the view back, marks of the action before included.
        session.pop()
        assert session.view().as_json() == before
        session.play(chosen.text)
        view = after
        played += 1
    return played


@pytest.mark.parametrize("start", STARTS)
def test_random_playouts_views_actions_and_effects_agree(start: str) -> None:
    rng = random.Random(f"view-{start}")
    session = open_session(start)
    plies = 60 if "schadler" in start else 30
    assert playout(session, rng, plies) > 0


@pytest.mark.parametrize(
    "start",
    [
        "chess:7k/8/8/8/8/8/1r6/K7 w - - 0 1",
        "chess:4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
        "draughts:W:W22:B18,K1",
        "classic:8/8/8/8/8/8/s7/S*s5s w",
        "schadler:8/8/8/3c1c2/2CC*1C2/8/8/8 w hand=0,0",
        "rugen:7e/8/8/2s5/2Es4/8/S7/4S3 w",
        "lat:qV8v/2V8/11/11/11/b10/B10/10Q w",
    ],
)
def test_playouts_from_endgames_agree_too(start: str) -> None:
    session = open_session(start)
    playout(session, random.Random(7), 60)


# ----- fixed positions ----------------------------------------------------------------------


def test_chess_start_view() -> None:
    session = open_session("chess")
    view = session.view()
    data = round_trip(view)
    assert (view.game, view.board, view.files, view.ranks) == ("chess", "grid", 8, 8)
    assert view.cells[:3] == ("a1", "b1", "c1") and view.cells[-1] == "h8"
    assert len(view.cells) == 64 and len(view.pieces) == 32
    assert view.pieces["e1"] == (PieceView("white", "king"),)
    assert view.pieces["d8"] == (PieceView("black", "queen"),)
    assert view.seats == ("white", "black") and view.to_move == "white"
    assert view.last == () and view.outcome is None
    assert data["extra"] == {
        "check": None,
        "castling": "KQkq",
        "en_passant": None,
        "halfmove_clock": 0,
        "fullmove_number": 1,
    }


def test_chess_last_marks_and_check() -> None:
    session = open_session("chess")
    for move in ("e4", "d5", "exd5", "Qxd5", "Nc3", "Qe5+"):
        session.play(move)
    view = session.view()
    assert view.last == ("d5", "e5")
    assert view.extra["check"] == "e1"
    session = open_session("chess:r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1")
    session.play("O-O")
    assert session.view().last == ("e1", "g1", "h1", "f1")


def test_chess_mate_view_has_the_outcome_and_nobody_to_move() -> None:
    session = open_session("chess")
    for move in ("f3", "e5", "g4", "Qh4#"):
        session.play(move)
    view = session.view()
    assert view.to_move is None
    assert view.outcome == {"winner": "black", "reason": "checkmate"}
    assert session.action_views() == []


def test_chess_action_views_name_the_promotion_piece() -> None:
    session = open_session("chess:1r2k3/P6p/8/8/8/8/7P/4K3 w - - 0 1")
    promotions = {a.text: a for a in session.action_views() if a.promotion}
    assert promotions["a8=Q"].source == "a7" and promotions["a8=Q"].target == "a8"
    assert promotions["axb8=N"].target == "b8" and promotions["axb8=N"].promotion == "knight"
    assert {a.promotion for a in promotions.values()} == {"queen", "rook", "bishop", "knight"}
    assert len(promotions) == 8  # a8 and axb8, four pieces each


def test_draughts_view_numbers_the_dark_squares_and_places_them() -> None:
    session = open_session("draughts")
    view = session.view()
    round_trip(view)
    assert (view.files, view.ranks, len(view.cells)) == (8, 8, 32)
    assert view.cells[:4] == ("29", "30", "31", "32") and view.cells[-4:] == ("1", "2", "3", "4")
    coords = view.extra["coords"]
    assert isinstance(coords, dict)
    assert coords["29"] == [0, 0] and coords["32"] == [6, 0]  # a1, g1
    assert coords["1"] == [1, 7] and coords["5"] == [0, 6]  # b8, a7
    places = {tuple(coords[c]) for c in view.cells}
    assert len(places) == 32 and all((f + r) % 2 == 0 for f, r in places)  # dark: a1's colour
    # Listed bottom-left first, rank by rank.
    assert [coords[c] for c in view.cells] == sorted(
        (coords[c] for c in view.cells), key=lambda fr: (fr[1], fr[0])
    )
    assert sum(len(p) for p in view.pieces.values()) == 24
    assert view.pieces["1"] == (PieceView("black", "man"),)
    assert view.pieces["32"] == (PieceView("white", "man"),)
    assert view.to_move == "black" and view.seats == ("black", "white")


def test_draughts_multi_jump_action_view_and_last_marks() -> None:
    session = open_session("draughts:W:W27:B23,15,K1")
    [action] = session.action_views()
    assert (action.text, action.kind, action.source, action.target, action.path) == (
        "27x18x11",
        "move",
        "27",
        "11",
        ("18",),
    )
    session.play("27x18x11")
    assert session.view().last == ("27", "18", "11", "23", "15")
    assert session.view().pieces["1"] == (PieceView("black", "king"),)


def test_classic_view_marks_captives_and_last() -> None:
    session = open_session("classic:7s/8/8/8/2Ss4/8/8/4S3 w")
    session.play("e1-e4")
    view = session.view()
    round_trip(view)
    assert view.pieces["d4"] == (PieceView("black", "soldier", captive=True),)
    assert view.as_json()["pieces"]["d4"] == [  # type: ignore[index]
        {"seat": "black", "piece": "soldier", "count": 1, "captive": True}
    ]
    assert view.last == ("e1", "e4", "d4")
    assert view.seats == ("black", "white") and view.to_move == "black"


def test_classic_wide_board_view() -> None:
    view = open_session(find_game("classic").start({"size": "12x8"})).view()
    assert (view.files, view.ranks, len(view.cells)) == (12, 8, 96)
    assert view.cells[11] == "l1" and view.cells[-1] == "l8"
    assert sum(len(p) for p in view.pieces.values()) == 26


def test_schadler_view_counts_the_hands_and_place_actions() -> None:
    session = open_session("schadler")
    view = session.view()
    assert view.off_board == {"white": {"hand": 16}, "black": {"hand": 16}}
    assert view.pieces == {}
    actions = session.action_views()
    assert len(actions) == 64 and all(a.kind == "place" and a.source is None for a in actions)
    session.play("@d4")
    view = session.view()
    assert view.off_board == {"white": {"hand": 15}, "black": {"hand": 16}}
    assert view.pieces == {"d4": (PieceView("white", "counter"),)}
    assert view.last == ("d4",)
    assert round_trip(view)["extra"] == {"passes": 0}


def test_schadler_remove_and_pass_action_views() -> None:
    session = open_session("schadler:7c/8/8/8/8/8/8/Cc*C5 w hand=0,0")
    removal = next(a for a in session.action_views() if a.text == "xb1")
    assert (removal.kind, removal.source, removal.target) == ("remove", None, "b1")
    session = open_session("schadler:8/8/8/8/8/8/8/CC4cc w hand=0,2")
    [action] = session.action_views()
    assert (action.text, action.kind, action.source, action.target) == ("pass", "pass", None, None)
    session.play("pass")
    assert session.view().last == ()


def test_rugen_and_lat_views() -> None:
    view = open_session(find_game("rugen").start({"rows": "1"})).view()
    assert round_trip(view)["extra"] == {"clock": 0, "options": {"rows": "1"}}
    assert view.pieces["d3"] == (PieceView("white", "eagle"),)
    view = open_session("lat").view()
    assert (view.files, view.ranks) == (11, 8)
    assert view.pieces["f2"] == (PieceView("white", "queen"),)
    assert view.pieces["a1"] == (PieceView("white", "valkyrie"),)
    assert view.pieces["b8"] == (PieceView("black", "berserker"),)
    assert view.off_board == {}
