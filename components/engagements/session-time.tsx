"use client";

import { useState } from "react";
import { CalendarCheck, CalendarX } from "lucide-react";
import { acceptTimeAction, keepTimeAction } from "@/lib/engagements/actions/engagements";
import { keepTimeSchema } from "@/lib/engagements/schemas/engagements";
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
import { awaitedSide, type Side } from "@/lib/engagements/states";
import { LATE_CANCEL_HOURS } from "@/lib/money/policy";
import { formatDateTime } from "@/lib/platform/format";
import type { SessionTimes } from "@/lib/engagements/view-types";

type Props = {
  engagementId: string;
  /** The side reading the card. */
  viewer: Side;
  /** How the other side is named ("the client" or the expert's name). */
  otherName: string;
  session: SessionTimes;
  timeZone: string;
  /** The state without its buttons, for a member whose role only reads the pipeline. */
  readOnly?: boolean;
};

/**
 * Where a scheduled session's time stands, for either side: a proposed new time (who proposed
 * it, why, and who must answer; the current time stands until then), or a time the expert set
 * alone less than 24 hours ahead that waits for the client. The side that must answer gets
 * "Accept new time" / "Keep current time" (or "Confirm time"); the proposer may withdraw.
 */
export function SessionTimeStatus({ engagementId, viewer, otherName, session, timeZone, readOnly = false }: Props) {
  const waitingFor = awaitedSide(session);
  if (!waitingFor) return null;
  const mine = waitingFor !== viewer;
  const who = (side: Side) => (side === viewer ? "you" : otherName);
  const proposed = session.proposedStartsAt ? formatDateTime(session.proposedStartsAt, timeZone, { weekday: true }) : null;
  return (
    <div role="status" className="grid gap-2 rounded-md border border-warning bg-warning/10 p-3 text-sm" data-testid="session-time-status">
      {proposed && session.proposedBy ? (
        <>
          <p>
            <span className="font-medium">New time proposed by {who(session.proposedBy as Side)}:</span>{" "}
            <time dateTime={new Date(session.proposedStartsAt!).toISOString()}>{proposed}</time>
          </p>
          {session.proposedReason && <p className="break-words">Reason: “{session.proposedReason}”</p>}
          <p className="text-muted-foreground">
            {mine ? `Waiting for ${otherName} to accept it.` : "Waiting for you: accept the new time or keep the current one."} The current
            time stands until the new one is accepted.
          </p>
        </>
      ) : (
        <p>
          {viewer === "client"
            ? `${otherName} picked this time less than ${LATE_CANCEL_HOURS} hours ahead. It is confirmed once you accept it; until then you can cancel without a fee.`
            : `Waiting for the client to confirm this time (it is less than ${LATE_CANCEL_HOURS} hours away). Until then the client can cancel without a fee.`}
        </p>
      )}
      {!readOnly && (
        <div className="flex flex-wrap gap-2">
          {!mine && <AcceptTime engagementId={engagementId} proposed={proposed} />}
          {proposed && <KeepTime engagementId={engagementId} withdraw={mine} otherName={otherName} />}
        </div>
      )}
    </div>
  );
}

function AcceptTime({ engagementId, proposed }: { engagementId: string; proposed: string | null }) {
  const { run, pending } = useEngagementAction();
  const [open, setOpen] = useState(false);
  const label = proposed ? "Accept new time" : "Confirm time";
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button size="sm" disabled={pending}>
          <CalendarCheck aria-hidden="true" /> {label}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{proposed ? `Move the session to ${proposed}?` : "Confirm this time?"}</AlertDialogTitle>
          <AlertDialogDescription>
            {proposed
              ? "The session moves to the new time and both of you get an updated calendar invitation."
              : "The time is then agreed by both of you, and the late-cancellation window applies to it."}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Not now</AlertDialogCancel>
          <Button
            disabled={pending}
            aria-busy={pending}
            onClick={async () => {
              const ok = await run(() => acceptTimeAction({ engagementId }), {
                success: proposed ? "New Time Accepted" : "Time Confirmed",
                failure: "That did not work",
              });
              if (ok) setOpen(false);
            }}
          >
            {pending ? <Spinner label="Saving…" /> : null}
            {label}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function KeepTime({ engagementId, withdraw, otherName }: { engagementId: string; withdraw: boolean; otherName: string }) {
  const { run, pending } = useEngagementAction();
  const label = withdraw ? "Withdraw proposal" : "Keep current time";
  return (
    <ReasonDialog
      trigger={
        <Button size="sm" variant="outline" disabled={pending}>
          <CalendarX aria-hidden="true" /> {label}
        </Button>
      }
      title={withdraw ? "Withdraw your proposed time?" : "Keep the current time?"}
      description={`The session stays at its current time and ${otherName} is told.`}
      label={`Note (optional, ${otherName} reads it)`}
      reason={keepTimeSchema.shape.reason}
      cancelLabel="Back"
      confirmLabel={label}
      confirmVariant="outline"
      pendingLabel="Saving…"
      onConfirm={(reason) =>
        run(() => keepTimeAction({ engagementId, reason: reason || null }), {
          success: "Current Time Kept",
          failure: "That did not work",
        })
      }
    />
  );
}
