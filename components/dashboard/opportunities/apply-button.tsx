"use client";

import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useApply } from "@/components/dashboard/opportunities/use-apply";

/** Apply to an opportunity without a screener: one click. */
export function ApplyButton({ opportunityId }: { opportunityId: string }) {
  const { apply, pending } = useApply(opportunityId);

  return (
    <Button size="sm" onClick={() => void apply()} disabled={pending} aria-busy={pending}>
      {pending ? <Spinner label="Applying…" /> : null}
      Apply
    </Button>
  );
}
