import "server-only";
import { env } from "@/lib/platform/env";
import { createJitsiProvider } from "@/lib/meetings/jitsi";
import { createZoomProvider } from "@/lib/meetings/zoom";
import { createTeamsProvider } from "@/lib/meetings/teams";
import type { MeetingProvider } from "@/lib/meetings/provider";

/** The meeting provider MEETING_PROVIDER names (the env check at boot makes sure its settings are there). */
export function meetingProvider(): MeetingProvider {
  const e = env();
  if (e.MEETING_PROVIDER === "zoom")
    return createZoomProvider({
      accountId: e.ZOOM_ACCOUNT_ID!,
      clientId: e.ZOOM_CLIENT_ID!,
      clientSecret: e.ZOOM_CLIENT_SECRET!,
      userId: e.ZOOM_USER_ID,
      apiUrl: e.ZOOM_API_URL,
      tokenUrl: e.ZOOM_TOKEN_URL,
    });
  if (e.MEETING_PROVIDER === "teams")
    return createTeamsProvider({
      tenantId: e.TEAMS_TENANT_ID!,
      clientId: e.TEAMS_CLIENT_ID!,
      clientSecret: e.TEAMS_CLIENT_SECRET!,
      organizerUserId: e.TEAMS_ORGANIZER_USER_ID!,
      graphUrl: e.TEAMS_GRAPH_URL,
      loginUrl: e.TEAMS_LOGIN_URL,
    });
  return createJitsiProvider({ baseUrl: e.MEETING_BASE_URL });
}
