/**
 * The same sign-in outside Discord, with the SDK's own DiscordSDKMock standing in for the
 * Discord client (for local development and the end-to-end tests): the query string says
 * which server and channel, and which authorization code Discord's authorize() would give.
 */
import { DiscordSDKMock } from "@discord/embedded-app-sdk";
import { ActivityError, signIn } from "./handshake";
import { show } from "./status";

const query = new URLSearchParams(location.search);
const clientId = query.get("client_id") ?? "";
const sdk = new DiscordSDKMock(clientId, query.get("guild"), query.get("channel"), null);
const authenticated: string[] = [];
sdk._updateCommandMocks({
  authorize: async () => ({ code: query.get("code") ?? "" }),
  authenticate: async ({ access_token }) => {
    authenticated.push(access_token ?? "");
    return {
      access_token: access_token ?? "",
      user: {
        id: query.get("user") ?? "",
        username: "mock",
        discriminator: "0",
        avatar: null,
        public_flags: 0,
        global_name: null,
      },
      scopes: ["identify"],
      expires: new Date(Date.now() + 3600_000).toISOString(),
      application: { id: clientId, description: "", name: "mock" },
    };
  },
});
(window as unknown as { authenticated: string[] }).authenticated = authenticated;

signIn(sdk, { clientId }).then(show, (error: unknown) => {
  document.body.dataset.state = "failed";
  document.body.dataset.error = error instanceof ActivityError ? error.code : String(error);
});
