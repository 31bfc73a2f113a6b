"use client";

import { useEffect, useId, useState } from "react";
import { listPickableSlotsAction } from "@/lib/engagements/actions/expert-dashboard";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/lib/platform/format";
import { ADD_AVAILABILITY_HREF } from "@/components/dashboard/availability-anchor";

/**
 * "slot:{id}", "weekly:{ISO instant}" or "proposal:{id}": one radio group over every kind of
 * time. A weekly time has no row of its own, so it is named by the instant it starts.
 */
export type TimeChoiceValue = `slot:${string}` | `weekly:${string}` | `proposal:${string}`;

/** What pickTimeAction and rescheduleAction take for a chosen time. */
export function choiceInput(value: TimeChoiceValue): { slotId: string } | { weeklyAt: string } | { proposalId: string } {
  // Split at the first colon only: an ISO instant has colons of its own.
  const at = value.indexOf(":");
  const kind = value.slice(0, at);
  const id = value.slice(at + 1);
  if (kind === "slot") return { slotId: id };
  if (kind === "weekly") return { weeklyAt: id };
  return { proposalId: id };
}

/** One of the expert's own free times: a one-off slot (by id) or one of their weekly hours (by instant). */
type Slot = { source: "slot" | "weekly"; id: string; startsAt: Date; duringSchool: boolean };
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

const valueOf = (s: Slot): TimeChoiceValue => `${s.source}:${s.id}`;

/** The time chosen until the expert chooses one: the client's first proposal, else the first (after-school) slot. */
export function firstChoice(proposals: { id: string }[], slots: Slot[] | null): TimeChoiceValue | null {
  if (proposals[0]) return `proposal:${proposals[0].id}`;
  return slots?.[0] ? valueOf(slots[0]) : null;
}

/**
 * The times an expert can choose from: the client's proposals (if any), then their own free
 * slots and weekly hours, in one radio group, every time in the expert's zone with the zone named. Slots that
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
          <p className="text-sm text-muted-foreground">
            You have no free time slots ahead.{" "}
            {/* A full page load, not a client-side move: it opens the tab the address names and
                scrolls to the calendar whatever tab this page had open. */}
            <a
              href={ADD_AVAILABILITY_HREF}
              className="font-medium text-primary underline underline-offset-4 focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
            >
              Add some in the Availability Calendar on the Overview tab.
            </a>
          </p>
        ) : (
          <div className="max-h-64 space-y-2 overflow-y-auto pr-1">
            {slots.map((s) => option(valueOf(s), s.startsAt, s.duringSchool ? "During school hours" : undefined))}
          </div>
        )}
      </fieldset>
    </div>
  );
}
