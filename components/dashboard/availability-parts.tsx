"use client";

import { useState } from "react";
import { toast } from "sonner";
import { saveWeeklyHoursAction } from "@/lib/engagements/actions/expert-dashboard";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { Checkbox } from "@/components/ui/checkbox";
import { MAX_REPEAT_WEEKS } from "@/lib/experts/schemas/dashboard";
import { RemoveSlotButton } from "@/components/dashboard/remove-slot-button";
import { AvailabilityGrid } from "@/components/onboarding/availability-grid";
import { describeZone, formatClockTime, formatDayHeading, formatTimeRange } from "@/lib/platform/format";
import { zonedTimeToUtc } from "@/lib/platform/zoned-time";
import { SLOT_TIMES, WEEK_DAYS } from "@/lib/vocabulary/time";
import { WEEKS_AHEAD } from "@/lib/engagements/weekly-hours";
import type { CalendarSlotView } from "@/lib/engagements/view-types";

// The availability calendar's parts: the chosen day's slots, one time picker, and the weekly hours.

/** The chosen day's weekly hours and its own time slots, each with Remove. */
export function DaySlotList({
  day,
  timeZone,
  dayWeekly,
  daySlots,
  loaded,
  removing,
  remove,
}: {
  day: string;
  timeZone: string;
  dayWeekly: { start: string; end: string }[];
  daySlots: CalendarSlotView[];
  /** The day's month has been read. */
  loaded: boolean;
  /** The slot being removed, if any. */
  removing: string | null;
  remove: (slot: CalendarSlotView) => void;
}) {
  return (
    <section aria-labelledby="slot-day-heading" aria-live="polite">
      <h3 id="slot-day-heading" className="mb-2 text-sm font-medium">
        Time slots for {formatDayHeading(day)}
      </h3>
      {dayWeekly.length > 0 ? (
        <p className="mb-2 text-sm" data-testid="day-weekly-hours">
          Weekly hours every {formatDayHeading(day).split(",")[0]}:{" "}
          {dayWeekly
            .map((r) => formatTimeRange(zonedTimeToUtc(day, r.start, timeZone), zonedTimeToUtc(day, r.end, timeZone), timeZone))
            .join(", ")}
        </p>
      ) : null}
      {!loaded ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Loading time slots…
        </p>
      ) : daySlots.length === 0 ? (
        <p className="text-sm text-muted-foreground">No time slots for this day yet.</p>
      ) : (
        <ul className="space-y-2" aria-label="Time slots for the chosen day">
          {daySlots.map((s) => (
            <li
              key={s.id}
              className="flex items-center justify-between gap-2 rounded-md border border-border px-3 py-2 text-sm"
              data-testid="slot-row"
            >
              <span>
                {formatTimeRange(zonedTimeToUtc(s.date, s.startTime, s.timezone), zonedTimeToUtc(s.date, s.endTime, s.timezone), timeZone)}
                {s.isAvailable ? "" : <span className="text-muted-foreground"> (booked)</span>}
              </span>
              <RemoveSlotButton slot={s} removing={removing === s.id} onRemove={() => remove(s)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One of the two time pickers: 30-minute steps from 09:00 to 20:00, shown in 12-hour form. */
export function TimeSelect(props: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  describedBy?: string;
  errorId: string;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={props.id}>{props.label}</Label>
      <NativeSelect
        id={props.id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-describedby={props.describedBy}
        aria-invalid={Boolean(props.error)}
      >
        <option value="">Select</option>
        {SLOT_TIMES.map((t) => (
          <option key={t} value={t}>
            {formatClockTime(t)}
          </option>
        ))}
      </NativeSelect>
      <FieldError id={props.errorId}>{props.error}</FieldError>
    </div>
  );
}

const sameHours = (a: Record<string, string[] | undefined>, b: Record<string, string[] | undefined>) =>
  WEEK_DAYS.every((d) => (a[d] ?? []).join() === (b[d] ?? []).join());

/** The hours that repeat every week, edited on the grid and saved together. */
export function WeeklyHoursSection({
  timeZone,
  saved,
  onSaved,
}: {
  timeZone: string;
  saved: Record<string, string[]>;
  onSaved: (hours: Record<string, string[]>) => void;
}) {
  const [weekly, setWeekly] = useState(saved);
  const [savingWeekly, setSavingWeekly] = useState(false);
  const savedWeekly = saved;

  async function saveWeekly() {
    setSavingWeekly(true);
    const res = await saveWeeklyHoursAction({ availabilityHours: weekly });
    setSavingWeekly(false);
    if (res.ok) {
      onSaved(res.data as Record<string, string[]>);
      setWeekly(res.data as Record<string, string[]>);
      toast.success("Weekly Hours Saved", { description: "Pick Time offers your new weekly hours from now on." });
    } else {
      toast.error("Error", { description: res.message });
    }
  }

  return (
    <section aria-labelledby="weekly-hours-heading" className="mt-8 space-y-3 border-t border-border pt-6">
      <h3 id="weekly-hours-heading" className="text-sm font-medium">
        Weekly Hours
      </h3>
      <p className="text-sm text-muted-foreground">
        The hours you mark repeat every week. Pick Time offers them for the next {WEEKS_AHEAD} weeks, except on your blackout days and where
        a session is already booked. Times are in {describeZone(timeZone)}.
      </p>
      <AvailabilityGrid value={weekly} onChange={setWeekly} />
      <Button type="button" onClick={saveWeekly} disabled={savingWeekly || sameHours(weekly, savedWeekly)}>
        {savingWeekly ? <Spinner label="Saving…" /> : null}
        Save Weekly Hours
      </Button>
    </section>
  );
}

export type AddSlotState = {
  start: string;
  setStart: (v: string) => void;
  end: string;
  setEnd: (v: string) => void;
  repeat: boolean;
  setRepeat: (v: boolean) => void;
  repeatWeeks: string;
  setRepeatWeeks: (v: string) => void;
};

/** Add Time Slot: a start and an end on the chosen day, repeated weekly if asked. */
export function AddSlotForm({
  slot,
  errors,
  adding,
  add,
}: {
  slot: AddSlotState;
  errors: Record<string, string>;
  adding: boolean;
  add: (e: React.FormEvent) => void;
}) {
  const { start, setStart, end, setEnd, repeat, setRepeat, repeatWeeks, setRepeatWeeks } = slot;
  const describedBy = (k: string) => (errors[k] ? `slot-${k}-error` : undefined);
  return (
    <form onSubmit={add} className="space-y-4" noValidate aria-labelledby="slot-add-heading">
      <h3 id="slot-add-heading" className="text-sm font-medium">
        Add Time Slot
      </h3>
      <div className="grid grid-cols-2 gap-3">
        <TimeSelect
          id="slot-start"
          label="Start time"
          value={start}
          onChange={setStart}
          error={errors.startTime}
          describedBy={describedBy("startTime")}
          errorId="slot-startTime-error"
        />
        <TimeSelect
          id="slot-end"
          label="End time"
          value={end}
          onChange={setEnd}
          error={errors.endTime}
          describedBy={describedBy("endTime")}
          errorId="slot-endTime-error"
        />
      </div>
      <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
        <div className="flex min-h-9 items-center gap-2">
          <Checkbox id="slot-repeat" checked={repeat} onCheckedChange={(v) => setRepeat(v === true)} />
          <Label htmlFor="slot-repeat">Repeat weekly</Label>
        </div>
        {repeat ? (
          <div className="space-y-2">
            <Label htmlFor="slot-repeat-weeks">Number of weeks</Label>
            <NativeSelect
              id="slot-repeat-weeks"
              value={repeatWeeks}
              onChange={(e) => setRepeatWeeks(e.target.value)}
              aria-describedby={describedBy("repeatWeeks")}
              aria-invalid={Boolean(errors.repeatWeeks)}
            >
              {Array.from({ length: MAX_REPEAT_WEEKS - 1 }, (_, i) => String(i + 2)).map((n) => (
                <option key={n} value={n}>
                  {n} weeks
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
      </div>
      <FieldError id="slot-repeatWeeks-error">{errors.repeatWeeks}</FieldError>
      <Button type="submit" disabled={adding}>
        {adding ? <Spinner label="Adding…" /> : null}
        Add Time Slot
      </Button>
    </form>
  );
}
