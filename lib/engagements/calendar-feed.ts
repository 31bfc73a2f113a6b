import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import { fullName } from "@/lib/platform/format";
import type { Actor } from "@/lib/accounts/actor";
import { organizationName, organizationNameSelect, orgScope } from "@/lib/organizations/membership";
import { feedIcs } from "@/lib/engagements/ics";
import { sessionEvent } from "@/lib/engagements/calendar";

// A person's private calendar feed: one address a calendar app subscribes to, listing every
// session of theirs with its meeting link: an expert's own, and for a client every session of
// their organization's projects that their role lets them read (the Calendar page's own rule,
// re-read from the membership on each request, so a member removed or moved to finance stops
// seeing them at the next poll). The address is the secret (256 random bits); only
// its SHA-256 is stored, so it is shown once when made. Making a new one replaces the old, and
// revoking deletes it: the old address then answers 404. A cancelled session stays in the feed
// for 30 days as STATUS:CANCELLED (its SEQUENCE grew when it was cancelled), so subscribed
// calendars remove it rather than keep a stale event.

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const KEEP_ENDED_DAYS = 30;
/** Far more than anyone's sessions; a bound on the work one request can ask for. */
const MAX_EVENTS = 1000;

export const hashFeedToken = (token: string) => createHash("sha256").update(token).digest("hex");

const NOT_WHILE_VIEWING_AS = "Stop viewing as another user to manage their calendar feed.";

/** The feed's address, as https and as webcal (which opens the calendar app's subscribe dialog). */
export function feedAddresses(token: string) {
  const https = new URL(`/calendar/${token}.ics`, env().APP_URL).toString();
  return { https, webcal: https.replace(/^https?:/, "webcal:") };
}

/** Makes the person's feed address, replacing any earlier one (which stops working at once). */
export async function issueCalendarFeed(actor: Actor, now: Date = new Date()) {
  if (actor.impersonating) throw new AppError("FORBIDDEN", NOT_WHILE_VIEWING_AS);
  const token = randomBytes(32).toString("base64url");
  const tokenHash = hashFeedToken(token);
  await db().calendarFeed.upsert({
    where: { userId: actor.userId },
    create: { userId: actor.userId, tokenHash, createdAt: now },
    update: { tokenHash, createdAt: now },
  });
  return { issuedAt: now.toISOString(), ...feedAddresses(token) };
}

/** Turns the feed off: its address answers 404 from now on. Revoking when there is none changes nothing. */
export async function revokeCalendarFeed(actor: Actor) {
  if (actor.impersonating) throw new AppError("FORBIDDEN", NOT_WHILE_VIEWING_AS);
  const { count } = await db().calendarFeed.deleteMany({ where: { userId: actor.userId } });
  return { revoked: count > 0 };
}

/** When the person's current feed address was made, or null when they have none. */
export async function calendarFeedIssuedAt(actor: Actor): Promise<Date | null> {
  const feed = await db().calendarFeed.findUnique({ where: { userId: actor.userId }, select: { createdAt: true } });
  return feed?.createdAt ?? null;
}

export type CalendarFeedFile = { ics: string; etag: string; lastModified: Date };

/** The feed behind a token, or null for a malformed, unknown or revoked one. */
export async function calendarFeedByToken(token: string, now: Date = new Date()): Promise<CalendarFeedFile | null> {
  if (!TOKEN.test(token)) return null;
  const feed = await db().calendarFeed.findUnique({
    where: { tokenHash: hashFeedToken(token) },
    select: { userId: true, createdAt: true, user: { select: { disabledAt: true } } },
  });
  if (!feed || feed.user.disabledAt) return null;
  const since = new Date(now.getTime() - KEEP_ENDED_DAYS * 86_400_000);
  const sessions = await db().engagementSession.findMany({
    where: {
      engagement: { OR: [{ expert: { userId: feed.userId } }, orgScope({ userId: feed.userId }, "read:project:org")] },
      OR: [
        { status: "scheduled" },
        { status: { in: ["completed", "no_show"] }, endsAt: { gte: since } },
        { status: "cancelled", updatedAt: { gte: since } },
      ],
    },
    orderBy: { startsAt: "asc" },
    take: MAX_EVENTS,
    select: {
      id: true,
      startsAt: true,
      endsAt: true,
      meetingUrl: true,
      sequence: true,
      status: true,
      updatedAt: true,
      engagement: {
        select: {
          expert: { select: { userId: true, user: { select: { firstName: true, lastName: true } } } },
          project: { select: { title: true, ...organizationNameSelect } },
        },
      },
    },
  });
  const events = sessions.map((s) => {
    const e = s.engagement;
    // The expert sees the client's organization; the client sees the expert's name.
    const counterpart =
      e.expert.userId === feed.userId ? organizationName(e.project) : fullName(e.expert.user.firstName, e.expert.user.lastName);
    // DTSTAMP is the row's last change, so an unchanged feed is byte-for-byte the same (and its ETag too).
    return sessionEvent({ session: s, projectTitle: e.project.title, counterpart, stamp: s.updatedAt });
  });
  const ics = feedIcs("K12 Experts sessions", events);
  const lastModified = new Date(Math.max(feed.createdAt.getTime(), ...sessions.map((s) => s.updatedAt.getTime())));
  return { ics, etag: `"${createHash("sha256").update(ics).digest("base64url").slice(0, 32)}"`, lastModified };
}
