import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ArrowLeft } from "@/components/ui/icons";
import { PAYMENT_INSTRUCTIONS } from "@/lib/money/funding";
import { formatDateIn, formatMoney } from "@/lib/platform/format";
import { clientZoneOf } from "@/lib/accounts/client-settings";
import { can } from "@/lib/accounts/permissions";
import { Badge } from "@/components/ui/badge";
import { PrintButton } from "@/components/billing/print-button";
import { PayByCardButton } from "@/components/billing/funding-forms";
import { isCardFundingConfigured } from "@/lib/money/providers/configured";
import { PAYMENT_PROCESSING } from "@/lib/money/card-payments";
import { loadInvoice } from "./load-invoice";

export const metadata: Metadata = {
  title: "Invoice",
  description: "A funding invoice and how to pay it.",
  robots: { index: false, follow: false },
};

const STATUS = {
  open: { label: "Open: awaiting payment", variant: "warning" },
  paid: { label: "Paid", variant: "success" },
  void: { label: "Void: do not pay", variant: "secondary" },
} as const;

/** What the payer reads on coming back from the card payment page. */
const CARD_RETURN = {
  returned: "Thank you. We are waiting for the card payment to be confirmed; this invoice shows it as paid as soon as it is.",
  cancelled: "The card payment was cancelled. The invoice is still open: pay it by card or by bank transfer.",
} as const;

export default async function InvoicePage({
  params,
  searchParams,
}: {
  params: Promise<{ number: string }>;
  searchParams: Promise<{ card?: string | string[] }>;
}) {
  const [{ number }, { card }] = await Promise.all([params, searchParams]);
  const loaded = await loadInvoice(number);
  if (!loaded) notFound();
  const { actor, invoice } = loaded;
  const zone = await clientZoneOf(actor.userId);
  const back = can(actor, "manage:money:any") && !actor.impersonating ? "/admin/billing" : "/client/billing";
  const processing = invoice.cardPayment === "processing";
  const mayPayByCard = invoice.status === "open" && !processing && can(actor, "manage:billing:org") && isCardFundingConfigured();
  const cardNote = invoice.status === "open" && !processing && (card === "returned" || card === "cancelled") ? CARD_RETURN[card] : null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8" data-printable>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link href={back} className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" /> Billing
        </Link>
        <PrintButton />
      </div>
      {cardNote && (
        <p role="status" className="mt-4 rounded-md border bg-muted/40 p-3 text-sm print:hidden" data-testid="card-return">
          {cardNote}
        </p>
      )}
      <article className="mt-4 rounded-lg border p-6 sm:p-8 print:border-0 print:p-0" aria-labelledby="invoice-heading">
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <p className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">K12 Experts, Inc.</p>
            <h1 id="invoice-heading" className="mt-1 text-3xl font-bold">
              Invoice {invoice.number}
            </h1>
          </div>
          <Badge variant={STATUS[invoice.status].variant} data-testid="invoice-status">
            {processing ? "Payment processing" : STATUS[invoice.status].label}
          </Badge>
        </header>
        <dl className="mt-6 grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-muted-foreground">Billed to</dt>
            <dd className="font-medium" data-testid="invoice-organization">
              {invoice.organization}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">Invoice number</dt>
            <dd className="font-medium tabular-nums">{invoice.number}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">Date</dt>
            <dd>{formatDateIn(invoice.createdAt, zone)}</dd>
          </div>
          {invoice.paidAt && (
            <div>
              <dt className="text-sm text-muted-foreground">Paid</dt>
              <dd>{formatDateIn(invoice.paidAt, zone)}</dd>
            </div>
          )}
        </dl>
        <table className="mt-8 w-full text-sm">
          <caption className="sr-only">Invoice lines</caption>
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="py-2 font-medium">
                Description
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b">
              <td className="py-3">Funds added to the K12 Experts balance of {invoice.organization}</td>
              <td className="py-3 text-right tabular-nums">{formatMoney(invoice.amountCents)}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="py-3 text-left font-semibold">
                {invoice.status === "open" ? "Total due (USD)" : "Total (USD)"}
              </th>
              <td className="py-3 text-right text-lg font-bold tabular-nums" data-testid="invoice-amount">
                {formatMoney(invoice.amountCents)}
              </td>
            </tr>
          </tfoot>
        </table>
        <section aria-labelledby="pay-heading" className="mt-8">
          <h2 id="pay-heading" className="text-lg font-semibold">
            How to pay
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm" data-testid="payment-instructions">
            {PAYMENT_INSTRUCTIONS.map((line) => (
              <li key={line}>{line}</li>
            ))}
            <li>
              Payment reference: <strong className="tabular-nums">{invoice.number}</strong>
            </li>
          </ul>
          {processing && (
            <p role="status" className="mt-4 rounded-md border bg-muted/40 p-3 text-sm print:hidden" data-testid="card-processing">
              {PAYMENT_PROCESSING}
            </p>
          )}
          {mayPayByCard && (
            <div className="mt-4 print:hidden">
              <PayByCardButton invoiceId={invoice.id} />
              <p className="mt-1 text-xs text-muted-foreground">Or pay now by card on Stripe&apos;s secure payment page.</p>
            </div>
          )}
          {invoice.paymentReference && (
            <p className="mt-3 text-sm text-muted-foreground">Received with reference {invoice.paymentReference}.</p>
          )}
        </section>
      </article>
    </div>
  );
}
