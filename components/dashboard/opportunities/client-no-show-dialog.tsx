"use client";

import { useState } from "react";
import { UserX } from "lucide-react";
import { noShowAction } from "@/lib/engagements/actions/engagements";
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
import { ReasonField } from "@/components/ui/reason-field";
import { useEngagementAction } from "@/components/dashboard/opportunities/use-engagement-action";
import { POLICY } from "@/lib/money/policy";

/** After the start, the expert records that the client did not attend, confirmed first, with the fee the policy gives. */
export function ClientNoShowDialog({ engagementId, title }: { engagementId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const { run, pending } = useEngagementAction();

  async function confirm() {
    const ok = await run(() => noShowAction({ engagementId, reason: reason.trim() || null }), {
      success: "No-Show Recorded",
      successDescription: "The client has been told.",
      failure: "No-Show Failed",
    });
    if (ok) setOpen(false);
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => (setOpen(next), next && setReason(""))}>
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="outline">
          <UserX aria-hidden="true" /> Client Did Not Attend
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Record that the client did not attend?</AlertDialogTitle>
          <AlertDialogDescription>
            Use this when the client missed the session of “{title}”. {POLICY.clientNoShow} This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ReasonField label="What happened (optional, the client reads it)" value={reason} onChange={setReason} />
        <AlertDialogFooter>
          <AlertDialogCancel>Keep Scheduled</AlertDialogCancel>
          <Button variant="destructive" onClick={confirm} disabled={pending} aria-busy={pending}>
            {pending ? <Spinner label="Recording…" /> : null}
            Record No-Show
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
