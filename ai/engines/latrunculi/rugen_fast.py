"""A dedicated fast Rügen board and search for the hard level (issue 37, fifth round).

Why: hard's general search plays every move through the rules core (``Game.push``/``pop``,
state snapshots, tuple keys), about 6,000 nodes a second, so at 0.3 s a move it saw 2–3 plies,
hardly more than the one-ply medium, and drew every Rügen game. This module keeps its own
board — a flat list of 64 ints (rank * 8 + file; 1/2 a White soldier/eagle, -1/-2 Black's,
0 empty) — with its own move generation, make/unmake with a capture undo list, Zobrist keys
with repetition counts, and incremental material, several times faster.

It must agree with the rules (shared/spec/rules.md section 2) exactly: the same legal moves
(the third occurrence of a position is illegal), the same captures (custodial with a soldier
or the eagle as anvil, full enclosure, ``rows=1`` runs) and the same ends, checked in the
rules' order (``no_soldiers``, ``eagle_captured``, ``no_legal_moves``, ``fifty_move_rule``).
``tests/ai/test_latrunculi_rugen_fast.py`` plays random games on both and compares every step.
The search answers with the rules' own :class:`~rules.model.Move`, picked from the game's
legal moves, so it can never play an illegal one.
"""

from __future__ import annotations

import random

from rules.game import Game
from rules.model import Move, Side

from .search import (
    CONTEMPT_BASE,
    CONTEMPT_MAX,
    FIFTY_MOVE_PLIES,
    FIFTY_SCALE_FROM,
    INF,
    MATE,
    MATE_BOUND,
    REPEAT_CONTEMPT_MAX,
    SearchResult,
    clock,
)

SIZE = 8
SQUARES = range(SIZE * SIZE)
#: Codes on the board; a side is +1 (White) or -1 (Black): its soldier is ``side``, its eagle
#: ``2 * side``, and ``code * side > 0`` means "a piece of side".
EMPTY, SOLDIER, EAGLE = 0, 1, 2

#: Per square: its on-board neighbours, and per direction (north, south, east, west) the next
#: square (-1: off the board) and the squares outwards to the edge.
NEIGHBOURS: list[tuple[int, ...]] = []
STEP: list[list[int]] = [[-1] * 64 for _ in range(4)]
RAYS: list[tuple[tuple[int, ...], ...]] = []
_DELTAS = ((0, 1), (0, -1), (1, 0), (-1, 0))
for _sq in SQUARES:
    _f, _r = _sq % SIZE, _sq // SIZE
    _rays = []
    for _d, (_df, _dr) in enumerate(_DELTAS):
        _ray = []
        _x, _y = _f + _df, _r + _dr
        while 0 <= _x < SIZE and 0 <= _y < SIZE:
            _ray.append(_y * SIZE + _x)
            _x, _y = _x + _df, _y + _dr
        STEP[_d][_sq] = _ray[0] if _ray else -1
        _rays.append(tuple(_ray))
    RAYS.append(tuple(_rays))
    NEIGHBOURS.append(tuple(STEP[_d][_sq] for _d in range(4) if STEP[_d][_sq] >= 0))
#: Per square x: (neighbour e, the square beyond x seen from e, -1 off the board).
OPPOSITE_PAIRS: list[tuple[tuple[int, int], ...]] = [
    tuple((STEP[d][sq], STEP[d ^ 1][sq]) for d in range(4) if STEP[d][sq] >= 0) for sq in SQUARES
]
#: Per (from, to) neighbours: the direction from ``from`` to ``to``.
DIRECTION: list[dict[int, int]] = [
    {STEP[d][sq]: d for d in range(4) if STEP[d][sq] >= 0} for sq in SQUARES
]

_ZRNG = random.Random(20261128)
#: Zobrist keys by code + 2 (0..4) and square; the side-to-move key is xored in for Black.
ZOBRIST = [[_ZRNG.getrandbits(64) for _ in SQUARES] for _ in range(5)]
Z_BLACK = _ZRNG.getrandbits(64)

REPETITION_LIMIT = 3

#: A move is ``origin * 64 + target``.
FastMove = int


def to_fast(square: int) -> int:
    """A rules square (``rank * 16 + file``) on this board."""
    return (square >> 4) * SIZE + (square & 15)


def to_rules(square: int) -> int:
    """A square of this board as a rules square."""
    return (square // SIZE) * 16 + square % SIZE


class RugenBoard:
    """A Rügen position with its history's repetition counts; ``push``/``pop`` nest."""

    def __init__(self, game: Game) -> None:
        """The board of ``game``'s start, with ``game``'s moves replayed (so repetition counts
        match the rules', which count from where the game opened)."""
        start = game.start
        if start.variant != "rugen" or start.width != SIZE or start.height != SIZE:
            raise ValueError("the fast board plays 8x8 Rügen only")
        self.rows = dict(start.options).get("rows") == "1"
        self.board = [EMPTY] * 64
        for sq in SQUARES:
            p = start.cells[to_rules(sq)]
            if p is not None:
                sign = 1 if p.side is Side.WHITE else -1
                self.board[sq] = sign * (EAGLE if p.kind == "E" else SOLDIER)
        self.side = 1 if start.turn is Side.WHITE else -1
        self.clock = start.clock
        self.soldiers = {1: self.board.count(1), -1: self.board.count(-1)}
        self.hash = self._full_hash()
        self.counts: dict[int, int] = {self.hash: 1}
        self.twice = 0
        self.stack: list[tuple[int, int, list[int], int, int]] = []
        for result in game.history:
            o, t = result.move.path
            self.push(to_fast(o) * 64 + to_fast(t))
        self.stack.clear()  # the game's moves are not the search's to undo

    def _full_hash(self) -> int:
        h = 0 if self.side == 1 else Z_BLACK
        for sq, code in enumerate(self.board):
            if code:
                h ^= ZOBRIST[code + 2][sq]
        return h

    # ----- moves ------------------------------------------------------------------------------

    def generate(self) -> list[FastMove]:
        """Every board-legal move of the side to move (repetition not applied)."""
        board = self.board
        side = self.side
        eagle = 2 * side
        moves: list[FastMove] = []
        append = moves.append
        for sq in SQUARES:
            code = board[sq]
            if code == side:
                base = sq * 64
                for ray in RAYS[sq]:
                    for t in ray:
                        if board[t]:
                            break
                        append(base + t)
            elif code == eagle:
                base = sq * 64
                for t in NEIGHBOURS[sq]:
                    if not board[t]:
                        append(base + t)
        return moves

    def repeats(self, move: FastMove) -> bool:
        """Whether ``move`` would make a position occur a third time."""
        if not self.twice:
            return False
        self.push(move)
        illegal = self.counts[self.hash] > REPETITION_LIMIT - 1
        self.pop()
        return illegal

    def legal_moves(self) -> list[FastMove]:
        """The legal moves now (the game's end is not looked at: see :meth:`outcome`)."""
        moves = self.generate()
        if self.twice:
            moves = [m for m in moves if not self.repeats(m)]
        return moves

    def has_legal_move(self) -> bool:
        if not self.twice:
            return bool(self.generate())
        return any(not self.repeats(m) for m in self.generate())

    def push(self, move: FastMove) -> list[int]:
        """Play ``move`` (board-legal); returns the squares captured."""
        board = self.board
        side = self.side
        enemy = -side
        o, t = divmod(move, 64)
        code = board[o]
        board[t] = code
        board[o] = EMPTY
        z = ZOBRIST[code + 2]
        h = self.hash ^ z[o] ^ z[t] ^ Z_BLACK
        captured: list[int] = []
        for d in range(4):
            x = STEP[d][t]
            if x < 0 or board[x] != enemy:
                continue
            run = [x]
            beyond = STEP[d][x]
            if self.rows:
                while beyond >= 0 and board[beyond] == enemy:
                    run.append(beyond)
                    beyond = STEP[d][beyond]
            if (beyond >= 0 and board[beyond] * side > 0) or self._enclosed(run, side):
                captured.extend(run)
        if captured:
            ze = ZOBRIST[enemy + 2]
            for x in captured:
                board[x] = EMPTY
                h ^= ze[x]
            self.soldiers[enemy] -= len(captured)
        self.stack.append((o, t, captured, self.clock, self.hash))
        self.clock = 0 if captured else self.clock + 1
        self.side = enemy
        self.hash = h
        n = self.counts[h] = self.counts.get(h, 0) + 1
        if n == REPETITION_LIMIT - 1:
            self.twice += 1
        return captured

    def push_null(self) -> None:
        """Hand the move to the other side without moving (a search device: Rügen has no
        pass). The position is not counted for repetition; :meth:`pop` undoes it."""
        self.stack.append((-1, -1, [], self.clock, self.hash))
        self.side = -self.side
        self.hash ^= Z_BLACK

    def pop(self) -> None:
        """Undo the last :meth:`push` (or :meth:`push_null`)."""
        o, t, captured, old_clock, old_hash = self.stack.pop()
        if o < 0:
            self.side = -self.side
            self.hash = old_hash
            return
        h = self.hash
        n = self.counts[h]
        if n == REPETITION_LIMIT - 1:
            self.twice -= 1
        if n == 1:
            del self.counts[h]
        else:
            self.counts[h] = n - 1
        board = self.board
        mover = -self.side
        board[o] = board[t]
        board[t] = EMPTY
        if captured:
            for x in captured:
                board[x] = -mover
            self.soldiers[-mover] += len(captured)
        self.side = mover
        self.clock = old_clock
        self.hash = old_hash

    def _enclosed(self, run: list[int], side: int) -> bool:
        """Whether every neighbour of ``run`` outside it holds a piece of ``side`` (the edge
        encloses too)."""
        board = self.board
        for x in run:
            for n in NEIGHBOURS[x]:
                if board[n] * side <= 0 and n not in run:
                    return False
        return True

    # ----- ends -------------------------------------------------------------------------------

    def mover_won(self, target: int) -> bool:
        """After a move that landed on ``target``: whether its mover has won (the opponent has
        no soldiers left, or the opponent's eagle next to ``target`` is enclosed)."""
        board = self.board
        opponent = self.side
        if not self.soldiers[opponent]:
            return True
        eagle = 2 * opponent
        mover = -opponent
        for n in NEIGHBOURS[target]:
            if board[n] == eagle:
                return all(board[m] * mover > 0 for m in NEIGHBOURS[n])
        return False

    def outcome(self) -> tuple[int, str] | None:
        """The end after the last move, as the rules judge it: (winner +1/-1 or 0, termination)."""
        if self.stack and self.mover_won(self.stack[-1][1]):
            mover = -self.side
            if not self.soldiers[self.side]:
                return mover, "no_soldiers"
            return mover, "eagle_captured"
        if not self.soldiers[self.side]:
            return -self.side, "no_soldiers"
        if not self.has_legal_move():
            return -self.side, "no_legal_moves"
        if self.clock >= FIFTY_MOVE_PLIES:
            return 0, "fifty_move_rule"
        return None

    # ----- captures without playing ---------------------------------------------------------

    def landings(self, side: int) -> list[tuple[int, int, list[int]]]:
        """The empty squares where a piece of ``side`` would capture or win, reachable or not,
        as (square, gain, victims): gain is the soldiers taken, plus 1,000 for a win (the
        enemy eagle enclosed, or its last soldiers taken). Exact: a capture (and an eagle
        enclosure) needs a landing next to the victim, and no mover comes from a square the
        capture's test reads (it slides in a straight line, never past its victim)."""
        board = self.board
        enemy = -side
        enemy_eagle = 2 * enemy
        rows = self.rows
        gains: dict[int, int] = {}
        victims: dict[int, list[int]] = {}
        for x, code in enumerate(board):
            if code == enemy:
                nbrs = NEIGHBOURS[x]
                mine = 0
                empty = 0
                for e in nbrs:
                    c = board[e]
                    if not c:
                        empty += 1
                    elif c * side > 0:
                        mine += 1
                if not empty:
                    continue
                # Only a neighbour of x with nothing else of its own side's missing around
                # x encloses it; a lone soldier is flanked from e when ``beyond`` is ours.
                shut = mine + 1 == len(nbrs)
                for e, beyond in OPPOSITE_PAIRS[x]:
                    if board[e]:
                        continue
                    if rows and beyond >= 0 and board[beyond] == enemy:
                        d = DIRECTION[e][x]
                        run = [x, beyond]
                        y = STEP[d][beyond]
                        while y >= 0 and board[y] == enemy:
                            run.append(y)
                            y = STEP[d][y]
                        if (y >= 0 and board[y] * side > 0) or self._enclosed_but(run, side, e):
                            gains[e] = gains.get(e, 0) + len(run)
                            victims.setdefault(e, []).extend(run)
                    elif (beyond >= 0 and board[beyond] * side > 0) or (shut and empty == 1):
                        gains[e] = gains.get(e, 0) + 1
                        victims.setdefault(e, []).append(x)
            elif code == enemy_eagle:
                free = [n for n in NEIGHBOURS[x] if board[n] * side <= 0]
                if len(free) == 1 and not board[free[0]]:
                    e = free[0]
                    gains[e] = gains.get(e, 0) + 1000
        if not gains:
            return []
        left = self.soldiers[enemy]
        found = []
        for e, gain in gains.items():
            if gain < 1000 and left <= gain:
                gain += 1000  # takes the last soldiers
            found.append((e, gain, victims.get(e, [])))
        return found

    def movers_to(self, side: int, square: int) -> list[int]:
        """The squares of ``side``'s pieces that can move to the empty ``square``."""
        board = self.board
        eagle = 2 * side
        origins = []
        for ray in RAYS[square]:
            for i, x in enumerate(ray):
                code = board[x]
                if not code:
                    continue
                if code == side or (code == eagle and i == 0):
                    origins.append(x)
                break
        return origins

    def captures(self, side: int) -> list[tuple[int, FastMove]]:
        """Every move of ``side`` that captures or wins at once, as (gain, move)."""
        found: list[tuple[int, FastMove]] = []
        for e, gain, _ in self.landings(side):
            for o in self.movers_to(side, e):
                found.append((gain, o * 64 + e))
        return found

    def _enclosed_but(self, run: list[int], side: int, landing: int) -> bool:
        board = self.board
        for x in run:
            for n in NEIGHBOURS[x]:
                if n != landing and board[n] * side <= 0 and n not in run:
                    return False
        return True


# ----- evaluation --------------------------------------------------------------------------

#: A soldier's worth; every other term is in hundredths of it (as in :mod:`.evaluation`).
SOLDIER_VALUE = 100
#: Per rank a soldier stands beyond its back rank, up to the middle (as ``WEIGHTS.advance``).
ADVANCE = 2
#: Per empty neighbour of a soldier (room to move and fewer anvils for the enemy).
LIBERTY = 2
#: Threatened soldiers of the side to move: a little each, most of one for each beyond the
#: first (it can save one).
THREAT_EACH, THREAT_EXTRA = 12, 70
#: A material lead counts up to this many percent more as pieces leave the board.
TRADE = 50
_ADV_WHITE = [min(sq // SIZE, 3) for sq in SQUARES]
_ADV_BLACK = [min(SIZE - 1 - sq // SIZE, 3) for sq in SQUARES]


def evaluate(b: RugenBoard) -> int:
    """The position for the side to move: material (a lead counts more with fewer soldiers
    left), advance and room of the soldiers, the eagles' danger, and the side to move's
    soldiers the opponent can take at its next move."""
    board = b.board
    score = 0
    for sq in SQUARES:
        code = board[sq]
        if code == 1:
            score += _ADV_WHITE[sq] * ADVANCE
            for n in NEIGHBOURS[sq]:
                if not board[n]:
                    score += LIBERTY
        elif code == -1:
            score -= _ADV_BLACK[sq] * ADVANCE
            for n in NEIGHBOURS[sq]:
                if not board[n]:
                    score -= LIBERTY
        elif code == 2:
            score -= _eagle_danger(b, sq, 1)
        elif code == -2:
            score += _eagle_danger(b, sq, -1)
    white, black = b.soldiers[1], b.soldiers[-1]
    lead = SOLDIER_VALUE * (white - black)
    gone = 32 - white - black
    bonus = abs(lead) * TRADE * gone // (100 * 32)
    score += lead + (bonus if lead >= 0 else -bonus)
    side = b.side
    score *= side
    enemy = -side
    taken: set[int] = set()
    worst = 0
    for e, gain, victims in b.landings(enemy):
        if b.movers_to(enemy, e):
            taken.update(victims)
            worst = max(worst, gain)
    if worst >= 1000:
        score -= 150  # the eagle may still flee or be freed: the search sees the rest
    elif taken:
        n = len(taken)
        score -= THREAT_EACH * n + THREAT_EXTRA * max(0, n - 1)
    return score


#: The searching side's tastes (not part of the evaluation: added for the root's side only):
#: per pair of enemy pieces side by side (contact is where every capture comes from), and per
#: enemy soldier it *hooks* (flanked on a line by one of its pieces with the other side empty:
#: half a capture; a move onto two hooks' lines is a double threat).
TENSION = 0
HOOKS = 0
#: The searching side's taste for simplification while it is not behind (issue 37, sixth
#: round): per soldier gone from the board (either side's). A one-for-one trade resets the
#: fifty-move clock and thins the walls a defender holds; hard, the deeper searcher, wins the
#: open endings. The count is absolute, not relative to the root, so it also works as a
#: contempt that grows as the board empties: a draw (fifty-move rule, repetition) scores the
#: plain contempt while every position played on carries the taste. Against medium over
#: seeds 1000-1019: 11-9-0 without it, 17-3-0 at 10, 18-2-0 at 20 with shorter games
#: (docs/ai.md, sixth round).
SIMPLIFY = 20


def contacts_and_hooks(b: RugenBoard, side: int) -> tuple[int, int]:
    """(pairs of enemy pieces side by side, enemy soldiers ``side`` hooks)."""
    board = b.board
    enemy = -side
    touching = hooked = 0
    for sq, code in enumerate(board):
        if not code:
            continue
        for n in NEIGHBOURS[sq]:
            if board[n] * code < 0:
                touching += 1
        if code == enemy:
            for a, c in OPPOSITE_PAIRS[sq]:
                if c >= 0 and board[a] * side > 0 and not board[c]:
                    hooked += 1
                    break
    return touching // 2, hooked


def _eagle_danger(b: RugenBoard, sq: int, side: int) -> int:
    """How close the eagle of ``side`` on ``sq`` is to being shut in: enemy pieces around it
    and the squares left to it (an eagle next to a piece of its own cannot be enclosed)."""
    board = b.board
    nbrs = NEIGHBOURS[sq]
    enemy_near = empty = own = 0
    for n in nbrs:
        code = board[n]
        if not code:
            empty += 1
        elif code * side > 0:
            own += 1
        else:
            enemy_near += 1
    danger = 6 * enemy_near + 6 * (4 - empty) // 2
    if own:
        return danger
    danger += 14 * enemy_near + 10 * (4 - len(nbrs))
    if empty == 1:
        danger += 60
    elif empty == 2:
        danger += 12
    return danger


# ----- search ------------------------------------------------------------------------------

EXACT, LOWER, UPPER = 0, 1, 2
#: A deeper iteration starts while less than this share of the time is spent: an unfinished
#: one still answers (its first move is the previous best, searched deeper, and a move that
#: beats it replaces it), so the time is used rather than left over (at "start only if it
#: will finish" hard spent about half of its 0.3 s a move).
NEXT_DEPTH_SHARE = 0.5
CLOCK_EVERY = 256
TABLE_LIMIT = 1_000_000
QUIESCENCE_PLIES = 8
#: Late-move reductions from this remaining depth, after this many moves.
LMR_DEPTH, LMR_AFTER = 3, 6
#: Null-move pruning (a measured option): from this remaining depth, the null move's search
#: is this much shallower; not with this few soldiers left (where having to move can hurt).
NULL_DEPTH, NULL_R, NULL_SOLDIERS = 3, 2, 4
#: Off: with it hard won 1 of 6 games against medium, without 3 of 6 (issue 37, fifth round).
NULL_MOVE = False
#: Futility and late-move pruning (``pruning``, off: a measured option): one ply from the
#: horizon a quiet move is not searched when the static score plus this cannot reach alpha,
#: and only so many quiet moves are searched at 1 and 2 plies from it. In Rügen the answer to
#: a threat is often a quiet move of any piece: cut, the threat looked like a won soldier
#: (depth 2 scored a middle-game position 127 where the full search says -1), and hard lost
#: soldiers against medium.
FUTILITY_MARGIN = 90
LMP_COUNTS = {1: 12, 2: 24}


class _OutOfTime(Exception):
    pass


class FastSearcher:
    """An iterative-deepening PVS search on a :class:`RugenBoard` (hard's Rügen search)."""

    def __init__(
        self,
        board: RugenBoard,
        deadline: float,
        max_depth: int = 64,
        contempt: bool = True,
        max_nodes: int | None = None,
        null_move: bool | None = None,
        pruning: bool = False,
        tension: int | None = None,
        hooks: int | None = None,
        simplify: int | None = None,
    ) -> None:
        self.board = board
        #: The root side's tastes (see :data:`TENSION`, :data:`HOOKS`).
        self.tension = TENSION if tension is None else tension
        self.hooks = HOOKS if hooks is None else hooks
        own, other = board.soldiers[board.side], board.soldiers[-board.side]
        self.simplify = (SIMPLIFY if simplify is None else simplify) if own >= other else 0
        self.null_move = NULL_MOVE if null_move is None else null_move
        self.pruning = pruning
        self.deadline = deadline
        self.max_depth = max_depth
        self.max_nodes = max_nodes
        self.nodes = 0
        self.table: dict[int, tuple[int, int, int, int]] = {}
        self.killers: dict[int, list[int]] = {}
        self.history: dict[int, int] = {}
        #: The evaluation by position key (iterative deepening and quiescence meet the same
        #: positions again and again).
        self.evals: dict[int, int] = {}
        self.root_side = board.side
        self._partial: tuple[int, int] | None = None
        #: What a draw is worth to the side to move at the root (≤ 0: it plays for a win).
        self.root_draw = 0
        if contempt:
            lead = SOLDIER_VALUE * (board.soldiers[1] - board.soldiers[-1]) * self.root_side
            self.root_draw = -max(0, min(CONTEMPT_MAX, CONTEMPT_BASE + lead // 4))
        self.root_repeat = max(self.root_draw, -REPEAT_CONTEMPT_MAX)

    def run(self) -> tuple[FastMove, int, int]:
        """(best move, its score, depth reached)."""
        b = self.board
        moves = b.legal_moves()
        if not moves:
            raise ValueError("no legal move to search")
        best = (self._ordered(moves, None, 0)[0], 0, 0)
        started = clock()
        for depth in range(1, self.max_depth + 1):
            base = len(b.stack)
            try:
                move, score = self._root(depth, moves, best[0])
            except _OutOfTime:
                while len(b.stack) > base:
                    b.pop()
                if self._partial is not None:
                    best = (self._partial[0], self._partial[1], depth)
                break
            best = (move, score, depth)
            if abs(score) >= MATE_BOUND:
                break
            spent = clock() - started
            if self.max_nodes is None and spent > NEXT_DEPTH_SHARE * (self.deadline - started):
                break
        return best

    def _tick(self) -> None:
        self.nodes += 1
        if self.max_nodes is not None:
            if self.nodes > self.max_nodes:
                raise _OutOfTime
        elif self.nodes % CLOCK_EVERY == 0 and clock() > self.deadline:
            raise _OutOfTime

    def _root(self, depth: int, moves: list[FastMove], previous: FastMove) -> tuple[int, int]:
        b = self.board
        alpha, beta = -INF, INF
        best_move, best_score = previous, -INF
        self._partial = None
        for i, move in enumerate(self._ordered(moves, previous, 0)):
            b.push(move)
            if b.mover_won(move % 64):
                score = MATE - 1
            elif i == 0:
                score = -self._negamax(depth - 1, -beta, -alpha, 1)
            else:
                score = -self._negamax(depth - 1, -alpha - 1, -alpha, 1)
                if alpha < score < beta:
                    score = -self._negamax(depth - 1, -beta, -alpha, 1)
            b.pop()
            if score > best_score:
                best_move, best_score = move, score
                self._partial = (best_move, best_score)
            alpha = max(alpha, score)
        return best_move, best_score

    def _draw(self) -> int:
        return self.root_draw if self.board.side == self.root_side else -self.root_draw

    def _repeat(self) -> int:
        return self.root_repeat if self.board.side == self.root_side else -self.root_repeat

    def _static(self) -> int:
        b = self.board
        score = self.evals.get(b.hash)
        if score is None:
            if len(self.evals) >= TABLE_LIMIT:
                self.evals.clear()
            score = evaluate(b)
            taste = self.simplify * (32 - b.soldiers[1] - b.soldiers[-1])
            if self.tension or self.hooks:
                touching, hooked = contacts_and_hooks(b, self.root_side)
                taste += self.tension * touching + self.hooks * hooked
            score += taste if b.side == self.root_side else -taste
            self.evals[b.hash] = score
        if b.clock > FIFTY_SCALE_FROM:
            draw = self._draw()
            left = max(0, FIFTY_MOVE_PLIES - b.clock)
            score = draw + (score - draw) * left // (FIFTY_MOVE_PLIES - FIFTY_SCALE_FROM)
        return score

    def _negamax(self, depth: int, alpha: int, beta: int, ply: int, null: bool = True) -> int:
        """The score of the position after a move that did not win (the caller checked).
        ``null``: a null move may be tried here (not right after one)."""
        self._tick()
        b = self.board
        if b.clock >= FIFTY_MOVE_PLIES:
            return self._draw() if b.has_legal_move() else -(MATE - ply)
        if b.counts.get(b.hash, 0) >= 2:
            return self._repeat()
        if depth <= 0:
            return self._quiesce(alpha, beta, ply, QUIESCENCE_PLIES)
        if (
            null
            and self.null_move
            and depth >= NULL_DEPTH
            and abs(beta) < MATE_BOUND
            and b.soldiers[b.side] > NULL_SOLDIERS
            and self._static() >= beta
        ):
            # A null move (a search device only: Rügen has no pass): if giving the opponent
            # a free move still leaves the score at least beta, a real move will too.
            b.push_null()
            score = -self._negamax(depth - 1 - NULL_R, -beta, -beta + 1, ply + 1, False)
            b.pop()
            if score >= beta:
                return beta
        key = b.hash ^ b.clock if b.clock > FIFTY_SCALE_FROM else b.hash
        entry = self.table.get(key)
        table_move = None
        if entry is not None:
            e_depth, e_score, e_flag, table_move = entry
            if e_depth >= depth and not b.twice:
                if e_score >= MATE_BOUND:
                    e_score -= ply
                elif e_score <= -MATE_BOUND:
                    e_score += ply
                if (
                    e_flag == EXACT
                    or (e_flag == LOWER and e_score >= beta)
                    or (e_flag == UPPER and e_score <= alpha)
                ):
                    return e_score
        alpha_start = alpha
        best_score, best_move = -INF, -1
        killers = self.killers.get(ply, ())
        searched = 0
        counts = b.counts
        futile = (
            self.pruning
            and depth == 1
            and alpha > -MATE_BOUND
            and self._static() + FUTILITY_MARGIN <= alpha
        )
        quiet_left = LMP_COUNTS.get(depth, INF) if self.pruning else INF
        for move, gain in self._ordered_with(b.generate(), table_move, ply):
            quiet = not gain and move not in killers and move != table_move
            if quiet and self.pruning and best_score > -MATE_BOUND:
                # Skipped only once a searched move does not lose by force: "no legal move"
                # and a forced loss stay exact (a mate is never claimed from a cut list).
                if futile:
                    continue
                quiet_left -= 1
                if quiet_left < 0:
                    continue
            b.push(move)
            if counts[b.hash] > REPETITION_LIMIT - 1:
                b.pop()  # a third occurrence: illegal
                continue
            if b.mover_won(move % 64):
                b.pop()
                score = MATE - ply - 1
                best_score, best_move = score, move
                alpha = max(alpha, score)
                break
            if searched == 0:
                score = -self._negamax(depth - 1, -beta, -alpha, ply + 1)
            else:
                score = alpha + 1
                if depth >= LMR_DEPTH and searched >= LMR_AFTER and quiet:
                    score = -self._negamax(depth - 2, -alpha - 1, -alpha, ply + 1)
                if score > alpha:
                    score = -self._negamax(depth - 1, -alpha - 1, -alpha, ply + 1)
                    if alpha < score < beta:
                        score = -self._negamax(depth - 1, -beta, -alpha, ply + 1)
            b.pop()
            searched += 1
            if score > best_score:
                best_score, best_move = score, move
            if score > alpha:
                alpha = score
            if alpha >= beta:
                if not gain:
                    ks = self.killers.setdefault(ply, [])
                    if move not in ks:
                        ks.insert(0, move)
                        del ks[2:]
                    self.history[move] = self.history.get(move, 0) + depth * depth
                break
        if best_move < 0:
            return -(MATE - ply)  # no legal move: the side to move loses
        flag = UPPER if best_score <= alpha_start else LOWER if best_score >= beta else EXACT
        if len(self.table) >= TABLE_LIMIT:
            self.table.clear()
        stored = best_score
        if stored >= MATE_BOUND:
            stored += ply
        elif stored <= -MATE_BOUND:
            stored -= ply
        self.table[key] = (depth, stored, flag, best_move)
        return best_score

    def _quiesce(self, alpha: int, beta: int, ply: int, plies_left: int) -> int:
        self._tick()
        stand = self._static()
        if stand >= beta or plies_left == 0:
            return stand
        alpha = max(alpha, stand)
        b = self.board
        captures = b.captures(b.side)
        if not captures:
            return stand
        captures.sort(reverse=True)
        best = stand
        counts = b.counts
        for _, move in captures:
            b.push(move)
            if counts[b.hash] > REPETITION_LIMIT - 1:  # cannot happen after a capture; safe
                b.pop()
                continue
            if b.mover_won(move % 64):
                score = MATE - ply - 1
            else:
                score = -self._quiesce(-beta, -alpha, ply + 1, plies_left - 1)
            b.pop()
            if score > best:
                best = score
            if score > alpha:
                alpha = score
            if alpha >= beta:
                break
        return best

    def _ordered(self, moves: list[FastMove], first: FastMove | None, ply: int) -> list[int]:
        return [m for m, _ in self._ordered_with(moves, first, ply)]

    def _ordered_with(
        self, moves: list[FastMove], first: FastMove | None, ply: int
    ) -> list[tuple[FastMove, int]]:
        """The moves in search order (table move, captures by gain, killers, history), each
        with its capture gain."""
        gains = {m: g for g, m in self.board.captures(self.board.side)}
        killers = self.killers.get(ply, ())
        history = self.history
        keyed = []
        for m in moves:
            g = gains.get(m, 0)
            if m == first:
                k = -10 * INF
            elif g:
                k = -INF - g
            elif m in killers:
                k = -INF // 2
            else:
                k = -history.get(m, 0)
            keyed.append((k, m, g))
        keyed.sort()
        return [(m, g) for _, m, g in keyed]


def choose(game: Game, deadline: float, max_nodes: int | None = None) -> SearchResult:
    """Hard's Rügen move in ``game`` (8×8 Rügen, not over), searched on the fast board until
    ``deadline`` (or ``max_nodes``: the same answer on every machine)."""
    board = RugenBoard(game)
    searcher = FastSearcher(board, deadline, max_nodes=max_nodes)
    move, score, depth = searcher.run()
    o, t = to_rules(move // 64), to_rules(move % 64)
    for legal in game.legal_moves():
        if legal.path == (o, t):
            return SearchResult(legal, score, depth, searcher.nodes)
    raise AssertionError(f"the fast Rügen search chose a move the rules do not allow: {move}")


__all__ = ["FastSearcher", "RugenBoard", "choose", "evaluate", "Move"]
