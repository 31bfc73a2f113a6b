import "server-only";
import { db } from "@/lib/platform/db";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { assertRecentlyAuthenticated } from "@/lib/accounts/security";
import { decryptPaymentValue, encryptPaymentValue, lastFour, taxFormTinBinding } from "@/lib/money/payment-data/payment-data";
import { csvText } from "@/lib/platform/csv";
import { isReportable, payoutsOfYear } from "@/lib/money/tax";
import type { TaxClassification } from "@/lib/generated/prisma/enums";
import type { TaxFormValues } from "@/lib/money/schemas/tax";

// The expert's W-9 and the admin's 1099-NEC export. The TIN is stored like bank
// numbers (AES-GCM, lib/money/payment-data/payment-data.ts) with only its last 4 in clear; it is decrypted
// in one place, the admin's export file, and every export is recorded.

export type TaxFormSummary = {
  legalName: string;
  businessName: string | null;
  classification: TaxClassification;
  tinType: string;
  tinLast4: string;
  signedAt: Date;
};

/**
 * Saves (or replaces) the signed-in expert's W-9, signed now. A tax certification is the
 * person's own: it needs the password entered recently and is refused while an admin views as them.
 */
export async function saveTaxForm(actor: Actor, input: TaxFormValues, now: Date = new Date()): Promise<TaxFormSummary> {
  requirePermission(actor, "update:expert:own");
  assertRecentlyAuthenticated(actor, now);
  const { tin, ...fields } = input;
  const data = {
    ...fields,
    tinCiphertext: encryptPaymentValue(tin, taxFormTinBinding(actor.userId)),
    tinLast4: lastFour(tin),
    signedAt: now,
  };
  return db().taxForm.upsert({
    where: { userId: actor.userId },
    create: { userId: actor.userId, ...data },
    update: data,
    select: summarySelect,
  });
}

const summarySelect = { legalName: true, businessName: true, classification: true, tinType: true, tinLast4: true, signedAt: true } as const;

/** The expert's W-9 as they may see it again: no address, the TIN's last 4 only; null when none is on file. */
export async function getTaxFormSummary(actor: Actor): Promise<TaxFormSummary | null> {
  requirePermission(actor, "update:expert:own");
  return db().taxForm.findUnique({ where: { userId: actor.userId }, select: summarySelect });
}

const HEADER = [
  "Year",
  "Payee user id",
  "Email",
  "Legal name",
  "Business name",
  "Tax classification",
  "TIN type",
  "TIN",
  "Address line 1",
  "Address line 2",
  "City",
  "State",
  "ZIP",
  "Nonemployee compensation (USD)",
  "Payouts",
  "W-9 signed at",
] as const;

/** Integer cents as a plain dollar amount for a tax form: 200000 → "2000.00". */
const dollars = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/**
 * The year's 1099-NEC totals as CSV: every payee whose paid payouts in `year` (dated by paidAt,
 * else the actual payout date) reach the year's threshold, with their W-9 and the decrypted TIN.
 * A payee above the threshold without a W-9 (paid before the gate) is listed with empty W-9
 * fields so it can be chased. The export is recorded in payout_exports with the payouts it
 * covers, the admin and the IP, in the same transaction that reads the TINs. Needs the
 * password entered within REAUTH_MINUTES.
 */
export async function export1099Csv(
  actor: Actor | null,
  year: number,
  meta: { ip: string | null },
  now: Date = new Date(),
): Promise<{ filename: string; csv: string; payees: number }> {
  requirePermission(actor, "manage:money:any");
  // The file holds full TINs: like cash out, it needs the password entered in this session lately.
  assertRecentlyAuthenticated(actor, now);
  return db().$transaction(async (tx) => {
    const payouts = await tx.payout.findMany({
      where: { status: { in: ["paid", "completed"] }, ...payoutsOfYear(year) },
      select: { id: true, userId: true, amountCents: true },
    });
    const totals = new Map<string, { cents: number; ids: string[] }>();
    for (const p of payouts) {
      const t = totals.get(p.userId) ?? { cents: 0, ids: [] };
      t.cents += p.amountCents;
      t.ids.push(p.id);
      totals.set(p.userId, t);
    }
    const payeeIds = [...totals].filter(([, t]) => isReportable(t.cents, year)).map(([id]) => id);
    const users = await tx.user.findMany({
      where: { id: { in: payeeIds } },
      select: { id: true, email: true, taxForm: true },
      orderBy: { email: "asc" },
    });
    const rows = users.map((u) => {
      const t = totals.get(u.id)!;
      const f = u.taxForm;
      return [
        year,
        u.id,
        u.email,
        f?.legalName,
        f?.businessName,
        f?.classification,
        f?.tinType,
        f ? decryptPaymentValue(f.tinCiphertext, taxFormTinBinding(u.id)) : "",
        f?.addressLine1,
        f?.addressLine2,
        f?.city,
        f?.state,
        f?.zipCode,
        dollars(t.cents),
        t.ids.length,
        f?.signedAt.toISOString(),
      ];
    });
    await tx.payoutExport.create({
      data: { adminUserId: actor.realUserId, payoutIds: users.flatMap((u) => totals.get(u.id)!.ids), ip: meta.ip },
    });
    return { filename: `1099-nec-${year}.csv`, csv: csvText(HEADER, rows), payees: rows.length };
  });
}
