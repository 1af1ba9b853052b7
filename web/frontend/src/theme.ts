// The PNG boards' colours (rendering/theme.py LIGHT, rendering/grid_view.py and
// rendering/ludo_sprites.py seat colours): the page looks like the pictures in Discord.
export const THEME = {
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

const SEATS: Record<string, [string, string]> = {
  white: [THEME.whiteFill, THEME.whiteOutline],
  black: [THEME.blackFill, THEME.blackOutline],
  red: ["rgb(206,44,44)", "rgb(255,255,255)"],
  blue: ["rgb(32,92,206)", "rgb(255,255,255)"],
  yellow: ["rgb(250,208,44)", "rgb(34,30,26)"],
  green: ["rgb(46,170,108)", "rgb(20,28,24)"],
};

/** A seat's fill and ink (outline, letters). */
export function seatColours(seat: string): [string, string] {
  return SEATS[seat] ?? ["rgb(150,150,150)", "rgb(255,255,255)"];
}
