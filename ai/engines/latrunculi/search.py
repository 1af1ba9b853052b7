"""Iterative-deepening principal-variation search over a Latrunculi game.

Negamax alpha-beta with a null-window search of every move after the first (PVS), a
quiescence search of captures past the nominal depth, a transposition table, and move
ordering by table move, possible captures (:mod:`.tactics`), killer moves and history.

The moves are played with the rules core's own ``push``/``pop``, so the search can never
play a move the rules forbid or miss a rule (repetition included). Two consequences of the
repetition rule (a third occurrence is illegal, shared/spec/rules.md) shape the search:

* a position that already occurred in the game or on the search path scores as a draw
  (0): going round in circles gains nothing and the rule soon forbids it;
* the transposition table keeps moves for ordering always, but its scores are trusted only
  when no position has occurred twice (``history_restricts_moves``), because then the legal
  moves, and so the score, of a position depend on the path that led to it. The key also
  holds what the rules' position key leaves out and the end depends on: Rügen's fifty-move
  clock near its limit and schadler's consecutive passes.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from rules.game import Game
from rules.model import Move, Side
from rules.position import State

from .evaluation import HOOKS, Evaluator, contacts
from .lat_plan import plan_lat
from .tactics import CAPTURE_MOVES, contact, gains, gains_and_touches, predictor_for

MATE = 100_000
INF = 10 * MATE
#: Scores beyond this are wins or losses found by the search (a mate distance).
MATE_BOUND = MATE - 1_000
#: Plies of captures searched past the nominal depth.
QUIESCENCE_PLIES = 6
#: Captures tried per quiescence node, best predicted first, by rule set (others: all). In
#: schadler nearly every landing traps and every trap can be answered by trapping the trapper,
#: so quiescence trees exploded: a depth-2 search of a movement-phase position took 4 s, 99 %
#: of it quiescence, and hard at 0.3 s a move reached depth 1 (issue 37).
QUIESCENCE_WIDTH = {"schadler": 2}
#: A new depth starts only if the time spent so far, times this, is still left (per rule set;
#: others: 2, "likely to finish"). An unfinished depth still answers (the previous best move is
#: searched first, and a better one found before the deadline replaces it), so in LAT, where a
#: depth costs five to ten times the one before and hard at 0.3 s a move stopped after using
#: about 60 % of its time, hard starts the next depth whenever a third of the time spent is
#: left (issue 37, fifth round).
NEXT_DEPTH_COST: dict[str, float] = {"lat": 0.34}
#: Rule sets where a node whose searched moves all lose searches its pruned quiet moves too
#: (see ``_negamax``). Only LAT so far: classic and schadler, where hard already wins, keep the
#: search they were measured with (a 4-game check of classic 8×8 with it went 1–2–1 where the
#: engine without it went 3–1–0 on the same seeds: likely noise, not risked; issue 37, fifth
#: round).
VERIFY_LOSSES = frozenset({"lat"})
#: How often (in nodes) the clock is read.
CLOCK_EVERY = 64
#: Entries kept before the table is cleared (memory stays bounded in a long-lived worker).
TABLE_LIMIT = 400_000
#: Rügen's fifty-move rule: a draw after this many plies without a capture.
FIFTY_MOVE_PLIES = 100
#: From this clock on, a Rügen evaluation is scaled towards the draw the rule will bring: at
#: 50 plies it counts fully, at 100 not at all, so a capture (which resets the clock) gains.
FIFTY_SCALE_FROM = 50
#: The contempt (when enabled): a draw costs the side to move at the root this much when the
#: material is level, plus a quarter of its material lead, at most :data:`CONTEMPT_MAX`; a side
#: behind by more than four times :data:`CONTEMPT_BASE` scores a draw as 0.
CONTEMPT_BASE = 15
CONTEMPT_MAX = 150
#: A position met before is no end (only a third occurrence is forbidden): it means going
#: round in circles, which the side ahead should avoid, but never at the price of material.
#: Its contempt is capped below half a soldier; before issue 37's second round it was the full
#: contempt, and a hard player a few pieces up gave a piece away rather than go back to a
#: position it had seen (a LAT game traced move by move).
REPEAT_CONTEMPT_MAX = 40
#: Late-move reductions: at a remaining depth of at least this, quiet moves after the first
#: :data:`LMR_AFTER` are searched one ply shallower first (and again at full depth if they
#: beat alpha).
LMR_DEPTH = 2
LMR_AFTER = 4
#: Futility pruning (with the reductions): one ply from the horizon, a quiet move is not
#: searched when the static evaluation plus this margin cannot reach alpha (a quiet move
#: gains less: the most it does is save one threatened piece).
FUTILITY_MARGIN = 90
#: Late-move pruning (with the reductions): this close to the horizon, only so many quiet
#: moves are searched (in order: table move, killers, history); captures and wins always are.
#: An all-node near the horizon is where a search of 60–110 moves a position spends its time.
LMP_COUNTS = {1: 10, 2: 24}

EXACT, LOWER, UPPER = 0, 1, 2

#: Per rule set, hard's plan for converting a lead (a taste of the searching side, like the
#: tension; issue 37, fifth round): only LAT has one (:mod:`.lat_plan`).
PLANS: dict[str, Callable[[State, Side], int]] = {"lat": plan_lat}

#: The clock deadlines are read on. The bot's deadlines are wall-clock times; a benchmark on a
#: shared machine may swap in the process's CPU time (``bench/ai_bench.py --cpu-time``) so
#: that the levels' strength does not depend on what else the machine runs.
CLOCK: list[Callable[[], float]] = [time.monotonic]


def clock() -> float:
    """The current time on :data:`CLOCK`."""
    return CLOCK[0]()


class _OutOfTime(Exception):
    """Raised inside the search when the deadline passes."""


@dataclass(slots=True)
class _Entry:
    depth: int
    score: int
    flag: int
    move: Move | None


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The move chosen, its score for the side to move, and how far the search got."""

    move: Move
    score: int
    depth: int
    nodes: int


class Searcher:
    """One search from the game's current position; the game is restored when it ends."""

    def __init__(
        self,
        game: Game,
        evaluate: Evaluator,
        deadline: float,
        max_depth: int,
        noise: int = 0,
        rng: random.Random | None = None,
        quiescence: bool = True,
        contempt: bool = False,
        material: Evaluator | None = None,
        reductions: bool = False,
        quiescence_plies: int = QUIESCENCE_PLIES,
        max_nodes: int | None = None,
        tension: int = 0,
        hooks: int = 0,
        plan: bool = False,
    ) -> None:
        self.game = game
        self.state = game.state
        self.tactical = predictor_for(game.variant.id)
        #: The rule set's generator of capturing moves alone, for the quiescence search.
        self.capture_moves = CAPTURE_MOVES.get(game.variant.id)
        self.evaluate_white = evaluate
        self.deadline = deadline
        self.max_depth = max_depth
        self.noise = noise
        self.rng = rng or random.Random(0)
        self.offsets: dict[Move, int] = {}
        self._partial: tuple[Move, int] | None = None
        self.quiescence = quiescence
        #: Plies of captures past the nominal depth (the analysis bounds schadler's lower).
        self.quiescence_plies = quiescence_plies
        #: A node budget (``None``: none): past it the search stops as at a deadline, but
        #: counted in nodes, so a bounded search gives the same answer on every machine. The
        #: first depth always finishes (so there is always a searched move and score); the
        #: budget stops a deeper one, whose partial answer is used as at a deadline.
        self.max_nodes = max_nodes
        self._node_limit = INF
        self.table: dict[object, _Entry] = {}
        #: White's evaluation by position key: iterative deepening and quiescence meet the same
        #: positions again and again, and the evaluation is the search's costliest step.
        self.evals: dict[object, int] = {}
        self.killers: dict[int, list[Move]] = {}
        self.history: dict[Move, int] = {}
        self.nodes = 0
        self.root_ply = game.ply
        self.root_side = game.turn
        self.reductions = reductions
        self.next_depth_cost = NEXT_DEPTH_COST.get(game.variant.id, 2.0)
        self.verify_losses = game.variant.id in VERIFY_LOSSES
        self.q_width = QUIESCENCE_WIDTH.get(game.variant.id, 1_000)
        #: The root side's bonus per pair of enemy pieces side by side (``evaluation.contacts``).
        self.tension = tension
        self.contacts: dict[object, int] = {}
        #: The root side's bonus per enemy piece it hooks (``evaluation.hooks``).
        self.count_hooks = HOOKS.get(game.variant.id)
        self.hooks = hooks if self.count_hooks is not None else 0
        self.hooked: dict[object, int] = {}
        #: The root side's plan for converting a lead (:data:`PLANS`), if it plays one.
        self.plan = PLANS.get(game.variant.id) if plan else None
        self.planned: dict[object, int] = {}
        #: The clock counts towards a draw (Rügen's fifty-move rule).
        self.fifty = game.variant.id == "rugen"
        #: What a draw is worth to the side to move at the root (≤ 0: it plays for a win).
        self.root_draw = 0
        if contempt:
            lead = 0
            if material is not None:
                lead = material(self.state)
                lead = lead if self.root_side is Side.WHITE else -lead
            self.root_draw = -max(0, min(CONTEMPT_MAX, CONTEMPT_BASE + lead // 4))
        #: What going back to a position already met is worth to the root's side (≤ 0).
        self.root_repeat = max(self.root_draw, -REPEAT_CONTEMPT_MAX)

    # ----- driver -----------------------------------------------------------------------------

    def run(self) -> SearchResult:
        """Deepen one ply at a time until the deadline or ``max_depth``; the answer is the best
        move of the deepest search that finished (or of the unfinished one, if it already
        found a better move than the one before)."""
        game = self.game
        moves = game.legal_moves()
        if not moves:
            raise ValueError("no legal move to search")
        if self.noise:
            # The level's imperfection: a fixed random bonus per root move, so the choice
            # wanders among moves that score within ``noise`` of the best (reproducible by seed).
            self.offsets = {
                m: self.rng.randint(-self.noise, self.noise) for m in sorted(moves, key=str)
            }
        best = SearchResult(self._ordered(moves, None, 0)[0], 0, 0, 0)
        started = clock()
        for depth in range(1, self.max_depth + 1):
            if self.max_nodes is not None and depth > 1:
                self._node_limit = self.max_nodes
            try:
                move, score = self._root(depth, moves, best.move)
            except _OutOfTime:
                if self._partial is not None:
                    best = SearchResult(self._partial[0], self._partial[1], depth, self.nodes)
                break
            finally:
                while game.ply > self.root_ply:
                    game.pop()
            best = SearchResult(move, score, depth, self.nodes)
            if abs(score) >= MATE_BOUND:
                break  # a forced win or loss is found: deeper search changes nothing
            spent = clock() - started
            if clock() + self.next_depth_cost * spent > self.deadline:
                break  # the next depth would not finish in time (or not get far enough)
        return best

    def _root(self, depth: int, moves: list[Move], previous: Move) -> tuple[Move, int]:
        game = self.game
        alpha, beta = -INF, INF
        best_move, best_score = previous, -INF
        self._partial = None
        for i, move in enumerate(self._ordered(moves, previous, 0)):
            offset = self.offsets.get(move, 0)
            low, high = alpha - offset, beta - offset  # the window for this move's own score
            game.push(move)
            if i == 0:
                score = -self._negamax(depth - 1, -high, -low, 1)
            else:
                score = -self._negamax(depth - 1, -low - 1, -low, 1)
                if low < score < high:
                    score = -self._negamax(depth - 1, -high, -low, 1)
            game.pop()
            score += offset
            if score > best_score:
                best_move, best_score = move, score
                self._partial = (best_move, best_score)
            alpha = max(alpha, score)
        self._store(depth, best_score, EXACT, best_move, 0)
        return best_move, best_score

    # ----- the search proper -----------------------------------------------------------------

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self._node_limit:
            raise _OutOfTime
        if self.nodes % CLOCK_EVERY == 0 and clock() > self.deadline:
            raise _OutOfTime

    def _terminal(self, ply: int) -> int | None:
        """The score of a finished game for the side to move, else ``None``."""
        outcome = self.game.outcome
        if outcome is None:
            return None
        if outcome.winner is None:
            return self._draw()
        return MATE - ply if outcome.winner is self.state.turn else -(MATE - ply)

    def _negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        self._tick()
        game = self.game
        end = self._terminal(ply)
        if end is not None:
            return end
        if game.occurrences() >= 2:  # seen before in the game or on the search path
            return self._repeat()
        if depth <= 0:
            return (
                self._quiesce(alpha, beta, ply, self.quiescence_plies)
                if self.quiescence
                else (self._static())
            )
        key = self._key()
        entry = self.table.get(key)
        table_move = None
        if entry is not None:
            table_move = entry.move
            if entry.depth >= depth and not game.history_restricts_moves:
                score = self._from_table(entry.score, ply)
                if entry.flag == EXACT:
                    return score
                if entry.flag == LOWER and score >= beta:
                    return score
                if entry.flag == UPPER and score <= alpha:
                    return score
        alpha_start = alpha
        best_score, best_move = -INF, None
        reduce = self.reductions and depth >= LMR_DEPTH
        futile = (
            self.reductions
            and depth == 1
            and alpha > -MATE_BOUND
            and self._static() + FUTILITY_MARGIN <= alpha
        )
        killers = self.killers.get(ply, ())
        quiet_left = LMP_COUNTS.get(depth, INF) if self.reductions else INF
        skipped: list[Move] = []
        for i, (move, tactical) in enumerate(
            self._ordered_with(game.legal_moves(), table_move, ply)
        ):
            quiet = not tactical and move not in killers
            if quiet and i > 0:
                if futile:
                    skipped.append(move)
                    continue  # cannot reach alpha: left to the first move's score
                quiet_left -= 1
                if quiet_left < 0:
                    skipped.append(move)
                    continue  # late quiet moves this near the horizon are not searched
            late = reduce and i >= LMR_AFTER and quiet
            game.push(move)
            if i == 0:
                score = -self._negamax(depth - 1, -beta, -alpha, ply + 1)
            else:
                if late:  # a late quiet move: a shallower look first
                    score = -self._negamax(depth - 2, -alpha - 1, -alpha, ply + 1)
                else:
                    score = alpha + 1
                if score > alpha:
                    score = -self._negamax(depth - 1, -alpha - 1, -alpha, ply + 1)
                    if alpha < score < beta:
                        score = -self._negamax(depth - 1, -beta, -alpha, ply + 1)
            game.pop()
            if score > best_score:
                best_score, best_move = score, move
            if score > alpha:
                alpha = score
            if alpha >= beta:
                self._reward(move, depth, ply)
                break
        if skipped and best_score <= -MATE_BOUND and alpha < beta and self.verify_losses:
            # Every move searched loses the game: a pruned quiet move may be the one that saves
            # it (the Queen stepping away), so they are searched after all. Pruned, the
            # opponent's only escape made the searching side believe in a win that was not
            # there (a LAT game: "mate in 3" found, the Queen walked away, a piece lost).
            for move in skipped:
                game.push(move)
                score = -self._negamax(depth - 1, -beta, -alpha, ply + 1)
                game.pop()
                if score > best_score:
                    best_score, best_move = score, move
                if score > alpha:
                    alpha = score
                if alpha >= beta or best_score > -MATE_BOUND:
                    break
        flag = UPPER if best_score <= alpha_start else LOWER if best_score >= beta else EXACT
        self._store(depth, best_score, flag, best_move, ply, key)
        return best_score

    def _quiesce(self, alpha: int, beta: int, ply: int, plies_left: int) -> int:
        self._tick()
        stand = self._static()
        if stand >= beta or plies_left == 0:
            return stand
        alpha = max(alpha, stand)
        game = self.game
        state = self.state
        if self.capture_moves is not None and not game.history_restricts_moves:
            captures = self.capture_moves(state)  # the same captures, without every move
        else:
            moves = game.legal_moves()
            captures = [
                (g, m)
                for g, m in zip(gains(self.tactical, state, moves), moves, strict=True)
                if g > 0
            ]
        captures.sort(key=lambda c: -c[0])
        best = stand
        for _, move in captures[: self.q_width]:
            result = game.push(move)
            if not result.captured and game.outcome is None:
                game.pop()
                continue
            end = self._terminal(ply + 1)
            if end is not None:
                score = -end
            else:
                score = -self._quiesce(-beta, -alpha, ply + 1, plies_left - 1)
            game.pop()
            if score > best:
                best = score
            if score > alpha:
                alpha = score
            if alpha >= beta:
                break
        return best

    def _static(self) -> int:
        """The evaluation for the side to move; in Rügen, drawn towards the draw's value as the
        fifty-move clock runs out."""
        state = self.state
        key = self.game.position_key()
        score = self.evals.get(key)
        if score is None:
            if len(self.evals) >= TABLE_LIMIT:
                self.evals.clear()
            score = self.evals[key] = self.evaluate_white(state)
        if state.turn is not Side.WHITE:
            score = -score
        if self.tension:
            touching = self.contacts.get(key)
            if touching is None:
                if len(self.contacts) >= TABLE_LIMIT:
                    self.contacts.clear()
                touching = self.contacts[key] = contacts(state)
            bonus = self.tension * touching
            score += bonus if state.turn is self.root_side else -bonus
        if self.hooks and self.count_hooks is not None:
            hooked = self.hooked.get(key)
            if hooked is None:
                if len(self.hooked) >= TABLE_LIMIT:
                    self.hooked.clear()
                hooked = self.hooked[key] = self.count_hooks(state, self.root_side)
            bonus = self.hooks * hooked
            score += bonus if state.turn is self.root_side else -bonus
        if self.plan is not None:
            planned = self.planned.get(key)
            if planned is None:
                if len(self.planned) >= TABLE_LIMIT:
                    self.planned.clear()
                planned = self.planned[key] = self.plan(state, self.root_side)
            score += planned if state.turn is self.root_side else -planned
        if self.fifty and state.clock > FIFTY_SCALE_FROM:
            draw = self._draw()
            left = max(0, FIFTY_MOVE_PLIES - state.clock)
            score = draw + (score - draw) * left // (FIFTY_MOVE_PLIES - FIFTY_SCALE_FROM)
        return score

    def _draw(self) -> int:
        """A draw's score for the side to move: the contempt of the root's side, or its
        opposite for the other side."""
        return self.root_draw if self.state.turn is self.root_side else -self.root_draw

    def _repeat(self) -> int:
        """A position met before, for the side to move: the milder contempt of going round in
        circles (a real draw may cost the whole lead; a repetition only time)."""
        return self.root_repeat if self.state.turn is self.root_side else -self.root_repeat

    # ----- ordering and the table ------------------------------------------------------------

    def _ordered(self, moves: list[Move], first: Move | None, ply: int) -> list[Move]:
        return [move for move, _ in self._ordered_with(moves, first, ply)]

    def _ordered_with(
        self, moves: list[Move], first: Move | None, ply: int
    ) -> list[tuple[Move, int]]:
        """The moves in search order, each with its predicted capture score."""
        state = self.state
        tactical = self.tactical
        killers = self.killers.get(ply, ())
        history = self.history
        keyed = []
        if self.capture_moves is not None:
            found, touching = self._lat_gains_and_touches(moves)
        else:
            found, touching = gains_and_touches(tactical, state, moves)
        for move, gain, touches in zip(moves, found, touching, strict=True):
            if move == first:
                key = -10 * INF
            elif gain:
                key = -INF - gain
            elif move in killers:
                key = -INF // 2
            elif touches and self.reductions:
                # A quiet move next to an enemy may threaten it: searched before the other
                # quiet moves, so late-move pruning near the horizon keeps it.
                key = -INF // 4 - history.get(move, 0)
            else:
                key = -history.get(move, 0)
            keyed.append((key, move, gain))
        keyed.sort(key=lambda k: k[0])
        return [(move, gain) for _, move, gain in keyed]

    def _lat_gains_and_touches(self, moves: list[Move]) -> tuple[list[int], list[bool]]:
        """``tactics.gains_and_touches`` from the rule set's capture generator: the captures
        are looked up, not predicted move by move (every rook move is a slide, so its landing
        is ``path[1]``). A board-legal capture the repetition rule forbids is simply not among
        ``moves``."""
        state = self.state
        assert self.capture_moves is not None
        gained = {move: gain for gain, move in self.capture_moves(state)}
        marks = contact(state)
        if gained:
            found = [gained.get(move, 0) for move in moves]
        else:
            found = [0] * len(moves)
        return found, [bool(marks[move.path[1]]) for move in moves]

    def _reward(self, move: Move, depth: int, ply: int) -> None:
        """A move that cut off: remember it as a killer of this ply and in the history."""
        if self.tactical(self.state, move):
            return
        killers = self.killers.setdefault(ply, [])
        if move not in killers:
            killers.insert(0, move)
            del killers[2:]
        self.history[move] = self.history.get(move, 0) + depth * depth

    def _key(self) -> object:
        state = self.state
        clock = state.clock if state.clock > FIFTY_SCALE_FROM else 0
        return (self.game.position_key(), clock, state.passes)

    def _store(
        self, depth: int, score: int, flag: int, move: Move | None, ply: int, key: object = None
    ) -> None:
        if len(self.table) >= TABLE_LIMIT:
            self.table.clear()
        if score >= MATE_BOUND:  # mate scores are stored relative to this node
            score += ply
        elif score <= -MATE_BOUND:
            score -= ply
        self.table[key if key is not None else self._key()] = _Entry(depth, score, flag, move)

    @staticmethod
    def _from_table(score: int, ply: int) -> int:
        if score >= MATE_BOUND:
            return score - ply
        if score <= -MATE_BOUND:
            return score + ply
        return score
