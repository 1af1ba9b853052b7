"""Words the bot shows: moves in words, results and reasons, variants in one line."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

from discord.utils import escape_markdown, escape_mentions

from rules import MoveKind, MoveResult, Position, Side, find_variant, square_name
from rules.games import GameOption, Reason, find_game

__all__ = [
    "code",
    "one_line",
    "plain",
    "record_words",
    "describe_move",
    "describe_result",
    "duration_words",
    "full_moves",
    "moves_words",
    "turn_words",
    "options_summary",
    "side_name",
    "variant_line",
    "variant_title",
]


def _visible(text: str, limit: int) -> str:
    """One line of at most ``limit`` characters, without control, zero-width or
    direction-changing characters (they could hide or reorder what the bot shows)."""
    kept = "".join(" " if ch in "\n\r\t" else ch for ch in text)
    kept = "".join(ch for ch in kept if unicodedata.category(ch) not in ("Cc", "Cf"))
    kept = " ".join(kept.split())
    return kept if len(kept) <= limit else kept[: limit - 1] + "…"


def one_line(text: str, limit: int) -> str:
    """A user's text (a display name) for places where markdown does not render (autocomplete
    choices, select options): one visible line of at most ``limit`` characters."""
    return _visible(text, limit)


def plain(text: str, limit: int = 300) -> str:
    """Text a user chose (a display name) or that quotes their input (a rules error), made safe
    to show in a message: shortened, no markdown effects, and no mention syntax (which the
    bot-wide allowed-mentions default would not ping anyway, but still renders)."""
    return escape_mentions(escape_markdown(_visible(text, limit)))


def code(text: str, limit: int = 30) -> str:
    """A user's raw input echoed back literally, in a code span (no markdown or mentions render
    inside one; a backtick, which would close it, is shown as a look-alike)."""
    return "`" + escape_mentions(_visible(text, limit).replace("`", "\u02cb") or " ") + "`"


def record_words(wins: int, losses: int, draws: int) -> str:
    """E.g. "3 won, 1 lost, 0 drawn": one wording for records under games and in /stats."""
    return f"{wins} won, {losses} lost, {draws} drawn"


def duration_words(seconds: float) -> str:
    """A span rounded for people: "45 minutes", "24 hours", "3 days"."""
    minutes = max(1, round(seconds / 60))
    if minutes < 120:
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    hours = round(seconds / 3600)
    if hours < 72 or hours % 24:
        return f"{hours} hours"
    return f"{hours // 24} days"


def full_moves(plies: int) -> int:
    """Moves as players count them: a move is one turn of each side (White's and Black's),
    so plies 1 and 2 are move 1; a move only one side has made so far counts too."""
    return (plies + 1) // 2


def moves_words(plies: int) -> str:
    """How long a game lasted, in full moves: "no moves", "1 move", "12 moves"."""
    n = full_moves(plies)
    return "no moves" if n == 0 else f"{n} move{'s' if n != 1 else ''}"


def turn_words(ply: int, to_play: Side | str) -> str:
    """Where an active game stands: "move 2, Black to play" (the full move being played,
    numbered as in ``/history``'s "2. a3-a4 a6-a5")."""
    return f"move {ply // 2 + 1}, {side_name(to_play)} to play"


def side_name(side: Side | str) -> str:
    if isinstance(side, Side):
        return side.title
    return side.title()


def options_summary(declared: tuple[GameOption, ...], options: Mapping[str, str]) -> str:
    """Non-default options in words, e.g. ``"12×8 board"``; empty when all are defaults."""
    parts = []
    for opt in declared:
        value = options.get(opt.key, opt.default)
        if value != opt.default:
            label = dict(opt.choices).get(value, value)
            parts.append(f"{opt.label.lower()}: {label}")
    return ", ".join(parts)


def variant_title(variant_id: str, options: Mapping[str, str] | None = None) -> str:
    """The variant as players know it, with its non-default options: "Latrunculi (classic)
    (board size: 12×8)" (built whole, never cut out of a longer line). Players never see the
    id (``rugen``)."""
    game = find_game(variant_id)
    opts = options_summary(game.options, options or {})
    return game.name + (f" ({opts})" if opts else "")


def variant_line(variant_id: str, options: Mapping[str, str] | None = None) -> str:
    """The variant's name, its non-default options, and what kind of game it is."""
    return f"**{variant_title(variant_id, options)}**: {find_game(variant_id).description}"


def _join(parts: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _pieces(squares: tuple[int, ...], position: Position) -> str:
    """The pieces on ``squares`` of ``position`` in words: "the queen on f8 and the valkyrie on
    c8". Players are told what was taken, not only where (the rules require it announced)."""
    parts = []
    for s in squares:
        p = position.piece_at(s)
        parts.append(f"the {p.name} on {square_name(s)}" if p is not None else square_name(s))
    return _join(parts)


def describe_move(player: str, result: MoveResult, before: Position, after: Position) -> str:
    """E.g. "Alice (White) moved `a2-a5` and captured the soldier on b5 and the soldier on c5"."""
    who = f"{player} ({result.side.title})"
    move = result.move
    if move.kind is MoveKind.PASS:
        return f"{who} had no legal move and passed"
    if move.kind is MoveKind.PLACE:
        text = f"{who} placed a counter on {square_name(move.path[0])}"
    elif move.kind is MoveKind.REMOVE:
        sq = move.path[0]
        gone = before.piece_at(sq)
        word = find_variant(before.variant).held_word
        name = gone.name if gone is not None else "piece"
        return f"{who} removed the {word} {name} on {square_name(sq)} (`{move}`)"
    else:
        text = f"{who} moved `{move}`"
    removed = tuple(s for s in result.captured if after.piece_at(s) is None)
    held = tuple(s for s in result.captured if after.piece_at(s) is not None)
    effects = []
    if removed:
        effects.append(f"captured {_pieces(removed, before)}")
    if held:
        word = find_variant(after.variant).held_word
        if word == "alligatus":
            effects.append(f"trapped {_pieces(held, after)} (alligatus)")
        else:
            effects.append(f"took {_pieces(held, after)} {word}")
    if result.released:
        effects.append(f"released {_pieces(result.released, after)}")
    if effects:
        text += ": " + "; ".join(effects) if len(effects) > 1 else " and " + effects[0]
    return text


def describe_result(
    winner: str | None, reason: Reason | None, names: Mapping[str, str], why: str
) -> str:
    """E.g. "Alice (White) wins: the eagle was enclosed." or "Draw: a draw was agreed.".
    ``why`` is the reason in the game's own words (its presenter's)."""
    if reason is Reason.ABORTED:
        return "**Aborted**: no result; it does not count in the records."
    if winner is None:
        if reason is Reason.AGREEMENT:
            return "**Draw** by agreement."
        return f"**Draw**: {why}."
    if len(names) != 2:  # a multi-seat game (ludo): the others left, one by one
        if reason in (Reason.RESIGNATION, Reason.TIMEOUT):
            return f"**{names[winner]} ({winner.title()}) wins**: the last one left in the game."
        return f"**{names[winner]} ({winner.title()}) wins**: {why}."
    loser = next(seat for seat in names if seat != winner)
    if reason is Reason.RESIGNATION:
        return f"**{names[winner]} ({winner.title()}) wins**: {names[loser]} resigned."
    if reason is Reason.TIMEOUT:
        return f"**{names[winner]} ({winner.title()}) wins**: {names[loser]} ran out of time."
    return f"**{names[winner]} ({winner.title()}) wins**: {why}."
