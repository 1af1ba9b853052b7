/**
 * The same sign-in outside Discord, with the SDK's own DiscordSDKMock standing in for the
 * Discord client (for local development and the end-to-end tests): the query string says
 * which server and channel, and which authorization code Discord's authorize() would give.
 */
import { DiscordSDKMock } from "@discord/embedded-app-sdk";
import { runActivity } from "./app";
import { ActivityError } from "./handshake";
import type { Participant } from "./handshake";

const query = new URLSearchParams(location.search);
const clientId = query.get("client_id") ?? "";
const sdk = new DiscordSDKMock(clientId, query.get("guild"), query.get("channel"), null);
const authenticated: string[] = [];
// who is in the instance: the ids and names of the query's `in` (id:name,id:name)
const present = (query.get("in") ?? "")
  .split(",")
  .filter(Boolean)
  .map((entry) => {
    const [id, name] = entry.split(":");
    return {
      id,
      username: name.toLowerCase(),
      global_name: name,
      discriminator: "0",
      avatar: null,
      flags: 0,
      bot: false,
    };
  });
// one call: each call starts again from the SDK's default mocks
sdk._updateCommandMocks({
  getInstanceConnectedParticipants: async () => ({ participants: present }),
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

const seen: Participant[][] = [];
const mock = window as unknown as {
  participants: Participant[][];
  join: (id: string, name: string) => void;
};
mock.participants = seen;
/** What the Discord client sends when someone joins the instance (the tests call it). */
mock.join = (id, name) => {
  present.push({ ...present[0], id, username: name.toLowerCase(), global_name: name });
  sdk.emitEvent("ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE", { participants: present });
};

runActivity(sdk, clientId, (list) => seen.push(list)).catch((error: unknown) => {
    document.body.dataset.state = "failed";
    document.body.dataset.error = error instanceof ActivityError ? error.code : String(error);
  });
