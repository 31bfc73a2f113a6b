// The expert's weekly hours (the onboarding grid, also edited in the Availability Calendar) as the
// start times Pick Time offers. Pure: no database, no server-only, so the listing, the booking
// check and the tests read one rule.
//
// The grid is stored as wall-clock hours in the expert's profile zone ({ monday: ["16:00"] }),
// never as instants, so 4 PM stays 4 PM across a daylight-saving change. It is expanded on read
// into the instants of the next WEEKS_AHEAD weeks: nothing is materialised, so an edit takes
// effect at once and a cancelled or moved session gives its time back by no longer being there.

import { WEEK_DAYS, type WeekDay } from "@/lib/vocabulary/time";
import { dayIn, zonedTimeToUtc } from "@/lib/platform/zoned-time";
import { inBlackout, type SchoolCalendar } from "@/lib/engagements/school-hours";

export type WeeklyHours = Partial<Record<WeekDay, string[]>>;
/** A stretch of time already spoken for: a session, a proposed new time, a one-off slot. */
export type BusyStretch = { start: Date; end: Date };

/** How far ahead the weekly hours are offered: today and the 20 days after it. */
export const WEEKS_AHEAD = 3;
/** One grid cell is an hour: the stretch an offered time stands for when nothing longer is known. */
export const GRID_CELL_MINUTES = 60;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
// WEEK_DAYS lists Monday first; getUTCDay counts from Sunday. A date's weekday has no zone.
const weekDayOf = (day: string): WeekDay => WEEK_DAYS[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7];

/**
 * Every ticked hour of the grid as the instant it starts, from `now`'s calendar day in `timeZone`
 * through `weeks` weeks, soonest first; hours already begun are left out.
 */
export function expandWeeklyHours(hours: WeeklyHours, timeZone: string, now: Date, weeks: number = WEEKS_AHEAD): Date[] {
  const first = dayIn(now, timeZone);
  const times: Date[] = [];
  for (let i = 0; i < weeks * 7; i++) {
    const day = shiftDay(first, i);
    for (const hour of hours[weekDayOf(day)] ?? []) {
      const at = zonedTimeToUtc(day, hour, timeZone);
      if (at > now) times.push(at);
    }
  }
  return times.sort((a, b) => a.getTime() - b.getTime());
}

/** True when [start, start + minutes) meets any busy stretch (touching ends do not count). */
export function overlapsBusy(start: Date, minutes: number, busy: BusyStretch[]): boolean {
  const end = start.getTime() + minutes * MINUTE_MS;
  return busy.some((b) => b.start.getTime() < end && start.getTime() < b.end.getTime());
}

export type WeeklyFacts = {
  hours: WeeklyHours;
  /** The expert's school calendar: its zone is the grid's zone, its blackout days offer nothing. */
  calendar: SchoolCalendar;
  busy: BusyStretch[];
  now: Date;
};

/**
 * The weekly hours still free: not on a blackout day (in the expert's zone), and not meeting
 * anything busy over `minutes` from their start (a grid hour when listing; the session's own
 * length when one is booked).
 */
export function freeWeeklyTimes({ hours, calendar, busy, now }: WeeklyFacts, minutes: number = GRID_CELL_MINUTES): Date[] {
  return expandWeeklyHours(hours, calendar.timeZone, now).filter((at) => !inBlackout(at, calendar) && !overlapsBusy(at, minutes, busy));
}

/** Whether `at` is one of the free weekly times for a session of `minutes` (at least a grid hour). */
export function isFreeWeeklyTime(at: Date, facts: WeeklyFacts, minutes: number): boolean {
  return freeWeeklyTimes(facts, Math.max(minutes, GRID_CELL_MINUTES)).some((t) => t.getTime() === at.getTime());
}

/** A day's ticked hours as runs of whole hours: ["16:00", "17:00", "19:00"] → 16:00–18:00, 19:00–20:00. */
export function hourRuns(hours: string[]): { start: string; end: string }[] {
  const runs: { start: string; end: string }[] = [];
  const next = (h: string) => `${String(Number(h.slice(0, 2)) + 1).padStart(2, "0")}:00`;
  for (const h of [...new Set(hours)].sort()) {
    const last = runs.at(-1);
    if (last && last.end === h) last.end = next(h);
    else runs.push({ start: h, end: next(h) });
  }
  return runs;
}
