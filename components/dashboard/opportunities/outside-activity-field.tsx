"use client";

import { Button } from "@/components/ui/button";
import { AttestationCheckbox } from "@/components/ui/attestation-checkbox";
import { DialogFooter } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
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
      <AttestationCheckbox id={id} label={OUTSIDE_ACTIVITY_TEXT} checked={checked} onChange={onChange} error={error} />
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
