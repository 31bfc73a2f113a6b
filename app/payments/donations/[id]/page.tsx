import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "@/lib/platform/validation/zod";
import { requirePageRole } from "@/lib/accounts/session";
import { isAppError } from "@/lib/platform/errors";
import { donationReceiptOf, type DonationReceipt } from "@/lib/money/donations";
import { formatDay, formatMoney } from "@/lib/platform/format";
import { DONATION_STATE_WORDS, DONATION_TAX_NOTE } from "@/lib/money/donation-words";

export const metadata: Metadata = {
  title: "Donation receipt",
  description: "The receipt for pay you donated to your school or district.",
  robots: { index: false },
};

/** The expert's donation receipt: what they gave, to which district, and when it was paid to it. */
export default async function DonationReceiptPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await requirePageRole(["expert", "admin"], "/expert/login", `/payments/donations/${id}`);
  if (!z.uuid().safeParse(id).success) notFound();
  const r: DonationReceipt | null = await donationReceiptOf(actor, id).catch((e) => {
    if (isAppError(e) && e.code === "NOT_FOUND") return null;
    throw e;
  });
  if (!r) notFound();
  const rows: [string, string][] = [
    ["Receipt", r.number],
    ["Amount", formatMoney(r.amountCents)],
    ["Study", r.projectTitle],
    ["Donated to", r.districtName],
    ["Donated on", formatDay(r.donatedAt)],
    ["Status", DONATION_STATE_WORDS[r.state]],
    ...(r.payout
      ? ([
          ["Paid to", r.payout.schoolFund ? `${r.payout.schoolFund} (${r.payout.payeeName})` : r.payout.payeeName],
          ["Paid on", formatDay(r.payout.paidAt)],
          ["Payment reference", `${r.payout.reference} (${r.payout.number})`],
        ] as [string, string][])
      : []),
  ];
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8">
      <div>
        <p className="text-sm text-muted-foreground">
          <Link href="/payments" className="underline underline-offset-4">
            Back to your wallet
          </Link>
        </p>
        <h1 className="mt-2 text-2xl font-bold">Donation receipt</h1>
      </div>
      <dl className="grid gap-3 sm:grid-cols-[12rem_1fr]" data-testid="donation-receipt">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-muted-foreground">{term}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm">{DONATION_TAX_NOTE}</p>
    </div>
  );
}
