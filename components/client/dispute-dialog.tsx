"use client";

import { useState } from "react";
import { Flag } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ReasonField } from "@/components/ui/reason-field";
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
import { openDisputeAction } from "@/lib/engagements/actions/earnings-review";
import { disputeSchema } from "@/lib/engagements/schemas/earnings-review";
import { CLIENT_POLICY } from "@/lib/money/policy";
import { useActionRunner } from "@/components/client/use-action-runner";

/** The client's dispute of a session's earning during quality review, with a required reason. */
export function DisputeDialog({ earningId, expertName }: { earningId: string; expertName: string }) {
  const { pending, run } = useActionRunner();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setReason("");
          setError(null);
        }
        setOpen(next);
      }}
    >
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="outline" className="justify-self-start" aria-label={`Dispute the session with ${expertName}`}>
          <Flag aria-hidden="true" /> Dispute
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Dispute the session with {expertName}?</AlertDialogTitle>
          <AlertDialogDescription>{CLIENT_POLICY.qualityReview}</AlertDialogDescription>
        </AlertDialogHeader>
        <ReasonField label="Reason (required, the expert and our team read it)" value={reason} onChange={setReason} error={error} />
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={pending}
            onClick={(e) => {
              e.preventDefault();
              const parsed = disputeSchema.safeParse({ earningId, reason });
              if (!parsed.success) {
                setError(parsed.error.issues[0]?.message ?? "Please give a reason");
                return;
              }
              run(
                () => openDisputeAction(parsed.data),
                "Dispute opened",
                (ok) => {
                  if (ok) setOpen(false);
                },
              );
            }}
          >
            {pending && <Spinner />} Open dispute
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
