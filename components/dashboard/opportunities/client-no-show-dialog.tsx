"use client";

import { useState } from "react";
import { UserX } from "lucide-react";
import { reportClientNoShowAction } from "@/lib/engagements/actions/no-show-claims";
import { reportNoShowSchema } from "@/lib/engagements/schemas/no-show-claims";
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
import { useEngagementAction } from "@/components/engagements/use-engagement-action";
import { POLICY } from "@/lib/money/policy";

/**
 * After the start, the expert reports that the client did not run the session, with a reason:
 * the report books nothing by itself; our team reads both sides and decides.
 */
export function ClientNoShowDialog({ engagementId, title }: { engagementId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { run, pending } = useEngagementAction();

  async function confirm() {
    const parsed = reportNoShowSchema.safeParse({ engagementId, reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Please say what happened");
      return;
    }
    setError(null);
    const ok = await run(() => reportClientNoShowAction(parsed.data), {
      success: "Report Sent",
      successDescription: "The client has been told; our team will decide and tell you both.",
      failure: "Report Failed",
    });
    if (ok) setOpen(false);
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => (setOpen(next), next && (setReason(""), setError(null)))}>
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="outline">
          <UserX aria-hidden="true" /> Client Did Not Attend
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Report that the client did not attend?</AlertDialogTitle>
          <AlertDialogDescription>
            Use this when the client did not run the session of “{title}”. {POLICY.clientNoShow}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ReasonField label="What happened (the client and our team read it)" value={reason} onChange={setReason} error={error} />
        <AlertDialogFooter>
          <AlertDialogCancel>Keep as it is</AlertDialogCancel>
          <Button variant="destructive" onClick={confirm} disabled={pending} aria-busy={pending}>
            {pending ? <Spinner label="Sending…" /> : null}
            Send Report
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
