"use client";

import { useState } from "react";
import { Armchair, ListPlus, LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { useEngagementAction } from "@/components/engagements/use-engagement-action";
import { joinWaitlistAction, leaveWaitlistAction, takeSeatAction } from "@/lib/engagements/actions/focus-groups";

// The expert's hands on a focus group: choose a session's seat, backup seat or waitlist; take
// the seat held for them or let it go; leave the waitlist. Times arrive already written in the
// expert's zone, so the server and the browser show the same words.

export type SessionOption = {
  id: string;
  when: string;
  seats: number;
  seatsLeft: number;
  backupSeats: number;
  backupLeft: number;
  waiting: number;
};

export function ChooseSeatDialog({
  engagementId,
  title,
  sessions,
  backupFee,
  moving,
}: {
  engagementId: string;
  title: string;
  sessions: SessionOption[];
  backupFee: string;
  /** The expert already waits in a session's line: choosing another gives that place up. */
  moving: boolean;
}) {
  const [open, setOpen] = useState(false);
  const { run, pending } = useEngagementAction();
  const go = async (call: () => ReturnType<typeof takeSeatAction>, success: string, description: string) => {
    if (await run(call, { success, successDescription: description, failure: "That did not work" })) setOpen(false);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Armchair aria-hidden="true" /> {moving ? "Choose another session" : "Choose a seat"}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Choose a seat</DialogTitle>
          <DialogDescription>
            {title}: everyone seated in a session meets together. Seats go first come, first served; when a session is full, join its
            waitlist and you are offered the first seat that frees up.
            {moving ? " Choosing another session gives up your place on the waitlist you are in." : ""}
          </DialogDescription>
        </DialogHeader>
        <ul className="grid gap-3">
          {sessions.map((s) => (
            <li key={s.id} className="grid gap-2 rounded-md border p-3" data-testid="seat-choice">
              <p className="font-medium">{s.when}</p>
              <p className="text-sm text-muted-foreground">
                {s.seatsLeft > 0 ? `${s.seatsLeft} of ${s.seats} seats left` : `Full · ${s.waiting} on the waitlist`}
                {s.backupSeats > 0 && ` · ${s.backupLeft} of ${s.backupSeats} backup seats left (paid ${backupFee} if not needed)`}
              </p>
              <div className="flex flex-wrap gap-2">
                {s.seatsLeft > 0 ? (
                  <Button
                    size="sm"
                    disabled={pending}
                    onClick={() =>
                      go(
                        () => takeSeatAction({ engagementId, studySessionId: s.id, kind: "seat" }),
                        "Seat taken",
                        `You have a seat on ${s.when}.`,
                      )
                    }
                  >
                    {pending ? <Spinner /> : null} Take a seat<span className="sr-only"> on {s.when}</span>
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={pending}
                    onClick={() =>
                      go(
                        () => joinWaitlistAction({ engagementId, studySessionId: s.id }),
                        "On the waitlist",
                        `You are offered the first seat that frees up on ${s.when}.`,
                      )
                    }
                  >
                    <ListPlus aria-hidden="true" /> Join the waitlist<span className="sr-only"> for {s.when}</span>
                  </Button>
                )}
                {s.backupLeft > 0 && (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={pending}
                    onClick={() =>
                      go(
                        () => takeSeatAction({ engagementId, studySessionId: s.id, kind: "backup" }),
                        "Backup seat taken",
                        `Keep ${s.when} free: you join if someone does not come, and are paid ${backupFee} if you are not needed.`,
                      )
                    }
                  >
                    Take a backup seat<span className="sr-only"> on {s.when}</span>
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}

/** A seat held for the expert: take it, or let it go to the next person waiting. */
export function SeatOfferActions({ engagementId, studySessionId, when }: { engagementId: string; studySessionId: string; when: string }) {
  const { run, pending } = useEngagementAction();
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        disabled={pending}
        onClick={() =>
          run(() => takeSeatAction({ engagementId, studySessionId, kind: "seat" }), {
            success: "Seat taken",
            successDescription: `You have a seat on ${when}.`,
            failure: "That did not work",
          })
        }
      >
        {pending ? <Spinner /> : <Armchair aria-hidden="true" />} Take the seat
      </Button>
      <LeaveWaitlistButton engagementId={engagementId} label="Let it go" />
    </div>
  );
}

export function LeaveWaitlistButton({ engagementId, label = "Leave the waitlist" }: { engagementId: string; label?: string }) {
  const { run, pending } = useEngagementAction();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={pending}
      onClick={() =>
        run(() => leaveWaitlistAction({ engagementId }), {
          success: "You left the waitlist",
          successDescription: "The next person waiting is offered any seat that frees up.",
          failure: "That did not work",
        })
      }
    >
      <LogOut aria-hidden="true" /> {label}
    </Button>
  );
}
