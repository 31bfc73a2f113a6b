import "server-only";
import type { Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { organizationBalancesOf } from "@/lib/money/ledger";

// What an organization may still commit: its funds, its credit left and, for one project, the
// budget left. Read under the organization's lock (lockOrganization), which every commitment
// and every funding takes, so two commitments cannot both spend the same room.

/** What the organization may still commit now: funds, credit left and, for one project, its budget left. */
export type Capacity = {
  fundsCents: number;
  creditLeftCents: number;
  /** Null when the project has no budget. */
  budgetLeftCents: number | null;
  /** The most a new reservation may be: min(funds + credit left, budget left). */
  availableCents: number;
};

/**
 * Serialises everything that commits an organization's money (reservations, funding) for the rest
 * of the transaction. NO KEY UPDATE, not UPDATE: a transaction that has just inserted a row naming
 * the organization (an engagement, a reservation) holds a KEY SHARE lock on it from the foreign
 * key, and two such transactions both asking for FOR UPDATE would each wait for the other's KEY
 * SHARE (a deadlock two applications to one survey met at once). NO KEY UPDATE still excludes
 * every other commitment, and ignores those key locks.
 */
export async function lockOrganization(tx: Tx, organizationId: string): Promise<{ creditLimitCents: number }> {
  const rows = await tx.$queryRaw<{ credit_limit_cents: number }[]>`
    SELECT credit_limit_cents FROM organizations WHERE id = ${organizationId}::uuid FOR NO KEY UPDATE`;
  if (!rows[0]) throw new AppError("NOT_FOUND", "Organization not found");
  return { creditLimitCents: rows[0].credit_limit_cents };
}

/**
 * The organization's capacity. The ledger's own CHECK keeps the funds from ever going negative
 * whatever else moves meanwhile.
 */
export async function capacityOf(tx: Tx, organizationId: string, projectId: string | null, creditLimitCents: number): Promise<Capacity> {
  const balances = await organizationBalancesOf(organizationId, tx);
  const funds = balances.client_funds;
  const creditUsed = balances.client_credit_used;
  const receivable = balances.client_receivable;
  // Credit is used by what is reserved on it and by what was spent on it and not yet paid.
  const creditLeftCents = Math.max(0, creditLimitCents - creditUsed - receivable);
  let budgetLeftCents: number | null = null;
  if (projectId) {
    const project = await tx.project.findUnique({ where: { id: projectId }, select: { budgetCents: true } });
    if (project?.budgetCents != null) budgetLeftCents = Math.max(0, project.budgetCents - (await committedToProject(tx, projectId)));
  }
  const money = funds + creditLeftCents;
  return {
    fundsCents: funds,
    creditLeftCents,
    budgetLeftCents,
    availableCents: budgetLeftCents === null ? money : Math.min(money, budgetLeftCents),
  };
}

/**
 * What a project has committed: its held reservations, what its spent ones paid, and its
 * booked bonuses (a bonus waiting for approval or declined commits nothing).
 */
export async function committedToProject(tx: Tx, projectId: string): Promise<number> {
  const rows = await tx.$queryRaw<{ committed: bigint | null }[]>`
    SELECT
      (SELECT COALESCE(SUM(CASE WHEN state = 'held' THEN amount_cents WHEN state = 'spent' THEN spent_cents ELSE 0 END), 0)
         FROM reservations WHERE project_id = ${projectId}::uuid)
      + (SELECT COALESCE(SUM(amount_cents), 0) FROM bonuses
         WHERE project_id = ${projectId}::uuid AND state IN ('pending_qc', 'available')) AS committed`;
  return Number(rows[0]?.committed ?? 0);
}
