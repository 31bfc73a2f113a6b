import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { CreditLimitForm, RecordFundingPaymentDialog } from "@/components/admin/funding-desk-forms";
import { formatMoney } from "@/lib/platform/format";
import { FUNDING_DESK_PAGE, type FundingDesk } from "@/lib/money/funding";

// The admin's funding desk: the invoices organizations asked for to add funds (card payments to
// review, the open ones to record, the recently paid) and each organization's credit limit.

const day = (d: Date) => d.toISOString().slice(0, 10);

/** Invoices organizations asked for to add funds, and how far each may run on credit. */
export function FundingSection({ desk, search, paged }: { desk: FundingDesk; search: string; paged: boolean }) {
  const pageHref = (after: number | null) => {
    const q = new URLSearchParams();
    if (search) q.set("org", search);
    if (after) q.set("after", String(after));
    const query = q.toString();
    return `/admin/billing${query ? `?${query}` : ""}#funding-heading`;
  };
  return (
    <>
      <section aria-labelledby="funding-heading" className="space-y-3">
        <h2 id="funding-heading" className="text-2xl font-semibold">
          Funding invoices
        </h2>
        <p className="text-sm text-muted-foreground">
          Record a payment when the transfer arrives (match the invoice number in its reference): the amount reaches the organization&apos;s
          funds at once. Oldest first, {FUNDING_DESK_PAGE} to a page
          {search ? <>, for organizations named like &ldquo;{search}&rdquo;</> : null}: {desk.openCount} open in all.
        </p>
        <CardProblems problems={desk.cardProblems} />
        <OpenInvoices invoices={desk.open} />
        {(paged || desk.openNextAfter !== null) && (
          <nav aria-label="Open invoices pages" className="flex flex-wrap gap-3 text-sm">
            {paged && (
              <a className="text-primary underline-offset-4 hover:underline" href={pageHref(null)}>
                First page
              </a>
            )}
            {desk.openNextAfter !== null && (
              <a
                className="text-primary underline-offset-4 hover:underline"
                href={pageHref(desk.openNextAfter)}
                data-testid="funding-open-next"
              >
                Next {FUNDING_DESK_PAGE} open invoices
              </a>
            )}
          </nav>
        )}
        <h3 className="text-lg font-semibold" id="funding-paid-heading">
          Recently paid
        </h3>
        <PaidInvoices invoices={desk.paid} />
      </section>

      <CreditLimits organizations={desk.organizations} search={search} />
    </>
  );
}

/** Card payments Stripe collected that were not added to any funds: refunded or recorded by hand. */
function CardProblems({ problems }: { problems: FundingDesk["cardProblems"] }) {
  return (
    <>
      {problems.length > 0 && (
        <div className="space-y-2 rounded-lg border border-destructive/40 p-4" data-testid="card-payment-problems">
          <h3 className="font-semibold">Card payments to review</h3>
          <p className="text-sm text-muted-foreground">
            Stripe collected these, but they were not added to any funds. Refund each in Stripe, or record the right payment by hand.
          </p>
          <ul className="grid gap-2 text-sm">
            {problems.map((p) => (
              <li key={p.sessionId} data-testid="card-payment-problem">
                <span className="font-medium">
                  {p.invoiceNumber} · {p.organization}
                </span>{" "}
                <span className="text-muted-foreground">({day(p.updatedAt)})</span>: {p.problem}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/** The open invoices, oldest first, each with its Record payment. */
function OpenInvoices({ invoices }: { invoices: FundingDesk["open"] }) {
  return (
    <>
      {invoices.length === 0 ? (
        <p className="rounded-lg border p-6 text-sm text-muted-foreground" data-testid="funding-open-empty">
          No open funding invoices.
        </p>
      ) : (
        <Table stacked data-testid="funding-open">
          <TableHeader>
            <TableRow>
              <TableHead>Invoice</TableHead>
              <TableHead>Organization</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead>Created (UTC)</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {invoices.map((i) => (
              <TableRow key={i.id} data-testid="funding-open-invoice">
                <TableCell label="Invoice">
                  <a className="text-primary underline-offset-4 hover:underline" href={`/client/billing/invoices/${i.number}`}>
                    {i.number}
                  </a>
                  {i.cardPayment && (
                    <Badge variant="outline" className="ml-2">
                      {i.cardPayment === "processing" ? "Card payment processing" : "Card page open"}
                    </Badge>
                  )}
                </TableCell>
                <TableCell label="Organization">{i.organization}</TableCell>
                <TableCell label="Amount" className="text-right tabular-nums">
                  {formatMoney(i.amountCents)}
                </TableCell>
                <TableCell label="Created (UTC)">{day(i.createdAt)}</TableCell>
                <TableCell label="Actions">
                  <RecordFundingPaymentDialog
                    invoiceId={i.id}
                    number={i.number}
                    organization={i.organization}
                    amount={formatMoney(i.amountCents)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}

/** The invoices paid most recently, with the transfer's reference. */
function PaidInvoices({ invoices }: { invoices: FundingDesk["paid"] }) {
  return (
    <>
      {invoices.length === 0 ? (
        <p className="text-sm text-muted-foreground">No funding invoice has been paid yet.</p>
      ) : (
        <Table stacked aria-labelledby="funding-paid-heading" data-testid="funding-paid">
          <TableHeader>
            <TableRow>
              <TableHead>Invoice</TableHead>
              <TableHead>Organization</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead>Paid (UTC)</TableHead>
              <TableHead>Reference</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {invoices.map((i) => (
              <TableRow key={i.id} data-testid="funding-paid-invoice">
                <TableCell label="Invoice">{i.number}</TableCell>
                <TableCell label="Organization">{i.organization}</TableCell>
                <TableCell label="Amount" className="text-right tabular-nums">
                  {formatMoney(i.amountCents)}
                </TableCell>
                <TableCell label="Paid (UTC)">{i.paidAt ? day(i.paidAt) : "—"}</TableCell>
                <TableCell label="Reference">{i.paymentReference ?? "—"}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}

/** Each organization's credit limit (found by name), with the form to change it. */
function CreditLimits({ organizations, search }: { organizations: FundingDesk["organizations"]; search: string }) {
  return (
    <section aria-labelledby="credit-heading" className="space-y-3">
      <h2 id="credit-heading" className="text-2xl font-semibold">
        Credit limits
      </h2>
      <p className="text-sm text-muted-foreground">
        How much each organization may commit beyond its funds, billed on the monthly statement. 0 makes it prepaid only.
      </p>
      <form method="get" className="flex flex-wrap items-end gap-2" role="search" aria-label="Find an organization">
        <div className="grid gap-1">
          <Label htmlFor="credit-org-search">Organization name</Label>
          <Input id="credit-org-search" name="org" defaultValue={search} className="w-64" maxLength={100} />
        </div>
        <Button type="submit" variant="outline">
          Find
        </Button>
      </form>
      {organizations.length === 0 ? (
        <p className="rounded-lg border p-6 text-sm text-muted-foreground">No organization matches.</p>
      ) : (
        <Table stacked data-testid="credit-limits">
          <TableHeader>
            <TableRow>
              <TableHead>Organization</TableHead>
              <TableHead className="text-right">Current limit</TableHead>
              <TableHead>New limit (USD)</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {organizations.map((o) => (
              <TableRow key={o.id} data-testid="credit-limit-row">
                <TableCell label="Organization">
                  <span className="font-medium">{o.name}</span>
                  {o.ownerEmail && <span className="block text-xs text-muted-foreground">{o.ownerEmail}</span>}
                </TableCell>
                <TableCell label="Current limit" className="text-right tabular-nums">
                  {formatMoney(o.creditLimitCents)}
                </TableCell>
                <TableCell label="New limit (USD)">
                  <CreditLimitForm organizationId={o.id} organization={o.name} currentCents={o.creditLimitCents} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
