// The US 1099-NEC rule: a payee we pay the year's threshold or more in a calendar
// year gets a 1099-NEC, so we need their W-9 before the cash out that brings them there.
// This module is pure (no database import: the gate takes the caller's transaction), so the help
// center and the policies, which render on the client too, quote the same table.

import type { Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";

/**
 * The 1099-NEC reporting threshold in integer cents, one row per year in which it changed.
 * 2025 and every year before: $600. 2026: $2,000 (payments made after 31 December 2025).
 * From 2027 the IRS adjusts $2,000 for inflation in $100 steps and publishes each year's figure
 * ahead of the year; none is published here yet. A year without a row uses the latest row before
 * it, so when the IRS publishes a year's figure a new row MUST be added (e.g. { year: 2027, cents: … }).
 */
export const NEC_THRESHOLDS: readonly { year: number; cents: number }[] = [
  { year: 2025, cents: 60_000 },
  { year: 2026, cents: 200_000 },
];

/** The year's 1099-NEC threshold in cents: its row, or the latest row before it (the first row before the table starts). */
export function thresholdFor(year: number): number {
  if (!Number.isInteger(year)) throw new Error(`a tax year is a whole number, not ${year}`);
  let cents = NEC_THRESHOLDS[0].cents;
  for (const row of NEC_THRESHOLDS) if (row.year <= year) cents = row.cents;
  return cents;
}

/** A year's payments of this many cents are reported on a 1099-NEC: the IRS rule is "the threshold or more". */
export const isReportable = (totalCents: number, year: number) => totalCents >= thresholdFor(year);

/** "$2,000": a threshold as the help center and the policies quote it (thresholds are whole dollars). */
export const thresholdDollars = (year: number) => `$${(thresholdFor(year) / 100).toLocaleString("en-US")}`;

/**
 * The payouts that count toward a calendar year (UTC): dated by when they were paid, else by the
 * day they were requested. A Prisma `where`, shared by the cash-out gate and the 1099 export.
 */
export function payoutsOfYear(year: number) {
  const inYear = { gte: new Date(Date.UTC(year, 0, 1)), lt: new Date(Date.UTC(year + 1, 0, 1)) };
  return {
    OR: [{ paidAt: inYear }, { paidAt: null, actualPayoutDate: inYear }, { paidAt: null, actualPayoutDate: null, createdAt: inYear }],
  };
}

export const W9_REQUIRED_MESSAGE = "Please complete your W-9 before this cash out.";
/** The W-9 card's id on /payments. */
export const W9_ANCHOR = "w9";
/** Where the refused cash out sends the expert: the W-9 card, its form already open. */
export const W9_LINK = `/payments?${W9_ANCHOR}=open#${W9_ANCHOR}`;

/**
 * The W-9 gate of a cash out, inside its transaction: when this payout would bring the user's
 * payouts for the calendar year (UTC year of `now`; every payout not failed, dated by when it
 * was paid or else requested) to the year's threshold or past it, a W-9 must be on file.
 * Refuses with CONFLICT and the W-9 message; the caller's transaction then changes nothing.
 */
export async function assertTaxFormIfNeeded(tx: Tx, userId: string, amountCents: number, now: Date): Promise<void> {
  const year = now.getUTCFullYear();
  const sum = await tx.payout.aggregate({
    where: { userId, status: { not: "failed" }, ...payoutsOfYear(year) },
    _sum: { amountCents: true },
  });
  const total = (sum._sum.amountCents ?? 0) + amountCents;
  if (!isReportable(total, year)) return;
  const form = await tx.taxForm.findUnique({ where: { userId }, select: { id: true } });
  if (!form) throw new AppError("CONFLICT", W9_REQUIRED_MESSAGE);
}

const lastRow = NEC_THRESHOLDS[NEC_THRESHOLDS.length - 1];

/**
 * The rule in words, quoted by the help center, the payment policy and the terms, built from the
 * table so a new row changes every page: "$600 for 2025 and earlier, $2,000 for 2026, …".
 */
export const TAX_RULE_POINTS: readonly string[] = [
  `We file a 1099-NEC for every expert we pay the year's reporting threshold or more in a calendar year: ${NEC_THRESHOLDS.map((r, i) => `${thresholdDollars(r.year)} for ${r.year}${i === 0 ? " and earlier" : ""}`).join(", ")}; from ${lastRow.year + 1} the IRS adjusts it for inflation in $100 steps.`,
  "Before a cash out that would bring your payouts for the calendar year to that year's threshold, we ask for your W-9 (legal name, address, tax classification and SSN or EIN) on the Payments page. Below the threshold no W-9 is needed.",
  "Your SSN or EIN is encrypted like your bank details and only its last 4 digits are ever shown; it is read only to prepare your 1099-NEC.",
];
export const TAX_RULE = TAX_RULE_POINTS.join(" ");
