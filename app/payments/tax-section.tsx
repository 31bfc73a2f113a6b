import type { Actor } from "@/lib/accounts/actor";
import { settle } from "@/lib/platform/settle";
import { getTaxFormSummary } from "@/lib/money/tax-forms";
import { LoadErrorToast } from "@/components/dashboard/load-error-toast";
import { LazyTaxFormCard as TaxFormCard } from "@/components/payments/lazy-expert-parts";

/** The signed-in expert's "Tax information (W-9)" card, loaded beside the wallet. */
export async function TaxSection({ actor, timeZone }: { actor: Actor; timeZone: string }) {
  const summary = await settle(getTaxFormSummary(actor), "payments W-9");
  if (summary.ok) return <TaxFormCard summary={summary.data} timeZone={timeZone} />;
  return (
    <>
      <LoadErrorToast title="Error" description="Failed to load your tax information" />
      <p className="text-sm text-destructive">Failed to load your tax information</p>
    </>
  );
}
