import "server-only";
import { db, type Tx } from "@/lib/platform/db";

// What a provider gives beside the join link: the host's own address (Zoom's start link) and a
// telephone dial-in. Both are read from the session's meetings row, and only while the session
// still shows that meeting's link: a link the client pasted has no host address or dial-in of
// ours, and looking the row up by the session (never by the pasted address) means a pasted copy
// of another session's link can never reveal that meeting's host address. The host address is
// the client side's alone; callers hand it to experts never.

/** Whose meeting: an interview's session, or a focus group's session (one meeting for all its seats). */
export type MeetingTarget = { kind: "engagement" | "study"; id: string };
/** The meetings row's key, and the key a remote provider is asked by. */
export const meetingKey = (t: MeetingTarget) => `${t.kind}:${t.id}`;

export type MeetingExtras = { hostUrl: string | null; dialIn: string | null };

type Client = Tx | ReturnType<typeof db>;

/** The extras of each engagement's current meeting, by engagement id; engagements with none are left out. */
export async function meetingExtrasFor(engagementIds: readonly string[], client: Client = db()): Promise<Map<string, MeetingExtras>> {
  const out = new Map<string, MeetingExtras>();
  if (engagementIds.length === 0) return out;
  const rows = await client.engagement.findMany({
    where: { id: { in: [...new Set(engagementIds)] }, session: { meetingUrl: { not: null } } },
    select: { id: true, session: { select: { id: true, meetingUrl: true } }, seat: { select: { studySessionId: true } } },
  });
  if (rows.length === 0) return out;
  // A focus-group seat's meeting is its group session's; an interview's is its own session's.
  const keyOf = new Map(
    rows.map((r) => [
      r.id,
      r.seat ? meetingKey({ kind: "study", id: r.seat.studySessionId }) : meetingKey({ kind: "engagement", id: r.session!.id }),
    ]),
  );
  const meetings = await client.meeting.findMany({
    where: {
      sessionKey: { in: [...new Set(keyOf.values())] },
      status: "active",
      OR: [{ hostUrl: { not: null } }, { dialIn: { not: null } }],
    },
    select: { sessionKey: true, joinUrl: true, hostUrl: true, dialIn: true },
  });
  const byKey = new Map(meetings.map((m) => [m.sessionKey, m]));
  for (const r of rows) {
    const m = byKey.get(keyOf.get(r.id)!);
    if (m && m.joinUrl === r.session?.meetingUrl) out.set(r.id, { hostUrl: m.hostUrl, dialIn: m.dialIn });
  }
  return out;
}

/** One engagement's extras as `side` may see them: the dial-in for both, the host address for the client side only. */
export async function meetingExtrasOf(engagementId: string, side: "expert" | "client", client: Client = db()): Promise<MeetingExtras> {
  const extras = (await meetingExtrasFor([engagementId], client)).get(engagementId);
  return { hostUrl: side === "client" ? (extras?.hostUrl ?? null) : null, dialIn: extras?.dialIn ?? null };
}

/** A session as `side` reads it, with its meeting's extras (the host address for the client side only). */
export function withMeetingExtras<S extends object>(
  session: S | null,
  extras: MeetingExtras | undefined,
  side: "expert" | "client",
): (S & { hostUrl: string | null; dialIn: string | null }) | null {
  if (!session) return null;
  return { ...session, hostUrl: side === "client" ? (extras?.hostUrl ?? null) : null, dialIn: extras?.dialIn ?? null };
}

/**
 * A focus group's sessions as its client reads them, each with its meeting's host address and
 * dial-in while it still shows the product's meeting (never for experts: their seats carry the
 * dial-in through meetingExtrasFor).
 */
export async function withStudyMeetingExtras<S extends { id: string; meetingUrl: string | null }>(
  sessions: S[],
  client: Client = db(),
): Promise<(S & MeetingExtras)[]> {
  const linked = sessions.filter((s) => s.meetingUrl);
  const meetings = linked.length
    ? await client.meeting.findMany({
        where: { sessionKey: { in: linked.map((s) => meetingKey({ kind: "study", id: s.id })) }, status: "active" },
        select: { sessionKey: true, joinUrl: true, hostUrl: true, dialIn: true },
      })
    : [];
  const byKey = new Map(meetings.map((m) => [m.sessionKey, m]));
  return sessions.map((s) => {
    const m = byKey.get(meetingKey({ kind: "study", id: s.id }));
    const ours = !!m && !!s.meetingUrl && m.joinUrl === s.meetingUrl;
    return { ...s, hostUrl: ours ? m.hostUrl : null, dialIn: ours ? m.dialIn : null };
  });
}
