"use client";

import { useId, useState } from "react";
import { CalendarClock } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { controlProps, Field } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { useCheckedForm, type Checked, type FieldErrors, type Submitted } from "@/components/ui/use-checked-form";
import { describeZone } from "@/lib/platform/format";
import { toWallClock } from "@/lib/platform/zoned-time";
import { useActionRunner as useRunner } from "@/components/ui/use-action-runner";
import { readTimes, SchoolHoursFlag, useSchoolHours } from "@/components/client/engagement-actions/school-hours";
import { rescheduleAction } from "@/lib/engagements/actions/engagements";
import { REASON_MAX, reasonSchema } from "@/lib/engagements/schemas/engagements";

type Props = { engagementId: string; expertName: string; timeZone: string; startsAt: string };

/** The client proposes a new time for a scheduled session, with a reason the expert reads (the expert's own is `RescheduleDialog`). */
export function ClientRescheduleDialog(props: Props) {
  const { expertName, timeZone } = props;
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Propose a new time to ${expertName}`}>
          <CalendarClock aria-hidden="true" /> Propose new time
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Propose a new time to {expertName}</DialogTitle>
          <DialogDescription>
            The expert is told the new time and your reason; the current time stands until they accept it. Times are in{" "}
            {describeZone(timeZone)}.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted per opening: each one starts from the session's current time and an empty reason. */}
        {open && <ClientRescheduleForm {...props} close={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

/** The new time (in the project's zone, in the future) and the reason, with the server's rule for a reason. */
function checkProposal(submitted: Submitted, timeZone: string): Checked<{ startsAt: string; reason: string }> {
  const read = readTimes([typeof submitted.time === "string" ? submitted.time : ""], timeZone, Date.now());
  const reason = reasonSchema.safeParse(submitted.reason ?? "");
  const error: FieldErrors = {};
  if (read.errors[0]) error.time = [read.errors[0]];
  if (!reason.success) error.reason = [reason.error.issues[0]?.message ?? "Please give a reason"];
  if (Object.keys(error).length || !reason.success) return { error };
  return { value: { startsAt: read.isos[0]!, reason: reason.data } };
}

function ClientRescheduleForm({ engagementId, expertName, timeZone, startsAt, close }: Props & { close: () => void }) {
  const { pending, run } = useRunner();
  const [value, setValue] = useState(() => toWallClock(startsAt, timeZone));
  const [note, setNote] = useState<string | null>(null);
  const [now] = useState(() => Date.now());
  const base = useId();
  const iso = readTimes([value], timeZone, now).isos[0] ?? null;
  const { flags, check } = useSchoolHours(engagementId, iso ? [iso] : []);
  const { fields, formProps, announcement } = useCheckedForm({
    id: `${base}-form`,
    check: (submitted) => checkProposal(submitted, timeZone),
    onValid: async ({ startsAt: at, reason }) => {
      if (flags[at] === undefined) {
        const found = await check([at]);
        if (found?.[at]) {
          setNote("This time falls in the expert's school hours. Press Propose new time again to send it anyway, or change it.");
          return;
        }
      }
      run(
        () => rescheduleAction({ engagementId, reason, startsAt: at }),
        `New time proposed to ${expertName}`,
        (ok) => ok && close(),
      );
    },
  });
  const { time, reason } = fields;

  return (
    <>
      <form {...formProps} className="grid gap-4" noValidate>
        {announcement}
        <Field id={`${base}-time`} label="New time" error={time.errors}>
          <Input
            name="time"
            type="datetime-local"
            value={value}
            {...controlProps(`${base}-time`, time.errors)}
            onChange={(e) => {
              setValue(e.target.value);
              setNote(null);
            }}
          />
          <SchoolHoursFlag during={iso ? flags[iso] : undefined} />
        </Field>
        <Field id={`${base}-reason`} label="Reason" error={reason.errors}>
          <Textarea name="reason" maxLength={REASON_MAX} {...controlProps(`${base}-reason`, reason.errors)} />
        </Field>
        {note && (
          <p role="alert" className="text-sm">
            {note}
          </p>
        )}
      </form>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={close}>
          Keep current time
        </Button>
        <Button type="submit" form={formProps.id} disabled={pending}>
          {pending && <Spinner />} Propose new time
        </Button>
      </DialogFooter>
    </>
  );
}
