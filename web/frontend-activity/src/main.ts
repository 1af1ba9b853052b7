/** The Activity's page inside Discord: the handshake, then the live board (app.ts). */
import { DiscordSDK } from "@discord/embedded-app-sdk";
import { runActivity } from "./app";
import { ActivityError, patchMappings } from "./handshake";

async function start(): Promise<void> {
  patchMappings();
  // the application's id is public; the bot says which it is (no build-time setting)
  const config = (await (await fetch("/api/activity/config")).json()) as { client_id: string };
  const clientId = config.client_id;
  await runActivity(new DiscordSDK(clientId), clientId);
}

start().catch((error: unknown) => {
  const code = error instanceof ActivityError ? error.code : "error";
  document.body.dataset.state = "failed";
  document.body.dataset.error = code;
  console.error(error);
});
