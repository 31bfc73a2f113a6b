"use client";

import { useState } from "react";
import { AlertTriangle, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
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
import { ReasonField } from "@/components/ui/reason-field";
import { isLateCancel } from "@/lib/engagements/states";
import { cancelSchema } from "@/lib/engagements/schemas/engagements";
import { formatMoney } from "@/lib/platform/format";
import { LATE_CANCEL_HOURS, lateCancelFeeCents, POLICY } from "@/lib/money/policy";
import { useActionRunner as useRunner } from "@/components/client/use-action-runner";
import { cancelEngagementAction } from "@/lib/engagements/actions/engagements";

type Session = { startsAt: string; agreedAt: string | null; meetingUrl: string | null } | null;

/** The client cancels an engagement with a reason; under 24 hours before the agreed time it says what the late cancel costs. */

export function CancelDialog({
  engagementId,
  expertName,
  session,
  incentiveCents,
}: {
  engagementId: string;
  expertName: string;
  session: Session;
  incentiveCents: number;
}) {
  const { pending, run } = useRunner();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [late, setLate] = useState(false);
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setReason("");
          setError(null);
          // Measured when the dialog opens: an agreed time less than 24 hours away is a late cancel.
          setLate(isLateCancel(session, new Date()));
        }
        setOpen(next);
      }}
    >
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Cancel the engagement with ${expertName}`}>
          <X aria-hidden="true" /> Cancel
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel with {expertName}?</AlertDialogTitle>
          <AlertDialogDescription>The expert is told, with your reason. This cannot be undone.</AlertDialogDescription>
        </AlertDialogHeader>
        {late && (
          <p role="alert" className="flex gap-2 rounded-md border border-warning bg-warning/10 p-3 text-sm">
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
            <span>
              The session starts in less than {LATE_CANCEL_HOURS} hours, so this is recorded as a late cancel. {POLICY.lateCancel}{" "}
              <span data-testid="late-cancel-fee">For this session you owe {formatMoney(lateCancelFeeCents(incentiveCents))}.</span>
            </span>
          </p>
        )}
        <ReasonField label="Reason (required, the expert reads it)" value={reason} onChange={setReason} error={error} />
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={pending}
            onClick={(e) => {
              // Stay open until the reason is valid and the server agreed.
              e.preventDefault();
              const parsed = cancelSchema.safeParse({ engagementId, reason });
              if (!parsed.success) {
                setError(parsed.error.issues[0]?.message ?? "Please give a reason");
                return;
              }
              run(
                () => cancelEngagementAction({ engagementId, reason: parsed.data.reason }),
                late ? "Cancelled (recorded as a late cancel)" : "Cancelled",
                (ok) => {
                  if (ok) setOpen(false);
                },
              );
            }}
          >
            {pending && <Spinner />} Cancel {session ? "session" : "engagement"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
