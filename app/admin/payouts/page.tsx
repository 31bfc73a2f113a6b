import type { Metadata } from "next";
import { requirePageRole } from "@/lib/auth/session";
import { adminZone } from "@/lib/viewer-zone";
import { listPayoutQueue } from "@/lib/money/payouts";
import { isTremendousConfigured } from "@/lib/money/payout-providers/configured";
import { formatMoney } from "@/lib/format";
import { PayoutQueue } from "@/components/admin/payout-queue";

export const metadata: Metadata = { title: "Payouts", description: "Pending payouts: export a batch, then mark each paid or failed.", robots: { index: false } };

export default async function AdminPayoutsPage() {
  const actor = await requirePageRole(["admin"], "/login", "/admin/payouts");
  const payouts = await listPayoutQueue(actor);
  const total = payouts.reduce((sum, p) => sum + p.amountCents, 0);

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold">Payouts</h1>
        <p className="text-sm text-muted-foreground" data-testid="payout-queue-summary">
          {payouts.length ? `${payouts.length} ${payouts.length === 1 ? "payout" : "payouts"} waiting, ${formatMoney(total)} in all, oldest first.` : "Nothing waiting."} Details are masked here;
          an exported batch holds them in full, and every export is recorded with your name.
        </p>
      </div>
      <PayoutQueue payouts={payouts} tremendous={isTremendousConfigured()} zone={await adminZone()} />
    </div>
  );
}
