import "server-only";
import type { Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { post } from "@/lib/money/ledger";
import { lockOrganization } from "@/lib/money/capacity";
import { commitMoney, giveBackMoves, spendMoves, type Asker, type CommitmentWords } from "@/lib/money/commitments";

export { capacityOf, committedToProject, lockOrganization, type Capacity } from "@/lib/money/capacity";
export { NO_CAPACITY_FOR_EXPERT, shortfall } from "@/lib/money/commitments";

// An engagement's reservation: what its organization committed to it through the gate
// (commitMoney in lib/money/commitments.ts) when it was accepted, raised when the pay is raised,
// topped up when a fee or an end's pay is booked. A reservation ends exactly once: spent by the
// engagement's earning (what it earned paid from it, the rest given back) or released when the
// engagement ends unpaid. Every move is one balanced ledger posting keyed by the engagement, so
// a replay moves nothing twice.

/**
 * Reserves an engagement's incentive in the caller's transaction: funds first, then credit.
 * Refused (CONFLICT, nothing written) when the budget, funds and credit do not cover it; the
 * client reads why, the expert a plain "cannot take on more". Reserving again changes nothing.
 */
export async function reserveIncentive(
  tx: Tx,
  e: { id: string; organizationId: string; projectId: string; incentiveCents: number; declinePayment?: boolean },
  who: Asker,
  /** Whether the acting member may read the organization's balance: only then does a refusal name the amounts. */
  seesFunds = false,
): Promise<void> {
  if (e.incentiveCents <= 0 || e.declinePayment) return;
  await holdFor(tx, e, e.incentiveCents, `reserve:${e.id}`, who, seesFunds, false);
}

/**
 * Holds `cents` for an engagement through the gate and records it on its reservation row: a new
 * row, or (for an earning booked after its reservation ended) the ended row held again. Nothing
 * when a row is already held, or has ended and `holdAgain` is false (an acceptance replayed).
 */
async function holdFor(
  tx: Tx,
  e: { id: string; organizationId: string; projectId: string },
  cents: number,
  key: string,
  who: Asker,
  seesFunds: boolean,
  holdAgain: boolean,
) {
  // The gate's lock first: a second caller waits here and then sees the first one's row.
  await lockOrganization(tx, e.organizationId);
  const existing = await tx.reservation.findUnique({ where: { engagementId: e.id }, select: { id: true, state: true } });
  if (existing && (existing.state === "held" || !holdAgain)) return;
  const { fundedCents, creditCents } = await commitMoney(tx, {
    organizationId: e.organizationId,
    projectId: e.projectId,
    cents,
    key,
    engagementId: e.id,
    who,
    seesFunds,
  });
  const data = { amountCents: cents, fundedCents, creditCents };
  if (existing)
    await tx.reservation.update({ where: { id: existing.id }, data: { ...data, state: "held", spentCents: 0, settledAt: null } });
  else await tx.reservation.create({ data: { engagementId: e.id, organizationId: e.organizationId, projectId: e.projectId, ...data } });
}

/**
 * A pay raise for an engagement already holding a reservation: the difference is reserved
 * through the gate, or the raise is refused with what is left. Keyed by the new amount, which
 * only ever grows for an engagement (a cut never reaches people already in).
 */
export async function raiseReservation(
  tx: Tx,
  e: { id: string; organizationId: string; projectId: string },
  newCents: number,
  opts: { who: Asker; seesFunds: boolean; actorUserId?: string | null; words?: CommitmentWords },
): Promise<number> {
  const r = await heldReservation(tx, e.id);
  if (!r || r.amountCents >= newCents) return 0;
  const extra = newCents - r.amountCents;
  const { fundedCents, creditCents } = await commitMoney(tx, {
    organizationId: e.organizationId,
    projectId: e.projectId,
    cents: extra,
    key: `raise:${e.id}:${newCents}`,
    engagementId: e.id,
    actorUserId: opts.actorUserId ?? null,
    who: opts.who,
    seesFunds: opts.seesFunds,
    words: opts.words,
  });
  await tx.reservation.update({
    where: { id: r.id },
    data: { amountCents: newCents, fundedCents: { increment: fundedCents }, creditCents: { increment: creditCents } },
  });
  return extra;
}

/**
 * Makes sure an earning of `cents` is backed before it is booked: a held reservation that
 * covers it, topped up through the gate for the part it does not, or a new one. Refused
 * (CONFLICT, nothing written) when the organization cannot cover the difference.
 */
export async function coverEarning(
  tx: Tx,
  e: { id: string; organizationId: string; projectId: string },
  cents: number,
  who: Asker,
): Promise<void> {
  const r = await heldReservation(tx, e.id);
  if (!r) return holdFor(tx, e, cents, `reserve-earning:${e.id}`, who, false, true);
  if (r.amountCents < cents) await raiseReservation(tx, e, cents, { who, seesFunds: false });
}

/** The reservation still held for an engagement, locked, or null. */
async function heldReservation(tx: Tx, engagementId: string) {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM reservations WHERE engagement_id = ${engagementId}::uuid AND state = 'held' FOR UPDATE`;
  if (!rows[0]) return null;
  return tx.reservation.findUniqueOrThrow({ where: { id: rows[0].id } });
}

/**
 * An earning of `cents` is paid out of the engagement's reservation (called right after the
 * earning's own posting raised the receivable; coverEarning made sure it covers it): the funded
 * part pays the receivable at once, the credit part becomes the receivable billed on the
 * statement, and what the earning did not use is given back. Returns the prepaid cents.
 */
export async function spendReservation(tx: Tx, engagementId: string, cents: number, now: Date): Promise<number> {
  const r = await heldReservation(tx, engagementId);
  if (!r || r.amountCents < cents) throw new AppError("CONFLICT", "An earning must be covered by its reservation before it is booked");
  const org = r.organizationId;
  const prepaid = Math.min(cents, r.fundedCents);
  const onCredit = cents - prepaid;
  const moves = [...spendMoves(org, prepaid, onCredit), ...giveBackMoves(org, r.fundedCents - prepaid, r.creditCents - onCredit)];
  if (moves.length) await post(tx, { key: `spend:${engagementId}`, kind: "incentive_spent", engagementId, moves });
  await tx.reservation.update({ where: { id: r.id }, data: { state: "spent", spentCents: cents, settledAt: now } });
  return prepaid;
}

/** The engagement ended without (more) pay: whatever is still reserved for it goes back. Twice changes nothing. */
export async function releaseReservation(tx: Tx, engagementId: string, now: Date): Promise<void> {
  const r = await heldReservation(tx, engagementId);
  if (!r) return;
  const moves = giveBackMoves(r.organizationId, r.fundedCents, r.creditCents);
  if (moves.length) await post(tx, { key: `release-reservation:${engagementId}`, kind: "incentive_released", engagementId, moves });
  await tx.reservation.update({ where: { id: r.id }, data: { state: "released", settledAt: now } });
}
