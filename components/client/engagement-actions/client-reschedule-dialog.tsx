"use client";

import { useId, useState } from "react";
import { CalendarClock } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FieldError } from "@/components/ui/field-error";
import { Spinner } from "@/components/ui/spinner";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { ReasonField } from "@/components/ui/reason-field";
import { describeZone } from "@/lib/platform/format";
import { toWallClock } from "@/lib/platform/zoned-time";
import { useActionRunner as useRunner } from "@/components/ui/use-action-runner";
import { readTimes, SchoolHoursFlag, useSchoolHours } from "@/components/client/engagement-actions/school-hours";
import { rescheduleAction } from "@/lib/engagements/actions/engagements";

/** The client proposes a new time for a scheduled session, with a reason the expert reads (the expert's own is `RescheduleDialog`). */
export function ClientRescheduleDialog({
  engagementId,
  expertName,
  timeZone,
  startsAt,
}: {
  engagementId: string;
  expertName: string;
  timeZone: string;
  startsAt: string;
}) {
  const { pending, run } = useRunner();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ time?: string | null; reason?: string | null }>({});
  const [note, setNote] = useState<string | null>(null);
  const [now, setNow] = useState(0);
  const base = useId();
  const iso = open ? readTimes([value], timeZone, now).isos[0] : null;
  const { flags, check } = useSchoolHours(engagementId, iso ? [iso] : []);

  const submit = async () => {
    const read = readTimes([value], timeZone, Date.now());
    const reasonError = reason.trim().length < 3 ? "Please give a reason (at least 3 characters)" : null;
    setErrors({ time: read.errors[0], reason: reasonError });
    if (read.errors[0] || reasonError) return;
    const at = read.isos[0]!;
    if (flags[at] === undefined) {
      const found = await check([at]);
      if (found?.[at]) {
        setNote("This time falls in the expert's school hours. Press Propose new time again to send it anyway, or change it.");
        return;
      }
    }
    run(
      () => rescheduleAction({ engagementId, reason: reason.trim(), startsAt: at }),
      `New time proposed to ${expertName}`,
      (ok) => {
        if (ok) setOpen(false);
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setValue(toWallClock(startsAt, timeZone));
          setReason("");
          setErrors({});
          setNote(null);
          setNow(Date.now());
        }
        setOpen(next);
      }}
    >
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
        <form
          id={`${base}-form`}
          className="grid gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={`${base}-time`}>New time</Label>
            <Input
              id={`${base}-time`}
              type="datetime-local"
              value={value}
              aria-invalid={Boolean(errors.time)}
              aria-describedby={errors.time ? `${base}-time-error` : undefined}
              onChange={(e) => {
                setValue(e.target.value);
                setNote(null);
              }}
            />
            <SchoolHoursFlag during={iso ? flags[iso] : undefined} />
            <FieldError id={`${base}-time-error`}>{errors.time}</FieldError>
          </div>
          <ReasonField label="Reason" value={reason} onChange={setReason} error={errors.reason} />
          {note && (
            <p role="alert" className="text-sm">
              {note}
            </p>
          )}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Keep current time
          </Button>
          <Button type="submit" form={`${base}-form`} disabled={pending}>
            {pending && <Spinner />} Propose new time
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
