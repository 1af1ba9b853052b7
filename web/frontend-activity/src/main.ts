/** The Activity's page inside Discord: signs in, then shows which game (the live board's
 * front end takes over from here once it is wired in, see README "The Activity"). */
import { DiscordSDK } from "@discord/embedded-app-sdk";
import { ActivityError, patchMappings, signIn } from "./handshake";
import { show } from "./status";

async function start(): Promise<void> {
  patchMappings();
  // the application's id is public; the bot says which it is (no build-time setting)
  const config = (await (await fetch("/api/activity/config")).json()) as { client_id: string };
  const clientId = config.client_id;
  const sdk = new DiscordSDK(clientId);
  show(await signIn(sdk, { clientId }));
}

start().catch((error: unknown) => {
  const code = error instanceof ActivityError ? error.code : "error";
  document.body.dataset.state = "failed";
  document.body.dataset.error = code;
  console.error(error);
});
