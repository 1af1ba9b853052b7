"""Ludo in the bot: the bot's dice and the roll for the first player in words, token moves
named by their progress (buttons for the tokens that can move), knocks, leaving players, the
four-colour picture and a plain-text record for ``/history``.

Everything random is the bot's: the rules' automatic action
(:meth:`rules.games.LudoSession.automatic`) rolls for whoever is due (the first-player roll,
then every turn's die) and passes a die no token can use, so a player only ever picks a token.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from PIL import Image

from rendering import Caption
from rendering.drawers import draw
from rendering.text import drawable
from rules.games import Reason, Session
from rules.games.effects import Effect, Knocked, Moved, Resigned, Rolled
from rules.games.ludo import BASE, FINISH, NAMES, LudoSession, TokenMove
from rules.games.ludo.contract import HOME_CELL, PROGRESS_CELLS

from ..i18n import DEFAULT_LANGUAGE, format_day, mark, translate, translate_plural
from ..texts import game_name, join_words, seat_words
from .base import MAX_SUGGESTIONS, BoardView, GamePresenter, Ply, RecordInfo, Suggestion
from .words import picture_words

__all__ = ["LudoPresenter", "token_label"]

_LEAVES = {
    "resign": mark("{who} ({seat}) resigned and left the game: their tokens come off"),
    "timeout": mark("{who} ({seat}) ran out of time and left the game: their tokens come off"),
}


def _progress(value: int) -> str:
    return "F" if value == FINISH else ("B" if value == BASE else str(value))


def _bounced_to(step: tuple[int, int], die: int | None) -> int | None:
    """Where a token move (progress ``43`` to ``42``) bounced back to, or ``None`` when it did
    not bounce: the finish needs the exact number, and a token rolled past it walks back by
    the excess (``39-43`` with a 6 bounces too, though it ends higher than it started)."""
    src, dst = step
    if die is None or src in (BASE, FINISH) or dst in (BASE, FINISH) or src + die <= FINISH:
        return None
    return dst


#: A colour's cells (:mod:`rules.games.effects`) back to its progress (``-1`` the base, 44
#: the finish), by the colour's name.
_PROGRESS = {
    NAMES[colour]: {cell: progress for progress, cell in cells.items()}
    for colour, cells in PROGRESS_CELLS.items()
}


def _step(moved: Moved) -> tuple[int, int]:
    """A token's move as progress (from, to) in its colour's count."""
    progress = _PROGRESS[moved.seat]
    return progress[moved.source], progress[moved.target]


def _knocked(effects: Sequence[Effect], language: str) -> list[str]:
    """Whose tokens the move knocked, field by field ("2 Blue tokens")."""
    counts: list[tuple[tuple[str, str], int]] = []
    for effect in effects:
        if isinstance(effect, Knocked):
            key = (effect.cell, effect.seat)
            if counts and counts[-1][0] == key:
                counts[-1] = (key, counts[-1][1] + 1)
            else:
                counts.append((key, 1))
    return [
        translate_plural(
            "{count} {colour} token",
            "{count} {colour} tokens",
            n,
            language,
            colour=seat_words(colour, language),
        )
        for (_, colour), n in counts
    ]


def token_label(move: TokenMove, language: str = DEFAULT_LANGUAGE) -> str:
    """A token button's label, by progress: ``Base → 0``, ``2 from base → 0``, ``12 → 17``,
    ``41 → finish``, ``42 → 41 (bounce)``."""
    if move.src == BASE:
        if move.count == 2:
            return translate("2 from base → {to}", language, to=move.dst)
        return translate("Base → {to}", language, to=move.dst)
    if move.dst == FINISH:
        return translate("{src} → finish", language, src=move.src)
    if move.dst < move.src:
        return translate("{src} → {to} (bounce)", language, src=move.src, to=move.dst)
    return f"{move.src} → {move.dst}"


def _colours(names: Sequence[str], language: str) -> str:
    return join_words([seat_words(n, language) for n in names], language)


class LudoPresenter(GamePresenter):
    game_id = "ludo"
    name = mark("Ludo")
    description = mark(
        "Ludo for 2–4 players: roll a 1 or 6 to enter, knock others home, race four tokens in"
    )
    described_in_help = True
    position_format = "ludo position"
    record_suffix = "txt"
    move_examples = "B-0, BB-0, B-5, 12-17, 41-F"
    no_draws = mark(
        "ludo has no draws, so `/draw` does not apply. To stop playing, `/resign`: you leave "
        "the game (your tokens come off) and the others play on."
    )
    reasons = {Reason.FINISHED: mark("all four tokens reached the finish")}
    short_reasons = {Reason.FINISHED: mark("all four home")}

    # ----- words ----------------------------------------------------------------------------

    def describe(self, who: str, ply: Ply, language: str = DEFAULT_LANGUAGE) -> str:
        """A roll (the roll for the first player names every die), a token move with what it
        knocked and the extra roll a 6 gives, a pass, or a player leaving."""
        result = ply.result
        seat = self.seat_title(result.seat, language)
        text = result.canonical
        effects = result.effects
        rolled = [e for e in effects if isinstance(e, Rolled)]
        if len(rolled) > 1:  # the roll for the first turn: one die per colour rolling
            shown = ", ".join(f"{seat_words(r.seat, language)} {r.dice[0]}" for r in rolled)
            best = max(r.dice[0] for r in rolled)
            tied = [r.seat for r in rolled if r.dice[0] == best]
            if len(tied) > 1:
                return translate(
                    "🎲 Roll for the first turn: {dice} — {colours} tie and roll again",
                    language,
                    dice=shown,
                    colours=_colours(tied, language),
                )
            return translate(
                "🎲 Roll for the first turn: {dice} — **{colour}** starts",
                language,
                dice=shown,
                colour=seat_words(tied[0], language),
            )
        if rolled:
            return translate(
                "{who} ({seat}) rolled a **{die}**",
                language,
                who=who,
                seat=seat,
                die=rolled[0].dice[0],
            )
        leaver = next((e.seat for e in effects if isinstance(e, Resigned)), None)
        if leaver is not None:
            verb = text.partition(":")[0]  # the action's name says why: resign or timeout
            return translate(
                _LEAVES.get(verb, _LEAVES["resign"]),
                language,
                who=who,
                seat=seat_words(leaver, language),
            )
        # the die the move played is the one the position before shows (rolled by the ply
        # before this one), as the rules' view has it
        before_dice = self.rules.session(ply.before).view().dice
        die = before_dice[0] if before_dice else None
        moved = next((e for e in effects if isinstance(e, Moved)), None)
        if moved is None:
            words = translate(
                "{who} ({seat}) cannot move the {die}: the turn passes",
                language,
                who=who,
                seat=seat,
                die=die,
            )
        else:
            words = translate(
                "{who} ({seat}) moved `{move}`", language, who=who, seat=seat, move=text
            )
            knocked = _knocked(effects, language)
            if knocked:
                words = translate(
                    "{text}, knocking {tokens} back to base",
                    language,
                    text=words,
                    tokens=join_words(knocked, language),
                )
            if moved.target == HOME_CELL:
                words = translate("{text} — a token reached the finish", language, text=words)
            bounced = _bounced_to(_step(moved), die)
            if bounced is not None:
                words = translate(
                    "{text} — too far for the finish: the token bounced back from the finish "
                    "to {field}",
                    language,
                    text=words,
                    field=bounced,
                )
        if die == 6:
            words = translate("{text} — a 6: they roll again", language, text=words)
        return words

    def turn_buttons(
        self, session: Session[Any], language: str = DEFAULT_LANGUAGE
    ) -> list[tuple[str, str]]:
        """One button per token move the die allows, labelled by progress (at most six)."""
        assert isinstance(session, LudoSession)
        if session.outcome is not None or session.die is None:
            return []
        return [
            (str(m.move), token_label(m.move, language))
            for m in session.legal_moves()
            if m.move is not None
        ]

    def turn_hint(self, session: Session[Any], language: str = DEFAULT_LANGUAGE) -> str:
        assert isinstance(session, LudoSession)
        if session.die is not None:
            return translate(
                "Move a **{die}**: press a token's button (its progress: 0 is your "
                "start field, 40–43 your home line), or `/move`.",
                language,
                die=session.die,
            )
        return translate("The bot rolls for you.", language)

    # ----- pictures -------------------------------------------------------------------------

    def frame(self, board: BoardView, *, strip: bool = True) -> Image.Image:
        """The cross board drawn from the rules' view (:func:`rendering.ludo.draw_scene`),
        with its caption's title and, given or after the game, status (``strip`` is
        ignored: the ludo caption is part of the picture, and a replay's frames keep their
        own)."""
        status = board.status
        if status is None and board.outcome is not None:
            # the picture's fonts draw no emoji: a name of emoji alone is the seat's colour
            drawn = {seat: drawable(str(name)).strip() for seat, name in board.players.items()}
            status = self.caption_status(replace(board, players=drawn))
        caption = Caption(
            status=status,
            title=game_name(self.game_id, board.language),
            words=picture_words(board.language),
            frame=board.frame,
        )
        view = self.rules.session(board.position).view()
        return draw(self.scene(board, view, caption, strip=strip))

    # ----- choosing moves -------------------------------------------------------------------

    def suggestions(
        self,
        session: Session[Any],
        typed: str,
        limit: int = MAX_SUGGESTIONS,
        language: str = DEFAULT_LANGUAGE,
    ) -> list[Suggestion]:
        """The token moves for the die shown, named by progress with what they knock."""
        assert isinstance(session, LudoSession)
        if session.die is None or session.outcome is not None:
            return []
        mover = session.to_move
        out = []
        for action in session.legal_moves():
            if action.move is None:
                continue
            text = str(action.move)
            if not self.matches(text, typed):
                continue
            result = session.push(action)
            outcome = session.outcome
            session.pop()
            wins = outcome is not None and outcome.winner == mover
            name = f"{text} — {token_label(action.move, language)}"
            if result.captured:
                name += " " + translate("✕ knocks", language)
            if wins:
                name += " " + translate("🏆 wins", language)
            out.append(Suggestion(name[:100], text, wins, len(result.captured)))
        out.sort(key=lambda s: (not s.wins, -s.captures, s.value))
        return out[:limit]

    # ----- records and rules ----------------------------------------------------------------

    def record_text(self, info: RecordInfo, moves: Sequence[str]) -> str:
        """The game as plain text: who played which colour, the start, every ply (rolls,
        moves, passes, leaves) numbered, and the result with the places."""
        language = info.language
        lines = [
            translate(
                "{game} — game {number} ({date})",
                language,
                game=game_name(self.game_id, language),
                number=info.game_number,
                date=_day_words(info.date, language),
            )
        ]
        for colour, name in info.players.items():
            lines.append(f"{seat_words(colour, language)}: {name}")
        lines.append(translate("Start: {position}", language, position=info.start))
        lines.extend(f"{i}. {move}" for i, move in enumerate(moves, start=1))
        if info.active:
            lines.append(translate("Position now: {position}", language, position=info.position))
        else:
            result = info.result_text or info.result_words or translate("finished", language)
            lines.append(translate("Result: {result}", language, result=result))
        return "\n".join(lines) + "\n"


def _day_words(date: str, language: str) -> str:
    """A record's ``YYYY.MM.DD`` (the formats' tag) as the reader's language writes a day;
    anything else (an unknown date) as it is."""
    try:
        day = datetime.datetime.strptime(date, "%Y.%m.%d").date()
    except ValueError:
        return date
    return format_day(day, language)
