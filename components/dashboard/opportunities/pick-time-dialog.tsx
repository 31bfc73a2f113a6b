"use client";

import { useState } from "react";
import { pickTimeAction } from "@/lib/engagements/actions/expert-dashboard";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { named } from "@/components/dashboard/opportunities/named";
import { useEngagementAction } from "@/components/engagements/use-engagement-action";
import {
  choiceInput,
  firstChoice,
  TimeChoices,
  usePickableSlots,
  type TimeChoiceValue,
} from "@/components/dashboard/opportunities/time-choices";

type Props = { engagementId: string; title: string; proposals: { id: string; startsAt: Date }[]; timeZone: string };

/** 'Pick Time' for an accepted engagement: one of the expert's own slots or one of the client's proposed times. */
export function PickTimeDialog(props: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" aria-label={named("Pick Time", props.title)}>
          Pick Time
        </Button>
      </DialogTrigger>
      <DialogContent>
        {open ? <PickTimeForm {...props} onDone={() => setOpen(false)} onCancel={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** Mounted while the dialog is open, so the slots are read fresh each time it opens. */
function PickTimeForm({
  engagementId,
  title,
  proposals,
  timeZone,
  onDone,
  onCancel,
}: Props & { onDone: () => void; onCancel: () => void }) {
  const available = usePickableSlots();
  const [picked, setPicked] = useState<TimeChoiceValue | null>(null);
  const choice = picked ?? firstChoice(proposals, available.slots);
  const { run, pending } = useEngagementAction();

  async function confirm() {
    if (!choice) return;
    const ok = await run(() => pickTimeAction({ engagementId, ...choiceInput(choice) }), {
      success: "Time Scheduled",
      successDescription: `${title} is now in your Scheduled list.`,
      failure: "Scheduling Failed",
    });
    if (ok) onDone();
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Pick Time</DialogTitle>
        <DialogDescription>Choose when to hold “{title}”. Times after school hours come first.</DialogDescription>
      </DialogHeader>
      <TimeChoices proposals={proposals} available={available} timeZone={timeZone} value={choice} onChange={setPicked} />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={confirm} disabled={!choice || pending} aria-busy={pending}>
          {pending ? <Spinner label="Scheduling…" /> : null}
          Confirm Time
        </Button>
      </DialogFooter>
    </>
  );
}
