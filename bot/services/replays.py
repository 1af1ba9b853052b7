"""A whole game as an animated GIF: offered by ``/history`` and posted when a game ends.

The frames are the game's own board pictures (its presenter draws them), one per stored ply
from the start position, the final one with the result; making them takes up to a second of
CPU, so it runs in a worker thread and the event loop keeps serving other interactions.

Memory: the boards are plain values (position texts, names); each frame is drawn when the GIF
writer asks for it, reduced to its kind's fixed palette, written as the rectangle that changed
and let go (:func:`rendering.replay.encode_gif`), so a replay holds a few frames at a time
whatever the game's length — ``bench/memory_bench.py``: a 300-ply game's end and its replay
grow the bot by a few MiB and give them back, where holding every frame took ~400 MiB and kept
most of it. A long game is capped, not sampled: the GIF shows the last
:data:`MAX_REPLAY_PLIES` plies, one frame each (a sampled replay would skip plies, and each
frame's last-move marks would no longer follow from the frame before).
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING

import discord

from rules import RulesError
from rules.games import ActionResult, Reason, find_game
from storage import Database, GameRecord

from ..i18n import DEFAULT_LANGUAGE, translate
from ..presenters import BoardView, Ply, presenter_for
from .announce import decided_by_rules, move_number, result_words
from .languages import server_language
from .names import display_names

if TYPE_CHECKING:
    from ..client import GameBot

log = logging.getLogger(__name__)

__all__ = ["post_replay", "replay_boards", "replay_file", "replay_filename"]


#: The most plies a replay shows (the last ones, from the position before them): at 0.9 s a
#: frame, 150 plies already run over two minutes, and each frame costs a few milliseconds of
#: CPU to draw and encode (~1 s for 150). Memory does not depend on it (frames are streamed).
MAX_REPLAY_PLIES = 150


def replay_filename(record: GameRecord) -> str:
    return f"game-{record.id}-replay.gif"


async def replay_boards(
    db: Database, record: GameRecord, language: str = DEFAULT_LANGUAGE
) -> list[BoardView]:
    """The board after every stored ply of ``record``, from its start position, each with
    the ply that led to it, its move number and what each side had taken by then (as the
    board posted after that ply showed them); only the last one carries the result (as the
    final board shows it). A game longer than :data:`MAX_REPLAY_PLIES` starts that many
    plies before its end."""
    presenter = presenter_for(record.game_kind)
    names = await display_names(db, record)
    moves = await db.games.game_moves(record.id)
    game = find_game(record.game_kind)
    numbered = game.numbered_moves

    def number(ply: int) -> int | None:  # the move being played after ``ply`` plies
        return ply // 2 + 1 if numbered else None

    first = max(0, len(moves) - MAX_REPLAY_PLIES)
    before = moves[first - 1].position_after if first else record.start_position
    # the game replayed once from its start: what each ply did (its effects), and what each
    # side had taken after every ply, counted from those
    results: list[ActionResult | None] = []
    session = game.session(record.start_position)
    for m in moves:
        try:
            results.append(session.play(m.move))
        except RulesError:  # a stored ply replays; should one not, the rest are drawn unmarked
            log.warning("game %d: ply %r does not replay; drawn unmarked", record.id, m.move)
            results.extend(None for _ in range(len(moves) - len(results)))
            break
    replayed = [r for r in results if r is not None]
    running = presenter.taken_running(replayed)
    taken = running if running is not None and len(replayed) == len(moves) else None
    boards = [
        BoardView(
            before,
            players=names,
            language=language,
            taken=(taken[first - 1] if first else ("", "")) if taken is not None else None,
            move_number=number(first),
        )
    ]
    for index, m in enumerate(moves[first:], start=first):
        result = results[index]
        ply = Ply(result, before, m.position_after) if result is not None else None
        boards.append(
            BoardView(
                m.position_after,
                players=names,
                last=ply,
                language=language,
                taken=taken[index] if taken is not None else None,
                move_number=number(index + 1),
            )
        )
        before = m.position_after
    final = boards[-1]
    status = None
    if record.is_active:  # where the replay stops, not an end
        status = translate("Replay of game #{game} so far", language, game=record.id)
    elif not decided_by_rules(record):
        status = result_words(presenter, record, names, language).replace("*", "")
    boards[-1] = BoardView(
        final.position,
        players=names,
        last=final.last,
        outcome=record.outcome,
        status=status,
        move_number=move_number(record),
        language=language,
        taken=final.taken,
    )
    return boards


async def replay_file(
    db: Database, record: GameRecord, language: str = DEFAULT_LANGUAGE
) -> discord.File | None:
    """The game so far as ``game-N-replay.gif`` (made in a worker thread), or ``None`` for a
    game without moves; its captions in ``language``."""
    boards = await replay_boards(db, record, language)
    if len(boards) < 2:
        return None
    presenter = presenter_for(record.game_kind)
    gif = await asyncio.to_thread(presenter.replay, boards)
    # alt text: where the replay ends, in words (the last board's, as the final board says it)
    alt = presenter.alt_text(boards[-1])
    return discord.File(io.BytesIO(gif), filename=replay_filename(record), description=alt)


async def post_replay(bot: GameBot, record: GameRecord, channel: discord.abc.Messageable) -> None:
    """Post the finished game's replay in ``channel`` (its thread), below the final board.

    Not for an aborted game (nothing was decided) nor one without moves. Best effort: the
    result stands whether or not the replay can be made or sent, so a failure is logged.
    """
    if record.is_active or record.reason == Reason.ABORTED.value:
        return
    try:
        language = await server_language(bot.db, record.guild_id)
        file = await replay_file(bot.db, record, language)
        if file is None:
            return
        await channel.send(
            translate(
                "🎞️ Game #{game} from the first move to the last (`/history` has it too).",
                language,
                game=record.id,
            ),
            file=file,
            allowed_mentions=discord.AllowedMentions.none(),
        )
    except discord.HTTPException as exc:
        log.warning("game %d: the replay could not be posted: %s", record.id, exc)
    except Exception:
        log.exception("game %d: the replay could not be made", record.id)
