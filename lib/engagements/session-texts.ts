import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { formatDateTime, fullName } from "@/lib/platform/format";
import { organizationName, organizationNameSelect } from "@/lib/organizations/membership";
import { deliverText, queueText, type TextKind } from "@/lib/sms/messages";
import { STOP_LINE } from "@/lib/sms/consent";
import type { SmsProvider } from "@/lib/sms/provider";
import type { EngagementMailKind } from "@/lib/engagements/mail";
import type { Side } from "@/lib/engagements/states";
import { engagementPath } from "@/lib/engagements/notices";

// The text messages about sessions, for people who opted in: at booking, 24 hours and 1 hour
// before, at once when the time changes or the session is cancelled, and a focus group's "A seat
// is free for you". Each says its time in the receiver's own zone and ends with the STOP line.
// A text is keyed by what it says (the session and the time it names), so a repeated notice
// queues nothing new, and when it goes it is checked against the session as it is then.

/** The notices that also go by text, as the text's kind. */
const TEXT_OF: Partial<Record<EngagementMailKind, TextKind>> = {
  scheduled: "booking",
  reminder_24h: "reminder_24h",
  reminder_1h: "reminder_1h",
  rescheduled: "changed",
  cancelled: "cancelled",
  seat_offered: "seat_offer",
};

const short = (title: string) => (title.length > 48 ? `${title.slice(0, 47)}…` : title);

function bodyOf(
  kind: TextKind,
  f: { title: string; counterpart: string; when: string; url: string | null; until: string | null; link: string },
) {
  const what = `"${short(f.title)}" with ${f.counterpart}`;
  const join = f.url ? ` Join: ${f.url}` : "";
  switch (kind) {
    case "booking":
      return `K12 Experts: your session ${what} is booked for ${f.when}.${join} ${STOP_LINE}`;
    case "reminder_24h":
      return `K12 Experts reminder: ${what} is tomorrow, ${f.when}.${join} ${STOP_LINE}`;
    case "reminder_1h":
      return `K12 Experts: ${what} starts in 1 hour (${f.when}).${join} ${STOP_LINE}`;
    case "changed":
      return `K12 Experts: your session ${what} moved to ${f.when}.${join} ${STOP_LINE}`;
    case "cancelled":
      return `K12 Experts: your session ${what} on ${f.when} was cancelled. ${STOP_LINE}`;
    default:
      return `K12 Experts: A seat is free for you in "${short(f.title)}" on ${f.when}. It is held until ${f.until}: ${f.link} ${STOP_LINE}`;
  }
}

/** Queues the text for a notice when the notice's kind goes by text and the receiver opted in. */
export async function textEngagement(tx: Tx, input: { engagementId: string; kind: EngagementMailKind; to: Side }, now: Date = new Date()) {
  const kind = TEXT_OF[input.kind];
  if (!kind) return false;
  const e = await tx.engagement.findUniqueOrThrow({
    where: { id: input.engagementId },
    select: {
      id: true,
      projectId: true,
      clientUserId: true,
      project: { select: { title: true, ...organizationNameSelect } },
      expert: { select: { userId: true, user: { select: { firstName: true, lastName: true } } } },
      session: { select: { id: true, startsAt: true, meetingUrl: true, sequence: true } },
      seat: { select: { offeredUntil: true, session: { select: { startsAt: true, meetingUrl: true } } } },
    },
  });
  const userId = input.to === "expert" ? e.expert.userId : e.clientUserId;
  const sub = await tx.smsSubscription.findUnique({ where: { userId }, select: { timeZone: true, verifiedAt: true, stoppedAt: true } });
  if (!sub?.verifiedAt || sub.stoppedAt) return false;
  const seatOffer = kind === "seat_offer";
  const startsAt = seatOffer ? e.seat?.session.startsAt : e.session?.startsAt;
  if (!startsAt || (seatOffer && !e.seat?.offeredUntil)) return false;
  const counterpart = input.to === "expert" ? organizationName(e.project) : fullName(e.expert.user.firstName, e.expert.user.lastName);
  const body = bodyOf(kind, {
    title: e.project.title,
    counterpart,
    when: formatDateTime(startsAt, sub.timeZone, { weekday: true }),
    url: e.session?.meetingUrl ?? null,
    until: e.seat?.offeredUntil ? formatDateTime(e.seat.offeredUntil, sub.timeZone, { weekday: true }) : null,
    link: `${env().APP_URL}${engagementPath(input.to, e)}`,
  });
  // What the text is about, in its key: the session and the time it names (the sequence for a cancellation, the hold for an offer).
  const about = seatOffer
    ? `${e.id}:-:${e.seat!.offeredUntil!.getTime()}`
    : `${e.id}:${e.session!.id}:${kind === "cancelled" ? `seq${e.session!.sequence}` : startsAt.getTime()}`;
  return queueText(tx, { userId, key: `${kind}:${about}:${userId}`, kind, body, at: now });
}

/** Whether a queued session text still says something true now. */
async function stillTrue(message: { kind: string; key: string }, now: Date): Promise<boolean> {
  const [kind, engagementId, sessionId, named] = message.key.split(":");
  if (kind === "code" || kind === "cancelled") return true;
  if (kind === "seat_offer") {
    const seat = await db().studySeat.findUnique({ where: { engagementId }, select: { offeredUntil: true } });
    return !!seat?.offeredUntil && seat.offeredUntil.getTime() === Number(named) && seat.offeredUntil > now;
  }
  const session = await db().engagementSession.findUnique({ where: { id: sessionId }, select: { status: true, startsAt: true } });
  return !!session && session.status === "scheduled" && session.startsAt.getTime() === Number(named) && session.startsAt > now;
}

/** The send-sms job. */
export function deliverSessionText(messageId: string, now: Date = new Date(), provider?: SmsProvider) {
  return deliverText(messageId, (m) => stillTrue(m, now), now, provider);
}
