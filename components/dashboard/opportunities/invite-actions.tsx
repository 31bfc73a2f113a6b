"use client";

import { useId, useState } from "react";
import { acceptEngagementAction, declineEngagementAction } from "@/app/engagements/actions";
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
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useEngagementAction } from "@/components/dashboard/opportunities/use-engagement-action";
import { REASON_MAX } from "@/lib/validation/client";

/** Accept or decline an invitation; declining is confirmed first, with an optional reason. */
export function InviteActions({ engagementId, title }: { engagementId: string; title: string }) {
  const accept = useEngagementAction();
  const decline = useEngagementAction();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState("");
  const id = useId();
  const busy = accept.pending || decline.pending;

  function onAccept() {
    void accept.run(() => acceptEngagementAction({ engagementId }), {
      success: "Invitation Accepted",
      successDescription: `Pick a time for “${title}” in the Invited tab.`,
      failure: "Accept Failed",
    });
  }

  async function onDecline() {
    const ok = await decline.run(() => declineEngagementAction({ engagementId, reason: reason.trim() || null }), {
      success: "Invitation Declined",
      successDescription: "The client has been told. This doesn't affect your standing.",
      failure: "Decline Failed",
    });
    if (ok) setConfirming(false);
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" onClick={onAccept} disabled={busy} aria-busy={accept.pending}>
        {accept.pending ? <Spinner label="Accepting…" /> : null}
        Accept
      </Button>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogTrigger asChild>
          <Button size="sm" variant="outline" disabled={busy}>
            Decline
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Decline this invitation?</AlertDialogTitle>
            <AlertDialogDescription>
              You are declining “{title}”. Declining invites doesn&apos;t affect your standing. You control availability.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <div className="space-y-2">
            <Label htmlFor={`${id}-reason`}>Reason (optional, shared with the client)</Label>
            <Textarea id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={REASON_MAX} />
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <Button onClick={onDecline} disabled={decline.pending} aria-busy={decline.pending}>
              {decline.pending ? <Spinner label="Declining…" /> : null}
              Decline Invitation
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
