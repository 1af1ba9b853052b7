"""Ludo moves for one die (games.md, "ludo"): which token moves go, what they knock, and why a
typed move is refused.

A move is named by progresses in the mover's own numbering: ``B-0``, ``BB-0`` (two tokens),
``B-5``, ``12-17``, ``41-F``, ``42-41`` (a bounce). Tokens of one colour on the same field are
alike, so each distinct ``<from>-<to>`` is one move.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import Wording, mark, seat_word
from .position import BASE, FINISH, NAMES, TRACK, State, token_text


@dataclass(frozen=True, slots=True, order=True)
class TokenMove:
    """``count`` tokens (2 only for ``BB-0``) of the mover go from ``src`` to ``dst``."""

    src: int
    dst: int
    count: int = 1

    def __str__(self) -> str:
        src = "BB" if self.count == 2 else token_text(self.src)
        return f"{src}-{token_text(self.dst)}"


def walk(progress: int, die: int) -> int:
    """Where a token out of the base ends: exact to the finish, bouncing back by any excess."""
    target = progress + die
    return target if target <= FINISH else 2 * FINISH - target


def generate(tokens: list[int], die: int) -> list[TokenMove]:
    """Every distinct move of a colour with these tokens for ``die`` (empty: pass)."""
    moves: list[TokenMove] = []
    in_base = tokens.count(BASE)
    if in_base and die == 1:
        moves.append(TokenMove(BASE, 0))
    if in_base and die == 6:
        moves.append(TokenMove(BASE, 0, 2 if in_base >= 2 else 1))
        moves.append(TokenMove(BASE, 5))
    for progress in sorted(set(tokens)):
        if progress in (BASE, FINISH):
            continue
        dst = walk(progress, die)
        if dst != progress:
            moves.append(TokenMove(progress, dst))
    return moves


def apply(state: State, colour: str, move: TokenMove) -> list[int]:
    """Play ``move`` for ``colour`` on ``state`` and knock every other colour's token on the
    landing track field back to base; returns the track fields where tokens were knocked."""
    mine = state.tokens[colour]
    for _ in range(move.count):
        mine[mine.index(move.src)] = move.dst
    square = state.field_of(colour, move.dst)
    if square is None:
        return []
    knocked = False
    for other, tokens in state.tokens.items():
        if other == colour:
            continue
        for i, progress in enumerate(tokens):
            if state.field_of(other, progress) == square:
                tokens[i] = BASE
                knocked = True
    return [square] if knocked else []


def explain(tokens: list[int], colour: str, die: int, src: str, dst: int) -> Wording:
    """Why ``src``-``dst`` (``src`` as typed: ``B``, ``BB``, ``F`` or a number) is not a move of
    ``colour`` with ``die``; only called for moves :func:`generate` does not list."""
    name = seat_word(NAMES[colour])
    in_base = tokens.count(BASE)
    if src in ("B", "BB"):
        if not in_base:
            return Wording(mark("no {colour} token is in the base"), colour=name)
        if die not in (1, 6):
            return Wording(mark("a {die} cannot leave the base: only a 1 or a 6"), die=die)
        if dst not in (0, 5):
            return Wording(
                mark("from the base a token goes to its start field (0) or, on a 6, to 5")
            )
        if src == "BB":
            if die != 6:
                return Wording(mark("only a 6 brings two tokens out of the base"))
            if in_base < 2:
                return Wording(mark("only one token is in the base: B-0"))
            return Wording(mark("two tokens come out onto the start field only: BB-0"))
        if die == 1:
            return Wording(mark("a 1 brings one token onto the start field: B-0"))
        return Wording(
            mark("with two tokens in the base a 6 brings both to the start field: BB-0 (or B-5)")
        )
    if src == "F":
        return Wording(mark("a finished token leaves play"))
    progress = int(src)
    if progress not in tokens:
        return Wording(mark("no {colour} token is at {field}"), colour=name, field=progress)
    end = walk(progress, die)
    if end == progress:
        return Wording(
            mark("{field} with a {die} would bounce back to {field}: that is no move"),
            field=progress,
            die=die,
        )
    if progress + die > FINISH:
        return Wording(
            mark(
                "the finish needs the exact number: {field} with a {die} goes to F and back to "
                "{end} ({field}-{end})"
            ),
            field=progress,
            die=die,
            end=token_text(end),
        )
    steps = dst - progress
    return Wording(
        mark("{move} is {count} steps; the die shows {die} ({fits})"),
        move=f"{progress}-{token_text(dst)}",
        count=steps,
        die=die,
        fits=f"{progress}-{token_text(end)}",
    )


__all__ = ["TRACK", "TokenMove", "apply", "explain", "generate", "walk"]
