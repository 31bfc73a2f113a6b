"use client";

import { DayPicker } from "react-day-picker";
import { formatDayHeading } from "@/lib/platform/format";

// The month grid of the availability calendar (react-day-picker, loaded after the page so the
// dashboard's first load does not carry it). Days travel as "YYYY-MM-DD" strings: the grid's
// Dates are local midnights only inside this file, so no browser zone can move a day.

const toDate = (day: string) => new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const toDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

type Props = {
  /** The month shown, "YYYY-MM". */
  month: string;
  onMonthChange: (month: string) => void;
  /** The chosen day; choosing one (click, Enter or Space) opens its slots. */
  day: string;
  onDayChange: (day: string) => void;
  /** Today in the expert's zone: earlier days cannot take new slots. */
  today: string;
  /** Slots per day of the shown month, for the marks and the days' accessible names. */
  counts: Record<string, number>;
};

export default function AvailabilityMonth({ month, onMonthChange, day, onDayChange, today, counts }: Props) {
  const marked = Object.keys(counts)
    .filter((d) => counts[d] > 0)
    .map(toDate);
  return (
    <DayPicker
      mode="single"
      required
      selected={toDate(day)}
      onSelect={(d) => onDayChange(toDay(d))}
      month={toDate(`${month}-01`)}
      onMonthChange={(d) => onMonthChange(toDay(d).slice(0, 7))}
      today={toDate(today)}
      startMonth={toDate(`${today.slice(0, 7)}-01`)}
      disabled={{ before: toDate(today) }}
      showOutsideDays
      fixedWeeks
      navLayout="after"
      modifiers={{ hasSlots: marked }}
      labels={{
        // Named as the slot list's heading names the day, plus what the eye sees: today, chosen, slots.
        labelDayButton: (date, modifiers) => {
          const n = counts[toDay(date)] ?? 0;
          return [
            modifiers.today ? "Today" : "",
            formatDayHeading(toDay(date)),
            modifiers.selected ? "selected" : "",
            n ? `${n} time slot${n === 1 ? "" : "s"}` : "",
          ]
            .filter(Boolean)
            .join(", ");
        },
        labelNext: () => "Next month",
        labelPrevious: () => "Previous month",
      }}
      className="w-full"
      classNames={{
        months: "relative",
        month: "space-y-3",
        month_caption: "flex h-9 items-center",
        caption_label: "text-sm font-semibold",
        nav: "absolute right-0 top-0 flex gap-1",
        button_previous: NAV_BUTTON,
        button_next: NAV_BUTTON,
        chevron: "size-4 fill-current",
        month_grid: "w-full border-collapse",
        weekdays: "flex",
        weekday: "flex-1 pb-1 text-center text-xs font-medium text-muted-foreground",
        week: "flex",
        day: "flex-1 p-0.5 text-center",
        day_button:
          "relative mx-auto flex size-9 items-center sm:size-10 justify-center rounded-md text-sm text-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none",
        selected:
          "[&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary [&>button]:hover:text-primary-foreground",
        today: "[&>button]:font-bold [&>button]:underline [&>button]:underline-offset-4",
        outside: "[&>button]:text-muted-foreground",
        disabled: "[&>button]:text-muted-foreground [&>button]:opacity-70",
      }}
      modifiersClassNames={{
        // A dot under the number (currentColor, so it stays visible on the chosen day too).
        hasSlots:
          "has-slots [&>button]:after:absolute [&>button]:after:bottom-1 [&>button]:after:size-1.5 [&>button]:after:rounded-full [&>button]:after:bg-current [&>button]:font-semibold",
      }}
    />
  );
}

const NAV_BUTTON =
  "inline-flex size-9 items-center justify-center rounded-md border border-border bg-background text-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50";
