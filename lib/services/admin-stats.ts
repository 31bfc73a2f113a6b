import "server-only";
import { db } from "@/lib/db";
import type { Actor } from "@/lib/auth/session";
import { requirePermission } from "@/lib/auth/permissions";

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
  const [byStatus, clients, users, openOpportunities, payouts] = await Promise.all([
    db().expert.groupBy({ by: ["verificationStatus"], _count: { _all: true } }),
    db().userRole.count({ where: { role: "client" } }),
    db().user.count(),
    db().opportunity.count({ where: { status: "open" } }),
    db().payout.aggregate({ where: { status: { in: ["pending", "processing"] } }, _count: { _all: true }, _sum: { amountCents: true } }),
  ]);
  const count = (status: string) => byStatus.find((r) => r.verificationStatus === status)?._count._all ?? 0;
  const verified = count("verified");
  const pending = count("pending");
  const rejected = count("rejected");
  return {
    experts: { total: verified + pending + rejected, verified, pending, rejected },
    clients,
    users,
    openOpportunities,
    pendingPayouts: { count: payouts._count._all, amountCents: payouts._sum.amountCents ?? 0 },
  };
}
