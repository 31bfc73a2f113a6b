// How money, dates and times read on every page (DESIGN: "every amount of money is integer
// cents, formatted in one place"; every time a person sees is in a named time zone). Pure:
// server and browser code import it alike.
//
// Two kinds of dates (docs/decisions/0024-viewer-time-zones.md): a calendar day with no time
// (a DATE column, a slot's day, a blackout) reads the same everywhere — formatDay, never shifted;
// an instant is always given the viewer's zone — formatDateTime / formatTimeOfDay name the zone,
// formatDateIn gives the day it falls on there. Nothing here reads the machine's own zone.
import { TIME_ZONES } from "@/lib/vocabulary/time";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

// Building an Intl.DateTimeFormat is far dearer than using one (toLocaleDateString with options
// builds a new one on every call: a few percent of a dashboard render), so each set of options
// gets one, kept for the life of the process. The keys are few: options × the zones in use.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat("en-US", options)));
  return format;
}

/** Integer cents as dollars with cents, always: 120000 → "$1,200.00". */
export const formatMoney = (cents: number) => usd.format(cents / 100);

/** An hourly range in whole dollars, as the directory shows rates: "$75-$150/hr", or null. */
export function formatHourlyRange(minDollars: number | null, maxDollars: number | null): string | null {
  if (minDollars === null && maxDollars === null) return null;
  if (minDollars !== null && maxDollars !== null) return `$${minDollars}-$${maxDollars}/hr`;
  return `$${minDollars ?? maxDollars}/hr`;
}

/** A calendar date with no time ("2026-01-15" or a DATE column's UTC midnight) as "Jan 15, 2026"; with weekday "Thu, Jan 15". */
export function formatDay(d: Date | string, opts: { weekday?: boolean } = {}) {
  const date = new Date(typeof d === "string" && d.length === 10 ? `${d}T00:00:00Z` : d);
  return dateFormat(
    opts.weekday
      ? { timeZone: "UTC", weekday: "short", month: "short", day: "numeric" }
      : { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" },
  ).format(date);
}

/** An instant in a time zone, e.g. "Mar 3, 2026, 2:30 PM EST"; with weekday "Tue, Mar 3, 2:30 PM EST". */
export function formatDateTime(d: Date | string, timeZone: string, opts: { weekday?: boolean } = {}) {
  const date = opts.weekday
    ? ({ weekday: "short", month: "short", day: "numeric" } as const)
    : ({ month: "short", day: "numeric", year: "numeric" } as const);
  return dateFormat({ timeZone, ...date, hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(new Date(d));
}

/** The day an instant falls on in the viewer's zone: "Jan 15, 2026" (a page states its zone once). */
export const formatDateIn = (d: Date | string, timeZone: string) =>
  dateFormat({ timeZone, month: "short", day: "numeric", year: "numeric" }).format(new Date(d));

/** A zone as a sentence names it: "Central time (America/Chicago)", or the IANA name alone. */
export function describeZone(zone: string): string {
  const label = TIME_ZONES.find((z) => z.value === zone)?.label;
  const name = zone.replaceAll("_", " ");
  return label ? `${label} time (${name})` : name;
}

/** A day as the policy pages print it, "November 22, 2026", in the given zone. */
export const formatLongDate = (date: Date, timeZone: string) => dateFormat({ dateStyle: "long", timeZone }).format(date);

/** A wall-clock "HH:MM" as "2:30 PM"; `hour` drops ":00" for the hourly grid ("9 AM"). */
export function formatClockTime(time: string, style: "full" | "hour" = "full"): string {
  const [h, m] = time.split(":").map(Number);
  const suffix = h >= 12 ? "PM" : "AM";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return style === "hour" && m === 0 ? `${hour} ${suffix}` : `${hour}:${String(m).padStart(2, "0")} ${suffix}`;
}

/** An enum word for reading: "focus_group" → "Focus group". */
export const humanize = (v: string) => v.replace(/[_-]+/g, " ").replace(/^\w/, (c) => c.toUpperCase());

/** Enum words with underscores shown as spaces (the caller capitalises with CSS). */

export const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/** The time of an instant in a zone, named: "2:30 PM EST" (under a day heading). */
export const formatTimeOfDay = (d: Date | string, timeZone: string) =>
  dateFormat({ timeZone, hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(new Date(d));

/** Two instants of one day in a zone, named once: "11:00 AM – 12:00 PM EST" (both named when a clock change falls between). */
export function formatTimeRange(from: Date | string, to: Date | string, timeZone: string): string {
  const [a, b] = [formatTimeOfDay(from, timeZone), formatTimeOfDay(to, timeZone)];
  const zoneOf = (t: string) => t.slice(t.lastIndexOf(" ") + 1);
  return zoneOf(a) === zoneOf(b) ? `${a.slice(0, a.lastIndexOf(" "))} – ${b}` : `${a} – ${b}`;
}

/** A calendar day ("2026-03-03") as a heading: "Tuesday, March 3, 2026". */
export const formatDayHeading = (day: string) =>
  dateFormat({ timeZone: "UTC", weekday: "long", month: "long", day: "numeric", year: "numeric" }).format(new Date(`${day}T00:00:00Z`));

const wholeUsd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** Integer cents as whole dollars, for chart axes: 25000 → "$250". */
export const formatWholeDollars = (cents: number) => wholeUsd.format(Math.round(cents / 100));

/** "November 2026" for a "2026-11" statement month (months are cut in UTC). */
export const formatMonth = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
