// The JSON the server sends (web/snapshot.py, web/api.py): the rules' PositionView and
// ActionView as they are, plus players, moves, result and clock.

export interface Piece {
  seat: string;
  piece: string;
  count: number;
  captive?: boolean;
}

export interface Cube {
  value: number;
  owner: string | null;
  offered: number | null;
}

export interface PositionView {
  game: string;
  board: "grid" | "points" | "track";
  files: number;
  ranks: number;
  cells: string[];
  pieces: Record<string, Piece[]>;
  seats: string[];
  to_move: string | null;
  off_board: Record<string, Record<string, number>>;
  dice: number[];
  cube: Cube | null;
  outcome: Record<string, unknown> | null;
  last: string[];
  extra: Record<string, unknown>;
}

export interface Action {
  text: string;
  kind: string;
  source: string | null;
  target: string | null;
  path: string[];
  promotion: string | null;
  steps: [string, string][];
}

export interface Effect {
  kind: string;
  seat?: string;
  cell?: string;
  source?: string;
  target?: string;
  [key: string]: unknown;
}

export interface Seat {
  seat: string;
  player_id: string;
  name: string;
  computer: string | null;
}

export interface Snapshot {
  id: number;
  variant: string;
  title: string;
  status: string;
  ply: number;
  rated: boolean;
  seats: Seat[];
  to_move: string | null;
  view: PositionView;
  moves: { ply: number; seat: string; text: string; auto: boolean }[];
  recent: { ply: number; effects: Effect[] }[];
  result: { winner: string | null; reason: string | null; places: string[]; points: number | null } | null;
  clock: { turn_since: number; deadline: number | null; now: number };
  draw_offer: string | null;
  me: { user_id: string | null; seat: string | null };
  actions: Action[];
  watch_token: string;
  server_link: string | null;
}

export interface Me {
  user: { id: string; name: string } | null;
  csrf: string | null;
}

export interface Listed {
  id: number;
  variant: string;
  title: string;
  seats: Seat[];
  to_move: string | null;
  ply: number;
  deadline: number | null;
  your_turn: boolean;
  link: string;
}
