"use client";

import { useState, useSyncExternalStore } from "react";
import { toast } from "sonner";
import { addSlotAction, listDaySlotsAction, removeSlotAction } from "@/app/dashboard/actions";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { RemoveSlotButton } from "@/components/dashboard/remove-slot-button";
import { formatClockTime } from "@/lib/format";
import { DEFAULT_TIME_ZONE, SLOT_TIMES } from "@/lib/vocabulary/time";
import type { CalendarSlotView } from "@/lib/views";

const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

const noSubscribe = () => () => {};
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;

export function AvailabilityCalendar({ initialSlots }: { initialSlots: CalendarSlotView[] }) {
  const [slots, setSlots] = useState(initialSlots);
  // The browser's own day and time zone are only known on the client (server render: placeholders).
  const today = useSyncExternalStore(noSubscribe, localToday, () => "");
  const timezone = useSyncExternalStore(noSubscribe, browserTimeZone, () => DEFAULT_TIME_ZONE);
  const [chosenDay, setDay] = useState("");
  const day = chosenDay || today;
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [loadingDay, setLoadingDay] = useState<string | null>(null);

  const daySlots = slots.filter((s) => s.date === day).sort((a, b) => a.startTime.localeCompare(b.startTime));

  async function add(e: React.FormEvent) {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!day) next.date = "Choose a day.";
    else if (today && day < today) next.date = "Choose today or a later day.";
    if (!start) next.startTime = "Choose a start time.";
    if (!end) next.endTime = "Choose an end time.";
    else if (start && end <= start) next.endTime = "End time must be after the start time.";
    setErrors(next);
    if (Object.keys(next).length) return;
    setAdding(true);
    const res = await addSlotAction({ date: day, startTime: start, endTime: end, timezone });
    setAdding(false);
    if (res.ok) {
      setSlots((list) => [...list, res.data]);
      setStart("");
      setEnd("");
      toast.success("Availability Added", { description: "Your availability has been updated successfully." });
    } else {
      if (res.fieldErrors) setErrors(Object.fromEntries(Object.entries(res.fieldErrors).map(([k, v]) => [k, v[0] ?? ""])));
      toast.error("Error", { description: res.message });
    }
  }

  // The page brings the nearest slots; any other day's are loaded when it is picked.
  async function pickDay(value: string) {
    setDay(value);
    if (!value) return;
    setLoadingDay(value);
    const res = await listDaySlotsAction({ date: value });
    setLoadingDay((current) => (current === value ? null : current));
    if (res.ok) setSlots((list) => [...list.filter((s) => s.date !== value), ...res.data]);
    else toast.error("Error", { description: res.message });
  }

  async function remove(id: string) {
    setRemoving(id);
    const res = await removeSlotAction({ slotId: id });
    setRemoving(null);
    if (res.ok) {
      setSlots((list) => list.filter((s) => s.id !== id));
      toast.success("Availability Removed", { description: "The availability slot has been removed." });
    } else {
      toast.error("Error", { description: res.message });
    }
  }

  const describedBy = (k: string) => (errors[k] ? `slot-${k}-error` : undefined);

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Availability Calendar</CardTitle>
        <CardDescription>Pick a day, see your time slots and add new ones. Times are in {timezone}.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <div className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor="slot-day">Day</Label>
            <Input id="slot-day" type="date" min={today || undefined} value={day} onChange={(e) => void pickDay(e.target.value)} aria-describedby={describedBy("date")} aria-invalid={Boolean(errors.date)} />
            <FieldError id="slot-date-error">{errors.date}</FieldError>
          </div>
          <div>
            <h3 className="mb-2 text-sm font-medium">Time slots for this day</h3>
            {loadingDay === day && daySlots.length === 0 ? (
              <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
                <Spinner /> Loading time slots…
              </p>
            ) : daySlots.length === 0 ? (
              <p className="text-sm text-muted-foreground">No time slots for this day yet.</p>
            ) : (
              <ul className="space-y-2" aria-label="Time slots for the chosen day">
                {daySlots.map((s) => (
                  <li key={s.id} className="flex items-center justify-between rounded-md border border-border px-3 py-2 text-sm" data-testid="slot-row">
                    <span>
                      {formatClockTime(s.startTime)} – {formatClockTime(s.endTime)} <span className="text-muted-foreground">({s.timezone}{s.isAvailable ? "" : ", booked"})</span>
                    </span>
                    <RemoveSlotButton slot={s} removing={removing === s.id} onRemove={() => remove(s.id)} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
        <form onSubmit={add} className="space-y-4" noValidate>
          <h3 className="text-sm font-medium">Add Time Slot</h3>
          <div className="grid grid-cols-2 gap-3">
            <TimeSelect id="slot-start" label="Start time" value={start} onChange={setStart} error={errors.startTime} describedBy={describedBy("startTime")} errorId="slot-startTime-error" />
            <TimeSelect id="slot-end" label="End time" value={end} onChange={setEnd} error={errors.endTime} describedBy={describedBy("endTime")} errorId="slot-endTime-error" />
          </div>
          <Button type="submit" disabled={adding}>
            {adding ? <Spinner label="Adding…" /> : null}
            Add Time Slot
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** One of the two time pickers: 30-minute steps from 09:00 to 20:00, shown in 12-hour form. */
function TimeSelect(props: { id: string; label: string; value: string; onChange: (v: string) => void; error?: string; describedBy?: string; errorId: string }) {
  return (
    <div className="space-y-2">
      <Label htmlFor={props.id}>{props.label}</Label>
      <NativeSelect id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)} aria-describedby={props.describedBy} aria-invalid={Boolean(props.error)}>
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
