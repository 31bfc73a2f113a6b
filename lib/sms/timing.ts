import { toWallClock, zonedTimeToUtc } from "@/lib/platform/zoned-time";

// When a text may go out, in the receiver's own zone: never in their quiet hours (21:00–08:00),
// except the 1-hour reminder, which is no use later. A text that falls in quiet hours waits for
// 08:00. Pure, so the zone maths (daylight-saving changes included) is tested on its own.

export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;

const localHour = (at: Date, zone: string) => Number(toWallClock(at, zone).slice(11, 13));

export function isQuietHour(at: Date, zone: string): boolean {
  const hour = localHour(at, zone);
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

/** `at`, or the next 08:00 in `zone` when `at` is in quiet hours. */
export function afterQuietHours(at: Date, zone: string): Date {
  if (!isQuietHour(at, zone)) return at;
  const day = toWallClock(at, zone).slice(0, 10);
  const today8 = zonedTimeToUtc(day, "08:00", zone);
  if (today8 > at) return today8;
  // The next calendar day in the zone: noon UTC of the day after is safely inside it.
  const next = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)) + 1, 12));
  return zonedTimeToUtc(next.toISOString().slice(0, 10), "08:00", zone);
}

/** Midnight of `at`'s day in `zone`: where a person's daily cap starts counting. */
export function startOfLocalDay(at: Date, zone: string): Date {
  return zonedTimeToUtc(toWallClock(at, zone).slice(0, 10), "00:00", zone);
}
