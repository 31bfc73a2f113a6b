import type { RetryOptions } from "@/lib/platform/http-retry";
import { readJson } from "@/lib/platform/http-retry";
import { authorizedFetch, refusal, tokenFrom } from "@/lib/meetings/authorized-fetch";
import {
  durationMinutes,
  MeetingProviderError,
  type MeetingDetails,
  type MeetingProvider,
  type MeetingRequest,
} from "@/lib/meetings/provider";

// Zoom through a Server-to-Server OAuth app (https://developers.zoom.us/docs/internal-apps/s2s-oauth/):
// a token from zoom.us/oauth/token for the account, then the Meetings API
// (POST /users/{userId}/meetings, PATCH and DELETE /meetings/{meetingId}).
//
// Zoom takes no idempotency key. Each meeting's agenda carries our session key, and before
// making one the adapter lists the host's upcoming meetings and reuses the one with that key:
// a create whose answer was lost (a timeout, a 5xx after Zoom had made it) is found, not repeated.

export type ZoomConfig = {
  accountId: string;
  clientId: string;
  clientSecret: string;
  /** The Zoom user who hosts the meetings ("me" is the app's account owner). */
  userId: string;
  /** https://api.zoom.us/v2 */
  apiUrl: string;
  /** https://zoom.us/oauth/token */
  tokenUrl: string;
} & RetryOptions;

type ZoomMeeting = {
  id: number | string;
  join_url: string;
  start_url?: string;
  password?: string;
  agenda?: string;
  settings?: { global_dial_in_numbers?: { number: string; country_name?: string; country?: string }[] };
};

const marker = (key: string) => `[k12:${key}]`;

function details(m: ZoomMeeting): MeetingDetails {
  const phone = m.settings?.global_dial_in_numbers?.[0]?.number;
  return {
    externalId: String(m.id),
    joinUrl: m.join_url,
    hostUrl: m.start_url ?? null,
    dialIn: phone ? `${phone}, meeting ID ${m.id}${m.password ? `, passcode ${m.password}` : ""}` : null,
  };
}

export function createZoomProvider(config: ZoomConfig): MeetingProvider {
  const api = config.apiUrl.replace(/\/+$/, "");
  const retry: RetryOptions = {
    attempts: config.attempts,
    baseDelayMs: config.baseDelayMs,
    maxDelayMs: config.maxDelayMs,
    sleep: config.sleep,
  };
  const call = authorizedFetch(
    "Zoom",
    () =>
      tokenFrom(
        "Zoom",
        `${config.tokenUrl}?grant_type=account_credentials&account_id=${encodeURIComponent(config.accountId)}`,
        {
          method: "POST",
          headers: { authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64")}` },
        },
        retry,
      ),
    retry,
  );
  const user = encodeURIComponent(config.userId);
  const body = (r: MeetingRequest) => ({
    topic: r.title.slice(0, 200),
    type: 2,
    start_time: r.startsAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
    duration: durationMinutes(r),
    timezone: "UTC",
    agenda: `K12 Experts session ${marker(r.key)}`,
    settings: { join_before_host: true, waiting_room: false },
  });

  async function existing(key: string): Promise<ZoomMeeting | null> {
    const res = await call(`${api}/users/${user}/meetings?type=upcoming&page_size=300`);
    if (!res.ok) throw await refusal("Zoom", res, "the list of meetings");
    const list = await readJson<{ meetings?: ZoomMeeting[] }>(res);
    return list?.meetings?.find((m) => m.agenda?.includes(marker(key))) ?? null;
  }

  return {
    name: "zoom",
    local: false,
    // Each try looks for the meeting first and posts once: a post retried blindly after a 5xx
    // could make a second meeting, so the retry goes back through the lookup.
    async createMeeting(request) {
      const attempts = config.attempts ?? 4;
      const sleep = config.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
      for (let attempt = 1; ; attempt++) {
        const found = await existing(request.key);
        if (found) return details(found);
        try {
          const res = await call(
            `${api}/users/${user}/meetings`,
            { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body(request)) },
            true,
          );
          if (res.status !== 201 && res.status !== 200) throw await refusal("Zoom", res, "the new meeting");
          const made = await readJson<ZoomMeeting>(res);
          if (!made?.join_url) throw new MeetingProviderError("Zoom answered without a join address", true);
          return details(made);
        } catch (e) {
          if (!(e instanceof MeetingProviderError) || !e.retry || attempt >= attempts) throw e;
          await sleep(Math.min(config.maxDelayMs ?? 10_000, e.retryAfterMs ?? (config.baseDelayMs ?? 500) * 2 ** (attempt - 1)));
        }
      }
    },
    async updateMeeting(externalId, request) {
      if (!externalId) throw new MeetingProviderError("This Zoom meeting has no id to move", false);
      const res = await call(`${api}/meetings/${encodeURIComponent(externalId)}`, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body(request)),
      });
      if (!res.ok) throw await refusal("Zoom", res, "the new time");
    },
    async cancelMeeting(externalId) {
      if (!externalId) return;
      const res = await call(`${api}/meetings/${encodeURIComponent(externalId)}`, { method: "DELETE" });
      // 404: deleted already (by a person at Zoom, or by an earlier try whose answer was lost).
      if (!res.ok && res.status !== 404) throw await refusal("Zoom", res, "the cancellation");
    },
  };
}
