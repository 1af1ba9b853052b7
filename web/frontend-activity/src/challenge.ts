/**
 * Challenging from the Activity's lobby (web/activity/challenges.py): pick a game, someone in
 * the Activity (or anyone, or the computer), a colour; the bot posts the challenge in the
 * channel exactly as /challenge does, where it can be answered with its buttons, or here.
 * The lobby asks again every few seconds: a challenge of yours that was accepted (here or in
 * Discord) opens its game, and so does any new game of yours in this server.
 */
import { getJson } from "../../frontend/src/api";
import { t } from "../../frontend/src/i18n";
import type { ActivityGame, Participant } from "./handshake";

export interface ActivityChallenge {
  id: number;
  variant: string;
  status: string;
  challenger_id: string;
  challenged_id: string | null;
  computer: boolean;
  table: boolean;
  yours: boolean;
  can_accept: boolean;
  can_decline: boolean;
  can_cancel: boolean;
  game_id: number | null;
}

interface Choices {
  games: { id: string; name: string; computer: boolean }[];
  colours: string[];
  levels: string[];
}

interface Lobby {
  root: HTMLElement;
  me: string;
  session: string;
  participants: () => Participant[];
  open: (game: ActivityGame) => Promise<void>;
}

const POLL_MS = 2000;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text = ""): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

async function send(url: string, session: string, body: unknown): Promise<{ ok: boolean; data: Record<string, unknown> }> {
  const r = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "Bearer " + session },
    body: JSON.stringify(body),
  });
  const data = (await r.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: r.ok, data };
}

/** A refusal's words: the bot's own (already in the player's language) or a generic one. */
function refusal(data: Record<string, unknown>): string {
  if (data.code === "refused" && typeof data.error === "string") return data.error;
  if (data.code === "rate_limited") return t("Too many challenges at once: wait a minute.");
  return t("The challenge could not be sent; try again in a moment.");
}

function select(id: string, label: string, options: [string, string][]): HTMLLabelElement {
  const wrap = el("label", { for: id }, label + " ");
  const box = el("select", { id });
  for (const [value, words] of options) box.appendChild(el("option", { value }, words));
  wrap.appendChild(box);
  return wrap;
}

function nameOf(lobby: Lobby, id: string | null): string {
  if (id === null) return t("anyone");
  return lobby.participants().find((p) => p.id === id)?.name ?? "#" + id;
}

/** The lobby's "Start a challenge" form and its list of open challenges. */
export async function challengePanel(
  lobby: Lobby,
  challenges: ActivityChallenge[],
  started: ActivityGame[],
): Promise<void> {
  const { root } = lobby;
  const section = el("section", { id: "challenge" });
  section.appendChild(el("h2", {}, t("Start a challenge")));
  const choices = await getJson<Choices>("/api/activity/challenge-choices");
  const games = choices.status === 200 ? choices.data.games : [];
  const names = new Map(games.map((g) => [g.id, g.name]));
  const form = el("form", { id: "challenge-form" });
  form.appendChild(select("challenge-game", t("Game"), games.map((g) => [g.id, g.name])));
  const opponent = select("challenge-opponent", t("Opponent"), []);
  form.appendChild(opponent);
  form.appendChild(
    select("challenge-colour", t("Your colour"), [
      ["random", t("Random")],
      ["white", t("White")],
      ["black", t("Black")],
    ]),
  );
  const level = select("challenge-level", t("Computer's level"), [
    ["easy", t("Easy")],
    ["medium", t("Medium")],
    ["hard", t("Hard")],
  ]);
  (level.querySelector("select") as HTMLSelectElement).value = "medium";
  form.appendChild(level);
  const submit = el("button", { type: "submit", id: "challenge-send" }, t("Challenge"));
  form.appendChild(submit);
  const note = el("p", { id: "challenge-note", role: "status" });
  section.appendChild(form);
  section.appendChild(note);
  section.appendChild(el("h2", {}, t("Open challenges")));
  const list = el("ul", { id: "challenge-list", class: "game-list" });
  section.appendChild(list);
  root.appendChild(section);

  const who = opponent.querySelector("select") as HTMLSelectElement;
  const refreshOpponents = (): void => {
    const chosen = who.options.length ? who.value : null; // none yet: the first one in here
    who.innerHTML = "";
    for (const p of lobby.participants()) {
      if (p.id !== lobby.me) who.appendChild(el("option", { value: p.id }, p.name));
    }
    who.appendChild(el("option", { value: "computer" }, t("The computer")));
    who.appendChild(el("option", { value: "" }, t("Anyone (an open challenge)")));
    if (chosen !== null && [...who.options].some((o) => o.value === chosen)) who.value = chosen;
    level.hidden = who.value !== "computer";
  };
  who.addEventListener("change", () => (level.hidden = who.value !== "computer"));
  refreshOpponents();

  const known = new Set<number>(started.map((g) => g.id)); // a game not among these is new
  const mine = new Set<number>(); // challenges of mine (made or answered) whose game opens here
  let done = false;
  const follow = async (id: number): Promise<void> => {
    const r = await getJson<ActivityChallenge & { game: ActivityGame | null }>("/api/activity/challenges/" + id);
    if (r.status !== 200) return;
    if (r.data.game && r.data.status === "accepted") {
      done = true;
      await lobby.open(r.data.game);
    } else if (r.data.status !== "pending") {
      mine.delete(id);
      const closed: Record<string, string> = {
        declined: t("Challenge #{id} was declined.", { id }),
        cancelled: t("Challenge #{id} was cancelled.", { id }),
      };
      note.textContent = closed[r.data.status] ?? t("Challenge #{id} has expired.", { id });
    }
  };
  const draw = (open: ActivityChallenge[]): void => {
    list.innerHTML = "";
    for (const c of open) {
      if (c.yours || c.challenged_id === lobby.me) mine.add(c.id);
      const li = el("li", { class: "challenge", "data-challenge": String(c.id) });
      const game = names.get(c.variant) ?? c.variant;
      li.appendChild(
        el("span", {}, "#" + c.id + " " + game + ": " + nameOf(lobby, c.challenger_id) + " → " + nameOf(lobby, c.challenged_id) + " "),
      );
      if (c.can_accept) {
        const accept = el("button", { class: "accept-challenge", "data-challenge": String(c.id) }, t("Accept"));
        accept.addEventListener("click", () => {
          accept.disabled = true;
          mine.add(c.id);
          void send("/api/activity/challenges/" + c.id + "/accept", lobby.session, {}).then(async ({ ok, data }) => {
            if (ok && data.game) {
              done = true;
              await lobby.open(data.game as ActivityGame);
            } else {
              note.textContent = refusal(data);
              accept.disabled = false;
            }
          });
        });
        li.appendChild(accept);
      }
      // Decline (addressed to me) and Cancel (mine): as the challenge message's own buttons
      const closers: [boolean, string, string, string][] = [
        [c.can_decline, "decline", t("Decline"), t("Challenge #{id} was declined.", { id: c.id })],
        [c.can_cancel, "cancel", t("Cancel"), t("Challenge #{id} was cancelled.", { id: c.id })],
      ];
      for (const [allowed, action, label, done] of closers) {
        if (!allowed) continue;
        const button = el("button", { class: action + "-challenge", "data-challenge": String(c.id) }, label);
        button.addEventListener("click", () => {
          button.disabled = true;
          void send("/api/activity/challenges/" + c.id + "/" + action, lobby.session, {}).then(({ ok, data }) => {
            if (ok) {
              mine.delete(c.id); // closed here: nothing to follow
              li.remove();
              note.textContent = done;
            } else {
              note.textContent = refusal(data);
              button.disabled = false;
            }
          });
        });
        li.appendChild(button);
      }
      list.appendChild(li);
    }
    if (!open.length) list.appendChild(el("li", { class: "muted" }, t("No open challenges here.")));
  };
  draw(challenges);

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submit.disabled = true;
    const computer = who.value === "computer";
    const body = {
      game: (form.querySelector("#challenge-game") as HTMLSelectElement).value,
      opponent: who.value || null,
      colour: (form.querySelector("#challenge-colour") as HTMLSelectElement).value,
      level: computer ? (level.querySelector("select") as HTMLSelectElement).value : null,
    };
    void send("/api/activity/challenges", lobby.session, body).then(async ({ ok, data }) => {
      submit.disabled = false;
      if (!ok) {
        note.textContent = refusal(data);
        return;
      }
      const id = Number(data.challenge);
      mine.add(id);
      if (data.game) {
        done = true;
        await lobby.open(data.game as ActivityGame);
        return;
      }
      note.textContent = t("Challenge #{id} is posted in the channel: waiting for an answer.", { id });
    });
  });

  // ask again: new challenges to list, and whether one of mine has started its game
  const poll = async (): Promise<void> => {
    if (done || !document.body.contains(section)) return;
    const r = await getJson<{ challenges: ActivityChallenge[]; games: ActivityGame[] }>("/api/activity/challenges");
    if (r.status === 200) {
      const fresh = r.data.games.find((g) => !known.has(g.id));
      if (fresh) {
        done = true;
        await lobby.open(fresh);
        return;
      }
      const open = new Set(r.data.challenges.map((c) => c.id));
      for (const id of [...mine]) if (!open.has(id)) await follow(id);
      if (done) return;
      draw(r.data.challenges);
      refreshOpponents();
    }
    window.setTimeout(() => void poll(), POLL_MS);
  };
  window.setTimeout(() => void poll(), POLL_MS);
}
