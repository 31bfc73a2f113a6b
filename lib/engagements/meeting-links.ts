import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import { enqueueJob } from "@/lib/platform/jobs/enqueue";
import { meetingProvider } from "@/lib/meetings/configured";
import { meetingKey, type MeetingTarget } from "@/lib/engagements/meeting-extras";
import { announceEngagementMeeting, announceStudyMeeting } from "@/lib/engagements/meeting-announce";
import { MeetingProviderError, type MeetingProvider, type MeetingRequest } from "@/lib/meetings/provider";

// The video meeting of each session, kept in step with the session: made when a time is agreed
// (or a focus-group seat is taken), moved when the time moves, cancelled with the session. An
// interview's session has its own meeting; a focus group's session has one for all its seats
// (the seats' sessions carry its link). A link the client pasted wins: the session's link then
// differs from the meeting's, and the product's meeting is cancelled.
//
// The meetings row (unique per session) is what makes this idempotent: a retried job finds the
// meeting it made. Jitsi needs no network, so its meeting is made inside the booking's own
// transaction and the booking e-mail already carries the link; Zoom and Teams are called from a
// job (sync-meeting) after the booking commits, with the queue's retries.

export type { MeetingTarget } from "@/lib/engagements/meeting-extras";

type Client = Tx | ReturnType<typeof db>;

/** What the session wants now; null when it is gone (a focus-group session removed) or is a seat, whose meeting is its focus-group session's. */
async function readTarget(client: Client, t: MeetingTarget) {
  if (t.kind === "study") {
    const s = await client.studySession.findUnique({
      where: { id: t.id },
      select: { startsAt: true, endsAt: true, meetingUrl: true, project: { select: { title: true } } },
    });
    return s ? { active: true, startsAt: s.startsAt, endsAt: s.endsAt, link: s.meetingUrl, title: s.project.title } : null;
  }
  const s = await client.engagementSession.findUnique({
    where: { id: t.id },
    select: {
      status: true,
      startsAt: true,
      endsAt: true,
      meetingUrl: true,
      engagement: { select: { seat: { select: { id: true } }, project: { select: { title: true } } } },
    },
  });
  if (!s || s.engagement.seat) return null;
  // A session that took place (completed, no-show) keeps its meeting as it was.
  if (s.status !== "scheduled" && s.status !== "cancelled") return "keep" as const;
  return {
    active: s.status === "scheduled",
    startsAt: s.startsAt,
    endsAt: s.endsAt,
    link: s.meetingUrl,
    title: s.engagement.project.title,
  };
}

/**
 * Writes the meeting's link where the session shows it, unless a link is already there (the
 * client's own). Returns the engagements whose sessions it newly reached, and whether a focus
 * group's session took it.
 */
async function showLink(client: Client, t: MeetingTarget, joinUrl: string, announce: boolean) {
  const bump = announce ? { sequence: { increment: 1 } } : {};
  if (t.kind === "engagement") {
    const session = await client.engagementSession.findFirst({ where: { id: t.id, meetingUrl: null }, select: { engagementId: true } });
    if (!session) return { engagementIds: [], group: false };
    const set = await client.engagementSession.updateMany({
      where: { id: t.id, meetingUrl: null },
      data: { meetingUrl: joinUrl, ...bump },
    });
    return { engagementIds: set.count ? [session.engagementId] : [], group: false };
  }
  const set = await client.studySession.updateMany({ where: { id: t.id, meetingUrl: null }, data: { meetingUrl: joinUrl } });
  if (!set.count) return { engagementIds: [], group: false };
  // Seats taken before the link arrived get it too (their calendar event is the same UID, newer SEQUENCE).
  const seats = await client.engagementSession.findMany({
    where: { meetingUrl: null, status: "scheduled", engagement: { seat: { studySessionId: t.id } } },
    select: { id: true, engagementId: true },
  });
  await client.engagementSession.updateMany({
    where: { id: { in: seats.map((s) => s.id) }, meetingUrl: null },
    data: { meetingUrl: joinUrl, sequence: { increment: 1 } },
  });
  return { engagementIds: seats.map((s) => s.engagementId), group: true };
}

export type MeetingSync = "made" | "moved" | "cancelled" | "unchanged";

/**
 * Brings the session's meeting in line with the session. Safe to run any number of times; a
 * provider failure is recorded on the meeting row and thrown (the job then retries).
 */
export async function syncSessionMeeting(
  client: Client,
  t: MeetingTarget,
  provider: MeetingProvider = meetingProvider(),
): Promise<MeetingSync> {
  const target = await readTarget(client, t);
  if (target === "keep") return "unchanged";
  const sessionKey = meetingKey(t);
  const row = await client.meeting.findUnique({ where: { sessionKey } });
  const pasted = !!target?.link && target.link !== row?.joinUrl;
  try {
    if (!target || !target.active || pasted) {
      if (!row || row.status === "cancelled") return "unchanged";
      // A meeting made through another provider (the setting changed since) cannot be reached through this one.
      if (row.status === "active" && row.provider === provider.name) await provider.cancelMeeting(row.externalId);
      await client.meeting.update({ where: { sessionKey }, data: { status: "cancelled", lastError: null } });
      return "cancelled";
    }
    const request: MeetingRequest = { key: sessionKey, title: target.title, startsAt: target.startsAt, endsAt: target.endsAt };
    if (row?.status === "active") {
      if (row.startsAt.getTime() === target.startsAt.getTime() && row.endsAt.getTime() === target.endsAt.getTime()) return "unchanged";
      if (row.provider === provider.name) await provider.updateMeeting(row.externalId, request);
      await client.meeting.update({ where: { sessionKey }, data: { startsAt: target.startsAt, endsAt: target.endsAt, lastError: null } });
      return "moved";
    }
    // Claim the key first, so two runs for one session share one row.
    await client.meeting.createMany({
      data: [{ sessionKey, provider: provider.name, startsAt: target.startsAt, endsAt: target.endsAt }],
      skipDuplicates: true,
    });
    const made = await provider.createMeeting(request);
    const record = async (c: Client) => {
      await c.meeting.update({
        where: { sessionKey },
        data: {
          provider: provider.name,
          status: "active",
          externalId: made.externalId,
          joinUrl: made.joinUrl,
          hostUrl: made.hostUrl ?? null,
          dialIn: made.dialIn ?? null,
          startsAt: target.startsAt,
          endsAt: target.endsAt,
          lastError: null,
        },
      });
      // A link that arrives after the booking (from a job) is a change to the calendar event, and news to both sides.
      const shown = await showLink(c, t, made.joinUrl, !provider.local);
      if (provider.local) return;
      const extras = { hostUrl: made.hostUrl ?? null, dialIn: made.dialIn ?? null };
      await announceEngagementMeeting(c as Tx, shown.engagementIds, { client: !shown.group });
      if (shown.group) await announceStudyMeeting(c as Tx, t.id, { joinUrl: made.joinUrl, ...extras });
    };
    // The row, the link and the mails commit together: a retry finds the link shown and sends nothing again.
    if (provider.local || !("$transaction" in client)) await record(client);
    else await client.$transaction((tx) => record(tx));
    return "made";
  } catch (e) {
    if (e instanceof MeetingProviderError)
      await db()
        .meeting.update({ where: { sessionKey }, data: { lastError: e.message.slice(0, 500) } })
        .catch(() => {});
    throw e;
  }
}

/**
 * In the transaction that changed the session: a local provider's meeting is made or changed
 * right there; a remote provider's is queued (one waiting job per session), to run after commit.
 */
export async function planSessionMeeting(tx: Tx, t: MeetingTarget) {
  const provider = meetingProvider();
  if (provider.local) {
    await syncSessionMeeting(tx, t, provider);
    return;
  }
  await enqueueJob("sync-meeting", t, { jobKey: `sync-meeting:${meetingKey(t)}`, maxAttempts: 10 }, tx);
}

/** The job: the remote provider's meeting, outside any transaction (a network call holds no locks). */
export async function runMeetingSync(t: MeetingTarget): Promise<MeetingSync> {
  return syncSessionMeeting(db(), t);
}
