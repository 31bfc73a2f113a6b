// Date maths shared by the dashboard, the wallet and the seed.
import { dayIn } from "@/lib/platform/zoned-time";

const DAY_MS = 86_400_000;

/** Week of the year counted from 1 January (days 1-7 are week 1): the week's pulse survey is chosen by it. */
export function weekOfYear(date: Date = new Date()): number {
  const start = Date.UTC(date.getUTCFullYear(), 0, 1);
  const today = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return Math.floor((today - start) / DAY_MS / 7) + 1;
}

/**
 * The estimated payout date (a DATE): the next Friday after the day `date` falls on in `timeZone`
 * (a Friday gives the following one). The day is the expert's own, so a cash out on Thursday
 * evening in California is paid the next day, not a week later because it is already Friday in UTC.
 */
export function nextFriday(date: Date = new Date(), timeZone = "UTC"): Date {
  const [y, m, d] = dayIn(date, timeZone).split("-").map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  const add = (5 - day.getUTCDay() + 7) % 7 || 7;
  return new Date(day.getTime() + add * DAY_MS);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** A calendar date (no time) as UTC midnight, the way DATE columns come back. */
export function utcDate(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** `days` business days (Monday to Friday, UTC) after `date`, at the same time of day. */
export function addBusinessDays(date: Date, days: number): Date {
  let d = date;
  for (let left = days; left > 0;) {
    d = addDays(d, 1);
    const weekday = d.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return d;
}

/** Whole business days (Monday to Friday, UTC) from `from` to `to`: 0 until the first one has passed. */
export function businessDaysBetween(from: Date, to: Date): number {
  if (to <= from) return 0;
  const whole = Math.floor((to.getTime() - from.getTime()) / DAY_MS);
  // Full weeks count five each; the rest is walked day by day (at most six steps).
  let count = Math.floor(whole / 7) * 5;
  let d = addDays(from, Math.floor(whole / 7) * 7);
  for (let next = addDays(d, 1); next <= to; d = next, next = addDays(d, 1)) {
    const weekday = next.getUTCDay();
    if (weekday !== 0 && weekday !== 6) count++;
  }
  return count;
}
