// The two dashboards: a server's games in progress (to watch) and a player's own games,
// those waiting for their move first, with the time left.
import { getJson } from "./api";
import { kindTitle, t } from "./i18n";
import type { Listed } from "./types";

/** Time left to `deadline`, both on the server's clock (`now`: its time when it answered). */
function left(deadline: number | null, now: number): string {
  if (deadline === null) return "";
  const s = deadline - now;
  if (s <= 0) return t("time is up");
  const h = Math.floor(s / 3600);
  return h >= 24 ? t("{d}d {h}h left", { d: Math.floor(h / 24), h: h % 24 }) : t("{h}h {m}m left", { h, m: Math.floor((s % 3600) / 60) });
}

function table(games: Listed[], mine: boolean, now: number): HTMLElement {
  const list = document.createElement("ul");
  list.className = "game-list";
  for (const g of games) {
    const li = document.createElement("li");
    if (g.your_turn) li.className = "your-turn";
    const a = document.createElement("a");
    a.href = g.link;
    a.textContent = `#${g.id} ${kindTitle(g.variant, g.title)}: ${g.seats.map((s) => s.name).join(` ${t("vs")} `)}`;
    li.appendChild(a);
    const mover = g.seats.find((s) => s.seat === g.to_move);
    const note = document.createElement("span");
    note.className = "muted";
    // The t() calls stay outside template literals: the catalog extractor reads only plain calls.
    let whose = "";
    if (mine && g.your_turn) whose = t("your move, {left}", { left: left(g.deadline, now) });
    else if (mover) whose = t("{name} to move, {left}", { name: mover.name, left: left(g.deadline, now) });
    note.textContent = whose ? " — " + whose : "";
    li.appendChild(note);
    list.appendChild(li);
  }
  if (!games.length) {
    const li = document.createElement("li");
    li.textContent = mine ? t("No games in progress.") : t("No games in progress in this server.");
    list.appendChild(li);
  }
  return list;
}

export async function myGamesPage(root: HTMLElement): Promise<void> {
  const { status, data } = await getJson<{ games: Listed[]; user: { name: string }; now: number }>("/api/me/games");
  root.innerHTML = "";
  const h1 = document.createElement("h1");
  if (status !== 200) {
    h1.textContent = t("Your games");
    const p = document.createElement("p");
    const a = document.createElement("a");
    a.href = "/auth/login?next=/me";
    a.textContent = t("Sign in with Discord");
    a.className = "button";
    p.appendChild(a);
    root.append(h1, p);
    return;
  }
  h1.textContent = t("Games of {name}", { name: data.user.name });
  root.append(h1, table(data.games, true, data.now));
}

export async function serverPage(root: HTMLElement, guildId: string, token: string): Promise<void> {
  const { status, data } = await getJson<{ games: Listed[]; now: number }>(`/api/servers/${guildId}?t=${encodeURIComponent(token)}`);
  root.innerHTML = "";
  const h1 = document.createElement("h1");
  h1.textContent = t("Games in progress");
  root.appendChild(h1);
  if (status !== 200) {
    const p = document.createElement("p");
    p.textContent = t("There is no such server, or this link is not valid.");
    root.appendChild(p);
    return;
  }
  root.appendChild(table(data.games, false, data.now));
}
