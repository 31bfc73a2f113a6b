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
import { useEngagementAction } from "@/components/engagements/use-engagement-action";
import { ReasonField, reasonError } from "@/components/dashboard/opportunities/reason-field";

/** The words of the dialog: an interview's session, a focus group's seat, or the engagement itself. */
function wordsFor(title: string, when: string | null, seat: "seat" | "backup" | null) {
  if (seat) {
    const place = seat === "backup" ? "backup seat" : "seat";
    return {
      trigger: `Give up your ${place}`,
      title: `Give up your ${place}?`,
      // Someone holding one seat must not read this as cancelling the whole group.
      body: `You leave “${title}”${when ? ` on ${when}` : ""}; the group still meets${seat === "seat" ? ", and your seat is offered to the next person waiting" : ""}. The client is told why. This cannot be undone.`,
      keep: `Keep my ${place}`,
      confirm: `Give up ${place}`,
      success: seat === "backup" ? "Backup Seat Given Up" : "Seat Given Up",
    };
  }
  const what = when ? "Session" : "Engagement";
  return {
    trigger: `Cancel ${what}`,
    title: `Cancel this ${what.toLowerCase()}?`,
    body: `${when ? `“${title}” on ${when} will be cancelled` : `“${title}” will be cancelled`} and the client told why. This cannot be undone.`,
    keep: `Keep ${what}`,
    confirm: `Cancel ${what}`,
    success: `${what} Cancelled`,
  };
}

/**
 * Cancel an accepted or scheduled engagement, confirmed, with the reason the client reads.
 * A focus group's seat-holder gives up their seat: the group itself goes on. The confirm
 * button is a plain button, not AlertDialogAction, so a missing reason keeps the dialog open
 * with the message under the field.
 */
export function CancelEngagementDialog({
  engagementId,
  title,
  when,
  seat = null,
}: {
  engagementId: string;
  title: string;
  when: string | null;
  /** The focus-group place the expert holds, if any. */
  seat?: "seat" | "backup" | null;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { run, pending } = useEngagementAction();
  const id = useId();
  const words = wordsFor(title, when, seat);

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
      success: words.success,
      successDescription: "The client has been told, with your reason.",
      failure: "Cancel Failed",
    });
    if (ok) onOpenChange(false);
  }

  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="outline" className="text-destructive">
          {words.trigger}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{words.title}</AlertDialogTitle>
          <AlertDialogDescription>{words.body}</AlertDialogDescription>
        </AlertDialogHeader>
        <ReasonField id={id} value={reason} onChange={setReason} error={error} />
        <AlertDialogFooter>
          <AlertDialogCancel>{words.keep}</AlertDialogCancel>
          <Button variant="destructive" onClick={confirm} disabled={pending} aria-busy={pending}>
            {pending ? <Spinner label="Cancelling…" /> : null}
            {words.confirm}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
