"""Words the bot shows: moves in words, results and reasons, variants in one line."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence

from discord.utils import escape_markdown, escape_mentions

from rules import Side, find_variant
from rules.games import ActionResult, GameOption, Reason, find_game
from rules.games.effects import Moved, Passed, Placed, Released, Taken

from .i18n import DEFAULT_LANGUAGE, format_number, mark, translate, translate_plural

__all__ = [
    "code",
    "one_line",
    "plain",
    "record_words",
    "describe_move",
    "describe_result",
    "game_name",
    "join_words",
    "seat_words",
    "duration_words",
    "full_moves",
    "moves_words",
    "turn_words",
    "option_words",
    "options_summary",
    "side_name",
    "game_line",
    "game_title",
    "versus",
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


def record_words(wins: int, losses: int, draws: int, language: str = DEFAULT_LANGUAGE) -> str:
    """E.g. "3 won, 1 lost, 0 drawn": one wording for records under games and in /stats."""
    return translate(
        "{wins} won, {losses} lost, {draws} drawn",
        language,
        wins=format_number(wins, language),
        losses=format_number(losses, language),
        draws=format_number(draws, language),
    )


def duration_words(seconds: float, language: str = DEFAULT_LANGUAGE) -> str:
    """A span rounded for people: "45 minutes", "24 hours", "3 days"."""
    minutes = max(1, round(seconds / 60))
    if minutes < 120:
        return translate_plural("{count} minute", "{count} minutes", minutes, language)
    hours = round(seconds / 3600)
    if hours < 72 or hours % 24:
        return translate_plural("{count} hour", "{count} hours", hours, language)
    return translate_plural("{count} day", "{count} days", hours // 24, language)


def full_moves(plies: int) -> int:
    """Moves as players count them: a move is one turn of each side (White's and Black's),
    so plies 1 and 2 are move 1; a move only one side has made so far counts too."""
    return (plies + 1) // 2


def moves_words(plies: int, language: str = DEFAULT_LANGUAGE) -> str:
    """How long a game lasted, in full moves: "no moves", "1 move", "12 moves"."""
    n = full_moves(plies)
    if n == 0:
        return translate("no moves", language)
    return translate_plural("{count} move", "{count} moves", n, language)


def turn_words(ply: int, to_play: Side | str, language: str = DEFAULT_LANGUAGE) -> str:
    """Where an active game stands: "move 2, Black to play" (the full move being played,
    numbered as in ``/history``'s "2. a3-a4 a6-a5"); ``to_play`` is a side or a seat's
    title already in ``language``."""
    seat_id = isinstance(to_play, Side) or to_play in SEAT_NAMES  # else a title, as shown
    side = side_name(to_play, language) if seat_id else str(to_play)
    return translate("move {number}, {side} to play", language, number=ply // 2 + 1, side=side)


#: Every seat's name as players read it (the rules core's seats are lowercase ids).
SEAT_NAMES: dict[str, str] = {
    "white": mark("White"),
    "black": mark("Black"),
    "red": mark("Red"),
    "blue": mark("Blue"),
    "yellow": mark("Yellow"),
    "green": mark("Green"),
}


def seat_words(seat: str, language: str = DEFAULT_LANGUAGE) -> str:
    """A seat id (``white``, ``red``) as players of ``language`` read it: ``White``."""
    english = SEAT_NAMES.get(seat.lower())
    return translate(english, language) if english else seat.title()


def side_name(side: Side | str, language: str = DEFAULT_LANGUAGE) -> str:
    if isinstance(side, Side):
        return seat_words(side.value, language)
    return seat_words(side, language)


def _game_words(game_id: str) -> tuple[str, str]:
    """A game's name and one-line description in English, as its presenter words them (the
    bot's words for it, marked for the catalogs), else as its rules do."""
    from .presenters import presenter_for  # the presenters import this module

    game = find_game(game_id)
    try:
        presenter = presenter_for(game.id)
    except KeyError:
        return game.name, game.description
    return presenter.name or game.name, presenter.description or game.description


def game_name(game_kind: str, language: str = DEFAULT_LANGUAGE) -> str:
    """A game's name in ``language`` (``Chess``, ``Τάβλι``); English where no catalog has it
    (a game from outside that brings no translations)."""
    return translate(_game_words(game_kind)[0], language)


def game_description(game_kind: str, language: str = DEFAULT_LANGUAGE) -> str:
    return translate(_game_words(game_kind)[1], language)


_OPTION_LABELS: dict[str, str] = {
    "size": mark("Board size"),
    "rows": mark("Row capture"),
    "match": mark("Match"),
    "players": mark("Players"),
}
_CHOICE_WORDS: dict[str, str] = {"off": mark("off"), "on": mark("on")}
_SELF_NAMED = frozenset({"players"})
"""Options whose value in words already names what it counts (``3 players``): a summary
shows the value alone."""


def _choice_words(key: str, value: str, label: str, language: str) -> str:
    if key == "match" and value.isdigit():
        return translate_plural("{count} point", "{count} points", int(value), language)
    if key == "players" and value.isdigit():
        return translate_plural("{count} player", "{count} players", int(value), language)
    english = _CHOICE_WORDS.get(label)
    return translate(english, language) if english else label


def option_words(
    option: GameOption, value: str, language: str = DEFAULT_LANGUAGE
) -> tuple[str, str]:
    """An option's name and one of its values as players of ``language`` read them
    (``Board size``, ``12×8``; ``Match``, ``3 points``)."""
    english = _OPTION_LABELS.get(option.key)
    name = translate(english, language) if english else option.label
    label = dict(option.choices).get(value, value)
    return name, _choice_words(option.key, value, label, language)


def options_summary(
    declared: tuple[GameOption, ...], options: Mapping[str, str], language: str = DEFAULT_LANGUAGE
) -> str:
    """Non-default options in words, e.g. ``"board size: 12×8"`` (ludo's ``"3 players"``,
    whose value names itself); empty when all are defaults."""
    parts = []
    for opt in declared:
        value = options.get(opt.key, opt.default)
        if value != opt.default:
            name, words = option_words(opt, value, language)
            if opt.key in _SELF_NAMED:  # "3 players", never "players: 3 players"
                parts.append(words)
            else:
                parts.append(
                    translate("{option}: {value}", language, option=name.lower(), value=words)
                )
    return ", ".join(parts)


def game_title(
    game_kind: str, options: Mapping[str, str] | None = None, language: str = DEFAULT_LANGUAGE
) -> str:
    """The variant as players know it, with its non-default options: "Latrunculi (classic)
    (board size: 12×8)" (built whole, never cut out of a longer line). Players never see the
    id (``rugen``)."""
    game = find_game(game_kind)
    opts = options_summary(game.options, options or {}, language)
    name = game_name(game_kind, language)
    return name + (f" ({opts})" if opts else "")


def game_line(
    game_kind: str, options: Mapping[str, str] | None = None, language: str = DEFAULT_LANGUAGE
) -> str:
    """The variant's name, its non-default options, and what kind of game it is."""
    title = game_title(game_kind, options, language)
    return f"**{title}**: {game_description(game_kind, language)}"


def join_words(parts: list[str], language: str = DEFAULT_LANGUAGE) -> str:
    """ "a", "a and b", "a, b and c" in ``language``."""
    if len(parts) == 1:
        return parts[0]
    return translate("{items} and {last}", language, items=", ".join(parts[:-1]), last=parts[-1])


#: The Latrunculi pieces' names (the rules core's ``Piece.name``).
PIECE_NAMES: dict[str, str] = {
    "soldier": mark("soldier"),
    "eagle": mark("eagle"),
    "counter": mark("counter"),
    "queen": mark("queen"),
    "valkyrie": mark("valkyrie"),
    "berserker": mark("berserker"),
    "piece": mark("piece"),
}


def piece_word(name: str, language: str) -> str:
    english = PIECE_NAMES.get(name)
    return translate(english, language) if english else name


def _pieces(pieces: Sequence[Taken | Released], language: str) -> str:
    """The pieces an action took or released in words: "the queen on f8 and the valkyrie on
    c8". Players are told what was taken, not only where (the rules require it announced)."""
    parts = [
        translate(
            "the {piece} on {square}",
            language,
            piece=piece_word(p.piece, language),
            square=p.cell,
        )
        for p in pieces
    ]
    return join_words(parts, language)


def describe_move(
    player: str,
    result: ActionResult,
    game_kind: str,
    language: str = DEFAULT_LANGUAGE,
) -> str:
    """A Latrunculi action of rule set ``variant`` in words, from its effects: e.g. "Alice
    (White) moved `a2-a5` and captured the soldier on b5 and the soldier on c5"."""
    seat = side_name(result.seat, language)
    effects = result.effects
    if any(isinstance(e, Passed) for e in effects):
        return translate(
            "{who} ({seat}) had no legal move and passed", language, who=player, seat=seat
        )
    taken = [e for e in effects if isinstance(e, Taken)]
    placed = next((e for e in effects if isinstance(e, Placed)), None)
    if taken and placed is None and not any(isinstance(e, Moved) for e in effects):
        gone = taken[0]  # a Schädler removal: the one enemy alligatus taken off
        held = find_variant(game_kind).held_word
        template = (
            mark("{who} ({seat}) removed the alligatus {piece} on {square} (`{move}`)")
            if held == "alligatus"
            else mark("{who} ({seat}) removed the captive {piece} on {square} (`{move}`)")
        )
        return translate(
            template,
            language,
            who=player,
            seat=seat,
            piece=piece_word(gone.piece, language),
            square=gone.cell,
            move=result.canonical,
        )
    removed = [t for t in taken if not t.stays]
    held_pieces = [t for t in taken if t.stays]
    released = [e for e in effects if isinstance(e, Released)]
    parts = []
    if removed:
        parts.append(translate("captured {pieces}", language, pieces=_pieces(removed, language)))
    if held_pieces:
        word = find_variant(game_kind).held_word
        pieces = _pieces(held_pieces, language)
        if word == "alligatus":
            parts.append(translate("trapped {pieces} (alligatus)", language, pieces=pieces))
        else:
            parts.append(translate("took {pieces} captive", language, pieces=pieces))
    if released:
        parts.append(translate("released {pieces}", language, pieces=_pieces(released, language)))
    if placed is not None:
        what = mark("{who} ({seat}) placed a counter on {square}")
        one = mark("{who} ({seat}) placed a counter on {square} and {effect}")
        more = mark("{who} ({seat}) placed a counter on {square}: {effects}")
    else:
        what = mark("{who} ({seat}) moved `{move}`")
        one = mark("{who} ({seat}) moved `{move}` and {effect}")
        more = mark("{who} ({seat}) moved `{move}`: {effects}")
    template = what if not parts else one if len(parts) == 1 else more
    return translate(
        template,
        language,
        who=player,
        seat=seat,
        move=result.canonical,
        square=placed.cell if placed is not None else "",
        effect=parts[0] if parts else "",
        effects="; ".join(parts),
    )


def describe_result(
    winner: str | None,
    reason: Reason | None,
    names: Mapping[str, str],
    why: str,
    language: str = DEFAULT_LANGUAGE,
) -> str:
    """E.g. "Alice (White) wins: the eagle was enclosed." or "Draw: a draw was agreed.".
    ``why`` is the reason in the game's own words (its presenter's), in ``language``."""
    if reason is Reason.ABORTED:
        return translate("**Aborted**: no result; it does not count in the records.", language)
    if winner is None:
        if reason is Reason.AGREEMENT:
            return translate("**Draw** by agreement.", language)
        return translate("**Draw**: {why}.", language, why=why)
    who = names[winner]
    seat = seat_words(winner, language)
    if len(names) != 2:  # a multi-seat game (ludo): the others left, one by one
        if reason in (Reason.RESIGNATION, Reason.TIMEOUT):
            return translate(
                "**{who} ({seat}) wins**: the last one left in the game.",
                language,
                who=who,
                seat=seat,
            )
        return translate("**{who} ({seat}) wins**: {why}.", language, who=who, seat=seat, why=why)
    loser = names[next(seat for seat in names if seat != winner)]
    if reason is Reason.RESIGNATION:
        return translate(
            "**{who} ({seat}) wins**: {loser} resigned.", language, who=who, seat=seat, loser=loser
        )
    if reason is Reason.TIMEOUT:
        return translate(
            "**{who} ({seat}) wins**: {loser} ran out of time.",
            language,
            who=who,
            seat=seat,
            loser=loser,
        )
    return translate("**{who} ({seat}) wins**: {why}.", language, who=who, seat=seat, why=why)


def versus(players: Sequence[str], language: str = DEFAULT_LANGUAGE) -> str:
    """ "Alice vs Bob" (and "Alice vs Bob vs Carol" for a table) in ``language``: one
    template joins each further player, so each language says "vs" its own way."""
    text = players[0]
    for player in players[1:]:
        text = translate("{white} vs {black}", language, white=text, black=player)
    return text
