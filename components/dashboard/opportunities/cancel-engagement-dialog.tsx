"use client";

import { useId, useState } from "react";
import { cancelEngagementAction } from "@/lib/engagements/actions/engagements";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useEngagementAction } from "@/components/dashboard/opportunities/use-engagement-action";
import { ReasonField, reasonError } from "@/components/dashboard/opportunities/reason-field";

/**
 * Cancel an accepted or scheduled engagement, confirmed, with the reason the client reads.
 * The confirm button is a plain button, not AlertDialogAction, so a missing reason keeps the
 * dialog open with the message under the field.
 */
export function CancelEngagementDialog({ engagementId, title, when }: { engagementId: string; title: string; when: string | null }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { run, pending } = useEngagementAction();
  const id = useId();
  const what = when ? "Session" : "Engagement";

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setReason("");
      setError(null);
    }
  }

  async function confirm() {
    const problem = reasonError(reason);
    setError(problem);
    if (problem) {
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    const ok = await run(() => cancelEngagementAction({ engagementId, reason: reason.trim() }), {
      success: `${what} Cancelled`,
      successDescription: "The client has been told, with your reason.",
      failure: "Cancel Failed",
    });
    if (ok) onOpenChange(false);
  }

  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="outline" className="text-destructive">
          Cancel {what}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel this {what.toLowerCase()}?</AlertDialogTitle>
          <AlertDialogDescription>
            {when ? `“${title}” on ${when} will be cancelled` : `“${title}” will be cancelled`} and the client told why. This cannot be
            undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ReasonField id={id} value={reason} onChange={setReason} error={error} />
        <AlertDialogFooter>
          <AlertDialogCancel>Keep {what}</AlertDialogCancel>
          <Button variant="destructive" onClick={confirm} disabled={pending} aria-busy={pending}>
            {pending ? <Spinner label="Cancelling…" /> : null}
            Cancel {what}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
