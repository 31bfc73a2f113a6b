"use client";

import { useId, useState } from "react";
import Link from "next/link";
import { Plus, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { FieldError } from "@/components/ui/field-error";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useActionRunner } from "@/components/client/use-action-runner";
import { requestFundsAction, voidFundingInvoiceAction } from "@/lib/money/actions/funding";
import { requestFundsSchema } from "@/lib/money/schemas/funding";

/** Add funds: an amount in dollars becomes a numbered invoice to pay by bank transfer, linked once made. */
export function AddFundsForm() {
  const { pending, run } = useActionRunner();
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<{ number: string; amount: string } | null>(null);
  const id = useId();
  return (
    <form
      className="grid gap-2 sm:max-w-sm"
      noValidate
      aria-label="Add funds"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = requestFundsSchema.safeParse({ amount });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? "Enter an amount");
          return;
        }
        setError(null);
        run(
          () => requestFundsAction({ amount }),
          "Invoice created",
          (ok, result) => {
            if (ok && result.ok) {
              setMade({ number: result.data.number, amount: (result.data.amountCents / 100).toFixed(2) });
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
      <p id={`${id}-amount-help`} className="text-xs text-muted-foreground">
        Between $1 and $1,000,000. You get a numbered invoice to pay by bank transfer; the funds are added once we record the payment.
      </p>
      {made && (
        <p role="status" className="rounded-md border bg-muted/40 p-3 text-sm" data-testid="invoice-made">
          Invoice {made.number} for ${made.amount} is ready.{" "}
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
