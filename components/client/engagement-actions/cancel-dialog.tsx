"use client";

import { useState } from "react";
import { AlertTriangle, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { isLateCancel } from "@/lib/engagements/states";
import { cancelSchema } from "@/lib/engagements/schemas/engagements";
import { formatMoney } from "@/lib/platform/format";
import { LATE_CANCEL_HOURS, lateCancelFeeCents, POLICY } from "@/lib/money/policy";
import { useActionRunner as useRunner } from "@/components/ui/use-action-runner";
import { cancelEngagementAction } from "@/lib/engagements/actions/engagements";

type Session = { startsAt: string; agreedAt: string | null; meetingUrl: string | null } | null;

/** The client cancels an engagement with a reason; under 24 hours before the agreed time it says what the late cancel costs. */
export function CancelDialog({
  engagementId,
  expertName,
  session,
  incentiveCents,
}: {
  engagementId: string;
  expertName: string;
  session: Session;
  incentiveCents: number;
}) {
  const { runUntilDone } = useRunner();
  const [late, setLate] = useState(false);
  return (
    <ReasonDialog
      // Measured when the dialog opens: an agreed time less than 24 hours away is a late cancel.
      onOpenChange={(next) => next && setLate(isLateCancel(session, new Date()))}
      trigger={
        <Button size="sm" variant="outline" aria-label={`Cancel the engagement with ${expertName}`}>
          <X aria-hidden="true" /> Cancel
        </Button>
      }
      title={`Cancel with ${expertName}?`}
      description="The expert is told, with your reason. This cannot be undone."
      label="Reason (required, the expert reads it)"
      reason={cancelSchema.shape.reason}
      cancelLabel="Keep it"
      confirmLabel={`Cancel ${session ? "session" : "engagement"}`}
      onConfirm={(reason) =>
        runUntilDone(() => cancelEngagementAction({ engagementId, reason }), late ? "Cancelled (recorded as a late cancel)" : "Cancelled")
      }
    >
      {late && (
        <p role="alert" className="flex gap-2 rounded-md border border-warning bg-warning/10 p-3 text-sm">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
          <span>
            The session starts in less than {LATE_CANCEL_HOURS} hours, so this is recorded as a late cancel. {POLICY.lateCancel}{" "}
            <span data-testid="late-cancel-fee">For this session you owe {formatMoney(lateCancelFeeCents(incentiveCents))}.</span>
          </span>
        </p>
      )}
    </ReasonDialog>
  );
}
