"use client";

import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { DialogFooter } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { OUTSIDE_ACTIVITY_TEXT } from "@/lib/accounts/attestations";

/** "This work is permitted by my employer's outside-activity policy." — asked before accepting or applying. */
export function OutsideActivityField({
  id,
  checked,
  onChange,
  error,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | null;
}) {
  return (
    <div className="grid gap-1">
      <div className="flex items-start gap-2">
        <Checkbox
          id={id}
          checked={checked}
          onCheckedChange={(c) => onChange(c === true)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Label htmlFor={id} className="leading-snug">
          {OUTSIDE_ACTIVITY_TEXT}
        </Label>
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

export const OUTSIDE_ACTIVITY_MISSING = "Please confirm your employer's outside-activity policy permits this work.";

/** The footer both apply dialogs share: Cancel, and Submit Application with its pending state. */
export function ApplyFooter({ pending, pendingLabel, onCancel }: { pending: boolean; pendingLabel: string; onCancel: () => void }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? <Spinner label={pendingLabel} /> : null}
        Submit Application
      </Button>
    </DialogFooter>
  );
}
