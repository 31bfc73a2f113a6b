"use client";

import { useId, useState } from "react";
import { Flag } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { Spinner } from "@/components/ui/spinner";
import { FieldError } from "@/components/ui/field-error";
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
import { openDisputeAction } from "@/app/money/actions";
import { disputeSchema } from "@/lib/validation/money";
import { POLICY } from "@/lib/money/policy";
import { useActionRunner } from "@/components/client/use-action-runner";

/** The client's dispute of a session's earning during quality review, with a required reason. */
export function DisputeDialog({ earningId, expertName }: { earningId: string; expertName: string }) {
  const { pending, run } = useActionRunner();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
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
          <AlertDialogDescription>{POLICY.qualityReview}</AlertDialogDescription>
        </AlertDialogHeader>
        <div className="grid gap-1.5">
          <Label htmlFor={reasonId}>Reason (required, the expert and our team read it)</Label>
          <Textarea
            id={reasonId}
            value={reason}
            maxLength={500}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${reasonId}-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          <FieldError id={`${reasonId}-error`}>{error}</FieldError>
        </div>
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
              run(() => openDisputeAction(parsed.data), "Dispute opened", (ok) => {
                if (ok) setOpen(false);
              });
            }}
          >
            {pending && <Spinner />} Open dispute
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
