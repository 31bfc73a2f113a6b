"use client";

import { useId, useState } from "react";
import { CalendarPlus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { controlProps, Field } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useActionRunner } from "@/components/ui/use-action-runner";
import { MeetingLinkForm } from "@/components/client/engagement-actions/meeting-link-form";
import { describeZone } from "@/lib/platform/format";
import { fromWallClock } from "@/lib/platform/zoned-time";
import { studySessionSchema } from "@/lib/engagements/schemas/focus-groups";
import { addStudySessionAction, removeStudySessionAction, setStudySessionLinkAction } from "@/lib/engagements/actions/focus-groups";

// The client's hands on a focus group's sessions: add one, set its meeting link, remove an
// empty one (who attended is session-attendance.tsx). Every refusal shows the server's own words.

/** Add a session: a start in the project's zone, seats and backup seats. */
export function AddSessionForm({ projectId, timeZone }: { projectId: string; timeZone: string }) {
  const { pending, run } = useActionRunner();
  const [values, setValues] = useState({ startsAt: "", seats: "6", backupSeats: "0" });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const base = useId();
  const id = (f: string) => `${base}-${f}`;
  const field = (f: keyof typeof values) => ({
    value: values[f],
    // Marked invalid only while it has a message: a field typed in again, or a form just saved, is not.
    ...controlProps(id(f), errors[f]),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setValues((v) => ({ ...v, [f]: e.target.value }));
      setErrors(({ [f]: _, ...rest }) => rest);
    },
  });
  return (
    <form
      className="grid gap-3 rounded-md border border-dashed p-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
      noValidate
      aria-label="Add a session"
      onSubmit={(e) => {
        e.preventDefault();
        const at = values.startsAt ? fromWallClock(values.startsAt, timeZone) : null;
        if (!at || at.getTime() <= Date.now()) {
          setErrors({ startsAt: [at ? "Choose a time in the future" : "Choose a date and time"] });
          return;
        }
        const parsed = studySessionSchema.safeParse({ projectId, ...values, startsAt: at.toISOString() });
        if (!parsed.success) {
          setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), [i.message]])));
          return;
        }
        run(
          () => addStudySessionAction({ projectId, startsAt: at.toISOString(), seats: values.seats, backupSeats: values.backupSeats }),
          "Session added",
          (ok, result) => {
            if (ok) {
              setValues({ startsAt: "", seats: values.seats, backupSeats: values.backupSeats });
              setErrors({});
            } else setErrors(result.ok ? {} : (result.fieldErrors ?? {}));
          },
          ["startsAt", "seats", "backupSeats"],
        );
      }}
    >
      <Field id={id("startsAt")} label={<>Starts ({describeZone(timeZone)})</>} error={errors.startsAt} className="space-y-1">
        <Input type="datetime-local" {...field("startsAt")} />
      </Field>
      <Field id={id("seats")} label="Seats" error={errors.seats} className="space-y-1">
        <Input type="number" min={2} max={50} inputMode="numeric" {...field("seats")} />
      </Field>
      <Field id={id("backupSeats")} label="Backup seats" error={errors.backupSeats} className="space-y-1">
        <Input type="number" min={0} max={10} inputMode="numeric" {...field("backupSeats")} />
      </Field>
      <Button type="submit" disabled={pending} className="h-10">
        {pending ? <Spinner /> : <CalendarPlus aria-hidden="true" />} Add session
      </Button>
    </form>
  );
}

export function SessionLinkForm({ studySessionId, current }: { studySessionId: string; current: string | null }) {
  return <MeetingLinkForm current={current} save={(meetingUrl) => setStudySessionLinkAction({ studySessionId, meetingUrl })} />;
}

export function RemoveSessionButton({ studySessionId, when }: { studySessionId: string; when: string }) {
  const { pending, run } = useActionRunner();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" disabled={pending}>
          <Trash2 aria-hidden="true" /> Remove<span className="sr-only"> the session of {when}</span>
        </Button>
      }
      title="Remove this session?"
      description={<>The session of {when} is removed. Nobody holds a place in it yet.</>}
      cancelLabel="Keep it"
      confirmLabel="Remove session"
      onConfirm={() => run(() => removeStudySessionAction({ studySessionId }), "Session removed")}
    />
  );
}
