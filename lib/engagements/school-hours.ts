// An expert's school calendar as plain data, and the two questions the engagement rules ask of
// it. Pure: no database, no server-only, so services, components and tests import it alike.

/**
 * `start`/`end` are "HH:MM" (24-hour) wall-clock times in `timeZone`; `days` are 0 = Sunday …
 * 6 = Saturday; blackout days are "YYYY-MM-DD", both ends included, in the same zone.
 */
export type SchoolCalendar = {
  timeZone: string;
  start: string;
  end: string;
  days: number[];
  blackouts: { startsOn: string; endsOn: string; label: string }[];
};

import { toWallClock } from "@/lib/platform/zoned-time";

type LocalMoment = { day: string; weekday: number; minutes: number };

/** The calendar day, weekday and minute of the day that `at` shows on a clock in `timeZone`. */
function localMoment(at: Date, timeZone: string): LocalMoment {
  const clock = toWallClock(at, timeZone);
  const day = clock.slice(0, 10);
  // The weekday of a calendar date does not depend on the zone: read it from that date at UTC.
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return { day, weekday, minutes: minutesOf(clock.slice(11)) };
}

const minutesOf = (clock: string) => {
  const [h, m] = clock.split(":").map(Number);
  return h * 60 + m;
};

function blackoutOn(day: string, cal: SchoolCalendar): { label: string } | null {
  const hit = cal.blackouts.find((b) => b.startsOn <= day && day <= b.endsOn);
  return hit ? { label: hit.label } : null;
}

/** The blackout covering the expert's calendar day at `at` (in their zone), or null. */
export function inBlackout(at: Date, cal: SchoolCalendar): { label: string } | null {
  return blackoutOn(localMoment(at, cal.timeZone).day, cal);
}

/**
 * True when the instant falls within school hours on a school day, or on a blackout day, in the
 * expert's zone. School hours include their start minute and end just before their end minute
 * (07:30–15:30 means a 15:30 meeting is fine).
 */
export function duringSchoolHours(at: Date, cal: SchoolCalendar): boolean {
  const local = localMoment(at, cal.timeZone);
  if (blackoutOn(local.day, cal)) return true;
  if (!cal.days.includes(local.weekday)) return false;
  return minutesOf(cal.start) <= local.minutes && local.minutes < minutesOf(cal.end);
}
