import "server-only";
import { db } from "@/lib/platform/db";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { sharedRead } from "@/lib/platform/shared-read";

export type AdminStats = {
  experts: { total: number; verified: number; pending: number; rejected: number };
  clients: number;
  users: number;
  openOpportunities: number;
  pendingPayouts: { count: number; amountCents: number };
};

/** How old the stat cards' counts may be: every sign-up and payout changes them. */
export const ADMIN_STATS_MAX_AGE_SECONDS = 60;

/**
 * The admin dashboard's stat cards. Counting every expert, user and payout on each view grew
 * with the platform; the counts are kept in the shared data cache for a minute instead, so a
 * view costs a cache read and one count a minute is made for every admin.
 */
export async function getAdminStats(actor: Actor | null): Promise<AdminStats> {
  requirePermission(actor, "manage:user:any");
  return cachedStats();
}

const cachedStats = sharedRead(countStats, "admin-stats", "admin-stats", ADMIN_STATS_MAX_AGE_SECONDS);

async function countStats(): Promise<AdminStats> {
  // One statement for every card (each its own count): a page view is one round trip, not five.
  // The sum is float8, exact for whole cents below 2^53, so it never needs a BigInt.
  const [r] = await db().$queryRaw<
    [
      {
        verified: number;
        pending: number;
        rejected: number;
        clients: number;
        users: number;
        openOpportunities: number;
        payoutCount: number;
        payoutCents: number;
      },
    ]
  >`
    SELECT (SELECT count(*) FROM experts WHERE verification_status = 'verified')::int AS verified,
           (SELECT count(*) FROM experts WHERE verification_status = 'pending')::int AS pending,
           (SELECT count(*) FROM experts WHERE verification_status = 'rejected')::int AS rejected,
           (SELECT count(*) FROM user_roles WHERE role = 'client')::int AS clients,
           (SELECT count(*) FROM users)::int AS users,
           (SELECT count(*) FROM opportunities WHERE status = 'open')::int AS "openOpportunities",
           p.n::int AS "payoutCount", p.cents::float8 AS "payoutCents"
    FROM (SELECT count(*) AS n, COALESCE(sum(amount_cents), 0) AS cents FROM payouts WHERE status IN ('pending', 'processing')) p`;
  const { verified, pending, rejected, clients, users, openOpportunities } = r;
  return {
    experts: { total: verified + pending + rejected, verified, pending, rejected },
    clients,
    users,
    openOpportunities,
    pendingPayouts: { count: r.payoutCount, amountCents: r.payoutCents },
  };
}
