"use client";

import { Flag } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { openDisputeAction } from "@/lib/engagements/actions/earnings-review";
import { disputeSchema } from "@/lib/engagements/schemas/earnings-review";
import { CLIENT_POLICY } from "@/lib/money/policy";
import { useActionRunner } from "@/components/ui/use-action-runner";

/** The client's dispute of a session's earning during quality review, with a required reason. */
export function DisputeDialog({ earningId, expertName }: { earningId: string; expertName: string }) {
  const { runUntilDone } = useActionRunner();
  return (
    <ReasonDialog
      trigger={
        <Button size="sm" variant="outline" className="justify-self-start" aria-label={`Dispute the session with ${expertName}`}>
          <Flag aria-hidden="true" /> Dispute
        </Button>
      }
      title={`Dispute the session with ${expertName}?`}
      description={CLIENT_POLICY.qualityReview}
      label="Reason (required, the expert and our team read it)"
      reason={disputeSchema.shape.reason}
      cancelLabel="Keep it"
      confirmLabel="Open dispute"
      onConfirm={(reason) => runUntilDone(() => openDisputeAction({ earningId, reason }), "Dispute opened")}
    />
  );
}
