"use client";

import { useId, useState } from "react";
import { Check } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { FieldError } from "@/components/ui/field-error";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { useActionRunner } from "@/components/client/use-action-runner";
import { markStatementPaidAction } from "@/lib/money/actions/admin-billing";
import { markStatementPaidSchema } from "@/lib/money/schemas/billing";

/** Mark one client's monthly statement paid, with the payment's reference (e.g. the wire or ACH number). */
export function MarkStatementPaidDialog({
  organizationId,
  clientName,
  month,
  amount,
}: {
  organizationId: string;
  clientName: string;
  month: string;
  amount: string;
}) {
  const { pending, run } = useActionRunner();
  const [open, setOpen] = useState(false);
  const [reference, setReference] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setReference("");
          setError(null);
        }
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Mark ${clientName}'s ${month} statement paid`}>
          <Check aria-hidden="true" /> Mark paid
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Mark the {month} statement paid</DialogTitle>
          <DialogDescription>
            {clientName} paid {amount}. This moves the amount from what they owe to paid in the ledger (at most what they still owe).
            Marking it again changes nothing.
          </DialogDescription>
        </DialogHeader>
        <form
          id={`${id}-form`}
          className="grid gap-1.5"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const parsed = markStatementPaidSchema.safeParse({ organizationId, month, reference });
            if (!parsed.success) {
              setError(parsed.error.issues[0]?.message ?? "Enter the payment's reference");
              return;
            }
            setError(null);
            run(
              () => markStatementPaidAction(parsed.data),
              `Statement ${month} marked paid`,
              (ok) => {
                if (ok) setOpen(false);
              },
            );
          }}
        >
          <Label htmlFor={`${id}-reference`}>Payment reference</Label>
          <Input
            id={`${id}-reference`}
            value={reference}
            maxLength={200}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-reference-error` : undefined}
            onChange={(e) => setReference(e.target.value)}
          />
          <FieldError id={`${id}-reference-error`}>{error}</FieldError>
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={pending}>
            {pending && <Spinner />} Mark paid
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
