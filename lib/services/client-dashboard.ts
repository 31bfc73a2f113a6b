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
  // One statement for the five counts (each its own indexed count): a page view is one round trip, not five.
  const [c] = await db().$queryRaw<[{ projects: number; findExperts: number; shortlists: number; invites: number; schedules: number }]>`
    SELECT (SELECT count(*) FROM projects WHERE client_user_id = ${actor.userId}::uuid)::int AS projects,
           (SELECT count(*) FROM experts WHERE verification_status = 'verified' AND is_public_profile)::int AS "findExperts",
           (SELECT count(*) FROM shortlists WHERE client_user_id = ${actor.userId}::uuid)::int AS shortlists,
           (SELECT count(*) FROM engagements WHERE client_user_id = ${actor.userId}::uuid AND origin = 'invite')::int AS invites,
           (SELECT count(*) FROM engagements WHERE client_user_id = ${actor.userId}::uuid AND state = 'scheduled')::int AS schedules`;
  return { ...c, exports: c.shortlists };
}
