/**
 * The Activity after the handshake: the live board itself, inside Discord. The board, its
 * clicks and its live updates are web/frontend's own modules (imported, not copied); this
 * page only signs in (handshake.ts), hands the session token to the board's requests, lists
 * who is in the instance, and opens the game web/activity/games.py chose — the launched
 * game, the thread's game, or a lobby of the server's games to watch and the player's own.
 */
import type { IDiscordSDK } from "@discord/embedded-app-sdk";
import "../../frontend/src/style.css";
import "./activity.css";
import { loadMe, loadWords, useBearer } from "../../frontend/src/api";
import { kindTitle, t } from "../../frontend/src/i18n";
import { gamePage } from "../../frontend/src/game";
import { applyScheme, onSchemeChange } from "../../frontend/src/theme";
import { signIn, watchParticipants } from "./handshake";
import type { ActivityGame, ActivitySignIn, Participant } from "./handshake";
import { challengePanel } from "./challenge";
import { show } from "./status";

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text = ""): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

/** Who is in the instance, beside the board (everyone there watches; players move). */
function showParticipants(list: Participant[], signIn: ActivitySignIn, players: Set<string>): void {
  const box = document.getElementById("participants");
  if (!box) return;
  box.setAttribute("aria-label", t("In this Activity"));
  box.innerHTML = "";
  for (const p of list) {
    const li = el("li", { class: "participant", "data-user": p.id }, p.name);
    if (players.has(p.id)) li.classList.add("playing");
    if (p.id === signIn.user.id) li.classList.add("me");
    box.appendChild(li);
  }
}

let close: (() => void) | null = null;
let redraw: () => void = () => undefined;

async function openGame(root: HTMLElement, game: ActivityGame, players: Set<string>): Promise<void> {
  close?.();
  players.clear();
  for (const s of game.seats) players.add(s.user_id);
  redraw(); // the new game's players marked in the participants list
  document.body.dataset.game = String(game.id);
  document.body.dataset.mode = "game";
  root.innerHTML = "";
  close = await gamePage(root, game.id, "", { embedded: true });
}

async function lobby(
  root: HTMLElement,
  result: ActivitySignIn,
  players: Set<string>,
  participants: () => Participant[],
): Promise<void> {
  if (result.view.mode !== "lobby") return;
  root.innerHTML = "";
  const part = (title: string, games: ActivityGame[], id: string, empty: string): void => {
    root.appendChild(el("h2", {}, title));
    const list = el("ul", { id, class: "game-list" });
    for (const g of games) {
      const li = el("li", g.your_turn ? { class: "your-turn" } : {});
      const button = el("button", { class: "open-game", "data-game": String(g.id) }, `#${g.id} ${kindTitle(g.variant, g.name)}`);
      button.addEventListener("click", () => void openGame(root, g, players));
      li.appendChild(button);
      if (g.your_turn) li.appendChild(el("span", { class: "muted" }, " — " + t("your move")));
      list.appendChild(li);
    }
    if (!games.length) list.appendChild(el("li", { class: "muted" }, empty));
    root.appendChild(list);
  };
  part(t("Your games"), result.view.play, "play-list", t("No games of yours here: challenge someone with /challenge."));
  part(t("Games to watch"), result.view.watch, "watch-list", t("No other games in progress in this server."));
  if (result.view.can_challenge) {
    await challengePanel(
      {
        root,
        me: result.user.id,
        session: result.session,
        participants,
        open: (game) => openGame(root, game, players),
      },
      result.view.challenges,
      result.view.play,
    );
  }
}

/** Sign in, then show the board (or the lobby); `onParticipants` also hears the list. */
export async function runActivity(
  sdk: IDiscordSDK,
  clientId: string,
  onParticipants: (list: Participant[]) => void = () => undefined,
): Promise<ActivitySignIn> {
  // The live board's light and dark schemes, following the system's prefers-color-scheme
  // (Discord's client is dark by default). No toggle in the Activity: its header is Discord's
  // narrow frame, and Discord has its own appearance settings; the toggle stays on the
  // browser's live board.
  applyScheme();
  onSchemeChange(() => undefined); // a system change restyles the page (an open board redraws)
  const result = await signIn(sdk, { clientId });
  useBearer(result.session);
  await loadMe();
  await loadWords(result.view.mode === "game" ? `?game=${result.view.game.id}` : "");
  const root = document.getElementById("app") ?? document.body;
  const players = new Set<string>();
  let present: Participant[] = [];
  redraw = () => showParticipants(present, result, players);
  if (result.view.mode === "game") await openGame(root, result.view.game, players);
  await watchParticipants(sdk, (list) => {
    present = list;
    redraw();
    onParticipants(list);
  });
  if (result.view.mode === "lobby") await lobby(root, result, players, () => present);
  show(result);
  return result;
}
