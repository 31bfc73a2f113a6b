import "server-only";
import { db } from "@/lib/platform/db";
import { fullName } from "@/lib/platform/format";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { orgScope } from "@/lib/organizations/membership";
import { meetingExtrasFor, withMeetingExtras } from "@/lib/engagements/meeting-extras";
import type { ClientCalendarEntry } from "@/lib/engagements/views";

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
      select: {
        id: true,
        startsAt: true,
        endsAt: true,
        meetingUrl: true,
        status: true,
        agreedAt: true,
        proposedStartsAt: true,
        proposedBy: true,
        proposedReason: true,
        engagement: {
          select: {
            id: true,
            projectId: true,
            project: { select: { title: true } },
            expert: { select: { id: true, user: { select: { firstName: true, lastName: true } } } },
          },
        },
      },
    }),
    db().engagementSession.count({ where }),
  ]);
  const meetings = await meetingExtrasFor(rows.filter((r) => r.meetingUrl).map((r) => r.engagement.id));
  const sessions = rows.map(({ engagement: e, ...session }) => ({
    engagementId: e.id,
    projectId: e.projectId,
    projectTitle: e.project.title,
    expertId: e.expert.id,
    expertName: fullName(e.expert.user.firstName, e.expert.user.lastName),
    session: withMeetingExtras(session, meetings.get(e.id), "client")!,
  }));
  return { sessions, total };
}
