"use client";

import { Check, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { declineSchema } from "@/lib/engagements/schemas/engagements";
import { useActionRunner as useRunner } from "@/components/ui/use-action-runner";
import { acceptEngagementAction, declineEngagementAction } from "@/lib/engagements/actions/engagements";

// An application: Accept, or Decline with an optional reason.

export function AnswerButtons({
  engagementId,
  expertName,
  acceptRefusal,
}: {
  engagementId: string;
  expertName: string;
  acceptRefusal: string | null;
}) {
  const { pending, run, runUntilDone } = useRunner();
  const refusalId = `accept-refusal-${engagementId}`;
  return (
    <>
      <Button
        size="sm"
        disabled={pending || Boolean(acceptRefusal)}
        aria-describedby={acceptRefusal ? refusalId : undefined}
        aria-label={`Accept ${expertName}`}
        onClick={() => run(() => acceptEngagementAction({ engagementId }), `${expertName} accepted`)}
      >
        {pending ? <Spinner /> : <Check aria-hidden="true" />} Accept
      </Button>
      <ReasonDialog
        trigger={
          <Button size="sm" variant="outline" disabled={pending} aria-label={`Decline ${expertName}`}>
            <X aria-hidden="true" /> Decline
          </Button>
        }
        title={`Decline ${expertName}?`}
        description="The expert is told their application was declined. This cannot be undone."
        label="Reason (optional, the expert reads it)"
        reason={declineSchema.shape.reason}
        cancelLabel="Keep application"
        confirmLabel="Decline"
        onConfirm={(reason) =>
          runUntilDone(() => declineEngagementAction({ engagementId, reason: reason || null }), `${expertName} declined`)
        }
      />
      {acceptRefusal && (
        <p
          id={refusalId}
          className="basis-full rounded-md border border-warning-line bg-warning-soft p-2 text-sm text-warning-soft-foreground"
          data-testid="accept-refusal"
        >
          {acceptRefusal}
        </p>
      )}
    </>
  );
}
