"use client";

import { useId, useState } from "react";
import { Check } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { FieldError } from "@/components/ui/field-error";
import { Spinner } from "@/components/ui/spinner";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useActionRunner } from "@/components/ui/use-action-runner";
import { formatMoney } from "@/lib/platform/format";
import type { AttendanceMark } from "@/lib/engagements/schemas/focus-groups";
import { correctAttendanceAction, recordAttendanceAction } from "@/lib/engagements/actions/focus-groups";

// Who attended a focus group's session: every place recorded together, then corrected one at a
// time while the correction window is open. A no-show costs the expert their pay, so it is
// confirmed first with the amount.

export type Holder = {
  engagementId: string;
  expertName: string;
  kind: "seat" | "backup";
  label: string;
  /** What the place is paid unless marked a no-show, in cents. */
  payCents: number;
};

/** What a no-show costs the expert, in the words of the confirmation: "This expert will not be paid $150." */
function NoShowCost({ holders }: { holders: Pick<Holder, "engagementId" | "expertName" | "payCents">[] }) {
  if (holders.length === 1)
    return (
      <span className="block font-medium text-foreground" data-testid="no-show-amount">
        This expert will not be paid {formatMoney(holders[0].payCents)}.
      </span>
    );
  return (
    <span className="grid gap-1">
      {holders.map((h) => (
        <span key={h.engagementId} className="block font-medium text-foreground" data-testid="no-show-amount">
          {h.expertName} will not be paid {formatMoney(h.payCents)}.
        </span>
      ))}
    </span>
  );
}

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
export function AttendanceForm({
  studySessionId,
  holders,
  feeLabel,
  correctionHours,
}: {
  studySessionId: string;
  holders: Holder[];
  feeLabel: string;
  correctionHours: number;
}) {
  const { pending, run } = useActionRunner();
  // A no-show costs someone their pay: the marks are confirmed first, with the amounts.
  const [confirming, setConfirming] = useState(false);
  const [marks, setMarks] = useState<Record<string, AttendanceMark["outcome"] | undefined>>(() =>
    Object.fromEntries(holders.map((h) => [h.engagementId, h.kind === "backup" ? "not_needed" : undefined])),
  );
  const [error, setError] = useState<string | null>(null);
  const base = useId();
  const record = () =>
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
  const noShows = holders.filter((h) => marks[h.engagementId] === "no_show");
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
        if (holders.some((h) => marks[h.engagementId] === "no_show")) setConfirming(true);
        else record();
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
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={noShows.length === 1 ? `Record ${noShows[0].expertName} as a no-show?` : "Record these no-shows?"}
        description={
          <>
            <NoShowCost holders={noShows} />A no-show is not paid and the expert is told. You can correct attendance for {correctionHours}{" "}
            hours after recording it.
          </>
        }
        cancelLabel="Go back"
        confirmLabel="Record attendance"
        destructive
        onConfirm={record}
      />
    </form>
  );
}

/**
 * The client corrects one recorded place while the correction window is open: the expert is
 * told, and a change to a no-show is confirmed first with what it costs the expert.
 */
export function CorrectAttendanceForm({ holder, current }: { holder: Holder; current: AttendanceMark["outcome"] }) {
  const { pending, run } = useActionRunner();
  const [outcome, setOutcome] = useState(current);
  const [confirming, setConfirming] = useState(false);
  const id = useId();
  const save = () => run(() => correctAttendanceAction({ engagementId: holder.engagementId, outcome }), "Attendance corrected");
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (outcome === current) return;
        if (outcome === "no_show") setConfirming(true);
        else save();
      }}
    >
      <div className="grid gap-1">
        <Label htmlFor={id} className="text-xs">
          Correct {holder.expertName}&apos;s attendance
        </Label>
        <select
          id={id}
          value={outcome}
          onChange={(e) => setOutcome(e.target.value as AttendanceMark["outcome"])}
          className="h-9 rounded-md border bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-ring"
        >
          {OUTCOMES[holder.kind].map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" size="sm" variant="outline" disabled={pending || outcome === current}>
        {pending ? <Spinner /> : null} Save correction
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Correct ${holder.expertName} to a no-show?`}
        description={
          <>
            <NoShowCost holders={[holder]} />
            The expert is told, and the change is kept in the engagement&apos;s history.
          </>
        }
        cancelLabel="Go back"
        confirmLabel="Record no-show"
        destructive
        onConfirm={save}
      />
    </form>
  );
}
