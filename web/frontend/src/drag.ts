// Drag to move, besides clicking: press a piece that can move and carry it (its legal
// destinations light up, as after a click on it), release it on a lit destination. What the
// drop means is decided by the page exactly as for a click there (picker.ts), so the same
// move goes through the same API; a press that does not travel stays a click.
export interface DragHooks {
  /** Whether a press on `cell` may pick its piece up (a piece that can move, now). */
  canStart(cell: string): boolean;
  /** The piece of `cell` is being carried: select it (its destinations light up). */
  start(cell: string): void;
  /** Released over `cell` (null: off the board, or back where it started). */
  drop(cell: string | null): void;
}

export interface Dragging {
  /** The board was drawn afresh: draw the carried piece over it again. */
  redrawn(): void;
}

const THRESHOLD = 6; // CSS pixels a press travels before it is a drag, not a click

interface Carry {
  cell: string;
  pointer: number;
  x: number;
  y: number;
  moved: boolean;
  origin: DOMPoint | null;
  at: DOMPoint | null;
}

export function enableDrag(svg: SVGSVGElement, hooks: DragHooks): Dragging {
  let carry: Carry | null = null;
  let ghost: SVGElement | null = null;
  let swallowClick = false;

  const boardPoint = (event: PointerEvent): DOMPoint => {
    const matrix = svg.getScreenCTM();
    const point = new DOMPoint(event.clientX, event.clientY);
    return matrix ? point.matrixTransform(matrix.inverse()) : point;
  };

  const place = (): void => {
    if (!ghost || !carry?.origin || !carry.at) return;
    ghost.setAttribute("transform", `translate(${carry.at.x - carry.origin.x},${carry.at.y - carry.origin.y})`);
  };

  const lift = (): void => {
    ghost?.remove();
    ghost = null;
    if (!carry?.moved) return;
    const piece = svg.querySelector(`[data-cell="${CSS.escape(carry.cell)}"] .piece`);
    if (!piece) return;
    piece.classList.add("carried-from");
    ghost = piece.cloneNode(true) as SVGElement;
    ghost.classList.remove("carried-from");
    ghost.classList.add("carried");
    svg.appendChild(ghost);
    place();
  };

  const end = (): Carry | null => {
    const done = carry;
    carry = null;
    ghost?.remove();
    ghost = null;
    if (done && svg.hasPointerCapture(done.pointer)) svg.releasePointerCapture(done.pointer);
    return done;
  };

  svg.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || carry) return;
    const cell = (event.target as Element).closest("[data-cell]")?.getAttribute("data-cell");
    if (!cell || !hooks.canStart(cell)) return;
    carry = { cell, pointer: event.pointerId, x: event.clientX, y: event.clientY, moved: false, origin: null, at: null };
  });

  svg.addEventListener("pointermove", (event) => {
    if (!carry || event.pointerId !== carry.pointer) return;
    if (!carry.moved) {
      if (Math.hypot(event.clientX - carry.x, event.clientY - carry.y) < THRESHOLD) return;
      carry.moved = true;
      carry.origin = boardPoint(event);
      svg.setPointerCapture(event.pointerId);
      carry.at = carry.origin;
      hooks.start(carry.cell); // redraws the board, which lifts the piece (redrawn)
    }
    carry.at = boardPoint(event);
    place();
  });

  svg.addEventListener("pointerup", (event) => {
    if (!carry || event.pointerId !== carry.pointer) return;
    const done = end();
    if (!done?.moved) return; // a click: the click handler does it
    swallowClick = true; // the click this release may fire is not a click on the board
    window.setTimeout(() => (swallowClick = false), 0);
    const under = document.elementFromPoint(event.clientX, event.clientY)?.closest("[data-cell]");
    const cell = under && svg.contains(under) ? under.getAttribute("data-cell") : null;
    hooks.drop(cell !== done.cell ? cell : null);
  });

  svg.addEventListener("pointercancel", (event) => {
    if (!carry || event.pointerId !== carry.pointer) return;
    if (end()?.moved) hooks.drop(null);
  });

  svg.addEventListener(
    "click",
    (event) => {
      if (!swallowClick) return;
      swallowClick = false;
      event.stopImmediatePropagation();
    },
    true,
  );

  return { redrawn: lift };
}
