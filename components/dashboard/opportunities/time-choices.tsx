"use client";

import { useEffect, useId, useState } from "react";
import { listPickableSlotsAction } from "@/app/dashboard/actions";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/lib/format";

/** "slot:{id}" or "proposal:{id}": one radio group over both kinds of time. */
export type TimeChoiceValue = `slot:${string}` | `proposal:${string}`;

/** What pickTimeAction and rescheduleAction take for a chosen time. */
export function choiceInput(value: TimeChoiceValue): { slotId: string } | { proposalId: string } {
  const [kind, id] = value.split(":") as ["slot" | "proposal", string];
  return kind === "slot" ? { slotId: id } : { proposalId: id };
}

type Slot = { id: string; startsAt: Date; duringSchool: boolean };
export type PickableSlots = { slots: Slot[] | null; failed: string | null };

/** The expert's own free slots (after school first, as the server orders them), loaded when the dialog opens. */
export function usePickableSlots(): PickableSlots {
  const [slots, setSlots] = useState<Slot[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    listPickableSlotsAction({}).then(
      (res) => {
        if (!live) return;
        if (res.ok) setSlots(res.data);
        else setFailed(res.message);
      },
      () => live && setFailed("Failed to load your availability. Please try again."),
    );
    return () => {
      live = false;
    };
  }, []);
  return { slots, failed };
}

const optionClass =
  "flex cursor-pointer flex-wrap items-center gap-x-2 gap-y-1 rounded-md border border-input px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring";

/** The time chosen until the expert chooses one: the client's first proposal, else the first (after-school) slot. */
export function firstChoice(proposals: { id: string }[], slots: Slot[] | null): TimeChoiceValue | null {
  if (proposals[0]) return `proposal:${proposals[0].id}`;
  return slots?.[0] ? `slot:${slots[0].id}` : null;
}

/**
 * The times an expert can choose from: the client's proposals (if any), then their own free
 * slots, in one radio group, every time in the expert's zone with the zone named. Slots that
 * fall in school hours carry a note.
 */
export function TimeChoices({
  proposals,
  available: { slots, failed },
  timeZone,
  value,
  onChange,
}: {
  proposals: { id: string; startsAt: Date; duringSchool?: boolean }[];
  available: PickableSlots;
  timeZone: string;
  value: TimeChoiceValue | null;
  onChange: (v: TimeChoiceValue) => void;
}) {
  const name = useId();

  const option = (v: TimeChoiceValue, startsAt: Date, note?: string) => (
    <label key={v} className={optionClass}>
      <input type="radio" name={name} value={v} checked={value === v} onChange={() => onChange(v)} className="accent-primary" />
      <time dateTime={new Date(startsAt).toISOString()}>{formatDateTime(startsAt, timeZone, { weekday: true })}</time>
      {note ? <span className="rounded-sm bg-warning/10 px-1.5 py-0.5 text-xs font-medium text-foreground">{note}</span> : null}
    </label>
  );

  return (
    <div className="space-y-4">
      {proposals.length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium">Times the client proposed</legend>
          {proposals.map((p) => option(`proposal:${p.id}`, p.startsAt, p.duringSchool ? "During school hours" : undefined))}
        </fieldset>
      ) : null}
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">Your available times</legend>
        {failed ? (
          <p role="alert" className="text-sm text-destructive">
            {failed}
          </p>
        ) : slots === null ? (
          <Spinner label="Loading your availability…" />
        ) : slots.length === 0 ? (
          <p className="text-sm text-muted-foreground">You have no free time slots ahead. Add some in the Availability Calendar on the Overview tab.</p>
        ) : (
          <div className="max-h-64 space-y-2 overflow-y-auto pr-1">{slots.map((s) => option(`slot:${s.id}`, s.startsAt, s.duringSchool ? "During school hours" : undefined))}</div>
        )}
      </fieldset>
    </div>
  );
}
