/** Shows who signed in and what the Activity opened (for the player and for the tests). */
import { kindTitle, t } from "../../frontend/src/i18n";
import type { ActivitySignIn } from "./handshake";

export function show(result: ActivitySignIn): void {
  const root = document.getElementById("activity");
  const view = result.view;
  const line =
    view.mode === "game"
      ? `#${view.game.id} ${kindTitle(view.game.variant, view.game.name)}`
      : t("your games: {play} · to watch: {watch}", { play: view.play.length, watch: view.watch.length });
  if (root) root.textContent = `${result.user.name} · ${line}`;
  document.body.dataset.state = "ready";
  document.body.dataset.mode = view.mode;
  (window as unknown as { activity: ActivitySignIn }).activity = result;
}
