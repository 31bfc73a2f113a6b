import "server-only";
import { db, LOCKED_TX_OPTIONS, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { env } from "@/lib/platform/env";
import { formatDay, formatMoney } from "@/lib/platform/format";
import { queueMail } from "@/lib/platform/mail/queue";
import type { Actor } from "@/lib/accounts/actor";
import { can, requirePermission } from "@/lib/accounts/permissions";
import { lockBalance, post } from "@/lib/money/ledger";
import { donationAccount } from "@/lib/money/donation-ledger";
import { donationReceiptEmail } from "@/lib/money/mail";

// Donations paid out: once a month the money desk pays each district what its experts donated
// and what has left the client's review window, to the district's recorded payee or a named
// school fund. One payout per district and month (the database's unique key and the ledger key
// both say so), one balanced ledger transaction from the district's payable donations to its
// paid-out account, and a receipt mailed to every expert whose donation it carried.

export const receiptNumber = (n: number) => `D-${String(n).padStart(6, "0")}`;
export const payoutNumber = (n: number) => `DP-${String(n).padStart(6, "0")}`;

/** "2026-11" → the first and the day after the last of that month (UTC). */
export function monthBounds(month: string) {
  const [y, m] = month.split("-").map(Number);
  return { from: new Date(Date.UTC(y, m - 1, 1)), to: new Date(Date.UTC(y, m, 1)) };
}
export const monthOf = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;

export type DonationMonth = {
  leaid: string;
  districtName: string;
  month: string;
  cents: number;
  count: number;
  /** Still in the client's review: paid with a later month. */
  heldCents: number;
  payeeName: string;
  remitTo: string | null;
};

/** Admin › Donations: per district and month (by when each donation became payable), what is due. */
export async function listDonationsDue(actor: Actor): Promise<DonationMonth[]> {
  requirePermission(actor, "manage:money:any");
  const rows = await db().$queryRaw<
    { leaid: string; name: string; month: string; cents: bigint; count: bigint; payee: string | null; remit: string | null }[]
  >`
    SELECT d.leaid, dt.name, to_char(date_trunc('month', d.payable_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month,
           SUM(d.amount_cents) AS cents, COUNT(*) AS count, p.payee_name AS payee, p.remit_to AS remit
    FROM donations d JOIN districts dt ON dt.leaid = d.leaid LEFT JOIN district_donation_payees p ON p.leaid = d.leaid
    WHERE d.state = 'payable'
    GROUP BY d.leaid, dt.name, month, p.payee_name, p.remit_to
    ORDER BY month, dt.name
    LIMIT 200`;
  // Still in the clients' review, for the districts listed only (not every district's donations).
  const held = await db().donation.groupBy({
    by: ["leaid"],
    where: { state: "held", leaid: { in: [...new Set(rows.map((r) => r.leaid))] } },
    _sum: { amountCents: true },
  });
  const heldBy = new Map(held.map((h) => [h.leaid, h._sum.amountCents ?? 0]));
  return rows.map((r) => ({
    leaid: r.leaid,
    districtName: r.name,
    month: r.month,
    cents: Number(r.cents),
    count: Number(r.count),
    heldCents: heldBy.get(r.leaid) ?? 0,
    payeeName: r.payee ?? r.name,
    remitTo: r.remit,
  }));
}

export type DonationPayoutView = {
  id: string;
  number: string;
  districtName: string;
  month: string;
  cents: number;
  payeeName: string;
  schoolFund: string | null;
  reference: string;
  paidAt: Date;
};

/** The last donation payouts, newest first. */
export async function listDonationPayouts(actor: Actor, take = 50): Promise<DonationPayoutView[]> {
  requirePermission(actor, "manage:money:any");
  const rows = await db().donationPayout.findMany({ orderBy: { paidAt: "desc" }, take });
  const names = await districtNames(rows.map((r) => r.leaid));
  return rows.map((r) => ({
    id: r.id,
    number: payoutNumber(r.number),
    districtName: names.get(r.leaid) ?? r.leaid,
    month: monthOf(r.month),
    cents: r.amountCents,
    payeeName: r.payeeName,
    schoolFund: r.schoolFund,
    reference: r.reference,
    paidAt: r.paidAt,
  }));
}

async function districtNames(leaids: string[]) {
  const rows = await db().district.findMany({ where: { leaid: { in: [...new Set(leaids)] } }, select: { leaid: true, name: true } });
  return new Map(rows.map((r) => [r.leaid, r.name]));
}

export type PayDonationsInput = { leaid: string; month: string; payeeName: string; schoolFund?: string | null; reference: string };

/**
 * Pays one district's donations of one month (those that became payable in it): one payout, one
 * ledger transaction, the donations marked paid, the payee remembered, and a receipt to each
 * expert. Paying the same district and month again changes nothing; a month not yet begun, or
 * one with nothing payable, is refused.
 */
export async function payDonations(actor: Actor | null, input: PayDonationsInput, now: Date = new Date()) {
  requirePermission(actor, "manage:money:any");
  const { from, to } = monthBounds(input.month);
  if (from > now) throw new AppError("CONFLICT", "That month has not begun: its donations cannot be paid yet.");
  const district = await db().district.findUnique({ where: { leaid: input.leaid }, select: { name: true } });
  if (!district) throw new AppError("NOT_FOUND", "District not found");
  const result = await db().$transaction(async (tx) => {
    const payable = await lockBalance(tx, donationAccount(input.leaid, "donation_payable"));
    const existing = await tx.donationPayout.findUnique({ where: { leaid_month: { leaid: input.leaid, month: from } } });
    if (existing) return { payoutId: existing.id, cents: existing.amountCents, replayed: true };
    const due = await tx.$queryRaw<{ id: string; amount_cents: number }[]>`
      SELECT id::text, amount_cents FROM donations
      WHERE leaid = ${input.leaid} AND state = 'payable' AND payable_at >= ${from} AND payable_at < ${to}
      ORDER BY id FOR UPDATE`;
    const cents = due.reduce((s, d) => s + d.amount_cents, 0);
    if (cents === 0) throw new AppError("CONFLICT", `${district.name} has no donations to pay for ${input.month}.`);
    if (cents > payable)
      throw new AppError(
        "CONFLICT",
        `${district.name}'s payable donations hold ${formatMoney(payable)}, less than the ${formatMoney(cents)} asked for.`,
      );
    const payout = await tx.donationPayout.create({
      data: {
        leaid: input.leaid,
        month: from,
        amountCents: cents,
        payeeName: input.payeeName,
        schoolFund: input.schoolFund || null,
        reference: input.reference,
        paidById: actor.userId,
        paidAt: now,
      },
    });
    await post(tx, {
      key: `donation-payout:${input.leaid}:${input.month}`,
      kind: "donation_paid_out",
      actorUserId: actor.userId,
      memo: `${input.payeeName}${input.schoolFund ? ` (${input.schoolFund})` : ""}: ${input.reference}`,
      moves: [
        { debit: donationAccount(input.leaid, "donation_payable"), credit: donationAccount(input.leaid, "donation_paid_out"), cents },
      ],
    });
    await tx.donation.updateMany({ where: { id: { in: due.map((d) => d.id) } }, data: { state: "paid", payoutId: payout.id } });
    const payee = { payeeName: input.payeeName, updatedById: actor.userId };
    await tx.districtDonationPayee.upsert({ where: { leaid: input.leaid }, create: { leaid: input.leaid, ...payee }, update: payee });
    await mailReceipts(tx, payout.id);
    return { payoutId: payout.id, cents, replayed: false };
  }, LOCKED_TX_OPTIONS);
  return result;
}

async function mailReceipts(tx: Tx, payoutId: string) {
  const payout = await tx.donationPayout.findUniqueOrThrow({ where: { id: payoutId } });
  const donations = await tx.donation.findMany({
    where: { payoutId },
    select: { id: true, number: true, amountCents: true, projectId: true, expertUserId: true },
  });
  const [users, projects] = await Promise.all([
    tx.user.findMany({ where: { id: { in: donations.map((d) => d.expertUserId) } }, select: { id: true, email: true, firstName: true } }),
    tx.project.findMany({ where: { id: { in: donations.map((d) => d.projectId) } }, select: { id: true, title: true } }),
  ]);
  const user = new Map(users.map((u) => [u.id, u]));
  const title = new Map(projects.map((p) => [p.id, p.title]));
  const payee = payout.schoolFund ? `${payout.schoolFund} (${payout.payeeName})` : payout.payeeName;
  for (const d of donations) {
    const u = user.get(d.expertUserId)!;
    const mail = donationReceiptEmail({
      firstName: u.firstName,
      amount: formatMoney(d.amountCents),
      number: receiptNumber(d.number),
      projectTitle: title.get(d.projectId) ?? "a study",
      payee,
      paidOn: formatDay(payout.paidAt),
      reference: payout.reference,
      link: `${env().APP_URL}/payments/donations/${d.id}`,
    });
    await queueMail({ to: u.email, ...mail }, tx, `donation-receipt:${d.id}`);
  }
}

export type DonationReceipt = {
  id: string;
  number: string;
  amountCents: number;
  projectTitle: string;
  districtName: string;
  state: "held" | "payable" | "paid" | "refunded";
  donatedAt: Date;
  payableAt: Date | null;
  payout: { number: string; payeeName: string; schoolFund: string | null; reference: string; paidAt: Date } | null;
};

/** The expert's donations, newest first (their receipts). */
export async function listDonationsOfExpert(actor: Actor, take = 50): Promise<DonationReceipt[]> {
  requirePermission(actor, "update:expert:own");
  const rows = await db().donation.findMany({ where: { expertUserId: actor.userId }, orderBy: { createdAt: "desc" }, take });
  return toReceipts(rows);
}

/** One donation receipt: the expert's own, or any for the money desk; another's is not found. */
export async function donationReceiptOf(actor: Actor | null, id: string): Promise<DonationReceipt> {
  if (!actor) throw new AppError("UNAUTHENTICATED", "No authentication token");
  const row = await db().donation.findUnique({ where: { id } });
  if (!row || (row.expertUserId !== actor.userId && !can(actor, "manage:money:any")))
    throw new AppError("NOT_FOUND", "Donation receipt not found");
  return (await toReceipts([row]))[0];
}

type DonationRow = Awaited<ReturnType<ReturnType<typeof db>["donation"]["findMany"]>>[number];

async function toReceipts(rows: DonationRow[]): Promise<DonationReceipt[]> {
  const [names, projects, payouts] = await Promise.all([
    districtNames(rows.map((r) => r.leaid)),
    db().project.findMany({ where: { id: { in: rows.map((r) => r.projectId) } }, select: { id: true, title: true } }),
    db().donationPayout.findMany({ where: { id: { in: rows.flatMap((r) => (r.payoutId ? [r.payoutId] : [])) } } }),
  ]);
  const title = new Map(projects.map((p) => [p.id, p.title]));
  const payout = new Map(payouts.map((p) => [p.id, p]));
  return rows.map((r) => {
    const p = r.payoutId ? payout.get(r.payoutId) : undefined;
    return {
      id: r.id,
      number: receiptNumber(r.number),
      amountCents: r.amountCents,
      projectTitle: title.get(r.projectId) ?? "",
      districtName: names.get(r.leaid) ?? r.leaid,
      state: r.state as DonationReceipt["state"],
      donatedAt: r.createdAt,
      payableAt: r.payableAt,
      payout: p
        ? { number: payoutNumber(p.number), payeeName: p.payeeName, schoolFund: p.schoolFund, reference: p.reference, paidAt: p.paidAt }
        : null,
    };
  });
}

/** What an organization's incentives did besides pay experts: donated to schools, and declined (never charged). */
export async function incentiveOutcomesOf(organizationId: string, range: { from?: Date; to?: Date } = {}) {
  const createdAt = { ...(range.from ? { gte: range.from } : {}), ...(range.to ? { lt: range.to } : {}) };
  const [donated, declined] = await Promise.all([
    db().donation.aggregate({ where: { organizationId, state: { not: "refunded" }, createdAt }, _sum: { amountCents: true } }),
    db().engagement.aggregate({
      where: {
        organizationId,
        declinePayment: true,
        state: { in: ["completed", "submitted"] },
        ...(range.from || range.to ? { updatedAt: createdAt } : {}),
      },
      _sum: { incentiveCents: true },
      _count: { _all: true },
    }),
  ]);
  return {
    donatedCents: donated._sum.amountCents ?? 0,
    declinedCents: declined._sum.incentiveCents ?? 0,
    declinedCount: declined._count._all,
  };
}

export type IncentiveOutcomeMonth = { donatedCents: number; declinedCents: number };

/**
 * The same outcomes per calendar month (UTC), for the statements: donations by the day they were
 * pledged, declined pay by the day the engagement completed. Donated pay is billed like any other
 * and is part of the month's total; declined pay never is.
 */
export async function incentiveOutcomesByMonth(organizationId: string): Promise<Map<string, IncentiveOutcomeMonth>> {
  const [donations, declined] = await Promise.all([
    db().donation.findMany({
      where: { organizationId, state: { not: "refunded" } },
      select: { amountCents: true, createdAt: true },
    }),
    db().engagement.findMany({
      where: { organizationId, declinePayment: true, state: { in: ["completed", "submitted"] } },
      select: { incentiveCents: true, completedAt: true, updatedAt: true },
    }),
  ]);
  const months = new Map<string, IncentiveOutcomeMonth>();
  const at = (m: string) => months.get(m) ?? months.set(m, { donatedCents: 0, declinedCents: 0 }).get(m)!;
  for (const d of donations) at(monthOf(d.createdAt)).donatedCents += d.amountCents;
  for (const e of declined) at(monthOf(e.completedAt ?? e.updatedAt)).declinedCents += e.incentiveCents;
  return months;
}
