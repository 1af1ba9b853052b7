/**
 * The Activity's sign-in inside Discord (issue 35), for the live board's front end to import.
 *
 * ready() → authorize (an OAuth2 code, `identify` scope) → the bot's own token endpoint
 * exchanges the code (the client secret stays on the server) → authenticate with the access
 * token it returns → the server checks with Discord that this instance runs in this channel
 * with this user in it, and answers which game to show. The Activity's session token is kept
 * in memory and sent as `Authorization: Bearer …` (cookies are third-party inside Discord's
 * iframe and often dropped).
 *
 * Requests: the Activity is served at https://<app id>.discordsays.com, whose root URL mapping
 * (developer portal → Activities → URL Mappings, prefix `/`) points at the bot's WEB_URL host,
 * so same-origin paths (`/api/…`) reach the bot with no patching. Only addresses outside that
 * mapping (e.g. avatars on cdn.discordapp.com) need a mapping of their own and
 * {@link patchMappings}.
 */
import { patchUrlMappings } from "@discord/embedded-app-sdk";
import type { IDiscordSDK } from "@discord/embedded-app-sdk";
import type { ActivityChallenge } from "./challenge";

export interface ActivityUser {
  id: string;
  name: string;
}

/** Which game the Activity shows (web/activity/games.py). */
export type ActivityView =
  | { mode: "game"; found_by: "launch" | "channel"; game: ActivityGame }
  | {
      mode: "lobby";
      watch: ActivityGame[];
      play: ActivityGame[];
      challenges: ActivityChallenge[];
      can_challenge: boolean;
    };

export interface ActivityGame {
  id: number;
  variant: string;
  name: string;
  status: string;
  ply: number;
  seats: { seat: string; user_id: string; computer: boolean }[];
  to_move: string | null;
  to_move_user_id: string | null;
  your_seat: string | null;
  your_turn: boolean;
  winner: string | null;
}

export interface ActivitySignIn {
  user: ActivityUser;
  /** Discord's user token, given to the SDK's authenticate (scope `identify`). */
  accessToken: string;
  /** The bot's session for this instance: send it as a Bearer token on every request. */
  session: string;
  view: ActivityView;
}

/** A refusal of the bot's Activity API: `code` is stable (word it in the player's language). */
export class ActivityError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ActivityError";
  }
}

export interface SignInOptions {
  /** The application's id (DISCORD_CLIENT_ID). */
  clientId: string;
  /** Where the bot's API is, "" for the same origin (the usual case, see above). */
  apiBase?: string;
}

async function post<T>(url: string, body: unknown, session?: string): Promise<T> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (session) headers.Authorization = `Bearer ${session}`;
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    throw new ActivityError(
      response.status,
      String(data.code ?? "error"),
      String(data.error ?? response.statusText),
    );
  }
  return data as T;
}

/** Sign the player in and join this instance: see the module's comment for the steps. */
export async function signIn(sdk: IDiscordSDK, options: SignInOptions): Promise<ActivitySignIn> {
  const api = options.apiBase ?? "";
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: options.clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const token = await post<{ access_token: string; session: string; user: ActivityUser }>(
    `${api}/api/activity/token`,
    { code },
  );
  const auth = await sdk.commands.authenticate({ access_token: token.access_token });
  if (!auth || auth.user.id !== token.user.id) {
    throw new ActivityError(401, "wrong_user", "Discord signed in someone else.");
  }
  const joined = await post<{ session: string; view: ActivityView }>(
    `${api}/api/activity/join`,
    { instance_id: sdk.instanceId, guild_id: sdk.guildId, channel_id: sdk.channelId },
    token.session,
  );
  return {
    user: token.user,
    accessToken: token.access_token,
    session: joined.session,
    view: joined.view,
  };
}

/**
 * Route requests to addresses outside the root mapping through Discord's proxy: each needs
 * the same mapping in the developer portal (README, "The Activity"). Call once, inside
 * Discord only.
 */
export function patchMappings(): void {
  patchUrlMappings([{ prefix: "/discord-cdn", target: "cdn.discordapp.com" }]);
}

/** Someone in the Activity instance (the participants list shown beside the board). */
export interface Participant {
  id: string;
  name: string;
}

/**
 * Calls `onChange` with who is in the instance now, and again whenever someone joins or
 * leaves (the SDK's ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE). Only an Activity's participants
 * are listed; what each may do is the server's decision (players move, everyone else watches).
 */
export async function watchParticipants(
  sdk: IDiscordSDK,
  onChange: (participants: Participant[]) => void,
): Promise<void> {
  type Raw = { id: string; username: string; global_name?: string | null; nickname?: string };
  const named = (list: Raw[]): Participant[] =>
    list.map((p) => ({ id: p.id, name: p.nickname || p.global_name || p.username }));
  await sdk.subscribe("ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE", (event) =>
    onChange(named(event.participants)),
  );
  const now = await sdk.commands.getInstanceConnectedParticipants();
  onChange(named(now.participants));
}
