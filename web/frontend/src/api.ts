// Talking to the server: JSON requests (with the CSRF token on every POST) and the game's
// Server-Sent Events stream, which reconnects by itself and starts with the full snapshot,
// so a page catches up after a network drop or a bot restart.
//
// Inside Discord (the Activity, web/frontend-activity) there is no sign-in cookie: the
// Activity's session token goes as `Authorization: Bearer …` on every request (useBearer),
// and as `?activity_session=` on the event stream (an EventSource cannot send headers).
import { setWords, t, type Words } from "./i18n";
import type { Me, Snapshot } from "./types";

let me: Me = { user: null, csrf: null };
let bearer: string | null = null;

/** Send `token` (the Activity's bound session) with every request from now on. */
export function useBearer(token: string): void {
  bearer = token;
}

function auth(): Record<string, string> {
  return bearer ? { Authorization: `Bearer ${bearer}` } : {};
}

export async function loadMe(): Promise<Me> {
  const r = await fetch("/api/me", { credentials: "same-origin", headers: auth() });
  me = (await r.json()) as Me;
  return me;
}

/** The page's words in the reader's language (`query`: `?game=<id>&t=<token>` on a game's
 * page, whose server's language counts when the reader chose none); English on failure. */
export async function loadWords(query = ""): Promise<void> {
  try {
    const r = await fetch(`/api/words${query}`, { credentials: "same-origin", headers: auth() });
    if (r.ok) setWords((await r.json()) as Words);
  } catch {
    // offline: the page stays in English
  }
}

export function currentMe(): Me {
  return me;
}

export async function getJson<T>(url: string): Promise<{ status: number; data: T }> {
  const r = await fetch(url, { credentials: "same-origin", headers: auth() });
  return { status: r.status, data: (await r.json()) as T };
}

export async function post(url: string, body: unknown): Promise<{ ok: boolean; error?: string }> {
  const r = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": me.csrf ?? "", ...auth() },
    body: JSON.stringify(body ?? {}),
  });
  try {
    const data = (await r.json()) as { ok?: boolean; error?: string };
    return { ok: r.ok && data.ok !== false, error: data.error };
  } catch {
    return { ok: false, error: t("The server answered {status}.", { status: r.status }) };
  }
}

/** "ended": the server closed the stream for good (an Activity's player left its instance). */
export type Status = "live" | "reconnecting" | "ended";

export function follow(
  gameId: number,
  token: string,
  onSnapshot: (s: Snapshot) => void,
  onStatus: (s: Status) => void,
): () => void {
  const params = new URLSearchParams();
  if (token) params.set("t", token);
  if (bearer) params.set("activity_session", bearer);
  const query = params.toString() ? `?${params.toString()}` : "";
  let source: EventSource | null = null;
  let closed = false;
  let retry = 500;
  const open = () => {
    source = new EventSource(`/api/games/${gameId}/events${query}`);
    source.onopen = () => {
      retry = 500;
      onStatus("live");
    };
    source.onmessage = (event: MessageEvent<string>) => onSnapshot(JSON.parse(event.data) as Snapshot);
    // the server cut the stream on purpose (the session ended): asking again would only be refused
    source.addEventListener("closed", () => {
      closed = true;
      source?.close();
      onStatus("ended");
    });
    source.onerror = () => {
      if (closed) return;
      onStatus("reconnecting");
      source?.close();
      if (!closed) {
        window.setTimeout(open, retry);
        retry = Math.min(retry * 2, 8000);
      }
    };
  };
  open();
  return () => {
    closed = true;
    source?.close();
  };
}
