"use client";

import { withdrawConsentAction } from "@/lib/engagements/actions/consent";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import { useEngagementAction } from "@/components/engagements/use-engagement-action";

/**
 * "Withdraw consent", confirmed once: the study ends for the expert (one already finished keeps
 * its state), what they earned stays theirs, and the client is asked to delete their data.
 */
export function WithdrawConsentDialog({ engagementId, title }: { engagementId: string; title: string }) {
  const { run, pending } = useEngagementAction();
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="outline" disabled={pending} aria-busy={pending} aria-label={`Withdraw consent from ${title}`}>
          {pending ? <Spinner label="Withdrawing…" /> : null}
          Withdraw consent
        </Button>
      }
      title="Withdraw your consent?"
      description={`Your part in “${title}” ends now and cannot be restarted. Anything you have already earned stays yours. The researchers are told, and asked to delete the data they collected from you.`}
      cancelLabel="Keep taking part"
      confirmLabel="Withdraw consent"
      destructive
      onConfirm={() =>
        run(() => withdrawConsentAction({ engagementId }), {
          success: "Consent Withdrawn",
          successDescription: `You have left “${title}”. The researchers are asked to delete your data.`,
          failure: "Withdrawal Failed",
        })
      }
    />
  );
}
