"use client";

import { useId, useState } from "react";
import { rescheduleAction } from "@/lib/engagements/actions/engagements";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useEngagementAction } from "@/components/engagements/use-engagement-action";
import {
  choiceInput,
  firstChoice,
  TimeChoices,
  usePickableSlots,
  type TimeChoiceValue,
} from "@/components/dashboard/opportunities/time-choices";
import { ReasonField, reasonError } from "@/components/ui/reason-field";

type Props = { engagementId: string; title: string; proposals: { id: string; startsAt: Date }[]; timeZone: string };

/** Propose another of the expert's slots (or a time the client proposed) for a scheduled session, with a reason the client reads; the current time stands until the client accepts. */
export function RescheduleDialog(props: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          Propose New Time
        </Button>
      </DialogTrigger>
      <DialogContent>{open ? <RescheduleForm {...props} onClose={() => setOpen(false)} /> : null}</DialogContent>
    </Dialog>
  );
}

function RescheduleForm({ engagementId, title, proposals, timeZone, onClose }: Props & { onClose: () => void }) {
  const available = usePickableSlots();
  const [picked, setPicked] = useState<TimeChoiceValue | null>(null);
  const choice = picked ?? firstChoice(proposals, available.slots);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { run, pending } = useEngagementAction();
  const id = useId();

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const problem = reasonError(reason);
    setError(problem);
    if (problem) {
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    if (!choice) return;
    const ok = await run(() => rescheduleAction({ engagementId, reason: reason.trim(), ...choiceInput(choice) }), {
      success: "New Time Proposed",
      successDescription: "The current time stands until the client accepts the new one.",
      failure: "Proposal Failed",
    });
    if (ok) onClose();
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Propose a new time</DialogTitle>
        <DialogDescription>
          Choose a new time for “{title}” and tell the client why. The current time stands until the client accepts the new one.
        </DialogDescription>
      </DialogHeader>
      <TimeChoices proposals={proposals} available={available} timeZone={timeZone} value={choice} onChange={setPicked} />
      <ReasonField id={`${id}-reason`} required label="Reason (shared with the client)" value={reason} onChange={setReason} error={error} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Keep Current Time
        </Button>
        <Button type="submit" disabled={!choice || pending} aria-busy={pending}>
          {pending ? <Spinner label="Proposing…" /> : null}
          Propose New Time
        </Button>
      </DialogFooter>
    </form>
  );
}
