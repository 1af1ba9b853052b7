"""The frames of a replay from a start position and the moves played, for the command line
(``python -m rendering --gif``) and the benchmark.

The bot draws its replays through its presenters; without the bot, this plays the moves with
the rules engine (which checks them and says what each did) and draws every position: the
Latrunculi rule sets with their renderer's own ``compose`` (which counts the taken pieces
against the rule set's start), every other game from its rules' view and the effects of each
move, by the game's drawer (:mod:`rendering.drawers`: chess's, draughts', or the generic grid
drawer for a game registered from outside).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from PIL import Image

import rules
from rules.games import GameOutcome, open_session
from rules.games.effects import Effect

from .caption import Caption, reason_words, who
from .drawers import Scene, draw
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


#: The title a frame's caption shows, for the games whose pictures have always shown a
#: shorter name than the rules' own ("Draughts", not "English draughts").
_TITLES = {"draughts": "Draughts"}


def _scenes(
    position: str, moves: Sequence[str], opts: dict[str, Any], players: tuple[str, str]
) -> list[Frame]:
    """Any game but Latrunculi: its rules' :meth:`~rules.games.Session.view` after each move
    and the effects of that move, drawn by the game's drawer (:mod:`rendering.drawers`) --
    chess's and draughts' own, the generic grid drawer for a game from outside."""
    session = open_session(position)
    rules_of = session.rules
    title = _TITLES.get(rules_of.id, rules_of.name)
    frames: list[Frame] = []

    def add(last: tuple[Effect, ...]) -> None:
        outcome = session.outcome
        caption = Caption(
            players=players,
            title=title,
            status=_result(outcome, players),
            winner=outcome.winner if outcome is not None else None,
        )
        view = session.view()

        def drawn(frame: tuple[int, int] | None) -> Image.Image:
            scene = Scene(
                view=view,
                caption=replace(caption, frame=frame),
                last=last,
                outcome=outcome,
                perspective=opts["view"],
                theme=opts["theme"],
            )
            return draw(scene)

        frames.append(drawn)

    add(())
    for text in moves:
        add(session.play(text).effects)
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
    if game_id not in {v.id for v in rules.variants()}:  # drawn from its rules' views
        return _scenes(position, moves, {"view": view, "theme": theme}, players)
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
