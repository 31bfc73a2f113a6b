import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { MoneyFigures } from "@/components/ui/money-figures";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { AddFundsForm, VoidInvoiceButton } from "@/components/billing/funding-forms";
import { formatDateIn, formatMoney, formatMonth } from "@/lib/platform/format";
import type { FundingSummary } from "@/lib/money/funding";

const INVOICE_STATUS = {
  open: { label: "Open", variant: "warning" },
  paid: { label: "Paid", variant: "success" },
  void: { label: "Void", variant: "secondary" },
} as const;

/** The organization's prepaid funds and credit, the invoices that add funds, and spend by project and month. */
export function BalanceSection({
  funding,
  zone,
  mayManage,
  cardAvailable,
}: {
  funding: FundingSummary;
  zone: string;
  mayManage: boolean;
  /** Whether a card payment provider is set up (otherwise funds come by bank transfer only). */
  cardAvailable: boolean;
}) {
  const creditLeft = Math.max(0, funding.creditLimitCents - funding.creditUsedCents);
  const figures = [
    { label: "Funds available", cents: funding.fundsCents, id: "funds", help: "Paid in and not yet committed." },
    { label: "Reserved", cents: funding.reservedCents, id: "reserved", help: "Held for accepted experts until their sessions are paid." },
    {
      label: "Credit used",
      cents: funding.creditUsedCents,
      id: "credit-used",
      help: `Of a ${formatMoney(funding.creditLimitCents)} credit limit; ${formatMoney(creditLeft)} left. Billed on the monthly statement.`,
    },
    {
      label: "Can still commit",
      cents: funding.availableCents,
      id: "available",
      help: "Funds plus credit left: what new acceptances may use.",
    },
  ];
  return (
    <section aria-labelledby="balance-heading" className="mt-8" data-testid="balance">
      <h2 id="balance-heading" className="text-xl font-semibold">
        Balance
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Accepting an expert reserves their incentive: from your funds first, then from your credit. What is reserved is spent when the
        session is paid, or returned if it ends unpaid.
      </p>
      <MoneyFigures figures={figures} testIdPrefix="balance" className="mt-4 sm:grid-cols-2 lg:grid-cols-4" />
      {funding.depositedCents > 0 && (
        <p className="mt-2 text-sm text-muted-foreground">{formatMoney(funding.depositedCents)} paid in so far.</p>
      )}

      {mayManage && (
        <div className="mt-6">
          <h3 className="mb-2 text-lg font-semibold">Add funds</h3>
          <AddFundsForm cardAvailable={cardAvailable} />
        </div>
      )}

      <h3 className="mt-8 mb-2 text-lg font-semibold" id="invoices-heading">
        Funding invoices
      </h3>
      {funding.invoices.length === 0 ? (
        <p className="rounded-lg border bg-muted/40 p-4 text-sm text-muted-foreground" data-testid="invoices-empty">
          No funding invoices yet.{mayManage ? " Add funds above to create one." : ""}
        </p>
      ) : (
        <Table stacked aria-labelledby="invoices-heading" data-testid="funding-invoices">
          <TableHeader>
            <TableRow>
              <TableHead>Invoice</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Created</TableHead>
              <TableHead>Paid</TableHead>
              {mayManage && (
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {funding.invoices.map((i) => (
              <TableRow key={i.id} data-testid="funding-invoice">
                <TableCell label="Invoice">
                  <Link href={`/client/billing/invoices/${i.number}`} className="text-primary underline-offset-4 hover:underline">
                    {i.number}
                  </Link>
                </TableCell>
                <TableCell label="Amount" className="text-right tabular-nums">
                  {formatMoney(i.amountCents)}
                </TableCell>
                <TableCell label="Status">
                  <Badge variant={INVOICE_STATUS[i.status].variant}>
                    {i.cardPayment === "processing" ? "Payment processing" : INVOICE_STATUS[i.status].label}
                  </Badge>
                </TableCell>
                <TableCell label="Created">{formatDateIn(i.createdAt, zone)}</TableCell>
                <TableCell label="Paid">{i.paidAt ? formatDateIn(i.paidAt, zone) : "—"}</TableCell>
                {mayManage && (
                  <TableCell label="Actions">
                    {i.status === "open" ? <VoidInvoiceButton invoiceId={i.id} number={i.number} /> : null}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}

      <h3 className="mt-8 mb-2 text-lg font-semibold" id="spend-heading">
        Spend by project and month
      </h3>
      {funding.spend.length === 0 ? (
        <p className="rounded-lg border bg-muted/40 p-4 text-sm text-muted-foreground" data-testid="spend-empty">
          Nothing spent yet. Incentives and bonuses paid show here by month.
        </p>
      ) : (
        <Table stacked aria-labelledby="spend-heading" data-testid="spend">
          <TableHeader>
            <TableRow>
              <TableHead>Month</TableHead>
              <TableHead>Project</TableHead>
              <TableHead className="text-right">Spent</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {funding.spend.map((s) => (
              <TableRow key={`${s.month}-${s.projectId}`}>
                <TableCell label="Month">{formatMonth(s.month)}</TableCell>
                <TableCell label="Project">{s.title}</TableCell>
                <TableCell label="Spent" className="text-right tabular-nums">
                  {formatMoney(s.amountCents)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
