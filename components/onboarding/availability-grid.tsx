"use client";

import { useRef } from "react";
import { formatClockTime } from "@/lib/platform/format";
import { AVAILABILITY_SLOTS, WEEK_DAYS, type WeekDay } from "@/lib/vocabulary/time";

const DAY_LABEL: Record<WeekDay, string> = {
  monday: "Mon",
  tuesday: "Tue",
  wednesday: "Wed",
  thursday: "Thu",
  friday: "Fri",
  saturday: "Sat",
  sunday: "Sun",
};
const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

/**
 * Weekly availability, hourly 8 AM to 8 PM for seven days. Each cell is a toggle button
 * (click, Space or Enter); arrow keys move between cells, so the grid works by keyboard too.
 */
export function AvailabilityGrid({
  value,
  onChange,
}: {
  value: Record<string, string[]>;
  onChange: (next: Record<string, string[]>) => void;
}) {
  const ref = useRef<HTMLTableElement>(null);
  function toggle(day: WeekDay, slot: string) {
    const current = new Set(value[day] ?? []);
    if (current.has(slot)) current.delete(slot);
    else current.add(slot);
    const next = { ...value, [day]: [...current].sort() };
    if (next[day].length === 0) delete next[day];
    onChange(next);
  }
  function move(e: React.KeyboardEvent<HTMLButtonElement>, row: number, col: number) {
    const delta: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const d = delta[e.key];
    if (!d) return;
    e.preventDefault();
    const r = Math.min(AVAILABILITY_SLOTS.length - 1, Math.max(0, row + d[0]));
    const c = Math.min(WEEK_DAYS.length - 1, Math.max(0, col + d[1]));
    ref.current?.querySelector<HTMLButtonElement>(`button[data-cell="${r}-${c}"]`)?.focus();
  }
  return (
    <div className="overflow-x-auto">
      {/* The cells' shared look is written once here, not on each of the 84 buttons. */}
      <table
        ref={ref}
        className="w-full table-fixed border-collapse text-xs [&_td]:p-0.5 [&_td>button]:h-7 [&_td>button]:w-full [&_td>button]:rounded [&_td>button]:border [&_td>button]:text-[10px] [&_td>button]:transition-colors [&_td>button]:focus-visible:outline-hidden [&_td>button]:focus-visible:ring-2 [&_td>button]:focus-visible:ring-ring"
      >
        <caption className="sr-only">Weekly availability: press a cell to mark that hour available</caption>
        <thead>
          <tr>
            <th scope="col" className="w-12 p-1 text-left font-medium text-muted-foreground">
              <span className="sr-only">Time</span>
            </th>
            {WEEK_DAYS.map((d) => (
              <th key={d} scope="col" className="p-1 font-medium">
                <abbr title={cap(d)} className="no-underline">
                  {DAY_LABEL[d]}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {AVAILABILITY_SLOTS.map((slot, row) => (
            <tr key={slot}>
              <th scope="row" className="whitespace-nowrap p-1 pr-1 text-right font-normal text-muted-foreground">
                {formatClockTime(slot, "hour")}
              </th>
              {WEEK_DAYS.map((day, col) => {
                const on = (value[day] ?? []).includes(slot);
                return (
                  <td key={day}>
                    <button
                      type="button"
                      data-cell={`${row}-${col}`}
                      aria-pressed={on}
                      aria-label={`${cap(day)} ${formatClockTime(slot, "hour")}`}
                      onClick={() => toggle(day, slot)}
                      onKeyDown={(e) => move(e, row, col)}
                      className={on ? "border-primary bg-primary text-primary-foreground" : "border-border bg-background hover:bg-muted"}
                    >
                      <span aria-hidden>{on ? "✓" : ""}</span>
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
