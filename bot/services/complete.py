"""Autocomplete contents: legal moves of the caller's game, and the caller's games here."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rules import Game, Move, MoveKind, square_name
from rules.errors import seat_word
from storage import Database, GameRecord, ListedGame

from ..errors import in_language
from ..i18n import DEFAULT_LANGUAGE, mark, translate
from ..limits import MAX_CHOICE_NAME, cut
from ..texts import game_name, one_line, plain
from .games import player_to_move, position_session
from .names import player_name, shown_name

__all__ = [
    "MoveChoice",
    "compact",
    "game_label",
    "label",
    "listed_label",
    "move_choices",
]

MAX_CHOICES = 25
LABEL_NAME = 28
"""Characters of each name in a game's label: two names and the state fit in 100."""
_MAX_PREVIEWS = 300
_SEPARATORS = re.compile(r"[\s\-\u2013\u2014]+")


def compact(text: str) -> str:
    """Lowercase without separators: 'A2-A5', 'a2 a5' and 'a2a5' all become 'a2a5'."""
    return _SEPARATORS.sub("", text.strip().lower())


@dataclass(frozen=True, slots=True)
class MoveChoice:
    move: Move
    name: str
    captured: int
    wins: bool

    @property
    def value(self) -> str:
        return str(self.move)


def _matches(move: Move, typed: str) -> bool:
    if not typed:
        return True
    canon = compact(str(move))
    return canon.startswith(typed) or canon.lstrip("@x").startswith(typed.lstrip("@x"))


def describe_choice(game: Game, move: Move, language: str = DEFAULT_LANGUAGE) -> MoveChoice:
    """Preview ``move`` and name it in ``language``: captures, releases and wins are
    marked."""
    mover = game.turn
    result = game.push(move)
    outcome = game.outcome
    game.pop()
    text = str(move)
    if move.kind is MoveKind.PASS:
        text = translate(mark("pass (no legal move)"), language)
    parts = [text]
    if result.captured:
        squares = ", ".join(square_name(s) for s in result.captured)
        parts.append(translate(mark("✕ captures {squares}"), language, squares=squares))
    if result.released:
        squares = ", ".join(square_name(s) for s in result.released)
        parts.append(translate(mark("releases {squares}"), language, squares=squares))
    wins = outcome is not None and outcome.winner is mover
    if wins:
        parts.append(translate(mark("🏆 wins"), language))
    name = " ".join(parts)
    return MoveChoice(move, name[:100], len(result.captured), wins)


def move_choices(
    game: Game, typed: str, limit: int = MAX_CHOICES, language: str = DEFAULT_LANGUAGE
) -> list[MoveChoice]:
    """Legal moves matching what was typed, most useful first (wins, then captures), named in
    ``language``."""
    needle = compact(typed)
    matching = [m for m in game.legal_moves() if _matches(m, needle)]
    if len(matching) > _MAX_PREVIEWS:  # too many to preview: plain list in notation order
        return [MoveChoice(m, str(m), 0, False) for m in sorted(matching, key=str)[:limit]]
    choices = [describe_choice(game, m, language) for m in matching]
    choices.sort(key=lambda c: (not c.wins, -c.captured, str(c.move)))
    return choices[:limit]


def label(
    record: GameRecord,
    user_id: int,
    names: Sequence[str],
    *,
    markdown: bool = False,
    language: str = DEFAULT_LANGUAGE,
) -> str:
    """E.g. '#12 Latrunculi (Rügen) vs Bob (your move)' (``names``: the players' names in
    the order of ``record.seats``): at most 100 characters (an autocomplete choice's name),
    names shortened so the state at the end always shows. With ``markdown`` (for a message's
    text) the names are escaped, so a name like ``**x**`` shows as typed. The words are in
    ``language``."""
    if set(record.seat_names) != {"white", "black"}:  # ludo, of two seats too: by colours
        return _table_label(record, user_id, names, markdown=markdown, language=language)
    white, black = names[record.seat_names.index("white")], names[record.seat_names.index("black")]
    opponent = record.opponent_of(user_id)
    to_move = player_to_move(record)
    if not record.is_active:
        state = translate(mark("finished"), language)
    elif to_move == user_id:
        state = translate(mark("your move"), language)
    elif opponent is not None:
        state = translate(mark("their move"), language)
    elif to_move == record.white_id:
        state = translate(mark("White to move"), language)
    else:
        state = translate(mark("Black to move"), language)
    title = game_name(record.game_kind, language)
    # the names get what the rest leaves (the variant's name can be 30 characters long)
    fixed = len(f"#{record.id} {title}  vs  ({state})")
    room = max(8, min(LABEL_NAME, (MAX_CHOICE_NAME - fixed) // 2))

    def name(raw: str) -> str:
        return plain(raw, room) if markdown else one_line(raw, room)

    if opponent is None:
        who = translate(mark("{white} vs {black}"), language, white=name(white), black=name(black))
    else:
        other = name(black if opponent == record.black_id else white)
        who = translate(mark("vs {opponent}"), language, opponent=other)
    text = f"#{record.id} {title} {who} ({state})"
    return text if markdown else cut(text, MAX_CHOICE_NAME)


def _table_label(
    record: GameRecord, user_id: int, names: Sequence[str], *, markdown: bool, language: str
) -> str:
    """A label by seats of any colours and number (ludo's, two seats or four): '#12 Ludo vs
    Bob, Carol, Dave (your move)' (or every player's name for someone not in it), the state
    always shown."""
    to_move = player_to_move(record) if record.is_active else None
    if not record.is_active:
        state = translate(mark("finished"), language)
    elif to_move == user_id:
        state = translate(mark("your move"), language)
    else:
        seat = seat_word(position_session(record).to_move)
        state = translate(mark("{seat} to move"), language, seat=in_language(seat, language))
    title = game_name(record.game_kind, language)
    fixed = len(f"#{record.id} {title} vs  ({state})")
    room = max(8, (MAX_CHOICE_NAME - fixed) // max(1, len(names)) - 2)

    def name(raw: str) -> str:
        return plain(raw, room) if markdown else one_line(raw, room)

    others = [name(n) for s, n in zip(record.seats, names, strict=True) if s.player_id != user_id]
    if len(others) == len(names):
        who = ", ".join(others)
    else:
        who = translate(mark("vs {opponent}"), language, opponent=", ".join(others))
    text = f"#{record.id} {title} {who} ({state})"
    return text if markdown else cut(text, MAX_CHOICE_NAME)


def listed_label(listed: ListedGame, user_id: int, language: str = DEFAULT_LANGUAGE) -> str:
    """:func:`label` of a game read with its players' names (no further query)."""
    record = listed.game
    names = [shown_name(s.player_id, n) for s, n in zip(record.seats, listed.names, strict=True)]
    return label(record, user_id, names, language=language)


async def game_label(
    db: Database,
    record: GameRecord,
    user_id: int,
    *,
    markdown: bool = False,
    language: str = DEFAULT_LANGUAGE,
) -> str:
    """:func:`label`, reading the players' names from storage."""
    names = [await player_name(db, s.player_id) for s in record.seats]
    return label(record, user_id, names, markdown=markdown, language=language)
