import "server-only";
import { db } from "@/lib/db";
import type { Actor } from "@/lib/auth/session";
import { requirePermission } from "@/lib/auth/permissions";

/**
 * The six count cards (000 §2), live from the database. 'Find Experts' counts the experts a
 * client can find (verified and public); Invites and Schedules come from the engagements
 * (lib/services/engagement-views.ts reads the same rows per project); 'Exports' counts the rows the shortlist CSV export holds.
 */
export type ClientDashboardCounts = { projects: number; findExperts: number; shortlists: number; invites: number; schedules: number; exports: number };

export async function getClientDashboardCounts(actor: Actor | null): Promise<ClientDashboardCounts> {
  requirePermission(actor, "search:expert:any");
  const clientUserId = actor.userId;
  const [projects, findExperts, shortlists, invites, schedules] = await Promise.all([
    db().project.count({ where: { clientUserId } }),
    db().expert.count({ where: { verificationStatus: "verified", isPublicProfile: true } }),
    db().shortlist.count({ where: { clientUserId } }),
    db().engagement.count({ where: { clientUserId, origin: "invite" } }),
    db().engagement.count({ where: { clientUserId, state: "scheduled" } }),
  ]);
  return { projects, findExperts, shortlists, invites, schedules, exports: shortlists };
}
