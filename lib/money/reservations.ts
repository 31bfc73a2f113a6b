import "server-only";
import type { Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { formatMoney } from "@/lib/platform/format";
import { organizationBalancesOf, post, type Move } from "@/lib/money/ledger";

// An organisation commits money when an engagement is accepted: its incentive is reserved from
// the prepaid funds first and from its credit for the rest, so a project can never accept more
// than its budget, the funds and the credit limit allow. A reservation ends exactly once:
// spent by the engagement's earning (what it earned paid from it, the rest given back) or
// released when the engagement ends unpaid. Every move is one balanced ledger posting keyed by
// the engagement, so a replay moves nothing twice.

/** What the organisation may still commit now: funds, credit left and, for one project, its budget left. */
export type Capacity = {
  fundsCents: number;
  creditLeftCents: number;
  /** Null when the project has no budget. */
  budgetLeftCents: number | null;
  /** The most a new reservation may be: min(funds + credit left, budget left). */
  availableCents: number;
};

/** Serialises everything that commits an organisation's money (reservations, funding) for the rest of the transaction. */
export async function lockOrganization(tx: Tx, organizationId: string): Promise<{ creditLimitCents: number }> {
  const rows = await tx.$queryRaw<{ credit_limit_cents: number }[]>`
    SELECT credit_limit_cents FROM organizations WHERE id = ${organizationId}::uuid FOR UPDATE`;
  if (!rows[0]) throw new AppError("NOT_FOUND", "Organisation not found");
  return { creditLimitCents: rows[0].credit_limit_cents };
}

/**
 * The organisation's capacity. Reservations read it under the organisation's lock, which every
 * reservation and funding takes, so two acceptances cannot both spend the same room; the ledger's
 * own CHECK keeps the funds from ever going negative whatever else moves meanwhile.
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

/** What a project has committed: its held reservations and what its spent ones paid. */
export async function committedToProject(tx: Tx, projectId: string): Promise<number> {
  const rows = await tx.$queryRaw<{ committed: bigint | null }[]>`
    SELECT SUM(CASE WHEN state = 'held' THEN amount_cents WHEN state = 'spent' THEN spent_cents ELSE 0 END) AS committed
    FROM reservations WHERE project_id = ${projectId}::uuid`;
  return Number(rows[0]?.committed ?? 0);
}

/** Why `cents` cannot be reserved now, in the client's words, or null. */
export function shortfall(capacity: Capacity, cents: number, seesFunds: boolean): string | null {
  if (capacity.budgetLeftCents !== null && cents > capacity.budgetLeftCents)
    return `This project's budget has ${formatMoney(capacity.budgetLeftCents)} left, and this expert's incentive is ${formatMoney(cents)}. Raise the budget to accept more.`;
  if (cents > capacity.fundsCents + capacity.creditLeftCents && !seesFunds)
    return `Your organisation's funds and credit do not cover this expert's incentive of ${formatMoney(cents)}. Ask your finance team to add funds.`;
  if (cents > capacity.fundsCents + capacity.creditLeftCents)
    return `Your organisation has ${formatMoney(capacity.fundsCents + capacity.creditLeftCents)} available (${formatMoney(capacity.fundsCents)} in funds, ${formatMoney(capacity.creditLeftCents)} of credit left), and this expert's incentive is ${formatMoney(cents)}. Ask your finance team to add funds.`;
  return null;
}

/** What an expert reads when the organisation cannot take them on: never the organisation's finances. */
export const NO_CAPACITY_FOR_EXPERT = "This study cannot take on more participants right now. Please try again later.";

/**
 * Reserves an engagement's incentive in the caller's transaction: funds first, then credit.
 * Refused (CONFLICT, nothing written) when the budget, funds and credit do not cover it; the
 * client reads why, the expert a plain "cannot take on more". Reserving again changes nothing.
 */
export async function reserveIncentive(
  tx: Tx,
  e: { id: string; organizationId: string; projectId: string; incentiveCents: number; declinePayment?: boolean },
  who: "client" | "expert" | "system",
  /** Whether the acting member may read the organisation's balance: only then does a refusal name the amounts. */
  seesFunds = false,
): Promise<void> {
  if (e.incentiveCents <= 0 || e.declinePayment) return;
  const { creditLimitCents } = await lockOrganization(tx, e.organizationId);
  if (await tx.reservation.findUnique({ where: { engagementId: e.id }, select: { id: true } })) return;
  const capacity = await capacityOf(tx, e.organizationId, e.projectId, creditLimitCents);
  const refusal = shortfall(capacity, e.incentiveCents, seesFunds);
  if (refusal) throw new AppError("CONFLICT", who === "client" ? refusal : NO_CAPACITY_FOR_EXPERT);
  const fundedCents = Math.min(capacity.fundsCents, e.incentiveCents);
  const creditCents = e.incentiveCents - fundedCents;
  const org = e.organizationId;
  const moves: Move[] = [];
  if (fundedCents > 0)
    moves.push({ debit: { owner: org, kind: "client_funds" }, credit: { owner: org, kind: "client_reserved" }, cents: fundedCents });
  if (creditCents > 0)
    moves.push({ debit: { owner: org, kind: "client_credit_used" }, credit: { owner: org, kind: "client_reserved" }, cents: creditCents });
  await post(tx, { key: `reserve:${e.id}`, kind: "incentive_reserved", engagementId: e.id, moves });
  await tx.reservation.create({
    data: { engagementId: e.id, organizationId: org, projectId: e.projectId, amountCents: e.incentiveCents, fundedCents, creditCents },
  });
}

/** The reservation still held for an engagement, locked, or null. */
async function heldReservation(tx: Tx, engagementId: string) {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM reservations WHERE engagement_id = ${engagementId}::uuid AND state = 'held' FOR UPDATE`;
  if (!rows[0]) return null;
  return tx.reservation.findUniqueOrThrow({ where: { id: rows[0].id } });
}

/** The moves that give `funded` back to the funds and `credit` back to the credit line. */
function giveBack(org: string, funded: number, credit: number): Move[] {
  const moves: Move[] = [];
  if (funded > 0)
    moves.push({ debit: { owner: org, kind: "client_reserved" }, credit: { owner: org, kind: "client_funds" }, cents: funded });
  if (credit > 0)
    moves.push({ debit: { owner: org, kind: "client_reserved" }, credit: { owner: org, kind: "client_credit_used" }, cents: credit });
  return moves;
}

/**
 * An earning of `cents` is paid out of the engagement's reservation (called right after the
 * earning's own posting raised the receivable): the funded part pays the receivable at once, the
 * credit part becomes the receivable billed on the statement, and what the earning did not use
 * is given back. Returns the prepaid cents (0 without a reservation: all of it is billed).
 */
export async function spendReservation(tx: Tx, engagementId: string, cents: number, now: Date): Promise<number> {
  const r = await heldReservation(tx, engagementId);
  if (!r) return 0;
  const org = r.organizationId;
  const prepaid = Math.min(cents, r.fundedCents);
  const onCredit = Math.min(cents - prepaid, r.creditCents);
  const moves: Move[] = [];
  if (prepaid > 0)
    moves.push({ debit: { owner: org, kind: "client_reserved" }, credit: { owner: org, kind: "client_receivable" }, cents: prepaid });
  if (onCredit > 0)
    moves.push({ debit: { owner: org, kind: "client_reserved" }, credit: { owner: org, kind: "client_credit_used" }, cents: onCredit });
  moves.push(...giveBack(org, r.fundedCents - prepaid, r.creditCents - onCredit));
  if (moves.length) await post(tx, { key: `spend:${engagementId}`, kind: "incentive_spent", engagementId, moves });
  await tx.reservation.update({ where: { id: r.id }, data: { state: "spent", spentCents: prepaid + onCredit, settledAt: now } });
  return prepaid;
}

/** The engagement ended without (more) pay: whatever is still reserved for it goes back. Twice changes nothing. */
export async function releaseReservation(tx: Tx, engagementId: string, now: Date): Promise<void> {
  const r = await heldReservation(tx, engagementId);
  if (!r) return;
  const moves = giveBack(r.organizationId, r.fundedCents, r.creditCents);
  if (moves.length) await post(tx, { key: `release-reservation:${engagementId}`, kind: "incentive_released", engagementId, moves });
  await tx.reservation.update({ where: { id: r.id }, data: { state: "released", settledAt: now } });
}
