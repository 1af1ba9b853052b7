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
from typing import Any

from PIL import Image

from rendering.ludo import compose_ludo
from rendering.plain_text import ludo_move, ludo_position
from rules.games import ActionResult, Reason, Session
from rules.games.ludo import BASE, FINISH, NAMES, LudoSession, TokenMove

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


def _bounced_to(text: str, die: int | None) -> int | None:
    """Where a token move (``43-42``) bounced back to, or ``None`` when it did not bounce: the
    finish needs the exact number, and a token rolled past it walks back by the excess
    (``39-43`` with a 6 bounces too, though it ends higher than it started)."""
    src, _, dst = text.partition("-")
    if die is None or not (src.isdigit() and dst.isdigit()) or int(src) + die <= FINISH:
        return None
    return int(dst)


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


def _session(position: str) -> LudoSession:
    from rules.games import find_game

    session = find_game("ludo").session(position)
    assert isinstance(session, LudoSession)
    return session


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
    numbered_moves = False  # rolls are plies; players read whose turn it is
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
        before = _session(ply.before)
        if text.startswith("roll:"):
            dice = [int(d) for d in text.removeprefix("roll:").split("-")]
            rolling = before.rolling_for_first
            if rolling:
                shown = ", ".join(
                    f"{seat_words(c, language)} {d}" for c, d in zip(rolling, dice, strict=True)
                )
                after = _session(ply.after)
                tied = after.rolling_for_first
                if tied:
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
                    colour=seat_words(after.to_move, language),
                )
            return translate(
                "{who} ({seat}) rolled a **{die}**", language, who=who, seat=seat, die=dice[0]
            )
        verb, _, leaver = text.partition(":")
        if verb in _LEAVES and leaver:
            return translate(_LEAVES[verb], language, who=who, seat=seat_words(leaver, language))
        die = before.die
        if text == "pass":
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
            knocked = self._knocked(before, result, language)
            if knocked:
                words = translate(
                    "{text}, knocking {tokens} back to base",
                    language,
                    text=words,
                    tokens=join_words(knocked, language),
                )
            if text.endswith("-F"):
                words = translate("{text} — a token reached the finish", language, text=words)
            bounced = _bounced_to(text, die)
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

    @staticmethod
    def _knocked(before: LudoSession, result: ActionResult, language: str) -> list[str]:
        """Whose tokens the move knocked, from the position before it ("2 Blue tokens")."""
        from rules.games.ludo.position import START_FIELD

        out = []
        for field in result.captured:
            for colour, tokens in before.state.tokens.items():
                if colour == before.state.to_move:
                    continue
                n = sum(
                    1 for p in tokens if 0 <= p < 40 and (START_FIELD[colour] + p) % 40 == field
                )
                if n:
                    out.append(
                        translate_plural(
                            "{count} {colour} token",
                            "{count} {colour} tokens",
                            n,
                            language,
                            colour=seat_words(NAMES[colour], language),
                        )
                    )
        return out

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
        """The cross board with its caption (``strip`` is ignored: the ludo caption is part
        of the picture, and a replay's frames keep their own)."""
        session = _session(board.position)
        names = [board.players.get(NAMES[c], NAMES[c].title()) for c in session.state.seats]
        position = ludo_position(board.position, names)
        last = board.last
        move = None
        knocked: list[tuple[str, int]] = []
        if last is not None and "-" in last.result.canonical and ":" not in last.result.canonical:
            colour = last.result.seat[0].upper()
            move = ludo_move(f"{colour}:{last.result.canonical}")
            before = _session(last.before).state
            from rules.games.ludo.position import START_FIELD

            for field in last.result.captured:
                for c, tokens in before.tokens.items():
                    if c != colour and any(
                        0 <= p < 40 and (START_FIELD[c] + p) % 40 == field for p in tokens
                    ):
                        knocked.append((c, int(field)))
        status = board.status
        if status is None and board.outcome is not None:
            status = self.caption_status(board)
        return compose_ludo(
            position,
            last_move=move,
            knocked=knocked,
            status=status,
            theme=board.theme,
            title=game_name(self.game_id, board.language),
            words=picture_words(board.language),
        )

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
