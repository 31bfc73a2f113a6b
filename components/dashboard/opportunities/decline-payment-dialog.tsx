"use client";

import { useState } from "react";
import { declinePaymentAction } from "@/lib/engagements/actions/engagements";
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
import { DECLINE_PAYMENT_TEXT, UNPAID_BADGE } from "@/lib/accounts/attestations";

/**
 * "Decline payment for this engagement (public-employee rules)", confirmed first: the engagement
 * then earns nothing, and the expert's public profile says "Participates unpaid where required".
 */
export function DeclinePaymentDialog({ engagementId, title }: { engagementId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const { run, pending } = useEngagementAction();

  async function confirm() {
    const ok = await run(() => declinePaymentAction({ engagementId }), {
      success: "Payment Declined",
      successDescription: `“${title}” will not be paid.`,
      failure: "Decline Payment Failed",
    });
    if (ok) setOpen(false);
  }

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        {/* The button's words are long: they wrap on a phone instead of widening the card. */}
        <Button size="sm" variant="ghost" className="h-auto min-h-8 max-w-full whitespace-normal text-left">
          {DECLINE_PAYMENT_TEXT}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Decline payment for this engagement?</AlertDialogTitle>
          <AlertDialogDescription>
            Some public employees may not accept payment for outside work. You will take part in “{title}” unpaid: no earning is booked, and
            this cannot be undone. Your public profile will say “{UNPAID_BADGE}”.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep Payment</AlertDialogCancel>
          <Button onClick={confirm} disabled={pending} aria-busy={pending}>
            {pending ? <Spinner label="Declining…" /> : null}
            Decline Payment
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
