"use client";

import { useId, useState } from "react";
import Link from "next/link";
import { CreditCard, Plus, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { FieldError } from "@/components/ui/field-error";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useActionRunner } from "@/components/ui/use-action-runner";
import { payInvoiceByCardAction, requestFundsAction, voidFundingInvoiceAction } from "@/lib/money/actions/funding";
import { requestFundsSchema } from "@/lib/money/schemas/funding";
import { formatMoney } from "@/lib/platform/format";

type Method = "bank_transfer" | "card";

/**
 * Add funds: an amount in dollars becomes a numbered invoice, linked once made. Paid by bank
 * transfer, or (where card payments are set up) by card at the provider's page, which the
 * payer is sent to at once.
 */
export function AddFundsForm({ cardAvailable = false }: { cardAvailable?: boolean }) {
  const { pending, run } = useActionRunner();
  const [amount, setAmount] = useState("");
  const [method, setMethod] = useState<Method>("bank_transfer");
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<{ number: string; amount: string; cardProblem?: string } | null>(null);
  const id = useId();
  return (
    <form
      className="grid gap-2 sm:max-w-sm"
      noValidate
      aria-label="Add funds"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = requestFundsSchema.safeParse({ amount, method });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? "Enter an amount");
          return;
        }
        setError(null);
        run(
          () => requestFundsAction({ amount, method }),
          method === "card" ? "Invoice created: on to the card payment" : "Invoice created",
          (ok, result) => {
            if (ok && result.ok) {
              const data = result.data;
              if (data.payUrl) {
                window.location.assign(data.payUrl);
                return;
              }
              setMade({
                number: data.number,
                amount: formatMoney(data.amountCents),
                cardProblem: data.cardProblem ?? undefined,
              });
              setAmount("");
            } else if (!result.ok) setError(result.fieldErrors?.amount?.[0] ?? null);
          },
          ["amount"],
        );
      }}
    >
      <Label htmlFor={`${id}-amount`}>Amount to add (USD)</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={`${id}-amount`}
          name="amount"
          className="w-40"
          inputMode="decimal"
          autoComplete="off"
          placeholder="5,000"
          value={amount}
          aria-invalid={Boolean(error)}
          aria-describedby={[error ? `${id}-amount-error` : null, `${id}-amount-help`].filter(Boolean).join(" ")}
          onChange={(e) => setAmount(e.target.value)}
        />
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner /> : <Plus aria-hidden="true" />} Create invoice
        </Button>
      </div>
      <FieldError id={`${id}-amount-error`}>{error}</FieldError>
      {cardAvailable && (
        <fieldset className="mt-1 grid gap-1 text-sm">
          <legend className="mb-1 font-medium">How will you pay?</legend>
          {(
            [
              ["bank_transfer", "Bank transfer (ACH or wire) against the invoice"],
              ["card", "Card, now, on Stripe's secure payment page"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name="method"
                value={value}
                checked={method === value}
                onChange={() => setMethod(value)}
                className="size-4 accent-primary focus-visible:ring-2 focus-visible:ring-ring"
              />
              {label}
            </label>
          ))}
        </fieldset>
      )}
      <p id={`${id}-amount-help`} className="text-xs text-muted-foreground">
        {method === "card"
          ? "Between $1 and $1,000,000. You get a numbered invoice and pay it by card; the funds are added as soon as the card payment goes through."
          : "Between $1 and $1,000,000. You get a numbered invoice to pay by bank transfer; the funds are added once we record the payment."}
      </p>
      {made && (
        <p role="status" className="rounded-md border bg-muted/40 p-3 text-sm" data-testid="invoice-made">
          {made.cardProblem && <span className="block text-destructive">{made.cardProblem}</span>}
          Invoice {made.number} for {made.amount} is ready.{" "}
          <Link className="font-medium text-primary underline" href={`/client/billing/invoices/${made.number}`}>
            Open invoice {made.number}
          </Link>
        </p>
      )}
    </form>
  );
}

/** Void an open invoice nobody will pay (a paid one cannot be voided). */
export function VoidInvoiceButton({ invoiceId, number }: { invoiceId: string; number: string }) {
  const { pending, run } = useActionRunner();
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="outline" disabled={pending} aria-label={`Void invoice ${number}`}>
          {pending ? <Spinner /> : <X aria-hidden="true" />} Void
        </Button>
      }
      title={`Void invoice ${number}?`}
      description="Do this when nobody will pay it. A voided invoice cannot be paid or reopened; create a new one to add funds."
      confirmLabel="Void invoice"
      cancelLabel="Keep invoice"
      destructive
      onConfirm={() => run(() => voidFundingInvoiceAction({ invoiceId }), `Invoice ${number} voided`)}
    />
  );
}

/**
 * Pay an open invoice by card: off to the provider's payment page. When a payment already went
 * through and its money is on its way, nothing new opens: the page reloads to say "Payment processing".
 */
export function PayByCardButton({ invoiceId }: { invoiceId: string }) {
  const { pending, run } = useActionRunner();
  return (
    <Button
      type="button"
      disabled={pending}
      onClick={() =>
        run(
          () => payInvoiceByCardAction({ invoiceId }),
          "Opening the card payment",
          (ok, result) => {
            // Otherwise the runner's refresh shows the invoice paid, or its payment processing.
            if (ok && result.ok && "url" in result.data) window.location.assign(result.data.url);
          },
        )
      }
    >
      {pending ? <Spinner /> : <CreditCard aria-hidden="true" />} Pay by card
    </Button>
  );
}
