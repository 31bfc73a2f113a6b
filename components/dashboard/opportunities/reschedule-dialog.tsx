"use client";

import { useState } from "react";
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
import { controlProps, Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { useZodForm } from "@/components/ui/use-zod-form";
import { z } from "@/lib/platform/validation/zod";
import { REASON_MAX, reasonSchema } from "@/lib/engagements/schemas/engagements";

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

/** The reason's rule, the server's own. */
const reasonForm = z.object({ reason: reasonSchema });

function RescheduleForm({ engagementId, title, proposals, timeZone, onClose }: Props & { onClose: () => void }) {
  const available = usePickableSlots();
  const [picked, setPicked] = useState<TimeChoiceValue | null>(null);
  const choice = picked ?? firstChoice(proposals, available.slots);
  const { run, pending } = useEngagementAction();
  const { fields, formProps, announcement } = useZodForm({
    schema: reasonForm,
    onValid: async ({ reason }) => {
      if (!choice) return;
      const ok = await run(() => rescheduleAction({ engagementId, reason, ...choiceInput(choice) }), {
        success: "New Time Proposed",
        successDescription: "The current time stands until the client accepts the new one.",
        failure: "Proposal Failed",
      });
      if (ok) onClose();
    },
  });
  const reason = fields.reason;

  return (
    <form {...formProps} noValidate className="grid gap-4">
      {announcement}
      <DialogHeader>
        <DialogTitle>Propose a new time</DialogTitle>
        <DialogDescription>
          Choose a new time for “{title}” and tell the client why. The current time stands until the client accepts the new one.
        </DialogDescription>
      </DialogHeader>
      <TimeChoices proposals={proposals} available={available} timeZone={timeZone} value={choice} onChange={setPicked} />
      <Field id={reason.id} label="Reason (shared with the client)" error={reason.errors}>
        <Textarea key={reason.key} name={reason.name} maxLength={REASON_MAX} required {...controlProps(reason.id, reason.errors)} />
      </Field>
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
