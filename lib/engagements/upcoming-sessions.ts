import "server-only";
import { db } from "@/lib/platform/db";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { orgScope } from "@/lib/organizations/membership";
import { clientCalendarSelect, toClientCalendarEntries, type ClientCalendarEntry } from "@/lib/engagements/views";

// The client Overview's next sessions: the organization's scheduled sessions that have not ended,
// soonest first, so "Join meeting" is one tap from the dashboard when a session is about to start.
// A session stays listed until its end, like the Calendar's Upcoming list.

/** How many the Overview lists; the Calendar has the rest. */
export const UPCOMING_ON_OVERVIEW = 5;

export async function upcomingClientSessions(
  actor: Actor | null,
  now: Date = new Date(),
): Promise<{ sessions: ClientCalendarEntry[]; total: number }> {
  requirePermission(actor, "read:project:org");
  const where = { status: "scheduled" as const, endsAt: { gt: now }, engagement: orgScope(actor, "read:project:org") };
  const [rows, total] = await Promise.all([
    db().engagementSession.findMany({
      where,
      orderBy: [{ startsAt: "asc" }, { id: "asc" }],
      take: UPCOMING_ON_OVERVIEW,
      select: clientCalendarSelect,
    }),
    db().engagementSession.count({ where }),
  ]);
  const sessions = await toClientCalendarEntries(rows);
  return { sessions, total };
}
