"use client";

import { useId, useState } from "react";
import { acceptEngagementAction, declineEngagementAction } from "@/lib/engagements/actions/engagements";
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
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { useEngagementAction } from "@/components/engagements/use-engagement-action";
import { declineSchema } from "@/lib/engagements/schemas/engagements";
import { named } from "@/components/dashboard/opportunities/named";
import { OUTSIDE_ACTIVITY_MISSING, OutsideActivityField } from "@/components/dashboard/opportunities/outside-activity-field";
import { useDistrictCheck } from "@/components/dashboard/opportunities/district-policy-check";

/**
 * Accept or decline an invitation. Accepting asks for the outside-activity confirmation first
 * (kept as a consent row); declining is confirmed first, with an optional reason.
 */
export function InviteActions({
  engagementId,
  title,
  pay,
  per,
  districtCheck = false,
}: {
  engagementId: string;
  title: string;
  pay: string;
  per: string;
  /** The expert's district's research policy is not on file: they check it and attest. */
  districtCheck?: boolean;
}) {
  const accept = useEngagementAction();
  const decline = useEngagementAction();
  const [accepting, setAccepting] = useState(false);
  const [permitted, setPermitted] = useState(false);
  const [permittedError, setPermittedError] = useState<string | null>(null);
  const id = useId();
  const district = useDistrictCheck(districtCheck, `${id}-district-policy`);
  const busy = accept.pending || decline.pending;

  async function onAccept() {
    if (!permitted) {
      setPermittedError(OUTSIDE_ACTIVITY_MISSING);
      document.getElementById(`${id}-outside-activity`)?.focus();
      return;
    }
    if (!district.ok()) return;
    const ok = await accept.run(
      () => acceptEngagementAction({ engagementId, outsideActivityConfirmed: true, districtPolicyChecked: district.value }),
      {
        success: "Invitation Accepted",
        successDescription: `Pick a time for “${title}” in the Invited tab.`,
        failure: "Accept Failed",
      },
    );
    if (ok) setAccepting(false);
  }

  function onAcceptOpenChange(next: boolean) {
    setAccepting(next);
    if (next) return;
    setPermitted(false);
    setPermittedError(null);
    district.reset();
  }

  function onDecline(reason: string) {
    return decline.run(() => declineEngagementAction({ engagementId, reason: reason || null }), {
      success: "Invitation Declined",
      successDescription: "The client has been told. This doesn't affect your standing.",
      failure: "Decline Failed",
    });
  }

  return (
    <div className="flex flex-wrap gap-2">
      <AlertDialog open={accepting} onOpenChange={onAcceptOpenChange}>
        <AlertDialogTrigger asChild>
          <Button size="sm" disabled={busy} aria-label={named("Accept", title)}>
            Accept
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Accept this invitation?</AlertDialogTitle>
            <AlertDialogDescription>
              You are accepting “{title}” at <span data-testid="accept-pay">{pay}</span> {per}. Many districts set rules for outside work;
              please confirm yours allows it.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <OutsideActivityField
            id={`${id}-outside-activity`}
            checked={permitted}
            onChange={(c) => {
              setPermitted(c);
              if (c) setPermittedError(null);
            }}
            error={permittedError}
          />
          {district.field}
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <Button onClick={() => void onAccept()} disabled={accept.pending} aria-busy={accept.pending}>
              {accept.pending ? <Spinner label="Accepting…" /> : null}
              Accept Invitation
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <ReasonDialog
        trigger={
          <Button size="sm" variant="outline" disabled={busy} aria-label={named("Decline", title)}>
            Decline
          </Button>
        }
        title="Decline this invitation?"
        description={<>You are declining “{title}”. Declining invites doesn&apos;t affect your standing. You control availability.</>}
        label="Reason (optional, shared with the client)"
        reason={declineSchema.shape.reason}
        cancelLabel="Cancel"
        confirmLabel="Decline Invitation"
        confirmVariant="default"
        pendingLabel="Declining…"
        onConfirm={onDecline}
      />
    </div>
  );
}
