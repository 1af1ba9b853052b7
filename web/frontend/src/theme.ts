// The PNG boards' colours (rendering/theme.py LIGHT and DARK, rendering/grid_view.py and
// rendering/ludo_sprites.py seat colours): the page looks like the pictures in Discord. The
// dark palette is the pictures' own dark theme (checked there for colour-blind eyes); pieces
// and seat colours are the same in both, so a player recognises their side at once.
const LIGHT = {
  background: "rgb(246,241,231)",
  lightSquare: "rgb(236,218,181)",
  darkSquare: "rgb(176,124,82)",
  frame: "rgb(92,62,38)",
  label: "rgb(74,52,34)",
  text: "rgb(38,30,24)",
  whiteFill: "rgb(244,236,216)",
  whiteOutline: "rgb(40,32,24)",
  blackFill: "rgb(34,31,36)",
  blackOutline: "rgb(238,230,214)",
  heldMark: "rgb(214,36,48)",
  moveTint: "rgba(180,190,40,0.6)",
  check: "rgb(250,120,20)",
  captureMark: "rgb(250,120,20)",
  releaseMark: "rgb(0,114,178)",
  felt: "rgb(218,200,160)",
  pointA: "rgb(164,70,50)",
  pointB: "rgb(58,102,92)",
  cubeFace: "rgb(250,248,240)",
  cubeInk: "rgb(30,26,24)",
  accent: "rgb(52,112,178)",
};

const DARK: typeof LIGHT = {
  ...LIGHT,
  background: "rgb(43,45,49)",
  lightSquare: "rgb(196,178,150)",
  darkSquare: "rgb(118,92,70)",
  frame: "rgb(22,22,24)",
  label: "rgb(214,208,198)",
  text: "rgb(236,232,224)",
  moveTint: "rgba(130,165,35,0.6)",
  felt: "rgb(78,92,80)",
  pointA: "rgb(158,78,62)",
  pointB: "rgb(176,160,128)",
  accent: "rgb(88,101,242)",
};

/** The colours the boards are drawn in now (the page's scheme: see applyScheme). */
export const THEME = { ...LIGHT };

export type Scheme = "light" | "dark";
const KEY = "live-board-scheme";
const CHANGED = "live-board-scheme";

function saved(): Scheme | null {
  try {
    const value = localStorage.getItem(KEY);
    return value === "light" || value === "dark" ? value : null;
  } catch {
    return null; // storage refused (a sandboxed frame): follow the system
  }
}

function system(): Scheme {
  return window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** The scheme shown: the reader's own choice (remembered), else their system's. */
export function scheme(): Scheme {
  return saved() ?? system();
}

function show(shown: Scheme): void {
  Object.assign(THEME, shown === "dark" ? DARK : LIGHT);
  document.documentElement.dataset.theme = shown;
}

/** Draw and style the page in the current scheme (`data-theme` on <html> picks the CSS). */
export function applyScheme(): Scheme {
  const shown = scheme();
  show(shown);
  return shown;
}

/** Switch to the other scheme and remember it; every listener redraws. */
export function toggleScheme(): Scheme {
  const next: Scheme = scheme() === "dark" ? "light" : "dark";
  try {
    localStorage.setItem(KEY, next);
  } catch {
    // storage refused: switched for this page only
  }
  show(next);
  window.dispatchEvent(new Event(CHANGED));
  return next;
}

/** Call `redraw` whenever the scheme changes (the toggle, or the system's while unchosen). */
export function onSchemeChange(redraw: () => void): () => void {
  const media = window.matchMedia?.("(prefers-color-scheme: dark)");
  const systemChanged = (): void => {
    if (saved() === null) {
      applyScheme();
      redraw();
    }
  };
  window.addEventListener(CHANGED, redraw);
  media?.addEventListener("change", systemChanged);
  return () => {
    window.removeEventListener(CHANGED, redraw);
    media?.removeEventListener("change", systemChanged);
  };
}

const SEATS: Record<string, [string, string]> = {
  white: [LIGHT.whiteFill, LIGHT.whiteOutline],
  black: [LIGHT.blackFill, LIGHT.blackOutline],
  red: ["rgb(206,44,44)", "rgb(255,255,255)"],
  blue: ["rgb(32,92,206)", "rgb(255,255,255)"],
  yellow: ["rgb(250,208,44)", "rgb(34,30,26)"],
  green: ["rgb(46,170,108)", "rgb(20,28,24)"],
};

/** A seat's fill and ink (outline, letters). */
export function seatColours(seat: string): [string, string] {
  return SEATS[seat] ?? ["rgb(150,150,150)", "rgb(255,255,255)"];
}
