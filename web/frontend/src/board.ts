// Drawing a position from the rules' PositionView as SVG, by board kind only ("grid",
// "points", "track"), never by game: square boards of any size (chess, draughts, the
// Latrunculi rule sets), backgammon's points, bar, trays, dice and cube, and ludo's cross.
// Every clickable place is a <g data-cell="…">; the page decides what a click means.
import type { Effect, PositionView } from "./types";
import { seatColours, THEME } from "./theme";

const NS = "http://www.w3.org/2000/svg";

export interface Marks {
  flip: boolean;
  selected: string | null;
  sources: Set<string>;
  targets: Set<string>;
  /** Effects of the last action(s), for the capture animation. */
  recent: Effect[];
  /** The seat whose bar/yard/tray a click on them means (the seat to move). */
  mover: string | null;
}

function el(tag: string, attrs: Record<string, string | number>, parent?: Element): SVGElement {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  parent?.appendChild(node);
  return node;
}

function text(parent: Element, x: number, y: number, body: string, attrs: Record<string, string | number> = {}): void {
  const t = el("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, parent);
  t.textContent = body;
}

const CHESS: Record<string, string> = {
  king: "♚", queen: "♛", rook: "♜", bishop: "♝", knight: "♞", pawn: "♟",
};
const LETTERS: Record<string, string> = {
  eagle: "E", counter: "C", queen: "Q", valkyrie: "V", berserker: "B", king: "K",
};

/** One piece (a disc, a chess glyph) centred on (x, y) with radius r. */
function piece(parent: Element, x: number, y: number, r: number, seat: string, kind: string, captive = false): void {
  const [fill, ink] = seatColours(seat);
  const g = el("g", { class: `piece piece-${kind} seat-${seat}` }, parent);
  if (kind in CHESS) {
    text(g, x, y + r * 0.08, CHESS[kind], {
      "font-size": r * 2.1, fill, stroke: ink, "stroke-width": r * 0.06, "paint-order": "stroke",
      "font-family": "DejaVu Sans, Noto Sans Symbols2, Segoe UI Symbol, sans-serif",
    });
    return;
  }
  el("circle", { cx: x, cy: y, r, fill, stroke: ink, "stroke-width": Math.max(1.5, r * 0.09) }, g);
  el("circle", { cx: x, cy: y, r: r * 0.68, fill: "none", stroke: ink, "stroke-opacity": 0.35, "stroke-width": r * 0.06 }, g);
  const letter = LETTERS[kind];
  if (letter) text(g, x, y, letter, { "font-size": r * 1.0, fill: ink, "font-weight": "bold", "font-family": "sans-serif" });
  if (captive) {
    const d = r * 0.55;
    el("path", { d: `M${x - d},${y - d}L${x + d},${y + d}M${x + d},${y - d}L${x - d},${y + d}`, stroke: THEME.heldMark, "stroke-width": r * 0.22, "stroke-linecap": "round" }, g);
  }
}

function hotspot(parent: Element, cell: string, marks: Marks): SVGElement {
  const cls = ["cell"];
  if (marks.sources.has(cell)) cls.push("source");
  if (marks.targets.has(cell)) cls.push("target");
  if (marks.selected === cell) cls.push("selected");
  return el("g", { "data-cell": cell, class: cls.join(" ") }, parent);
}

/** The marks a clickable place gets: selected, a legal destination, a piece that can move. */
function overlay(g: Element, x: number, y: number, w: number, h: number, cell: string, marks: Marks): void {
  if (marks.selected === cell) el("rect", { x, y, width: w, height: h, class: "mark-selected", fill: "rgba(52,112,178,0.45)" }, g);
  if (marks.targets.has(cell)) {
    el("circle", { cx: x + w / 2, cy: y + h / 2, r: Math.min(w, h) * 0.17, class: "mark-target", fill: "rgba(52,112,178,0.85)", stroke: "white", "stroke-width": 2 }, g);
  }
}

function captureCells(recent: Effect[]): Set<string> {
  const cells = new Set<string>();
  for (const e of recent) {
    if ((e.kind === "taken" || e.kind === "hit" || e.kind === "knocked") && typeof e.cell === "string") cells.add(e.cell);
  }
  return cells;
}

function captureAnimation(parent: Element, x: number, y: number, r: number): void {
  const g = el("g", { class: "capture" }, parent);
  el("circle", { cx: x, cy: y, r, fill: "none", stroke: THEME.captureMark, "stroke-width": r * 0.25 }, g);
  const d = r * 0.6;
  el("path", { d: `M${x - d},${y - d}L${x + d},${y + d}M${x + d},${y - d}L${x - d},${y + d}`, stroke: THEME.captureMark, "stroke-width": r * 0.2, "stroke-linecap": "round" }, g);
}

// ---------------------------------------------------------------------------- grid

function drawGrid(svg: SVGSVGElement, view: PositionView, marks: Marks): void {
  const S = 64;
  const M = 24;
  const W = view.files * S + 2 * M;
  const H = view.ranks * S + 2 * M;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  el("rect", { x: 0, y: 0, width: W, height: H, fill: THEME.frame, rx: 6 }, svg);
  const coords = (view.extra.coords ?? null) as Record<string, [number, number]> | null;
  const where = (cell: string, index: number): [number, number] =>
    coords?.[cell] ?? [index % view.files, Math.floor(index / view.files)];
  const toXY = ([f, r]: [number, number]): [number, number] => {
    const col = marks.flip ? view.files - 1 - f : f;
    const row = marks.flip ? r : view.ranks - 1 - r;
    return [M + col * S, M + row * S];
  };
  for (let f = 0; f < view.files; f++) {
    for (let r = 0; r < view.ranks; r++) {
      const [x, y] = toXY([f, r]);
      el("rect", { x, y, width: S, height: S, fill: (f + r) % 2 === 0 ? THEME.darkSquare : THEME.lightSquare }, svg);
    }
  }
  // file letters and rank numbers, as on the pictures
  for (let f = 0; f < view.files; f++) {
    const [x] = toXY([f, 0]);
    text(svg, x + S / 2, H - M / 2, String.fromCharCode(97 + f), { "font-size": 13, fill: THEME.lightSquare, "font-family": "sans-serif" });
  }
  for (let r = 0; r < view.ranks; r++) {
    const [, y] = toXY([0, r]);
    text(svg, M / 2, y + S / 2, String(r + 1), { "font-size": 13, fill: THEME.lightSquare, "font-family": "sans-serif" });
  }
  const last = new Set(view.last);
  const check = (view.extra.check ?? null) as string | null;
  const captured = captureCells(marks.recent);
  view.cells.forEach((cell, index) => {
    const [x, y] = toXY(where(cell, index));
    const g = hotspot(svg, cell, marks);
    el("rect", { x, y, width: S, height: S, fill: "transparent" }, g);
    if (last.has(cell)) el("rect", { x, y, width: S, height: S, fill: THEME.moveTint, class: "mark-last" }, g);
    if (check === cell) el("circle", { cx: x + S / 2, cy: y + S / 2, r: S * 0.46, fill: THEME.check, "fill-opacity": 0.55 }, g);
    for (const p of view.pieces[cell] ?? []) piece(g, x + S / 2, y + S / 2, S * 0.38, p.seat, p.piece, p.captive);
    if (captured.has(cell) && !(view.pieces[cell]?.length && !last.has(cell))) captureAnimation(g, x + S / 2, y + S / 2, S * 0.36);
    overlay(g, x, y, S, S, cell, marks);
  });
  hands(svg, view, W, H);
}

/** Pieces kept off a grid board (Schädler's hand): a line under the board. */
function hands(svg: SVGSVGElement, view: PositionView, W: number, H: number): void {
  const parts = Object.entries(view.off_board).flatMap(([seat, places]) =>
    Object.entries(places).filter(([, n]) => n > 0).map(([place, n]) => `${seat} ${place}: ${n}`));
  if (!parts.length) return;
  svg.setAttribute("viewBox", `0 0 ${W} ${H + 28}`);
  text(svg, W / 2, H + 14, parts.join(" · "), { "font-size": 14, fill: THEME.text, "font-family": "sans-serif" });
}

// ---------------------------------------------------------------------------- points

function drawPoints(svg: SVGSVGElement, view: PositionView, marks: Marks): void {
  const P = 52; // point width
  const BAR = 52;
  const TRAY = 56;
  const CUBE = 56;
  const PH = 230; // point height
  const GAP = 70;
  const M = 14;
  const W = CUBE + 12 * P + BAR + TRAY + 2 * M;
  const H = 2 * PH + GAP + 2 * M;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  el("rect", { x: 0, y: 0, width: W, height: H, fill: THEME.frame, rx: 6 }, svg);
  const left = M + CUBE;
  el("rect", { x: left, y: M, width: 12 * P + BAR, height: H - 2 * M, fill: THEME.felt }, svg);
  const barX = left + 6 * P;
  el("rect", { x: barX, y: M, width: BAR, height: H - 2 * M, fill: THEME.frame }, svg);
  const r = P * 0.45;
  // White's point p: bottom row 1..12 from the right, top row 13..24 from the left (White's
  // view).
  const pointX = (p: number): number => {
    const i = p <= 12 ? 12 - p : p - 13; // column from the left, 0..11
    return left + i * P + (i >= 6 ? BAR : 0);
  };
  const bottom = (p: number): boolean => (p <= 12) !== marks.flip;
  // Black's view (as the PNG draws it): Black's point q where White's q is, i.e. White's
  // point p drawn where White's 25 - p is
  const colX = (p: number): number => (marks.flip ? pointX(25 - p) : pointX(p));
  const last = new Set(view.last);
  const captured = captureCells(marks.recent);
  for (let p = 1; p <= 24; p++) {
    const cell = String(p);
    const x = colX(p);
    const low = bottom(p);
    const g = hotspot(svg, cell, marks);
    const yBase = low ? H - M : M;
    const tip = low ? H - M - PH : M + PH;
    el("rect", { x, y: low ? H - M - PH : M, width: P, height: PH, fill: "transparent" }, g);
    el("path", { d: `M${x},${yBase}L${x + P},${yBase}L${x + P / 2},${tip}Z`, fill: p % 2 ? THEME.pointA : THEME.pointB, class: last.has(cell) ? "mark-last-point" : "" }, g);
    if (last.has(cell)) el("path", { d: `M${x},${yBase}L${x + P},${yBase}L${x + P / 2},${tip}Z`, fill: THEME.moveTint }, g);
    const stack = view.pieces[cell] ?? [];
    let k = 0;
    for (const pc of stack) {
      const shown = Math.min(pc.count, 5);
      for (let i = 0; i < shown; i++, k++) {
        const cy = low ? H - M - r - k * 2 * r : M + r + k * 2 * r;
        piece(g, x + P / 2, cy, r * 0.95, pc.seat, pc.piece);
      }
      if (pc.count > 5) {
        const cy = low ? H - M - r - 4 * 2 * r : M + r + 4 * 2 * r;
        text(g, x + P / 2, cy, String(pc.count), { "font-size": r, fill: seatColours(pc.seat)[1], "font-weight": "bold", "font-family": "sans-serif" });
      }
    }
    if (captured.has(cell)) captureAnimation(g, x + P / 2, low ? H - M - r : M + r, r);
    const label = marks.flip ? 25 - p : p;
    text(g, x + P / 2, low ? H - M - PH - 10 : M + PH + 10, String(label), { "font-size": 11, fill: THEME.label, "font-family": "sans-serif" });
    overlay(g, x, low ? H - M - PH : M, P, PH, cell, marks);
  }
  // the bar: each seat's checkers, White's in the lower half (Black's when flipped)
  const seats = view.seats;
  for (const seat of seats) {
    const n = view.off_board[seat]?.bar ?? 0;
    const low = (seat === seats[0]) !== marks.flip;
    const mine = seat === marks.mover;
    const g = mine ? hotspot(svg, "bar", marks) : el("g", {}, svg);
    const y0 = low ? H / 2 + 10 : M;
    el("rect", { x: barX, y: y0, width: BAR, height: H / 2 - 10 - M, fill: "transparent" }, g);
    for (let i = 0; i < Math.min(n, 4); i++) {
      piece(g, barX + BAR / 2, low ? H / 2 + 10 + r + i * 2 * r : H / 2 - 10 - r - i * 2 * r, r * 0.95, seat, "checker");
    }
    if (n > 4) text(g, barX + BAR / 2, low ? H / 2 + 10 + r + 3 * 2 * r : H / 2 - 10 - r - 3 * 2 * r, String(n), { "font-size": r, fill: seatColours(seat)[1], "font-family": "sans-serif" });
    if (mine) overlay(g, barX, y0, BAR, H / 2 - 10 - M, "bar", marks);
    // the tray: checkers borne off
    const off = view.off_board[seat]?.off ?? 0;
    const trayX = left + 12 * P + BAR + 6;
    const gt = mine ? hotspot(svg, "off", marks) : el("g", {}, svg);
    const ty = low ? H / 2 + 6 : M;
    el("rect", { x: trayX, y: ty, width: TRAY - 12, height: H / 2 - 6 - M, fill: "rgba(0,0,0,0.25)", rx: 4 }, gt);
    for (let i = 0; i < off; i++) {
      const yy = low ? H - M - 6 - i * 12 : M + 6 + i * 12;
      el("rect", { x: trayX + 4, y: yy - 5, width: TRAY - 20, height: 9, fill: seatColours(seat)[0], stroke: seatColours(seat)[1], "stroke-width": 1 }, gt);
    }
    if (mine) overlay(gt, trayX, ty, TRAY - 12, H / 2 - 6 - M, "off", marks);
  }
  // dice, in the right half; the cube on the left, at its owner's end or in the middle
  view.dice.forEach((d, i) => die(svg, left + 6 * P + BAR + 3 * P - 44 + i * 52, H / 2 - 20, 40, d));
  if (view.cube) {
    const owner = view.cube.owner;
    const low = owner !== null && (owner === seats[0]) !== marks.flip;
    const cy = owner === null ? H / 2 : low ? H - M - 30 : M + 30;
    el("rect", { x: M + 8, y: cy - 20, width: 40, height: 40, rx: 5, fill: THEME.cubeFace, stroke: THEME.cubeInk, "stroke-width": 2, class: "cube" }, svg);
    text(svg, M + 28, cy, String(view.cube.offered ?? (view.cube.value === 1 ? 64 : view.cube.value)), { "font-size": 18, "font-weight": "bold", fill: THEME.cubeInk, "font-family": "sans-serif" });
  }
}

function die(parent: Element, x: number, y: number, s: number, value: number): void {
  const g = el("g", { class: "die", "data-value": value }, parent);
  el("rect", { x, y, width: s, height: s, rx: s * 0.15, fill: THEME.cubeFace, stroke: THEME.cubeInk, "stroke-width": 2 }, g);
  const pips: Record<number, [number, number][]> = {
    1: [[0.5, 0.5]], 2: [[0.25, 0.25], [0.75, 0.75]], 3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
    4: [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]],
    5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
    6: [[0.25, 0.22], [0.75, 0.22], [0.25, 0.5], [0.75, 0.5], [0.25, 0.78], [0.75, 0.78]],
  };
  for (const [px, py] of pips[value] ?? []) el("circle", { cx: x + px * s, cy: y + py * s, r: s * 0.09, fill: THEME.cubeInk }, g);
}

// ---------------------------------------------------------------------------- track (ludo)

const COLOURS = "RBYG";
const RED_TRACK: [number, number][] = [[0, 4], [1, 4], [2, 4], [3, 4], [4, 4], [4, 3], [4, 2], [4, 1], [4, 0], [5, 0]];
const RED_HOME: [number, number][] = [[1, 5], [2, 5], [3, 5], [4, 5]];
const RED_BASE: [number, number][] = [[0, 0], [1, 0], [0, 1], [1, 1]];

function turn([x, y]: [number, number], quarters: number, centre = 5): [number, number] {
  for (let i = 0; i < ((quarters % 4) + 4) % 4; i++) {
    const dx = x - centre;
    const dy = y - centre;
    [x, y] = [centre - dy, centre + dx];
  }
  return [x, y];
}

function colourIndex(seat: string): number {
  return Math.max(0, COLOURS.indexOf(seat.charAt(0).toUpperCase()));
}

/** The grid cell (column, row) of a ludo place, as rendering/ludo_layout.py puts it. */
function ludoCell(cell: string, seat: string, spot = 0): [number, number] {
  if (cell.startsWith("home:")) return turn(RED_HOME[Number(cell.slice(5))], colourIndex(seat));
  if (cell === "yard") return turn(RED_BASE[spot % 4], colourIndex(seat));
  if (cell === "home") return [5, 5];
  const field = Number(cell);
  return turn(RED_TRACK[field % 10], Math.floor(field / 10));
}

function drawTrack(svg: SVGSVGElement, view: PositionView, marks: Marks): void {
  const S = 56;
  const M = 16;
  const W = 11 * S + 2 * M;
  svg.setAttribute("viewBox", `0 0 ${W} ${W}`);
  el("rect", { x: 0, y: 0, width: W, height: W, fill: THEME.frame, rx: 6 }, svg);
  el("rect", { x: M, y: M, width: 11 * S, height: 11 * S, fill: THEME.felt }, svg);
  const xy = ([c, r]: [number, number]): [number, number] => [M + c * S, M + r * S];
  const mover = marks.mover ?? "";
  const last = new Set(view.last);
  const captured = captureCells(marks.recent);
  const starts = (view.extra.start_fields ?? {}) as Record<string, string>;
  // the bases (yards) of every colour, and the home lines
  for (const colour of ["red", "blue", "yellow", "green"]) {
    const [fill] = seatColours(colour);
    const [bx, by] = xy(turn([0.5, 0.5], colourIndex(colour), 5));
    el("rect", { x: bx - S * 0.5, y: by - S * 0.5, width: 2 * S, height: 2 * S, fill, "fill-opacity": 0.35, rx: 8 }, svg);
    for (let k = 0; k < 4; k++) {
      const [x, y] = xy(turn(RED_HOME[k], colourIndex(colour)));
      el("rect", { x: x + 2, y: y + 2, width: S - 4, height: S - 4, fill, "fill-opacity": 0.45, rx: 6 }, svg);
    }
  }
  const track = Number(view.extra.track ?? 40);
  for (let f = 0; f < track; f++) {
    const cell = String(f);
    const [x, y] = xy(ludoCell(cell, ""));
    const g = hotspot(svg, cell, marks);
    const start = Object.entries(starts).find(([, v]) => v === cell)?.[0];
    el("rect", { x: x + 2, y: y + 2, width: S - 4, height: S - 4, rx: 6, fill: start ? seatColours(start)[0] : "white", "fill-opacity": start ? 0.6 : 0.9, stroke: THEME.frame, "stroke-width": 1 }, g);
    if (last.has(cell)) el("rect", { x: x + 2, y: y + 2, width: S - 4, height: S - 4, rx: 6, fill: THEME.moveTint }, g);
  }
  // home lines are clickable as the mover's (where a move's target says "home:N")
  for (let k = 0; k < 4; k++) {
    const cell = `home:${k}`;
    if (!marks.targets.has(cell) && !marks.sources.has(cell)) continue;
    const [x, y] = xy(ludoCell(cell, mover));
    const g = hotspot(svg, cell, marks);
    el("rect", { x, y, width: S, height: S, fill: "transparent" }, g);
    overlay(g, x, y, S, S, cell, marks);
  }
  // the finish in the middle
  const [cx, cy] = xy([5, 5]);
  const gf = hotspot(svg, "home", marks);
  el("rect", { x: cx + 2, y: cy + 2, width: S - 4, height: S - 4, fill: THEME.cubeFace, rx: 6 }, gf);
  overlay(gf, cx, cy, S, S, "home", marks);
  // tokens on the track and home lines
  for (const [cell, stack] of Object.entries(view.pieces)) {
    stack.forEach((p, i) => {
      for (let n = 0; n < p.count; n++) {
        const [x, y] = xy(ludoCell(cell, p.seat));
        const off = (i + n) * 6;
        const g = cell.startsWith("home:") ? el("g", {}, svg) : svg.querySelector(`[data-cell="${cell}"]`) ?? svg;
        piece(g, x + S / 2 + off, y + S / 2 - off, S * 0.32, p.seat, p.piece);
      }
    });
  }
  // tokens in the yards (the mover's yard is clickable: "yard" is a move's source) and home
  for (const seat of view.seats) {
    const places = view.off_board[seat] ?? {};
    const mine = seat === mover;
    const g = mine ? hotspot(svg, "yard", marks) : el("g", {}, svg);
    const [bx, by] = xy(turn([0.5, 0.5], colourIndex(seat), 5));
    el("rect", { x: bx - S * 0.5, y: by - S * 0.5, width: 2 * S, height: 2 * S, fill: "transparent" }, g);
    for (let k = 0; k < (places.yard ?? 0); k++) {
      const [x, y] = xy(ludoCell("yard", seat, k));
      piece(g, x + S / 2, y + S / 2, S * 0.32, seat, "token");
    }
    if (mine) overlay(g, bx - S * 0.5, by - S * 0.5, 2 * S, 2 * S, "yard", marks);
    const done = places.home ?? 0;
    if (done) {
      // tokens home: counted in the middle of their colour's base
      text(svg, bx + S / 2, by + S / 2, `★ ${done}`, { "font-size": 18, fill: THEME.text, "font-weight": "bold", "font-family": "sans-serif", class: "home-count" });
    }
  }
  for (const cell of captured) {
    if (cell === "yard" || cell.startsWith("home")) continue;
    const [x, y] = xy(ludoCell(cell, ""));
    captureAnimation(svg, x + S / 2, y + S / 2, S * 0.34);
  }
  for (const cell of view.cells) {
    const g = svg.querySelector(`[data-cell="${cell}"]`);
    if (!g) continue;
    const [x, y] = xy(ludoCell(cell, ""));
    overlay(g, x, y, S, S, cell, marks);
  }
  view.dice.forEach((d, i) => die(svg, M + 8.5 * S + i * 48, M + 9.2 * S, 40, d));
}

/** The whole board, drawn afresh into ``svg``. */
export function drawBoard(svg: SVGSVGElement, view: PositionView, marks: Marks): void {
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  if (view.board === "points") drawPoints(svg, view, marks);
  else if (view.board === "track") drawTrack(svg, view, marks);
  else drawGrid(svg, view, marks);
}
