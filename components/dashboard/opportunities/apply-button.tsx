"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { named } from "@/components/dashboard/opportunities/named";
import { useApply } from "@/components/dashboard/opportunities/use-apply";
import { ApplyFooter, OUTSIDE_ACTIVITY_MISSING, OutsideActivityField } from "@/components/dashboard/opportunities/outside-activity-field";
import { useDistrictCheck } from "@/components/dashboard/opportunities/district-policy-check";

/**
 * Apply to an opportunity without a screener: the outside-activity confirmation, then Submit
 * Application. `per` names the study's unit of pay ("per response" for a survey).
 */
export function ApplyButton({
  opportunityId,
  title,
  pay,
  per,
  districtCheck = false,
}: {
  opportunityId: string;
  title: string;
  pay: string;
  per: string;
  /** The expert's district's research policy is not on file: they check it and attest. */
  districtCheck?: boolean;
}) {
  const { apply, pending } = useApply(opportunityId);
  const [open, setOpen] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const district = useDistrictCheck(districtCheck, `${id}-district-policy`);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) return;
    setConfirmed(false);
    setError(null);
    district.reset();
  }

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!confirmed) {
      setError(OUTSIDE_ACTIVITY_MISSING);
      document.getElementById(`${id}-outside-activity`)?.focus();
      return;
    }
    if (!district.ok()) return;
    const outcome = await apply(undefined, true, district.value);
    if (outcome.kind !== "failed") setOpen(false);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm" aria-label={named("Apply", title)}>
          Apply
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Apply to {title}</DialogTitle>
          <DialogDescription>
            Applying accepts the study at <span data-testid="apply-pay">{pay}</span> {per} if the client chooses you.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Application">
          <OutsideActivityField
            id={`${id}-outside-activity`}
            checked={confirmed}
            onChange={(c) => {
              setConfirmed(c);
              if (c) setError(null);
            }}
            error={error}
          />
          {district.field}
          <ApplyFooter pending={pending} pendingLabel="Applying…" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
