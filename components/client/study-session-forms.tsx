"use client";

import { useId, useState } from "react";
import { CalendarPlus, Check, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FieldError } from "@/components/ui/field-error";
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
import { useActionRunner } from "@/components/client/use-action-runner";
import { MeetingLinkForm } from "@/components/client/engagement-actions";
import { describeZone } from "@/lib/platform/format";
import { fromWallClock } from "@/lib/platform/zoned-time";
import { studySessionSchema, type AttendanceMark } from "@/lib/engagements/schemas/focus-groups";
import {
  addStudySessionAction,
  recordAttendanceAction,
  removeStudySessionAction,
  setStudySessionLinkAction,
} from "@/lib/engagements/actions/focus-groups";

// The client's hands on a focus group's sessions: add one, set its meeting link, remove an
// empty one, and record who attended. Every refusal shows the server's own words.

/** Add a session: a start in the project's zone, seats and backup seats. */
export function AddSessionForm({ projectId, timeZone }: { projectId: string; timeZone: string }) {
  const { pending, run } = useActionRunner();
  const [values, setValues] = useState({ startsAt: "", seats: "6", backupSeats: "0" });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const base = useId();
  const id = (f: string) => `${base}-${f}`;
  const field = (f: keyof typeof values) => ({
    id: id(f),
    value: values[f],
    "aria-invalid": Boolean(errors[f]),
    "aria-describedby": errors[f] ? `${id(f)}-error` : undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setValues((v) => ({ ...v, [f]: e.target.value }));
      setErrors((x) => ({ ...x, [f]: [] }));
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
            if (ok) setValues({ startsAt: "", seats: values.seats, backupSeats: values.backupSeats });
            else setErrors(result.ok ? {} : (result.fieldErrors ?? {}));
          },
          ["startsAt", "seats", "backupSeats"],
        );
      }}
    >
      <div className="grid gap-1">
        <Label htmlFor={id("startsAt")}>Starts ({describeZone(timeZone)})</Label>
        <Input type="datetime-local" {...field("startsAt")} />
        <FieldError id={`${id("startsAt")}-error`}>{errors.startsAt?.[0]}</FieldError>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={id("seats")}>Seats</Label>
        <Input type="number" min={2} max={50} inputMode="numeric" {...field("seats")} />
        <FieldError id={`${id("seats")}-error`}>{errors.seats?.[0]}</FieldError>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={id("backupSeats")}>Backup seats</Label>
        <Input type="number" min={0} max={10} inputMode="numeric" {...field("backupSeats")} />
        <FieldError id={`${id("backupSeats")}-error`}>{errors.backupSeats?.[0]}</FieldError>
      </div>
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
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={pending}>
          <Trash2 aria-hidden="true" /> Remove<span className="sr-only"> the session of {when}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Remove this session?</AlertDialogTitle>
          <AlertDialogDescription>The session of {when} is removed. Nobody holds a place in it yet.</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it</AlertDialogCancel>
          <AlertDialogAction onClick={() => run(() => removeStudySessionAction({ studySessionId }), "Session removed")}>
            Remove session
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

type Holder = { engagementId: string; expertName: string; kind: "seat" | "backup"; label: string };

const OUTCOMES: Record<Holder["kind"], { value: AttendanceMark["outcome"]; label: string }[]> = {
  seat: [
    { value: "attended", label: "Attended" },
    { value: "no_show", label: "No-show" },
  ],
  backup: [
    { value: "not_needed", label: "Not needed" },
    { value: "attended", label: "Took part" },
    { value: "no_show", label: "No-show" },
  ],
};

/** Every seat's outcome on one screen, recorded together. */
export function AttendanceForm({ studySessionId, holders, feeLabel }: { studySessionId: string; holders: Holder[]; feeLabel: string }) {
  const { pending, run } = useActionRunner();
  const [marks, setMarks] = useState<Record<string, AttendanceMark["outcome"] | undefined>>(() =>
    Object.fromEntries(holders.map((h) => [h.engagementId, h.kind === "backup" ? "not_needed" : undefined])),
  );
  const [error, setError] = useState<string | null>(null);
  const base = useId();
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const missing = holders.find((h) => !marks[h.engagementId]);
        if (missing) {
          setError("Mark every seat: attended or no-show.");
          document.getElementById(`${base}-${missing.engagementId}-0`)?.focus();
          return;
        }
        setError(null);
        run(
          () =>
            recordAttendanceAction({
              studySessionId,
              marks: holders.map((h) => ({ engagementId: h.engagementId, outcome: marks[h.engagementId]! })),
            }),
          "Attendance recorded",
          (_ok, result) => setError(result.ok ? null : result.message),
          ["marks"],
        );
      }}
    >
      <ul className="grid gap-3">
        {holders.map((h) => (
          <li key={h.engagementId}>
            <fieldset className="grid gap-2 rounded-md border p-3" data-testid="attendance-row">
              <legend className="px-1 font-medium">
                {h.expertName} <span className="font-normal text-muted-foreground">· {h.label}</span>
              </legend>
              <div className="flex flex-wrap gap-x-6 gap-y-2">
                {OUTCOMES[h.kind].map((o, i) => {
                  const inputId = `${base}-${h.engagementId}-${i}`;
                  return (
                    <div key={o.value} className="flex items-center gap-2">
                      <input
                        id={inputId}
                        type="radio"
                        name={`attendance-${h.engagementId}`}
                        value={o.value}
                        checked={marks[h.engagementId] === o.value}
                        onChange={() => {
                          setMarks((m) => ({ ...m, [h.engagementId]: o.value }));
                          setError(null);
                        }}
                        className="size-4 accent-primary focus-visible:outline-2 focus-visible:outline-ring"
                      />
                      <Label htmlFor={inputId} className="font-normal">
                        {o.value === "not_needed" ? `Not needed (paid the backup fee, ${feeLabel})` : o.label}
                      </Label>
                    </div>
                  );
                })}
              </div>
            </fieldset>
          </li>
        ))}
      </ul>
      <FieldError id={`${base}-error`}>{error}</FieldError>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner /> : <Check aria-hidden="true" />} Record attendance
        </Button>
      </div>
    </form>
  );
}
