"""Reading a typed turn (games.md, "Notation") and saying why a turn is refused.

Accepted: steps or whole paths (``24/18 13/11``, ``24/13``, ``24/18/13``), counts
(``8/5(2)``), ``bar`` or ``25`` for the bar, ``off`` or ``0`` for off, in any order that can be
played, with any spacing, with or without ``*``. A typed turn is matched to a legal turn by the
board it leads to; the points it names on the way (and any ``*``) choose between legal turns that
reach the same board with different hits, and when they cannot, the refusal lists both.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import permutations

from ...errors import IllegalMoveError, MoveSyntaxError, Wording, alternatives, mark
from .turns import BAR, OFF, Play, Step, apply_step, format_steps, step_target, undo_step

MAX_INPUT = 80
MOVE_HINT = mark(
    "a turn like 24/18 13/11, bar/22, 6/off, 8/5(2) or 24/13, or pass, double, take, drop"
)

_POINT = r"(?:bar|off|\d{1,2})"
_PATH = re.compile(rf"^({_POINT}\*?(?:/{_POINT}\*?)+)(?:\((\d)\))?$")


@dataclass(frozen=True, slots=True)
class Path:
    """One checker's way as typed: the points it visits (25 the bar, 0 off), the points typed
    with ``*``, and how many checkers go that way."""

    points: tuple[int, ...]
    starred: frozenset[int]
    count: int


def _point(token: str, shown: str, first: bool, last: bool) -> int:
    if token == "bar":
        value = BAR
    elif token == "off":
        value = OFF
    else:
        value = int(token)
    if value > BAR:
        raise MoveSyntaxError(
            mark("{turn}: {point} is not a point (1–24, bar or 25, off or 0)"),
            turn=repr(shown),
            point=value,
        )
    if value == BAR and not first:
        raise MoveSyntaxError(
            mark("{turn}: a checker only comes from the bar, never goes to it"), turn=repr(shown)
        )
    if value == OFF and not last:
        raise MoveSyntaxError(mark("{turn}: a checker borne off cannot move on"), turn=repr(shown))
    return value


def parse_paths(shown: str) -> list[Path]:
    """The paths of a typed turn, or :class:`MoveSyntaxError` quoting it."""
    text = shown.lower().replace(",", " ")
    text = re.sub(r"\s*/\s*", "/", text)
    text = re.sub(r"\s*\(\s*(\d)\s*\)", r"(\1)", re.sub(r"\s+\*", "*", text)).strip()
    if not text:
        raise MoveSyntaxError(
            mark("an empty text is not a turn; expected {hint}"), hint=Wording(MOVE_HINT)
        )
    paths = []
    for token in text.split():
        match = _PATH.match(token)
        if match is None:
            raise MoveSyntaxError(
                mark("{turn} is not a backgammon turn; expected {hint}"),
                turn=repr(shown),
                hint=Wording(MOVE_HINT),
            )
        parts = match.group(1).split("/")
        points = []
        starred = set()
        for index, part in enumerate(parts):
            star = part.endswith("*")
            value = _point(part.rstrip("*"), shown, index == 0, index == len(parts) - 1)
            if star:
                starred.add(value)
            points.append(value)
        for a, b in zip(points, points[1:], strict=False):
            if b >= a:
                raise MoveSyntaxError(
                    mark(
                        "{turn}: {path} goes backwards (checkers move from higher points to "
                        "lower ones)"
                    ),
                    turn=repr(shown),
                    path=f"{_name(a)}/{_name(b)}",
                )
        count = int(match.group(2) or 1)
        if not 1 <= count <= 4:
            raise MoveSyntaxError(mark("{turn}: a count is 1–4, as in 8/5(2)"), turn=repr(shown))
        paths.append(Path(tuple(points), frozenset(starred), count))
    return paths


def _name(point: int) -> str:
    return "bar" if point == BAR else "off" if point == OFF else str(point)


def match_play(
    shown: str, paths: list[Path], me: list[int], dice: tuple[int, int], plays: list[Play]
) -> Play | None:
    """The legal turn ``paths`` stands for; ``None`` when none fits (then :func:`explain`).
    Raises :class:`IllegalMoveError` when two legal turns fit equally well.

    The typed paths must also be made of die steps (``13/10/6`` is no way to play 6-1, even
    though it ends where ``13/7/6`` does)."""
    if not _fits_dice(paths, [dice[0]] * 4 if dice[0] == dice[1] else list(dice)):
        return None
    target = list(me)
    for path in paths:
        target[path.points[0]] -= path.count
        if path.points[-1] != OFF:
            target[path.points[-1]] += path.count
    if min(target) < 0:
        return None
    after = tuple(target)
    candidates = [p for p in plays if p.after == after]
    if len(candidates) <= 1:
        return candidates[0] if candidates else None
    starred = set().union(*(p.starred for p in paths))
    named = {q for p in paths for q in p.points[1:] if q != OFF}
    fitting = [c for c in candidates if starred <= set(c.hits) and named <= {s[1] for s in c.steps}]
    if len(fitting) == 1:
        return fitting[0]
    options = alternatives([str(c) for c in (fitting or candidates)])
    raise IllegalMoveError(
        shown, mark("ambiguous: say the points on the way ({options})"), options=options
    )


def _fits_dice(paths: list[Path], pool: list[int]) -> bool:
    """Whether every typed segment is a sum of its own dice from ``pool`` (off: reached or
    passed with the last die), ignoring the board."""
    segments = [
        (a, b)
        for path in paths
        for _ in range(path.count)
        for a, b in zip(path.points, path.points[1:], strict=False)
    ]

    def place(index: int, left: list[int]) -> bool:
        if index == len(segments):
            return True
        start, end = segments[index]
        distance = start - end
        for size in range(1, len(left) + 1):
            for combo in set(permutations(left, size)):
                total = sum(combo)
                if total == distance or (
                    end == OFF and total > distance and total - combo[-1] < distance
                ):
                    rest = list(left)
                    for die in combo:
                        rest.remove(die)
                    if place(index + 1, rest):
                        return True
        return False

    return place(0, pool)


def _dice_words(dice: list[int]) -> str:
    return "-".join(str(d) for d in sorted(dice, reverse=True))


def explain(
    paths: list[Path],
    me_in: list[int],
    opp_in: list[int],
    dice: tuple[int, int],
    plays: list[Play],
) -> Wording:
    """Why the typed turn is not legal, in one clause, found by playing it step by step."""
    me = list(me_in)
    opp = list(opp_in)
    high, low = dice
    pool = [high] * 4 if high == low else [high, low]
    all_dice = _dice_words(pool[:2])
    if me[BAR]:
        entering = sum(p.count for p in paths if p.points[0] == BAR)
        if entering < me[BAR] and any(p.points[0] != BAR for p in paths):
            if me[BAR] > 1:
                return Wording(
                    mark("you have checkers on the bar: enter before any other checker moves")
                )
            return Wording(
                mark("you have a checker on the bar: enter before any other checker moves")
            )
    used = 0
    for path in paths:
        for _ in range(path.count):
            for origin, end in zip(path.points, path.points[1:], strict=False):
                if not me[origin]:
                    if origin == BAR:
                        return Wording(mark("you have no checker on the bar"))
                    return Wording(mark("you have no checker on {point}"), point=origin)
                problem = _walk(me, opp, origin, end, pool, all_dice)
                if isinstance(problem, Wording):
                    return problem
                used += problem
    most = max((len(p.steps) for p in plays), default=0)
    if used < most:
        example = plays[0]
        if high == low:
            return Wording(
                mark("you can play {count} {die}s: play as many as possible (e.g. {example})"),
                count=most,
                die=high,
                example=str(example),
            )
        if most == 2:
            return Wording(
                mark("you must use both dice when you can (e.g. {example})"), example=str(example)
            )
    if most == 1 and high != low and all(p.steps[0][2] == high for p in plays):
        return Wording(
            mark("only one die can be played, and the {die} can: play the higher die ({turn})"),
            die=high,
            turn=str(plays[0]),
        )
    return Wording(mark("that turn is not legal here"))


def _walk(
    me: list[int], opp: list[int], origin: int, end: int, pool: list[int], all_dice: str
) -> int | Wording:
    """Play ``origin``→``end`` with some of the dice left in ``pool`` (removing them and moving
    the checker), returning how many dice it used, or the reason it cannot be played."""
    distance = origin - end
    ways: list[tuple[int, ...]] = []
    for size in range(1, len(pool) + 1):
        for combo in sorted(set(permutations(pool, size)), reverse=True):
            total = sum(combo)
            if total == distance or (
                end == OFF and total > distance and total - combo[-1] < distance
            ):
                ways.append(combo)
    left = _dice_words(pool)
    if not ways:
        how = (
            Wording(mark("the dice left are {dice}"), dice=left)
            if left != all_dice
            else Wording(mark("your dice are {dice}"), dice=all_dice)
        )
        if not pool:
            how = Wording(mark("every die is used"))
        if end == OFF and distance == 1:
            return Wording(
                mark("{point}/off needs 1 point or more; {how}"), point=_name(origin), how=how
            )
        if end == OFF:
            return Wording(
                mark("{point}/off needs {count} points or more; {how}"),
                point=_name(origin),
                count=distance,
                how=how,
            )
        path = f"{_name(origin)}/{_name(end)}"
        if distance == 1:
            return Wording(mark("{path} is 1 point; {how}"), path=path, how=how)
        return Wording(mark("{path} is {count} points; {how}"), path=path, count=distance, how=how)
    first_reason: Wording | None = None
    for way in ways:
        done: list[Step] = []
        at = origin
        reason: Wording | None = None
        for die in way:
            target = step_target(me, opp, at, die)
            if target is None:
                reason = _step_reason(me, opp, at, die)
                break
            step = (at, target[0], die, target[1])
            apply_step(me, opp, step)
            done.append(step)
            at = target[0]
        if not reason and at == end:
            for die in way:
                pool.remove(die)
            return len(way)
        for step in reversed(done):
            undo_step(me, opp, step)
        first_reason = (
            first_reason
            or reason
            or Wording(mark("{path} cannot be played"), path=f"{_name(origin)}/{_name(end)}")
        )
    assert first_reason is not None
    return first_reason


def _step_reason(me: list[int], opp: list[int], origin: int, die: int) -> Wording:
    """Why one step of ``die`` from ``origin`` is not legal (the checker is there)."""
    to = origin - die
    start = _name(origin)
    if me[BAR] and origin != BAR:
        return Wording(mark("a checker on the bar must enter before any other checker moves"))
    if to >= 1:
        enemy = opp[25 - to]
        return Wording(
            mark("the {die} is blocked: {path} lands on {count} enemy checkers"),
            die=die,
            path=f"{start}/{to}",
            count=enemy,
        )
    outside = [p for p in range(BAR, 6, -1) if me[p]]
    if outside:
        where = ", ".join(_name(p) for p in outside)
        return Wording(
            mark("you cannot bear off yet: not all your checkers are home (on {points})"),
            points=where,
        )
    higher = [p for p in range(6, origin, -1) if me[p]]
    return Wording(
        mark(
            "the {die} cannot bear off from {point}: a checker stands on {higher}, "
            "so the {die} must be played from a higher point"
        ),
        die=die,
        point=origin,
        higher=higher[0],
    )


__all__ = ["MAX_INPUT", "MOVE_HINT", "Path", "explain", "format_steps", "match_play", "parse_paths"]
