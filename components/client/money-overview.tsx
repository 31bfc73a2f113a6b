import Link from "next/link";
import { Button } from "@/components/ui/button";
import { MoneyFigures } from "@/components/ui/money-figures";
import { formatMoney } from "@/lib/platform/format";

const linkClass = "text-primary underline-offset-4 hover:underline";

export type MoneyOverviewProps = {
  fundsCents: number;
  availableCents: number;
  reservedCents: number;
  openInvoices: { number: string; amountCents: number }[];
  spend: { projectId: string; title: string; amountCents: number }[];
};

/** Spend rows shown on the dashboard; Billing has the rest, by month. */
const SPEND_ROWS = 5;

/**
 * The organization's money at a glance, for the roles that read billing: the balance, the
 * invoices still open and where the money went by project. Every figure links to Billing, where
 * it is explained and acted on; projects are named, not linked (finance cannot open them).
 */
export function MoneyOverview({ fundsCents, availableCents, reservedCents, openInvoices, spend }: MoneyOverviewProps) {
  const figures = [
    { id: "funds", label: "Funds available", cents: fundsCents },
    { id: "reserved", label: "Reserved for accepted experts", cents: reservedCents },
    { id: "available", label: "Can still commit", cents: availableCents },
  ];
  const owed = openInvoices.reduce((n, i) => n + i.amountCents, 0);
  return (
    <section aria-labelledby="money-heading" className="mt-8" data-testid="money-overview">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="money-heading" className="text-xl font-semibold">
          Balance and spend
        </h2>
        <Button asChild variant="outline" size="sm">
          <Link href="/client/billing">Open Billing</Link>
        </Button>
      </div>
      <MoneyFigures figures={figures} testIdPrefix="money" className="sm:grid-cols-3" />
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <div className="rounded-lg border p-4" data-testid="money-open-invoices">
          <h3 className="text-base font-semibold">Open invoices</h3>
          {openInvoices.length === 0 ? (
            <p className="mt-1 text-sm text-muted-foreground">None open. Add funds from Billing when you need to.</p>
          ) : (
            <>
              <p className="mt-1 text-sm text-muted-foreground">
                {openInvoices.length} open, {formatMoney(owed)} in all: funds are added once each is paid.
              </p>
              <ul className="mt-2 grid gap-1 text-sm">
                {openInvoices.map((i) => (
                  <li key={i.number}>
                    <Link className={linkClass} href={`/client/billing/invoices/${i.number}`}>
                      {i.number}: {formatMoney(i.amountCents)}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        <div className="rounded-lg border p-4" data-testid="money-spend">
          <h3 className="text-base font-semibold">Spend by project</h3>
          {spend.length === 0 ? (
            <p className="mt-1 text-sm text-muted-foreground">Nothing spent yet. Incentives and bonuses paid show here.</p>
          ) : (
            <ul className="mt-2 grid gap-1 text-sm">
              {spend.slice(0, SPEND_ROWS).map((s) => (
                <li key={s.projectId} className="flex justify-between gap-3">
                  <span className="min-w-0 break-words">{s.title}</span>
                  <span className="shrink-0 font-medium tabular-nums">{formatMoney(s.amountCents)}</span>
                </li>
              ))}
              {spend.length > SPEND_ROWS && (
                <li>
                  <Link className={linkClass} href="/client/billing#spend-heading">
                    {spend.length - SPEND_ROWS} more in Billing
                  </Link>
                </li>
              )}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
