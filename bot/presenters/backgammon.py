"""Backgammon in the bot: rolls, turns and the cube in words, the picture with the last turn's
arrows, hits, pips, dice, cube and match score, whole legal turns as ``/move`` suggestions, and
the game as a gnubg ``.mat`` file for ``/history``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from PIL import Image

from rendering import Caption
from rendering.backgammon import match_score, turn_steps
from rendering.drawers import draw
from rendering.text import drawable
from rules.errors import PositionError
from rules.games import Reason, Session
from rules.games.backgammon import (
    SEAT_NAMES,
    BackgammonSession,
    MatGame,
    conceded,
    mat_text,
)
from rules.games.effects import CubeOffered, CubeTaken, Ended, Passed, Rolled

from ..i18n import DEFAULT_LANGUAGE, mark, translate, translate_plural
from ..limits import MAX_CHOICE_NAME
from ..texts import join_words
from .base import MAX_SUGGESTIONS, BoardView, GamePresenter, PickPath, Ply, RecordInfo, Suggestion
from .words import picture_words

if TYPE_CHECKING:
    from ..services.picker import Menu

__all__ = ["BackgammonPresenter"]


def _shape(play_after: Sequence[int]) -> tuple[int, int]:
    """How natural a turn looks at a glance: more points made (two or more checkers), then
    fewer blots left (lone checkers) — the first two things a player checks (``8/7 13/7``
    before ``13/7 7/6`` for an opening 6-1)."""
    board = play_after[1:25]
    return -sum(1 for n in board if n >= 2), sum(1 for n in board if n == 1)


def _points(n: int, language: str = DEFAULT_LANGUAGE) -> str:
    return translate_plural("{count} point", "{count} points", n, language)


class BackgammonPresenter(GamePresenter):
    game_id = "backgammon"
    name = mark("Backgammon")
    description = mark(
        "Backgammon with the doubling cube: race your 15 checkers home and bear them off"
    )
    described_in_help = True
    last_move_arrows = True
    position_format = "XGID"
    record_suffix = "mat"
    move_examples = "13/7 8/7, bar/22 13/11, 6/off(2), double, take, drop"
    no_draws = mark(
        "backgammon has no draws; to end a game early, double (your opponent may drop) or "
        "`/resign`."
    )
    reasons = {
        Reason.SINGLE: mark("all checkers were borne off (a single game)"),
        Reason.GAMMON: mark("all checkers were borne off before the loser bore one off (a gammon)"),
        Reason.BACKGAMMON: mark(
            "all checkers were borne off with a loser's checker still on the bar or in the "
            "winner's home board (a backgammon)"
        ),
        Reason.DROP: mark("the double was dropped"),
    }
    short_reasons = {
        Reason.SINGLE: mark("single game"),
        Reason.GAMMON: mark("gammon"),
        Reason.BACKGAMMON: mark("backgammon"),
        Reason.DROP: mark("double dropped"),
    }

    # ----- words ----------------------------------------------------------------------------

    def _dice_shown(self, position: str) -> tuple[int, int] | None:
        """The dice ``position`` shows, as the rules' view has them (``None`` before a roll
        or while a double is offered): the dice a turn played from there used."""
        dice = self.rules.session(position).view().dice
        return (dice[0], dice[1]) if len(dice) == 2 else None

    def describe(self, who: str, ply: Ply, language: str = DEFAULT_LANGUAGE) -> str:
        """A roll, a turn (with the dice it played and the points it hit), a pass or a cube
        action in words; the opening roll names both dice and who plays them."""
        result = ply.result
        seat = self.seat_title(result.seat, language)
        text = result.canonical
        values: dict[str, object] = {"who": who, "seat": seat}
        rolled = [e for e in result.effects if isinstance(e, Rolled)]
        if len(rolled) == 2:  # the opening roll: White's die, then Black's
            first, second = rolled[0].dice[0], rolled[1].dice[0]
            if first == second:
                return translate(
                    "Opening roll: both dice show {die} — the bot rolls again",
                    language,
                    die=first,
                )
            leader = self.seat_title("white" if first > second else "black", language)
            return translate(
                "Opening roll: {white} {first}, {black} {second} — {leader} plays {roll}",
                language,
                white=self.seat_title("white", language),
                black=self.seat_title("black", language),
                first=first,
                second=second,
                leader=leader,
                roll=f"{max(first, second)}-{min(first, second)}",
            )
        if rolled:
            roll = "-".join(str(d) for d in rolled[0].dice)
            return translate("{who} ({seat}) rolled {roll}", language, roll=roll, **values)
        for effect in result.effects:
            if isinstance(effect, CubeOffered):
                return translate(
                    "{who} ({seat}) doubles: the cube would go to {cube}",
                    language,
                    cube=effect.value,
                    **values,
                )
            if isinstance(effect, CubeTaken):
                return translate(
                    "{who} ({seat}) takes: the cube is at {cube}, now {seat}'s",
                    language,
                    cube=effect.value,
                    **values,
                )
            if isinstance(effect, Ended) and effect.reason == Reason.DROP.value:
                return translate(
                    "{who} ({seat}) drops the double and gives up {points}",
                    language,
                    points=_points(effect.points or 0, language),
                    **values,
                )
        # the dice the turn played are the position's (rolled by the ply before this one)
        dice = self._dice_shown(ply.before)
        roll = f"{dice[0]}-{dice[1]}" if dice is not None else ""
        if any(isinstance(e, Passed) for e in result.effects):
            template = (
                mark("{who} ({seat}) rolled {roll} and cannot move: the turn passes")
                if dice is not None
                else mark("{who} ({seat}) cannot move: the turn passes")
            )
            return translate(template, language, roll=roll, **values)
        template = (
            mark("{who} ({seat}) rolled {roll} and played `{move}`")
            if dice is not None
            else mark("{who} ({seat}) played `{move}`")
        )
        words = translate(template, language, roll=roll, move=text, **values)
        _, _, hits = turn_steps(result.effects)
        if hits:
            words = translate(
                "{text}, hitting on {points}",
                language,
                text=words,
                points=join_words([str(p) for p in hits], language),
            )
        return words

    def caption_status(self, board: BoardView) -> str | None:
        """As the base, with the points the game was worth ("… wins 2 points — gammon")."""
        outcome = board.outcome
        status = super().caption_status(board)
        if board.status is not None or outcome is None or outcome.winner is None or not status:
            return status
        language = board.language
        title = self.seat_title(outcome.winner, language)
        words = self.short_reason(outcome.reason, language)
        points = _points(outcome.points or 0, language)
        name = str(board.players.get(outcome.winner, "")).strip()
        if not name or name == self.seat_title(outcome.winner):
            return translate(
                "{seat} wins {points} — {reason}", language, seat=title, points=points, reason=words
            )
        short = name[:17] + "..." if len(name) > 18 else name
        return translate(
            "{name} ({seat}) wins {points} — {reason}",
            language,
            name=short,
            seat=title,
            points=points,
            reason=words,
        )

    def turn_buttons(
        self, session: Session[Any], language: str = DEFAULT_LANGUAGE
    ) -> list[tuple[str, str]]:
        """Roll and Double before a roll the player may double; Take and Drop for a double."""
        assert isinstance(session, BackgammonSession)
        if session.outcome is not None:
            return []
        if session.state.doubled:
            return [("take", translate("Take", language)), ("drop", translate("Drop", language))]
        if session.chance_due:
            return [
                ("roll", translate("Roll", language)),
                ("double", translate("Double", language)),
            ]
        return []

    def state_line(self, session: Session[Any], language: str = DEFAULT_LANGUAGE) -> str | None:
        """The cube (value and owner) and both pip counts: "Cube 2, Black's · Pips: White
        147, Black 160"."""
        assert isinstance(session, BackgammonSession)
        state = session.state
        white, black = session.pips()
        values: dict[str, object] = {
            "cube": state.cube_value,
            "white": self.seat_title("white", language),
            "black": self.seat_title("black", language),
            "white_pips": white,
            "black_pips": black,
        }
        if state.owner < 0:
            return translate(
                "Cube {cube}, centred · Pips: {white} {white_pips}, {black} {black_pips}",
                language,
                **values,
            )
        return translate(
            "Cube {cube}, {owner}'s · Pips: {white} {white_pips}, {black} {black_pips}",
            language,
            owner=self.seat_title(SEAT_NAMES[state.owner], language),
            **values,
        )

    def turn_hint(self, session: Session[Any], language: str = DEFAULT_LANGUAGE) -> str:
        assert isinstance(session, BackgammonSession)
        state = session.state
        if session.outcome is None and state.doubled:
            cube = 2 * state.cube_value
            return translate(
                "Take or drop the double to {cube}: the buttons, or `/move take` / `drop`.",
                language,
                cube=cube,
            )
        if session.chance_due:
            return translate(
                "Roll, or double first: the buttons, or `/move roll` / `/move double`.", language
            )
        dice = state.dice
        if dice is not None:
            roll = f"{dice[0]}-{dice[1]}"
            return translate(
                "Play your {roll}: `/move` (it lists whole turns) or the Move button.",
                language,
                roll=roll,
            )
        return super().turn_hint(session, language)

    # ----- pictures -------------------------------------------------------------------------

    def frame(self, board: BoardView, *, strip: bool = True) -> Image.Image:
        """The board drawn from the rules' view (:func:`rendering.backgammon.draw_scene`),
        the caption's words built here: after a match game that won the match, "Match to N
        won by …" (the score after the game: :func:`rendering.backgammon.match_score`)."""
        view = self.rules.session(board.position).view()
        outcome = board.outcome
        # the picture's fonts draw no emoji: a name of emoji alone is the seat's name
        drawn = {seat: drawable(str(name)).strip() for seat, name in board.players.items()}
        status = self.caption_status(replace(board, players=drawn))
        length = view.extra.get("match")
        if outcome is not None and outcome.winner is not None and isinstance(length, int):
            if length and max(match_score(view, outcome)) >= length:
                seat = self.seat_title(outcome.winner, board.language)
                name = drawn.get(outcome.winner, "")[:18]
                who = translate("{name} ({seat})", board.language, name=name, seat=seat)
                status = translate(
                    "Match to {length} won by {who}",
                    board.language,
                    length=length,
                    who=who if name else seat,
                )
        caption = Caption(
            players=(board.players.get("white", "White"), board.players.get("black", "Black")),
            status=status,
            winner=outcome.winner if outcome is not None else None,
            words=picture_words(board.language),
            frame=board.frame,
        )
        return draw(self.scene(board, view, caption, strip=strip))

    # ----- choosing moves -------------------------------------------------------------------

    def suggestions(
        self,
        session: Session[Any],
        typed: str,
        limit: int = MAX_SUGGESTIONS,
        language: str = DEFAULT_LANGUAGE,
    ) -> list[Suggestion]:
        """The whole legal turns for the dice shown (wins first, then hits, then the turns
        leaving fewest blots, then by text), or the cube answers, or ``double`` when the player
        may double before the bot rolls (the dice are never the player's to name)."""
        assert isinstance(session, BackgammonSession)
        state = session.state
        if session.outcome is not None:
            return []
        if state.doubled or state.dice is None:
            if state.doubled:
                words = ["take", "drop"]
            else:
                words = ["double"] if session.may_double else []
            return [Suggestion(w, w) for w in words if self.matches(w, typed)][:limit]
        mover = session.to_move
        out: list[tuple[tuple[Any, ...], Suggestion]] = []
        for action in session.legal_moves():
            text = session.format(action)
            if not self.matches(text, typed):
                continue
            play = action.play
            result = session.push(action)
            outcome = session.outcome
            session.pop()
            wins = outcome is not None and outcome.winner == mover
            name = self.choice_name(text, result, wins, language)[:MAX_CHOICE_NAME]
            shape = _shape(play.after) if play is not None else (0, 0)
            key = (not wins, -len(result.captured), shape, text)
            out.append((key, Suggestion(name, text, wins, len(result.captured))))
        out.sort(key=lambda pair: pair[0])
        return [s for _, s in out][:limit]

    def choice_name(
        self, text: str, result: Any, wins: bool, language: str = DEFAULT_LANGUAGE
    ) -> str:
        parts = [text]
        if result.captured:
            parts.append(translate("✕ hits {count}", language, count=len(result.captured)))
        if wins:
            parts.append(translate("🏆 wins", language))
        return " ".join(parts)

    def matches(self, canonical: str, typed: str) -> bool:
        """Whether a turn fits what was typed so far (spaces and ``*`` ignored)."""
        needle = "".join(ch for ch in typed.lower() if ch not in " *")
        return not needle or "".join(ch for ch in canonical if ch not in " *").startswith(needle)

    def pick_paths(self, session: Session[Any], language: str = DEFAULT_LANGUAGE) -> list[PickPath]:
        """The first step first ("13/7"), then the whole turn; the cube answers as one step."""
        assert isinstance(session, BackgammonSession)
        if session.outcome is not None:
            return []
        state = session.state
        if state.doubled:
            return [
                PickPath((translate("Take", language),), "take"),
                PickPath((translate("Drop", language),), "drop"),
            ]
        if state.dice is None:
            double = translate("Double", language)
            return [PickPath((double,), "double")] if session.may_double else []
        paths = []
        for action in session.legal_moves():
            text = session.format(action)
            first = text.split()[0] if text != "pass" else "pass"
            paths.append(PickPath((translate("First {step}", language, step=first), text), text))
        return paths

    def menu(
        self, game_id: int, session: Session[Any], key: str, language: str = DEFAULT_LANGUAGE
    ) -> Menu:
        """Dice to play: the turn die by die with an Undo (:mod:`bot.presenters.backgammon_steps`);
        otherwise (the cube) the generic menus of :meth:`pick_paths`."""
        from ..services.picker import FIRST
        from .backgammon_steps import STEPS, step_menu

        assert isinstance(session, BackgammonSession)
        state = session.state
        if session.outcome is None and not state.doubled and state.dice is not None:
            if session.legal_actions() != ["pass"]:
                return step_menu(game_id, self, session, STEPS if key == FIRST else key, language)
        return super().menu(game_id, session, key, language)

    # ----- records and rules ----------------------------------------------------------------

    def record_text(self, info: RecordInfo, moves: Sequence[str]) -> str:
        """The game (a match game: the match so far, earlier games first) as gnubg's ``.mat``
        text; a game resigned or out of time adds its
        concession (a single game times the cube); a game still going (or aborted) is
        written up to its last action, without a result."""
        names = (info.players.get("white", "White"), info.players.get("black", "Black"))
        start = info.start.split(" plies=")[0]
        outcome = None
        if not info.active and info.winner is not None and info.reason is not None:
            session = self.rules.session(start)
            for move in moves:
                session.play(move)
            assert isinstance(session, BackgammonSession)
            if session.outcome is None:
                loser = "black" if info.winner == "white" else "white"
                outcome = conceded(session, loser, info.reason)
        games = [MatGame(*earlier) for earlier in info.earlier_games]  # a match's games
        games.append(MatGame(start, tuple(moves), outcome))
        try:
            return mat_text(games, names)
        except PositionError:
            return mat_text(games, names, unfinished=True)
