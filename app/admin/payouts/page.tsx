import type { Metadata } from "next";
import { requirePageRole } from "@/lib/accounts/session";
import { adminZone } from "@/lib/accounts/viewer-zone";
import { listPayoutQueue } from "@/lib/money/payouts";
import { isTremendousConfigured } from "@/lib/money/providers/configured";
import { formatMoney } from "@/lib/platform/format";
import { PAYOUT_DUE_BUSINESS_DAYS } from "@/lib/money/policy";
import { PayoutQueue } from "@/components/admin/payout-queue/payout-queue";
import { PageLinks } from "@/components/ui/page-links";
import { pageRequestOf } from "@/lib/platform/keyset";

export const metadata: Metadata = {
  title: "Payouts",
  description: "Pending payouts: export a batch, then mark each paid or failed.",
  robots: { index: false },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AdminPayoutsPage({ searchParams }: Props) {
  const actor = await requirePageRole(["admin"], "/login", "/admin/payouts");
  const queue = await listPayoutQueue(actor, new Date(), pageRequestOf(await searchParams));
  const { count, amountCents: total, overdue } = queue.summary;

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold">Payouts</h1>
        <p className="text-sm text-muted-foreground" data-testid="payout-queue-summary">
          {count
            ? `${count} ${count === 1 ? "payout" : "payouts"} waiting, ${formatMoney(total)} in all, soonest due first${overdue ? `; ${overdue} overdue` : ""}.`
            : "Nothing waiting."}{" "}
          Each is due {PAYOUT_DUE_BUSINESS_DAYS} business days after the expert asked for it. Details are masked here; an exported batch
          holds them in full, and every export is recorded with your name.
        </p>
      </div>
      <PayoutQueue payouts={queue.rows} tremendous={isTremendousConfigured()} zone={await adminZone()} />
      <PageLinks path="/admin/payouts" page={queue} noun="payouts" labels={{ before: "Sooner due", after: "Later due" }} />
    </div>
  );
}
