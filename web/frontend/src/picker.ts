// Choosing an action by clicking, from the legal actions the server sent (never computed
// here): a piece then a destination; a multi-step turn (backgammon) step by step with undo;
// several actions for one click (a promotion, two jump paths) become a choice.
import type { Action } from "./types";

export interface PickState {
  selected: string | null;
  steps: [string, string][];
}

export const EMPTY: PickState = { selected: null, steps: [] };

const CLICKABLE = new Set(["move", "place", "remove", "turn"]);

/** Actions that are chosen on the board (the rest are buttons: roll, double, pass…). */
export function boardActions(actions: Action[]): Action[] {
  return actions.filter((a) => CLICKABLE.has(a.kind));
}

function remaining(action: Action, chosen: [string, string][]): [string, string][] | null {
  const left = [...action.steps];
  for (const [s, t] of chosen) {
    const i = left.findIndex(([a, b]) => a === s && b === t);
    if (i < 0) return null;
    left.splice(i, 1);
  }
  return left;
}

/** Turn actions still possible after the chosen steps (in any order). */
function turnsLeft(actions: Action[], chosen: [string, string][]): Action[] {
  return actions.filter((a) => a.kind === "turn" && remaining(a, chosen) !== null);
}

/** Cells a click may start from, and cells the selection may go to. */
export function highlights(actions: Action[], state: PickState): { sources: Set<string>; targets: Set<string> } {
  const sources = new Set<string>();
  const targets = new Set<string>();
  const turns = turnsLeft(actions, state.steps);
  for (const a of turns) {
    for (const [s, t] of remaining(a, state.steps) ?? []) {
      sources.add(s);
      if (state.selected === s) targets.add(t);
    }
  }
  for (const a of actions) {
    if (a.kind === "move" && a.source) {
      sources.add(a.source);
      if (state.selected === a.source && a.target) targets.add(a.target);
    } else if ((a.kind === "place" || a.kind === "remove") && a.target && state.selected === null) {
      targets.add(a.target);
    }
  }
  return { sources, targets };
}

export type ClickResult =
  | { kind: "state"; state: PickState }
  | { kind: "play"; actions: Action[]; state: PickState };

/** What a click on ``cell`` does: select, step, or offer the actions it completes. */
export function click(actions: Action[], state: PickState, cell: string): ClickResult {
  const { sources, targets } = highlights(actions, state);
  if (state.selected !== null && targets.has(cell)) {
    const from = state.selected;
    const moves = actions.filter((a) => a.kind === "move" && a.source === from && a.target === cell);
    if (moves.length) return { kind: "play", actions: moves, state: EMPTY };
    const steps: [string, string][] = [...state.steps, [from, cell]];
    const done = turnsLeft(actions, steps).filter((a) => (remaining(a, steps) ?? [1]).length === 0);
    if (done.length) return { kind: "play", actions: done, state: { selected: null, steps } };
    return { kind: "state", state: { selected: null, steps } };
  }
  if (state.selected === null && targets.has(cell)) {
    const placed = actions.filter((a) => (a.kind === "place" || a.kind === "remove") && a.target === cell);
    if (placed.length) return { kind: "play", actions: placed, state: EMPTY };
  }
  if (sources.has(cell)) {
    return { kind: "state", state: { ...state, selected: state.selected === cell ? null : cell } };
  }
  return { kind: "state", state: { ...state, selected: null } };
}

export function undo(state: PickState): PickState {
  return { selected: null, steps: state.steps.slice(0, -1) };
}
