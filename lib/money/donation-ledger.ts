import "server-only";
import type { Tx } from "@/lib/platform/db";
import type { AccountRef } from "@/lib/money/ledger";

// A donated earning or bonus on its way to a school district. The client pays exactly as for
// pay; the money is credited to the district's own ledger accounts instead of the expert's:
// pending while the client's review window runs, payable once it closes, paid out with the
// month's donations (lib/money/donations.ts). Every donated amount has one `donations` row, the
// donation receipt, which follows the same steps.

export type DonationKind = "donation_pending" | "donation_payable" | "donation_paid_out";

/** One of a district's donation accounts (owned by its NCES LEAID). */
export const donationAccount = (leaid: string, kind: DonationKind): AccountRef => ({ owner: leaid, kind });

/** The district an engagement's pay is donated to, or null when the expert takes it (or declined it). */
export async function donationTargetOf(tx: Tx, engagementId: string): Promise<string | null> {
  const row = await tx.engagementIncentiveChoice.findUnique({ where: { engagementId }, select: { choice: true, leaid: true } });
  return row?.choice === "donate" ? row.leaid : null;
}

/** The receipt row of a donation just posted to the district's pending account. */
export async function pledgeDonation(
  tx: Tx,
  d: {
    engagementId: string;
    expertUserId: string;
    organizationId: string;
    projectId: string;
    leaid: string;
    cents: number;
    source: { earningId: string } | { bonusId: string };
  },
) {
  await tx.donation.create({
    data: {
      engagementId: d.engagementId,
      expertUserId: d.expertUserId,
      organizationId: d.organizationId,
      projectId: d.projectId,
      leaid: d.leaid,
      amountCents: d.cents,
      ...d.source,
    },
  });
}

/** The donation of an earning or bonus follows it out of review: payable to the district, or back to the client. */
export async function settleDonation(tx: Tx, source: { earningId: string } | { bonusId: string }, to: "payable" | "refunded", now: Date) {
  await tx.donation.updateMany({
    where: { ...source, state: "held" },
    data: { state: to, ...(to === "payable" ? { payableAt: now } : {}) },
  });
}
