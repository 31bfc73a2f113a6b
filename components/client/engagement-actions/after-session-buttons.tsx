"use client";

import { Check, UserX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { noShowSchema } from "@/lib/engagements/schemas/engagements";
import { formatMoney } from "@/lib/platform/format";
import { POLICY, QC_BUSINESS_DAYS } from "@/lib/money/policy";
import { useActionRunner as useRunner } from "@/components/ui/use-action-runner";
import { completeSessionAction, noShowAction } from "@/lib/engagements/actions/engagements";

/** Once the session has started: Mark completed (it bills the incentive) or record a no-show. */

export function AfterSessionButtons({
  engagementId,
  expertName,
  incentiveCents,
}: {
  engagementId: string;
  expertName: string;
  incentiveCents: number;
}) {
  const { pending, run, runUntilDone } = useRunner();
  return (
    <>
      <ConfirmDialog
        trigger={
          <Button size="sm" disabled={pending} aria-label={`Mark the session with ${expertName} completed`}>
            <Check aria-hidden="true" /> Mark completed
          </Button>
        }
        title={`Mark the session with ${expertName} completed?`}
        description={
          <>
            The expert is told and the session&apos;s incentive, <span data-testid="completion-amount">{formatMoney(incentiveCents)}</span>,
            is added to what you owe. You then have {QC_BUSINESS_DAYS} business days of quality review to open a dispute. This cannot be
            undone.
          </>
        }
        cancelLabel="Not yet"
        confirmLabel="Mark completed"
        onConfirm={() => run(() => completeSessionAction({ engagementId }), "Session marked completed")}
      />
      <ReasonDialog
        trigger={
          <Button size="sm" variant="outline" disabled={pending} aria-label={`Record that ${expertName} did not attend`}>
            <UserX aria-hidden="true" /> No-show
          </Button>
        }
        title={`Record a no-show for ${expertName}?`}
        description={
          <>
            <span className="block font-medium text-foreground" data-testid="no-show-amount">
              This expert will not be paid {formatMoney(incentiveCents)}.
            </span>
            Use this when the expert did not attend. {POLICY.noShow} This cannot be undone.
          </>
        }
        label="What happened (optional)"
        reason={noShowSchema.shape.reason}
        cancelLabel="Keep scheduled"
        confirmLabel="Record no-show"
        onConfirm={(reason) => runUntilDone(() => noShowAction({ engagementId, reason: reason || null }), "No-show recorded")}
      />
    </>
  );
}
