"""The words and pictures of a finished analysis, in the reader's language: the chart of the
win chance with each player's costly moves marked, per player the accuracy and the counts of
inaccuracies, mistakes and blunders, and the three costliest moves, each with a button that
shows the position before it with the better move drawn as an arrow."""

from __future__ import annotations

import asyncio
import io
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from ai.analysis import Analysis, MoveReview
from rendering.analysis_chart import ChartLegend, ChartMark, ChartSeries, render_analysis_chart
from rendering.draughts import draughts_square
from rendering.marks import arrow
from rendering.render import encode_png
from rendering.theme import get_theme
from rules.errors import RulesError
from rules.games import find_game, replay
from rules.games.effects import Moved
from rules.geometry import Square, parse_square
from storage import AnalysisRecord, GameRecord

from .. import ui
from ..buttons import dynamic_view
from ..errors import UserError
from ..i18n import mark, translate
from ..limits import MAX_CONTENT
from ..presenters import BoardView, Ply, presenter_for
from ..presenters.words import RTL_LANGUAGES
from ..texts import game_name
from .analysis import SIGNS, move_label
from .names import display_names

if TYPE_CHECKING:
    from ..client import GameBot

__all__ = ["before_board", "chart_png", "result_message", "summary_text"]

CHART_FILE = "analysis.png"
BOARD_FILE = "before.png"

#: The line of each seat in a chart of every seat's win chance (ludo's colours).
SEAT_COLOURS: dict[str, tuple[int, int, int]] = {
    "red": (213, 50, 40),
    "blue": (0, 114, 178),
    "yellow": (230, 180, 0),
    "green": (0, 150, 90),
}

_KINDS = {
    "inaccuracy": mark("inaccuracy"),
    "mistake": mark("mistake"),
    "blunder": mark("blunder"),
}


def _seat_index(analysis: Analysis, seat: str) -> int:
    seats = [p.seat for p in analysis.players]
    return seats.index(seat) if seat in seats else 0


def _label(record: GameRecord, analysis: Analysis, move: MoveReview) -> str:
    """The move's number: ``23`` for the side that moved first, ``23…`` for the other."""
    numbered = find_game(record.game_kind).numbered_moves
    return move_label(move.ply, numbered, move.ply % 2)


def _loss(analysis: Analysis, move: MoveReview) -> str:
    """A move's cost as the text shows it: equity to three decimals, else one decimal of the
    family's unit (pawns, men, soldiers)."""
    if analysis.unit == "equity":
        return f"{move.loss:.3f}"
    if analysis.unit == "win %":
        return f"{move.loss:.0f} %"
    return f"{move.loss:.1f}"


def _square(cell: str) -> Square:
    """The grid square of a cell as the rules' effects name it: ``e2`` on the lettered
    boards, a playable square's number (``18``) on the draughts board."""
    if cell.isdigit():
        return draughts_square(int(cell))
    return parse_square(cell)


def summary_text(
    record: GameRecord, analysis: Analysis, names: dict[str, str], language: str
) -> str:
    """The analysis in a few lines: who played how well, and the three costliest moves."""
    presenter = presenter_for(record.game_kind)
    lines = [
        translate(
            mark("📈 **Analysis of game #{game}** ({game_name}, {engine})"),
            language,
            game=record.id,
            game_name=game_name(record.game_kind, language),
            engine=analysis.engine,
        )
    ]
    for player in analysis.players:
        if player.pr is not None:  # rated by equity (backgammon): PR, error rate, luck
            lines.append(
                translate(
                    mark(
                        "**{player}** ({seat}): PR {pr} (error rate {rate}), luck {luck} · "
                        "inaccuracies {inaccuracies}, mistakes {mistakes}, blunders {blunders}"
                    ),
                    language,
                    player=names.get(player.seat, player.seat)[:40],
                    seat=presenter.seat_title(player.seat, language),
                    pr=f"{player.pr:.1f}",
                    rate=f"{player.error_rate or 0:.1f}",
                    luck=f"{player.luck or 0:+.2f}",
                    inaccuracies=player.inaccuracies,
                    mistakes=player.mistakes,
                    blunders=player.blunders,
                )
            )
            continue
        if player.matched is not None:  # ludo: choices as the hard player's, the dice's luck
            lines.append(
                translate(
                    mark(
                        "**{player}** ({seat}): {matched} of {choices} choices as the hard "
                        "player's · sixes {sixes} (expected {sixes_expected}) · knocked {knocked} "
                        "times (expected {knocked_expected}) · inaccuracies {inaccuracies}, "
                        "mistakes {mistakes}, blunders {blunders}"
                    ),
                    language,
                    player=names.get(player.seat, player.seat)[:40],
                    seat=presenter.seat_title(player.seat, language),
                    matched=player.matched,
                    choices=player.moves,
                    sixes=player.sixes or 0,
                    sixes_expected=f"{player.sixes_expected or 0:.1f}",
                    knocked=player.knocked or 0,
                    knocked_expected=f"{player.knocked_expected or 0:.1f}",
                    inaccuracies=player.inaccuracies,
                    mistakes=player.mistakes,
                    blunders=player.blunders,
                )
            )
            continue
        lines.append(
            translate(
                mark(
                    "**{player}** ({seat}): accuracy {accuracy} % · inaccuracies {inaccuracies}, "
                    "mistakes {mistakes}, blunders {blunders}"
                ),
                language,
                player=names.get(player.seat, player.seat)[:40],
                seat=presenter.seat_title(player.seat, language),
                accuracy=f"{player.accuracy:.0f}",
                inaccuracies=player.inaccuracies,
                mistakes=player.mistakes,
                blunders=player.blunders,
            )
        )
    worst = analysis.costliest(3)
    if worst:
        lines.append(translate(mark("The costliest moves:"), language))
        for move in worst:
            lines.append(
                "- "
                + translate(
                    mark("move {number}: `{move}{sign}` (better `{best}`, −{loss})"),
                    language,
                    number=_label(record, analysis, move),
                    move=move.move,
                    sign=SIGNS.get(move.kind or "", ""),
                    best=move.best or "?",
                    loss=_loss(analysis, move),
                )
            )
    else:
        lines.append(translate(mark("No inaccuracy, mistake or blunder in this game."), language))
    return "\n".join(lines)[:MAX_CONTENT]


def chart_png(
    record: GameRecord, analysis: Analysis, names: dict[str, str], language: str
) -> bytes:
    """The chart of the first player's win chance with every classed move marked."""
    first = analysis.players[0].seat if analysis.players else "white"
    marks = [
        ChartMark(m.ply + 1, m.seat == first, m.kind, _seat_index(analysis, m.seat))
        for m in analysis.moves
        if m.kind is not None
    ]
    series = [
        ChartSeries(values, SEAT_COLOURS.get(seat, (90, 90, 90)))
        for seat, values in analysis.curves.items()
    ]
    legend = ChartLegend(
        inaccuracy=translate(_KINDS["inaccuracy"], language),
        mistake=translate(_KINDS["mistake"], language),
        blunder=translate(_KINDS["blunder"], language),
        axis=translate(
            mark("{player}'s win chance (%), move by move"),
            language,
            player=names.get(first, first)[:40],
        )
        if not series
        else translate(mark("Each colour's win chance (%), move by move"), language),
        rtl=language in RTL_LANGUAGES,
    )
    title = translate(
        mark("Game #{game} · {game_name}"),
        language,
        game=record.id,
        game_name=game_name(record.game_kind, language),
    )
    return render_analysis_chart(analysis.curve, marks, title=title, legend=legend, series=series)


def chart_alt(record: GameRecord, analysis: Analysis, names: dict[str, str], language: str) -> str:
    first = analysis.players[0].seat if analysis.players else "white"
    return translate(
        mark("Chart of {player}'s win chance over game #{game}, with {count} costly moves marked."),
        language,
        player=names.get(first, first)[:40],
        game=record.id,
        count=sum(m.kind is not None for m in analysis.moves),
    )[:1024]


async def result_message(
    bot: GameBot, record: GameRecord, stored: AnalysisRecord, language: str
) -> dict[str, Any]:
    """The reply showing a finished analysis: ``content``, ``attachments`` (the chart) and
    ``view`` (a button per costliest move)."""
    assert stored.result is not None
    analysis = Analysis.from_json(stored.result)
    names = await display_names(bot.db, record)
    png = await asyncio.to_thread(chart_png, record, analysis, names, language)
    chart = discord.File(
        io.BytesIO(png),
        filename=CHART_FILE,
        description=chart_alt(record, analysis, names, language),
    )
    buttons = [
        ui.analysis_move_button(
            record.id,
            move.ply,
            translate(
                mark("Before move {number}"), language, number=_label(record, analysis, move)
            ),
        )
        for move in analysis.costliest(3)
    ]
    return {
        "content": summary_text(record, analysis, names, language),
        "attachments": [chart],
        "view": dynamic_view(*buttons),
    }


async def before_board(
    bot: GameBot, record: GameRecord, stored: AnalysisRecord, ply: int, language: str
) -> tuple[str, discord.File]:
    """The position before the move at ``ply`` with the engine's better move drawn as an
    arrow, and a line saying what was played and what was better."""
    assert stored.result is not None
    analysis = Analysis.from_json(stored.result)
    move = next((m for m in analysis.moves if m.ply == ply), None)
    if move is None:
        raise UserError(mark("Game #{game} has no such move."), game=record.id)
    moves = [m.move for m in await bot.db.games.game_moves(record.id)]
    session = replay(record.start_position, moves[:ply])
    position = session.position_text()
    source_target: tuple[str, str] | None = None
    better: Ply | None = None
    if move.best is not None:
        try:
            result = session.play(move.best)
            better = Ply(result, position, session.position_text())
            moved = next((e for e in result.effects if isinstance(e, Moved)), None)
            if moved is not None:
                source_target = (moved.source, moved.target)
        except RulesError:
            source_target = None
    names = await display_names(bot.db, record)
    presenter = presenter_for(record.game_kind)
    seat_index = _seat_index(analysis, move.seat)
    board = BoardView(
        position,
        players=names,
        view=analysis.players[seat_index].seat if analysis.players else "white",
        language=language,
    )
    number = _label(record, analysis, move)
    drawn = source_target is not None and presenter.board_layout(board) is not None
    if drawn:
        said = mark(
            "Before move {number}: `{move}{sign}` was played; the arrow shows the better "
            "`{best}` (−{loss})."
        )
    elif better is not None and presenter.last_move_arrows:
        # no grid to draw one arrow on (backgammon): the board after the better play, drawn
        # as a last move is (arrows from faint checkers where they stood before it)
        board = replace(board, position=better.after, last=better)
        said = mark(
            "Before move {number}: `{move}{sign}` was played; the arrows show the better "
            "`{best}` played instead, from where its checkers stood (−{loss})."
        )
    else:
        said = mark(
            "Before move {number}: `{move}{sign}` was played; better was `{best}` (−{loss})."
        )
    words = translate(
        said,
        language,
        number=number,
        move=move.move,
        sign=SIGNS.get(move.kind or "", ""),
        best=move.best or "?",
        loss=_loss(analysis, move),
    )

    def draw() -> bytes:
        img = presenter.frame(board)
        lay = presenter.board_layout(board)
        if lay is not None and source_target is not None:
            try:
                a, b = (lay.square_rect(_square(cell)) for cell in source_target)
            except (ValueError, KeyError):
                return encode_png(img)
            centre = [(float(r[0] + r[2]) / 2, float(r[1] + r[3]) / 2) for r in (a, b)]
            pal = get_theme(board.theme)
            arrow(
                img,
                centre[0],
                centre[1],
                width=lay.square * 0.18,
                colour=pal.path_line,
                edge=pal.mark_shadow,
            )
        return encode_png(img)

    png = await asyncio.to_thread(draw)
    alt = words.replace("`", "")[:1024]
    return words, discord.File(io.BytesIO(png), filename=BOARD_FILE, description=alt)
