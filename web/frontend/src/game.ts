// A game's page: the board, the players and whose turn, the clocks, the move list, the
// result, and for the player to move the clickable board and the action buttons. Every state
// comes from the server (a snapshot per change, pushed); a move is posted and the pushed
// snapshot that follows shows it.
import { currentMe, follow, getJson, post } from "./api";
import { drawBoard } from "./board";
import { enableDrag } from "./drag";
import { boardActions, click, EMPTY, highlights, undo, type PickState } from "./picker";
import { gameTitle, reasonWords, t, tn } from "./i18n";
import { onSchemeChange } from "./theme";
import type { Action, Snapshot } from "./types";

const BUTTON_WORDS: Record<string, () => string> = {
  roll: () => t("Roll"), double: () => t("Double"), take: () => t("Take"), drop: () => t("Drop"), pass: () => t("Pass"),
};

const SEAT_WORDS: Record<string, () => string> = {
  white: () => t("White"), black: () => t("Black"), red: () => t("Red"),
  green: () => t("Green"), yellow: () => t("Yellow"), blue: () => t("Blue"),
};

/** The pieces a move may promote to (the rules name them; chess's). */
const PIECE_WORDS: Record<string, () => string> = {
  queen: () => t("Queen"), rook: () => t("Rook"), bishop: () => t("Bishop"), knight: () => t("Knight"),
};

/** A seat's name in the reader's language (a seat no table knows: as the server names it). */
export function seatName(seat: string): string {
  return SEAT_WORDS[seat]?.() ?? capital(seat);
}

function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, body = ""): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (body) node.textContent = body;
  return node;
}

function capital(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function timeLeft(seconds: number): string {
  if (seconds <= 0) return t("time is up");
  const d = Math.floor(seconds / 86400);
  const hh = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d) return t("{d}d {h}h left", { d, h: hh });
  if (hh) return t("{h}h {m}m left", { h: hh, m });
  return t("{m}m {s}s left", { m, s: Math.floor(seconds % 60) });
}

/** `embedded`: shown inside the Discord Activity, which signs in by itself and has no other
 * pages to link to. */
export interface GamePageOptions {
  embedded?: boolean;
}

export async function gamePage(
  root: HTMLElement,
  gameId: number,
  token: string,
  options: GamePageOptions = {},
): Promise<() => void> {
  const query = token ? `?t=${encodeURIComponent(token)}` : "";
  const first = await getJson<Snapshot | { error: string }>(`/api/games/${gameId}${query}`);
  root.innerHTML = "";
  if (first.status !== 200) {
    const p = h("p", { id: "refused", class: "message error" });
    p.textContent = "error" in first.data ? first.data.error : t("This game cannot be shown.");
    root.appendChild(p);
    return () => undefined;
  }
  const layout = h("div", { class: "game" });
  const boardBox = h("div", { class: "board-box" });
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("id", "board");
  svg.setAttribute("role", "img");
  boardBox.appendChild(svg);
  const side = h("aside", { class: "side" });
  const title = h("h1", { id: "title" });
  const status = h("p", { id: "status", class: "muted" }, t("Connecting…"));
  const players = h("ul", { id: "players", class: "players" });
  const result = h("p", { id: "result", class: "result" });
  const controls = h("div", { id: "controls", class: "controls" });
  const message = h("p", { id: "message", class: "message", role: "status" });
  const movesTitle = h("h2", {}, t("Moves"));
  const moves = h("ol", { id: "moves", class: "moves" });
  const more = h("p", { class: "more" });
  if (!options.embedded && "server_link" in first.data && first.data.server_link) {
    more.appendChild(h("a", { href: first.data.server_link, id: "server-link" }, t("All games in this server")));
  }
  side.append(title, status, players, result, controls, message, movesTitle, moves, more);
  layout.append(boardBox, side);
  root.appendChild(layout);

  let snap: Snapshot | null = null;
  let pick: PickState = EMPTY;
  let busy = false;
  let choice: Action[] = [];
  // the server's clock against this one's, from the fresh answer above (a pushed event may
  // have been made a while ago for an earlier page)
  const skew = "clock" in first.data ? first.data.clock.now - Date.now() / 1000 : 0;

  const mine = (): Action[] => (snap && !busy ? snap.actions : []);

  const dragging = enableDrag(svg, {
    canStart: (cell) => highlights(mine(), pick).sources.has(cell),
    start: (cell) => {
      pick = { ...pick, selected: cell };
      choice = [];
      render();
    },
    drop: (cell) => {
      // on a lit destination: as a click there; anywhere else the piece goes back
      if (cell !== null && highlights(mine(), pick).targets.has(cell)) choose(cell);
      else {
        pick = { ...pick, selected: null };
        render();
      }
    },
  });

  // Inside Discord the page runs in a sandboxed frame where the browser's own dialogs may be
  // blocked (confirm() then answers "no" at once): there the question is asked on the page.
  const confirmed = (question: string): Promise<boolean> => {
    if (!options.embedded) return Promise.resolve(window.confirm(question));
    return new Promise((resolve) => {
      side.querySelector("#confirm")?.remove();
      const box = h("div", { id: "confirm", class: "confirm", role: "alertdialog" });
      const yes = h("button", { id: "confirm-yes", class: "danger" }, t("Yes"));
      const no = h("button", { id: "confirm-no" }, t("No"));
      const answer = (value: boolean) => () => {
        box.remove();
        resolve(value);
      };
      yes.addEventListener("click", answer(true));
      no.addEventListener("click", answer(false));
      box.append(h("span", {}, `${question} `), yes, no);
      controls.after(box);
    });
  };

  const play = async (action: Action): Promise<void> => {
    if (!snap) return;
    const played = snap.ply;
    busy = true;
    document.body.dataset.busy = "true"; // clicks wait for the answer (and tests with them)
    choice = [];
    message.textContent = t("Playing {move}…", { move: action.text });
    render();
    const answer = await post(`/api/games/${gameId}/move`, { action: action.text, ply: played });
    busy = false;
    delete document.body.dataset.busy;
    // the pushed position may have come first (the player's next turn): keep what they picked there
    if (!snap || snap.ply === played) pick = EMPTY;
    message.textContent = answer.ok ? "" : answer.error ?? t("The move was refused.");
    message.className = answer.ok ? "message" : "message error";
    render();
  };

  const renderControls = (): void => {
    controls.innerHTML = "";
    if (!snap) return;
    const actions = mine();
    for (const a of actions.filter((x) => x.kind in BUTTON_WORDS)) {
      const b = h("button", { class: `action action-${a.kind}`, "data-action": a.text }, BUTTON_WORDS[a.kind]());
      b.addEventListener("click", () => void play(a));
      controls.appendChild(b);
    }
    if (choice.length) {
      const box = h("div", { class: "choice" });
      box.appendChild(h("span", {}, `${t("Which one?")} `));
      for (const a of choice) {
        const b = h("button", { class: "choice-button", "data-action": a.text }, a.promotion ? `${PIECE_WORDS[a.promotion]?.() ?? capital(a.promotion)} (${a.text})` : a.text);
        b.addEventListener("click", () => void play(a));
        box.appendChild(b);
      }
      controls.appendChild(box);
    }
    if (pick.steps.length) {
      const shown = h("span", { class: "steps" }, `${t("Steps: {steps}", { steps: pick.steps.map(([a, b]) => `${a}→${b}`).join(", ") })} `);
      const u = h("button", { class: "undo" }, `↩ ${t("Undo")}`);
      u.addEventListener("click", () => {
        pick = undo(pick);
        render();
      });
      controls.append(shown, u);
    }
    const clickable = boardActions(actions);
    if (clickable.length) {
      // every legal action also in a list: for keyboards and screen readers
      const select = h("select", { id: "all-moves", "aria-label": t("All legal moves") });
      for (const a of clickable) select.appendChild(h("option", { value: a.text }, a.text));
      const b = h("button", { id: "play-selected" }, t("Play"));
      b.addEventListener("click", () => {
        const a = clickable.find((x) => x.text === select.value);
        if (a) void play(a);
      });
      const row = h("div", { class: "list-row" });
      row.append(select, b);
      controls.appendChild(row);
    }
    const me = currentMe();
    if (snap.status === "active" && snap.me.seat) {
      const resign = h("button", { id: "resign", class: "danger" }, t("Resign"));
      resign.addEventListener("click", async () => {
        if (!(await confirmed(t("Resign game #{id}? This cannot be undone.", { id: gameId })))) return;
        const answer = await post(`/api/games/${gameId}/resign`, {});
        message.textContent = answer.ok ? "" : answer.error ?? "Refused.";
      });
      controls.appendChild(resign);
      if (snap.seats.length === 2 && !snap.seats.some((x) => x.computer)) {
        const theirs = snap.draw_offer !== null && snap.draw_offer !== snap.me.user_id;
        const mineOffered = snap.draw_offer !== null && snap.draw_offer === snap.me.user_id;
        const label = theirs ? t("Accept draw") : mineOffered ? t("Draw offered") : t("Offer draw");
        const draw = h("button", { id: "draw" }, label);
        if (mineOffered) draw.setAttribute("disabled", "");
        draw.addEventListener("click", async () => {
          const question = theirs ? t("Accept the draw offer? The game ends drawn.") : t("Offer a draw? It lapses when a move is played.");
          if (!(await confirmed(question))) return;
          const answer = await post(`/api/games/${gameId}/draw`, {});
          message.textContent = answer.ok ? "" : answer.error ?? "Refused.";
          message.className = answer.ok ? "message" : "message error";
        });
        controls.appendChild(draw);
      }
    }
    if (!me.user && !options.embedded) {
      const next = encodeURIComponent(location.pathname + location.search);
      const a = h("a", { href: `/auth/login?next=${next}`, id: "sign-in", class: "button" }, t("Sign in with Discord to play"));
      controls.appendChild(a);
    }
  };

  const render = (): void => {
    if (!snap) return;
    const s = snap;
    title.textContent = t("Game #{id} · {title}", { id: s.id, title: gameTitle(s.title) });
    document.title = t("#{id} {title} — live board", { id: s.id, title: gameTitle(s.title) });
    const actions = mine();
    const { sources, targets } = highlights(actions, pick);
    const recent = s.recent.flatMap((r) => r.effects);
    drawBoard(svg, s.view, {
      flip: s.me.seat === "black" && s.view.board !== "track",
      selected: pick.selected,
      sources,
      targets,
      recent,
      mover: s.to_move,
    });
    svg.classList.toggle("playing", sources.size > 0); // a touch on the board carries pieces
    dragging.redrawn();
    svg.setAttribute("aria-label", s.to_move ? t("{title} board, {seat} to move", { title: gameTitle(s.title), seat: seatName(s.to_move) }) : t("{title} board, game over", { title: gameTitle(s.title) }));
    players.innerHTML = "";
    const now = Date.now() / 1000 + skew; // the server's clock is the reference
    for (const seat of s.seats) {
      const li = h("li", { class: `player seat-${seat.seat}${s.to_move === seat.seat ? " to-move" : ""}` });
      li.appendChild(h("span", { class: `swatch swatch-${seat.seat}` }));
      li.appendChild(h("span", { class: "name" }, seat.computer ? t("{name} (computer, {level})", { name: seat.name, level: seat.computer }) : seat.name));
      li.appendChild(h("span", { class: "seat" }, ` ${seatName(seat.seat)}`));
      if (s.to_move === seat.seat) {
        const clock = h("span", { class: "clock" }, s.clock.deadline ? ` · ${timeLeft(s.clock.deadline - now)}` : ` · ${t("to move")}`);
        li.appendChild(clock);
      }
      players.appendChild(li);
    }
    if (s.result) {
      const r = s.result;
      const winner = s.seats.find((x) => x.seat === r.winner);
      const places = r.places.length > 2 ? ` ${t("Places: {places}.", { places: r.places.map((p, i) => `${i + 1}. ${seatName(p)}`).join(", ") })}` : "";
      result.textContent = r.reason === "aborted" ? t("Game aborted.") :
        winner ? (r.points
          ? tn("{name} ({seat}) wins {count} point: {reason}.", "{name} ({seat}) wins {count} points: {reason}.", r.points, { name: winner.name, seat: seatName(winner.seat), reason: reasonWords(r.reason) })
          : t("{name} ({seat}) wins: {reason}.", { name: winner.name, seat: seatName(winner.seat), reason: reasonWords(r.reason) })) + places :
        t("Draw: {reason}.", { reason: reasonWords(r.reason) });
    } else {
      const mover = s.seats.find((x) => x.seat === s.to_move);
      result.textContent = mover ? (s.actions.length ? t("Your move.") : t("{name} ({seat}) to move.", { name: mover.name, seat: seatName(mover.seat) })) : "";
    }
    moves.innerHTML = "";
    for (const m of s.moves) {
      const li = h("li", { class: m.auto ? "auto" : "" }, `${seatName(m.seat)}: ${m.text}`);
      moves.appendChild(li);
    }
    moves.scrollTop = moves.scrollHeight;
    renderControls();
  };

  /** A click on `cell` (or a carried piece dropped there): select, step, or play. */
  const choose = (cell: string): void => {
    const outcome = click(mine(), pick, cell);
    pick = outcome.state;
    if (outcome.kind === "play") {
      if (outcome.actions.length === 1) void play(outcome.actions[0]);
      else {
        choice = outcome.actions;
        render();
      }
      return;
    }
    choice = [];
    render();
  };

  svg.addEventListener("click", (event) => {
    const target = (event.target as Element).closest("[data-cell]");
    if (!target || !snap) return;
    choose(target.getAttribute("data-cell") ?? "");
  });

  const stop = follow(
    gameId,
    token,
    (next) => {
      const moved = !snap || next.ply !== snap.ply || next.status !== snap.status;
      snap = next;
      if (moved) {
        pick = EMPTY;
        choice = [];
        if (!message.classList.contains("error")) message.textContent = "";
      }
      document.body.dataset.ply = String(next.ply);
      render();
    },
    (state) => {
      if (state === "ended") {
        status.textContent = t("You left this Activity, or it has ended: the board no longer updates. Open the Activity again to follow the game.");
        status.className = "ended";
        document.body.dataset.stream = "ended";
        return;
      }
      status.textContent = state === "live" ? "● " + t("Live") : t("Reconnecting…");
      status.className = state === "live" ? "live" : "muted";
    },
  );
  const tick = window.setInterval(() => snap?.clock.deadline && render(), 30_000);
  const unscheme = onSchemeChange(render); // the board is drawn in the scheme's colours
  return () => {
    stop();
    unscheme();
    window.clearInterval(tick);
  };
}
