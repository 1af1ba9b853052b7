"""The frames of a replay from a start position and the moves played, for the command line
(``python -m rendering --gif``) and the benchmark.

The bot draws its replays through its presenters; without the bot, this plays the moves with
the rules engine (which checks them and says what each took) and draws every position with
the game's own ``compose_*``: Latrunculi (all rule sets), chess and draughts; any other grid
game (one registered from outside) with the generic grid drawer, from its rules' view.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from PIL import Image

import rules
from rules.games import GameOutcome, find_game, open_session

from .caption import Caption, reason_words, who
from .chess import compose_chess
from .draughts import compose_draughts
from .grid_view import compose_grid
from .plain_text import chess_position, draughts_position
from .render import compose
from .replay import encode_gif

#: A frame drawer: (its place in the replay, frame N of M, or ``None`` for a picture alone)
#: → the picture, with its own caption (whose turn, or the result at the end).
Frame = Callable[[tuple[int, int] | None], Image.Image]


def _result(outcome: GameOutcome | None, players: tuple[str, str]) -> str | None:
    if outcome is None:
        return None
    words = reason_words(outcome.reason.value)
    if outcome.winner is None:
        return f"Draw — {words}"
    return f"{who(rules.Side(outcome.winner), players)} wins — {words}"


def _latrunculi(
    position: str, moves: Sequence[str], opts: dict[str, Any], players: tuple[str, str]
) -> list[Frame]:
    game = rules.Game(rules.position_from_text(position))
    frames: list[Frame] = []

    def add(
        pos: rules.Position, last: rules.MoveResult | None, before: rules.Position | None
    ) -> None:
        outcome = game.outcome
        frames.append(
            lambda frame: compose(
                pos,
                last_move=last,
                before=before,
                outcome=outcome,
                players=players,
                frame=frame,
                **opts,
            )
        )

    add(game.position, None, None)
    for text in moves:
        before = game.position
        last = game.play(text)
        add(game.position, last, before)
    return frames


def _chess(
    position: str, moves: Sequence[str], opts: dict[str, Any], players: tuple[str, str]
) -> list[Frame]:
    session: Any = find_game("chess").session(position)
    frames: list[Frame] = []

    def add(last: tuple[str, str] | None) -> None:
        board = session.board
        pieces, turn = chess_position(board.fen())
        king = board.king(board.turn)
        check = _square_name(king) if board.is_check() and king is not None else None
        outcome = session.outcome
        caption = Caption(
            players=players,
            title="Chess",
            status=_result(outcome, players),
            winner=outcome.winner if outcome is not None else None,
        )
        to_move = None if outcome is not None else turn
        frames.append(
            lambda frame: compose_chess(
                pieces,
                last_move=last,
                check=check,
                to_move=to_move,
                caption=replace(caption, frame=frame),
                **opts,
            )
        )

    add(None)
    for text in moves:
        session.play(text)
        move = session.board.move_stack[-1]
        add((_square_name(move.from_square), _square_name(move.to_square)))
    return frames


def _square_name(square: int) -> str:
    return "abcdefgh"[square % 8] + str(square // 8 + 1)


def _draughts(
    position: str, moves: Sequence[str], opts: dict[str, Any], players: tuple[str, str]
) -> list[Frame]:
    session = find_game("draughts").session(position)
    frames: list[Frame] = []

    def add(path: list[int], jumped: dict[int, str]) -> None:
        pieces, turn = draughts_position(session.position_text())
        outcome = session.outcome
        caption = Caption(
            players=players,
            title="Draughts",
            status=_result(outcome, players),
            winner=outcome.winner if outcome is not None else None,
        )
        to_move = None if outcome is not None else turn
        frames.append(
            lambda frame: compose_draughts(
                pieces,
                last_move=path,
                jumped=jumped,
                to_move=to_move,
                caption=replace(caption, frame=frame),
                **opts,
            )
        )

    add([], {})
    for text in moves:
        before, _ = draughts_position(session.position_text())
        result = session.play(text)
        path = [int(s) for s in re.split(r"[x\-]", result.canonical)]
        add(path, {int(s): before.get(int(s), "b") for s in result.captured})
    return frames


def _views(
    position: str, moves: Sequence[str], opts: dict[str, Any], players: tuple[str, str]
) -> list[Frame]:
    """Any other grid game's frames: its rules' :meth:`~rules.games.Session.view` after each
    move, drawn by the generic grid drawer (:mod:`rendering.grid_view`)."""
    session = open_session(position)
    frames: list[Frame] = []

    def add() -> None:
        view, outcome = session.view(), session.outcome
        caption = Caption(players=players, status=_result(outcome, players))
        frames.append(
            lambda frame: compose_grid(
                view,
                caption=replace(caption, frame=frame),
                perspective=opts["view"],
                theme=opts["theme"],
            )
        )

    add()
    for text in moves:
        session.play(text)
        add()
    return frames


def game_frames(
    position: str,
    moves: Sequence[str],
    *,
    view: str = "white",
    theme: str = "light",
    players: tuple[str, str] = ("White", "Black"),
) -> list[Frame]:
    """One frame drawer per position of the game: the start, then after each move.

    ``position`` is a bare game id or a position text (LPN, ``chess:<FEN>``,
    ``draughts:<PDN FEN>``). A move the rules refuse raises their error, naming it.
    """
    game_id = position.split(":", 1)[0] if ":" in position else position
    if game_id == "chess":
        start = position if ":" in position else find_game("chess").start()
        return _chess(start, moves, {"view": view, "theme": theme}, players)
    if game_id == "draughts":
        start = position if ":" in position else find_game("draughts").start()
        return _draughts(start, moves, {"view": view, "theme": theme}, players)
    if game_id not in {v.id for v in rules.variants()}:  # a game drawn from its view
        return _views(position, moves, {"view": view, "theme": theme}, players)
    opts = {"view": rules.Side(view), "theme": theme}
    return _latrunculi(position, moves, opts, players)


def replay_gif(frames: Sequence[Frame]) -> bytes:
    """The frames as a GIF, each with its own caption and numbered ``N/M``, each drawn when
    the GIF writer asks for it (:func:`rendering.replay.encode_gif`: one frame in memory at
    a time, however long the game)."""
    if not frames:
        raise ValueError("a replay needs at least one frame")
    count = len(frames)
    return encode_gif(f((number, count)) for number, f in enumerate(frames, start=1))
