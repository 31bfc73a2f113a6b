"use client";

import { useId, useState, type ReactNode } from "react";
import { Check } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { FieldError } from "@/components/ui/field-error";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { useActionRunner } from "@/components/ui/use-action-runner";
import type { ActionResult } from "@/components/ui/use-action-runner";

/**
 * The money desk records that money arrived, with the payment's reference (the wire or ACH
 * number): a confirmation dialog that checks the reference before the action and closes on success.
 */
export function PaymentReferenceDialog<T>({
  triggerLabel,
  triggerText,
  title,
  description,
  submitText,
  success,
  check,
  submit,
}: {
  /** The trigger's accessible name, naming what it records. */
  triggerLabel: string;
  triggerText: string;
  title: string;
  description: ReactNode;
  submitText: string;
  /** The toast once recorded. */
  success: string;
  /** The reference's first problem, or null. */
  check: (reference: string) => string | null;
  submit: (reference: string) => Promise<ActionResult<T>>;
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
        <Button size="sm" variant="outline" aria-label={triggerLabel}>
          <Check aria-hidden="true" /> {triggerText}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          id={`${id}-form`}
          className="grid gap-1.5"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const problem = check(reference);
            setError(problem);
            if (problem) return;
            run(
              () => submit(reference),
              success,
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
            {pending && <Spinner />} {submitText}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
