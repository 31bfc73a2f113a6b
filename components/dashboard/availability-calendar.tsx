"use client";

import { useEffect, useRef, useState } from "react";
import dynamic from "next/dynamic";
import { toast } from "sonner";
import { announceRefusal } from "@/components/ui/refusal";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { addSlotAction, listMonthSlotsAction, removeSlotAction } from "@/lib/engagements/actions/expert-dashboard";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldError } from "@/components/ui/field-error";
import { Spinner } from "@/components/ui/spinner";
import { AddSlotForm, DaySlotList, WeeklyHoursSection } from "@/components/dashboard/availability-parts";
import { AVAILABILITY_ANCHOR } from "@/components/dashboard/availability-anchor";
import { describeZone, formatDayHeading } from "@/lib/platform/format";
import { WEEK_DAYS } from "@/lib/vocabulary/time";
import { hourRuns } from "@/lib/engagements/weekly-hours";
import type { CalendarMonthView, CalendarSlotView } from "@/lib/engagements/view-types";

// The month grid is react-day-picker: fetched after the page is interactive, with a placeholder
// of its size meanwhile, so /dashboard's first load does not carry it.
const AvailabilityMonth = dynamic(() => import("@/components/dashboard/availability-month"), {
  ssr: false,
  loading: () => <div className="h-[21rem] animate-pulse rounded-md bg-muted" role="status" aria-label="Loading the calendar" />,
});

/** "YYYY-MM-DD" moved by whole days (UTC arithmetic: a date has no zone). */
const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The grid's day key ("monday" …) of a calendar date; WEEK_DAYS lists Monday first. */
const weekDayOf = (day: string) => WEEK_DAYS[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7];

export function AvailabilityCalendar({ initial }: { initial: CalendarMonthView }) {
  const { today, timeZone } = initial;
  const [months, setMonths] = useState<Record<string, CalendarSlotView[]>>({ [initial.month]: initial.slots });
  const [month, setMonth] = useState(initial.month);
  const [day, setDay] = useState(today);
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [repeat, setRepeat] = useState(false);
  const [repeatWeeks, setRepeatWeeks] = useState("4");
  const [savedWeekly, setSavedWeekly] = useState(initial.weeklyHours as Record<string, string[]>);
  const section = useRef<HTMLElement>(null);

  useJumpToAnchor(section);

  const shown = months[month];
  const counts: Record<string, number> = {};
  for (const s of shown ?? []) counts[s.date] = (counts[s.date] ?? 0) + 1;
  const dayMonth = day.slice(0, 7);
  const daySlots = (months[dayMonth] ?? []).filter((s) => s.date === day);
  const dayWeekly = hourRuns(savedWeekly[weekDayOf(day)] ?? []);
  const editSlots = (m: string, edit: (list: CalendarSlotView[]) => CalendarSlotView[]) =>
    setMonths((all) => ({
      ...all,
      [m]: edit(all[m] ?? []).sort((a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime)),
    }));

  // A month's slots are read once, when it is first shown.
  async function showMonth(next: string) {
    setMonth(next);
    if (months[next]) return;
    const res = await listMonthSlotsAction({ month: next });
    if (res.ok) setMonths((all) => ({ ...all, [next]: res.data.slots }));
    else toast.error("Error", { description: res.message });
  }

  function chooseDay(next: string) {
    const clamped = next < today ? today : next;
    setDay(clamped);
    setErrors({});
    if (clamped.slice(0, 7) !== month) void showMonth(clamped.slice(0, 7));
  }

  async function add(e: React.FormEvent) {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (day < today) next.date = "Choose today or a later day.";
    if (!start) next.startTime = "Choose a start time.";
    if (!end) next.endTime = "Choose an end time.";
    else if (start && end <= start) next.endTime = "End time must be after the start time.";
    setErrors(next);
    if (Object.keys(next).length) return;
    setAdding(true);
    const res = await addSlotAction({
      date: day,
      startTime: start,
      endTime: end,
      timezone: timeZone,
      ...(repeat ? { repeatWeeks: Number(repeatWeeks) } : {}),
    });
    setAdding(false);
    if (res.ok) {
      // Months not read yet pick their new slots up when first shown.
      for (const slot of res.data) if (months[slot.date.slice(0, 7)]) editSlots(slot.date.slice(0, 7), (list) => [...list, slot]);
      setStart("");
      setEnd("");
      toast.success("Availability Added", {
        description:
          res.data.length > 1
            ? `Added on ${res.data.length} ${formatDayHeading(day).split(",")[0]}s. Your availability has been updated successfully.`
            : "Your availability has been updated successfully.",
      });
    } else {
      announceRefusal(res, "Error", ["date", "startTime", "endTime", "repeatWeeks"], (errors) =>
        setErrors(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v[0] ?? ""]))),
      );
    }
  }

  async function remove(slot: CalendarSlotView) {
    setRemoving(slot.id);
    const res = await removeSlotAction({ slotId: slot.id });
    setRemoving(null);
    if (res.ok) {
      editSlots(slot.date.slice(0, 7), (list) => list.filter((s) => s.id !== slot.id));
      toast.success("Availability Removed", { description: "The availability slot has been removed." });
    } else {
      toast.error("Error", { description: res.message });
    }
  }

  return (
    // The section other pages link to (/dashboard?tab=overview#availability); its scroll margin
    // keeps the sticky site header from covering the heading it scrolls to.
    <section ref={section} id={AVAILABILITY_ANCHOR} aria-labelledby="availability-heading" className="scroll-mt-24">
      <Card>
        <CardHeader>
          <CardTitle as="h2" id="availability-heading">
            Availability Calendar
          </CardTitle>
          <CardDescription>
            Pick a day, see your time slots and add new ones. Days with slots are marked with a dot. Times are in {describeZone(timeZone)},
            your profile time zone.
          </CardDescription>
        </CardHeader>
        {/* Side by side only when the card itself is wide enough for a month and the form (it sits in
            half the page on large screens): a container query, not the viewport. */}
        <CardContent className="@container">
          <div className="grid gap-6 @2xl:grid-cols-2">
            <MonthColumn
              month={month}
              showMonth={(m) => void showMonth(m)}
              day={day}
              chooseDay={chooseDay}
              today={today}
              counts={counts}
              loading={!shown}
              dateError={errors.date}
            />
            <div className="min-w-0 space-y-6">
              <DaySlotList
                day={day}
                timeZone={timeZone}
                dayWeekly={dayWeekly}
                daySlots={daySlots}
                loaded={Boolean(months[dayMonth])}
                removing={removing}
                remove={(slot) => void remove(slot)}
              />
              <AddSlotForm
                slot={{ start, setStart, end, setEnd, repeat, setRepeat, repeatWeeks, setRepeatWeeks }}
                errors={errors}
                adding={adding}
                add={(e) => void add(e)}
              />
            </div>
          </div>
          <WeeklyHoursSection timeZone={timeZone} saved={savedWeekly} onSaved={setSavedWeekly} />
        </CardContent>
      </Card>
    </section>
  );
}

/** The month to pick a day in, a week back or forward, and the chosen day's error. */
function MonthColumn({
  month,
  showMonth,
  day,
  chooseDay,
  today,
  counts,
  loading,
  dateError,
}: {
  month: string;
  showMonth: (month: string) => void;
  day: string;
  chooseDay: (day: string) => void;
  today: string;
  /** Slots per day of the month shown. */
  counts: Record<string, number>;
  loading: boolean;
  dateError: string | undefined;
}) {
  return (
    <div className="min-w-0 space-y-3">
      <AvailabilityMonth month={month} onMonthChange={showMonth} day={day} onDayChange={chooseDay} today={today} counts={counts} />
      {loading && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner /> Loading this month…
        </p>
      )}
      <div className="flex justify-between gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => chooseDay(shiftDay(day, -7))} disabled={day <= today}>
          <ChevronLeft aria-hidden="true" /> Previous week
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => chooseDay(shiftDay(day, 7))}>
          Next week <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <FieldError id="slot-date-error">{dateError}</FieldError>
    </div>
  );
}

/**
 * Opened from a link to #availability (Pick Time's "Add some in the Availability Calendar"): the
 * browser's own jump to the anchor can run before the streamed page settles, or not at all when
 * the tab's panel arrives later, so the calendar brings itself into view once it is there.
 */
function useJumpToAnchor(section: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (window.location.hash !== `#${AVAILABILITY_ANCHOR}`) return;
    const frame = requestAnimationFrame(() => section.current?.scrollIntoView({ block: "start" }));
    return () => cancelAnimationFrame(frame);
  }, [section]);
}
