"""Legal turns for a roll: every way to play the dice, one per distinct resulting position.

Works on two 26-entry lists in each side's own numbering (see :mod:`.xgid`): ``me`` for the
mover (1–24 its points, 25 its bar) and ``opp`` for the opponent (an enemy checker on my point
``p`` is ``opp[25 - p]``). Rules (games.md, "A turn"): bar first, a point with two or more enemy
checkers is blocked, a lone enemy checker is hit, as many dice as possible are used, the higher
die when only one can be, doubles give four steps, bearing off once all 15 are home with the
higher-point rule.

Doubles are searched with the starting points never rising: every play of four equal steps can be
reordered that way (a checker that moves twice does so from a lower point; bar entries, the
all-home condition and the higher-point rule are all kept), so no permutation is searched twice.
"""

from __future__ import annotations

from dataclasses import dataclass

BAR = 25
OFF = 0

#: A step: (from, to, die, hit), points in the mover's numbering, ``to`` 0 for off.
Step = tuple[int, int, int, bool]
_Key = tuple[tuple[int, ...], tuple[int, ...]]
_Order = tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Play:
    """One legal turn: its steps in canonical order, and the mover's board after it.

    ``after`` is the mover's 26 counts; ``hits`` the points hit (mover's numbering), ascending.
    Two plays are the same turn when ``after`` and ``hits`` are equal."""

    steps: tuple[Step, ...]
    after: tuple[int, ...]
    hits: tuple[int, ...]

    @property
    def key(self) -> _Key:
        return self.after, self.hits

    def __str__(self) -> str:
        return format_steps(self.steps)

    @property
    def captured(self) -> tuple[int, ...]:
        """The hit points in the order the canonical steps name them."""
        return tuple(to for _, to, _, hit in self.steps if hit)


def step_text(step: Step) -> str:
    origin, to, _, hit = step
    start = "bar" if origin == BAR else str(origin)
    end = "off" if to <= OFF else str(to)
    return f"{start}/{end}{'*' if hit else ''}"


def format_steps(steps: tuple[Step, ...]) -> str:
    return " ".join(step_text(s) for s in steps) if steps else "pass"


def compact_text(steps: tuple[Step, ...]) -> str:
    """The turn the way gnubg writes it: each checker's way as one path, a point on the way
    shown only where it hit (``24/18*/13``), equal paths counted (``13/9(3)``). Read back by
    the same parser as the step form; used for ``.mat`` records, where columns are narrow."""
    if not steps:
        return ""
    paths: list[list[tuple[int, bool]]] = []
    for origin, to, _, hit in canonical_order(steps):
        for path in paths:
            if path[-1][0] == origin and origin != OFF:
                path.append((to, hit))
                break
        else:
            paths.append([(origin, False), (to, hit)])
    texts: list[str] = []
    for path in paths:
        start = "bar" if path[0][0] == BAR else str(path[0][0])
        middle = "".join(f"/{p}*" for p, hit in path[1:-1] if hit)
        end, hit = path[-1]
        texts.append(f"{start}{middle}/{'off' if end <= OFF else end}{'*' if hit else ''}")
    counted: list[str] = []
    for text in texts:
        if text not in counted:
            counted.append(text)
    return " ".join(t if texts.count(t) == 1 else f"{t}({texts.count(t)})" for t in counted)


def _order_key(steps: list[Step]) -> _Order:
    """Highest starting point first, the longer step first for equal starts."""
    return tuple(sorted((-s[0], -s[2]) for s in steps))


def canonical_order(steps: list[Step] | tuple[Step, ...]) -> tuple[Step, ...]:
    return tuple(sorted(steps, key=lambda s: (-s[0], -s[2])))


def step_target(me: list[int], opp: list[int], origin: int, die: int) -> tuple[int, bool] | None:
    """Where a checker on ``origin`` lands with ``die`` (0 off) and whether it hits, or ``None``
    when the step is not legal. Only the step itself is judged (bar first, blocks, bearing off),
    not the use-all-dice rule."""
    if me[origin] == 0 or (me[BAR] and origin != BAR):
        return None
    to = origin - die
    if to >= 1:
        enemy = opp[25 - to]
        if enemy >= 2:
            return None
        return to, enemy == 1
    if any(me[7:26]):
        return None  # not every checker is home
    if to < 0 and any(me[origin + 1 : 7]):
        return None  # a higher point is occupied: the die must be used there
    return OFF, False


def apply_step(me: list[int], opp: list[int], step: Step) -> None:
    origin, to, _, hit = step
    me[origin] -= 1
    if to > OFF:
        me[to] += 1
        if hit:
            opp[25 - to] -= 1
            opp[BAR] += 1


def undo_step(me: list[int], opp: list[int], step: Step) -> None:
    origin, to, _, hit = step
    me[origin] += 1
    if to > OFF:
        me[to] -= 1
        if hit:
            opp[25 - to] += 1
            opp[BAR] -= 1


def generate(me_in: list[int], opp_in: list[int], dice: tuple[int, int]) -> list[Play]:
    """Every legal turn for ``dice``, one per distinct result, each in canonical form.

    An empty list means no step can be played (the turn is ``pass``)."""
    me = list(me_in)
    opp = list(opp_in)
    high, low = max(dice), min(dice)
    double = high == low
    pool: tuple[int, ...] = (high,) * 4 if double else (high, low)
    # result key -> (order key, steps); plus the longest play and which dice single plays used
    found: dict[_Key, tuple[_Order, list[Step]]] = {}
    steps: list[Step] = []
    best = [0]

    def record() -> None:
        length = len(steps)
        if length < best[0]:
            return
        if length > best[0]:
            best[0] = length
            found.clear()
        key = (tuple(me), tuple(sorted(s[1] for s in steps if s[3])))
        order = _order_key(steps)
        old = found.get(key)
        if old is None or order < old[0]:
            found[key] = (order, list(steps))

    def search(remaining: tuple[int, ...], ceiling: int) -> None:
        moved = False
        tried: set[int] = set()
        for index, die in enumerate(remaining):
            if die in tried:
                continue
            tried.add(die)
            rest = remaining[:index] + remaining[index + 1 :]
            for origin in range(ceiling if double else BAR, 0, -1):
                if not me[origin]:
                    continue
                target = step_target(me, opp, origin, die)
                if target is None:
                    continue
                moved = True
                step = (origin, target[0], die, target[1])
                apply_step(me, opp, step)
                steps.append(step)
                search(rest, origin)
                steps.pop()
                undo_step(me, opp, step)
        if not moved and steps:
            record()

    search(pool, BAR)
    plays = [(order, key, chosen) for key, (order, chosen) in found.items()]
    if best[0] == 1 and not double:
        # Only one die can be played: the higher one if it can.
        with_high = [p for p in plays if p[2][0][2] == high]
        if with_high:
            plays = with_high
    plays.sort(key=lambda p: p[0])
    return [Play(canonical_order(chosen), key[0], key[1]) for _, key, chosen in plays]
