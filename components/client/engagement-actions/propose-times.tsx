"use client";

import { useId, useState } from "react";
import { CalendarPlus, Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FieldError } from "@/components/ui/field-error";
import { Spinner } from "@/components/ui/spinner";
import { MAX_PROPOSALS } from "@/lib/engagements/states";
import { describeZone } from "@/lib/platform/format";
import { useActionRunner as useRunner } from "@/components/ui/use-action-runner";
import { readTimes, SchoolHoursFlag, useSchoolHours } from "@/components/client/engagement-actions/school-hours";
import { proposeTimesAction } from "@/lib/engagements/actions/engagements";

// An accepted expert: the client proposes up to three times.

export function ProposeTimes({ engagementId, expertName, timeZone }: { engagementId: string; expertName: string; timeZone: string }) {
  const { pending, run } = useRunner();
  const [values, setValues] = useState<string[]>([""]);
  const [errors, setErrors] = useState<(string | null)[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const base = useId();
  // Only complete future times are checked; the flags follow the inputs by instant.
  const [now] = useState(() => Date.now());
  const isos = readTimes(values, timeZone, now).isos;
  const { flags, check } = useSchoolHours(
    engagementId,
    isos.filter((i): i is string => i !== null),
  );

  const submit = async () => {
    const read = readTimes(values, timeZone, Date.now());
    setErrors(read.errors);
    if (read.errors.some(Boolean)) return;
    const times = read.isos as string[];
    // A warning the client has not seen yet stops the first press; one already shown does not.
    const unseen = times.filter((t) => flags[t] === undefined);
    if (unseen.length > 0) {
      const found = await check(unseen);
      if (found && unseen.some((t) => found[t])) {
        setNote("Some times fall in this expert's school hours. Press Propose times again to send them anyway, or change them.");
        return;
      }
    }
    setNote(null);
    run(
      () => proposeTimesAction({ engagementId, times }),
      `Times proposed to ${expertName}`,
      (ok) => {
        if (ok) setValues([""]);
      },
    );
  };

  return (
    <form
      className="grid w-full gap-3 rounded-md border p-3"
      aria-label={`Propose times to ${expertName}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="text-sm">
        Propose up to {MAX_PROPOSALS} times; the expert picks one.{" "}
        <span className="text-muted-foreground">Times are in {describeZone(timeZone)}.</span>
      </p>
      {values.map((v, i) => {
        const inputId = `${base}-time-${i}`;
        return (
          <div key={i} className="grid gap-1">
            <Label htmlFor={inputId}>Time {i + 1}</Label>
            <div className="flex gap-2">
              <Input
                id={inputId}
                type="datetime-local"
                value={v}
                aria-invalid={Boolean(errors[i])}
                aria-describedby={errors[i] ? `${inputId}-error` : undefined}
                onChange={(e) => {
                  const next = values.map((x, j) => (j === i ? e.target.value : x));
                  setValues(next);
                  setErrors((errs) => errs.map((x, j) => (j === i ? null : x)));
                  setNote(null);
                }}
              />
              {values.length > 1 && (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove time ${i + 1}`}
                  onClick={() => setValues(values.filter((_, j) => j !== i))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              )}
            </div>
            <SchoolHoursFlag during={isos[i] ? flags[isos[i]!] : undefined} />
            <FieldError id={`${inputId}-error`}>{errors[i]}</FieldError>
          </div>
        );
      })}
      {note && (
        <p role="alert" className="text-sm">
          {note}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {values.length < MAX_PROPOSALS && (
          <Button type="button" variant="outline" size="sm" onClick={() => setValues([...values, ""])}>
            <Plus aria-hidden="true" /> Add another time
          </Button>
        )}
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? <Spinner /> : <CalendarPlus aria-hidden="true" />} Propose times
        </Button>
      </div>
    </form>
  );
}
