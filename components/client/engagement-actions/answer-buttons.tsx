"use client";

import { useState } from "react";
import { Check, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { ReasonField } from "@/components/ui/reason-field";
import { useActionRunner as useRunner } from "@/components/client/use-action-runner";
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
  const { pending, run } = useRunner();
  const [reason, setReason] = useState("");
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
      <AlertDialog onOpenChange={(open) => open && setReason("")}>
        <AlertDialogTrigger asChild>
          <Button size="sm" variant="outline" disabled={pending} aria-label={`Decline ${expertName}`}>
            <X aria-hidden="true" /> Decline
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Decline {expertName}?</AlertDialogTitle>
            <AlertDialogDescription>The expert is told their application was declined. This cannot be undone.</AlertDialogDescription>
          </AlertDialogHeader>
          <ReasonField label="Reason (optional, the expert reads it)" value={reason} onChange={setReason} />
          <AlertDialogFooter>
            <AlertDialogCancel>Keep application</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() => run(() => declineEngagementAction({ engagementId, reason: reason.trim() || null }), `${expertName} declined`)}
            >
              Decline
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
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
