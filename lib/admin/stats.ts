import "server-only";
import { db } from "@/lib/platform/db";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";

export type AdminStats = {
  experts: { total: number; verified: number; pending: number; rejected: number };
  clients: number;
  users: number;
  openOpportunities: number;
  pendingPayouts: { count: number; amountCents: number };
};

/** The admin dashboard's stat cards, counted from the database on each request. */
export async function getAdminStats(actor: Actor | null): Promise<AdminStats> {
  requirePermission(actor, "manage:user:any");
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
