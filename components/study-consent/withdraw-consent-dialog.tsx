"use client";

import { useState } from "react";
import { withdrawConsentAction } from "@/lib/engagements/actions/consent";
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

/**
 * "Withdraw consent", confirmed once: the study ends for the expert (one already finished keeps
 * its state), what they earned stays theirs, and the client is asked to delete their data.
 */
export function WithdrawConsentDialog({ engagementId, title }: { engagementId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const { run, pending } = useEngagementAction();

  async function confirm() {
    const ok = await run(() => withdrawConsentAction({ engagementId }), {
      success: "Consent Withdrawn",
      successDescription: `You have left “${title}”. The researchers are asked to delete your data.`,
      failure: "Withdrawal Failed",
    });
    if (ok) setOpen(false);
  }

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="outline" disabled={pending} aria-label={`Withdraw consent from ${title}`}>
          Withdraw consent
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Withdraw your consent?</AlertDialogTitle>
          <AlertDialogDescription>
            Your part in “{title}” ends now and cannot be restarted. Anything you have already earned stays yours. The researchers are told,
            and asked to delete the data they collected from you.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep taking part</AlertDialogCancel>
          <Button variant="destructive" onClick={() => void confirm()} disabled={pending} aria-busy={pending}>
            {pending ? <Spinner label="Withdrawing…" /> : null}
            Withdraw consent
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
