// The live board's single page: the path says which page (a game, a server's games, the
// player's games); the signed-in user comes from /api/me.
import "./style.css";
import { loadMe, loadWords, post } from "./api";
import { t } from "./i18n";
import { gamePage } from "./game";
import { myGamesPage, serverPage } from "./lists";
import { applyScheme, onSchemeChange, scheme, toggleScheme } from "./theme";

/** The button switching between the light and the dark scheme (the choice is remembered). */
function schemeToggle(): HTMLButtonElement {
  const button = document.createElement("button");
  button.id = "theme-toggle";
  const label = (): void => {
    const dark = scheme() === "dark";
    button.textContent = dark ? "☀" : "☾";
    button.title = dark ? t("Light theme") : t("Dark theme");
    button.setAttribute("aria-label", button.title);
  };
  label();
  button.addEventListener("click", () => toggleScheme());
  onSchemeChange(label);
  return button;
}

async function header(): Promise<void> {
  const me = await loadMe();
  const top = document.getElementById("top");
  if (!top) return;
  top.innerHTML = "";
  const home = document.createElement("a");
  home.href = "/me";
  home.textContent = t("Your games");
  top.appendChild(home);
  const who = document.createElement("span");
  who.id = "who";
  if (me.user) {
    who.textContent = t("Signed in as {name}", { name: me.user.name }) + " ";
    const out = document.createElement("button");
    out.textContent = t("Sign out");
    out.addEventListener("click", async () => {
      await post("/auth/logout", {});
      location.reload();
    });
    who.appendChild(out);
  } else {
    const a = document.createElement("a");
    a.href = `/auth/login?next=${encodeURIComponent(location.pathname + location.search)}`;
    a.textContent = t("Sign in with Discord");
    who.appendChild(a);
  }
  who.appendChild(schemeToggle());
  top.appendChild(who);
}

async function start(): Promise<void> {
  applyScheme();
  const token = new URLSearchParams(location.search).get("t") ?? "";
  const game = location.pathname.match(/^\/games\/(\d+)$/);
  const server = location.pathname.match(/^\/servers\/(\d+)$/);
  // a game's page or a server's: its server's language counts when the reader chose none
  const about: Record<string, string> | null = game ? { game: game[1], t: token } : server ? { server: server[1], t: token } : null;
  await loadWords(about ? `?${new URLSearchParams(about).toString()}` : "");
  await header();
  const root = document.getElementById("app");
  if (!root) return;
  if (game) await gamePage(root, Number(game[1]), token);
  else if (server) await serverPage(root, server[1], token);
  else await myGamesPage(root);
}

void start();
