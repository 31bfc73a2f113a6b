import { randomBytes } from "node:crypto";
import type { MeetingProvider } from "@/lib/meetings/provider";

// Jitsi Meet makes a room when the first person opens its address, so there is nothing to ask:
// the room's name is the secret. 128 random bits make it unguessable; the name is stored on the
// session's meeting row, which is what keeps it the same across retries and reschedules.

/** A room name: a readable prefix and 22 URL-safe characters of randomness. */
export const jitsiRoomName = () => `K12Experts-${randomBytes(16).toString("base64url")}`;

export function createJitsiProvider(config: { baseUrl: string }): MeetingProvider {
  const base = config.baseUrl.replace(/\/+$/, "");
  return {
    name: "jitsi",
    local: true,
    async createMeeting() {
      return { externalId: null, joinUrl: `${base}/${jitsiRoomName()}`, hostUrl: null, dialIn: null };
    },
    // A Jitsi room has no time: moving the session keeps its address.
    async updateMeeting() {},
    // Nor an owner to delete it: it closes when the last person leaves.
    async cancelMeeting() {},
  };
}
