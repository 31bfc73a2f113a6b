import type { RetryOptions } from "@/lib/platform/http-retry";
import { readJson } from "@/lib/platform/http-retry";
import { authorizedFetch, refusal, tokenFrom } from "@/lib/meetings/authorized-fetch";
import { MeetingProviderError, type MeetingDetails, type MeetingProvider, type MeetingRequest } from "@/lib/meetings/provider";

// Microsoft Teams through Microsoft Graph's online meetings
// (https://learn.microsoft.com/graph/api/application-post-onlinemeetings): an app token from the
// tenant (client credentials, scope .default), then meetings organised by one Teams user
// (the app needs OnlineMeetings.ReadWrite.All and an application access policy for that user).
// Creating goes through createOrGet with our session key as externalId, which Graph itself makes
// idempotent: asking again returns the same meeting.

export type TeamsConfig = {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** The Teams user (object id or UPN) who organises the meetings. */
  organizerUserId: string;
  /** https://graph.microsoft.com/v1.0 */
  graphUrl: string;
  /** https://login.microsoftonline.com */
  loginUrl: string;
} & RetryOptions;

type OnlineMeeting = {
  id: string;
  joinWebUrl: string;
  audioConferencing?: { tollNumber?: string; conferenceId?: string } | null;
};

function details(m: OnlineMeeting): MeetingDetails {
  const a = m.audioConferencing;
  return {
    externalId: m.id,
    joinUrl: m.joinWebUrl,
    hostUrl: null,
    dialIn: a?.tollNumber ? `${a.tollNumber}${a.conferenceId ? `, conference ID ${a.conferenceId}#` : ""}` : null,
  };
}

/** Graph's externalId is at most 100 characters; the session key fits. */
const times = (r: MeetingRequest) => ({
  startDateTime: r.startsAt.toISOString(),
  endDateTime: r.endsAt.toISOString(),
  subject: r.title.slice(0, 250),
});

export function createTeamsProvider(config: TeamsConfig): MeetingProvider {
  const graph = config.graphUrl.replace(/\/+$/, "");
  const retry: RetryOptions = {
    attempts: config.attempts,
    baseDelayMs: config.baseDelayMs,
    maxDelayMs: config.maxDelayMs,
    sleep: config.sleep,
  };
  const call = authorizedFetch(
    "Microsoft Teams",
    () =>
      tokenFrom(
        "Microsoft Teams",
        `${config.loginUrl.replace(/\/+$/, "")}/${encodeURIComponent(config.tenantId)}/oauth2/v2.0/token`,
        {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            client_id: config.clientId,
            client_secret: config.clientSecret,
            scope: "https://graph.microsoft.com/.default",
            grant_type: "client_credentials",
          }),
        },
        retry,
      ),
    retry,
  );
  const meetings = `${graph}/users/${encodeURIComponent(config.organizerUserId)}/onlineMeetings`;
  const json = { "content-type": "application/json" };

  return {
    name: "teams",
    local: false,
    async createMeeting(request) {
      const res = await call(`${meetings}/createOrGet`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ externalId: request.key, ...times(request) }),
      });
      if (!res.ok) throw await refusal("Microsoft Teams", res, "the new meeting");
      const made = await readJson<OnlineMeeting>(res);
      if (!made?.joinWebUrl) throw new MeetingProviderError("Microsoft Teams answered without a join address", true);
      return details(made);
    },
    async updateMeeting(externalId, request) {
      if (!externalId) throw new MeetingProviderError("This Teams meeting has no id to move", false);
      const res = await call(`${meetings}/${encodeURIComponent(externalId)}`, {
        method: "PATCH",
        headers: json,
        body: JSON.stringify(times(request)),
      });
      if (!res.ok) throw await refusal("Microsoft Teams", res, "the new time");
    },
    async cancelMeeting(externalId) {
      if (!externalId) return;
      const res = await call(`${meetings}/${encodeURIComponent(externalId)}`, { method: "DELETE" });
      if (!res.ok && res.status !== 404) throw await refusal("Microsoft Teams", res, "the cancellation");
    },
  };
}
