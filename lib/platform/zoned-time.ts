// Wall-clock times in a named zone and the instants they denote. Pure (no server-only): the
// client's forms read a <input type="datetime-local"> in the client's zone, not the browser's,
// and send the instant as UTC ISO; pages group sessions by the day they fall on in that zone.

const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallClockParts(at: Date, timeZone: string) {
  const p: Record<string, string> = {};
  for (const part of partsFormatter(timeZone).formatToParts(at)) p[part.type] = part.value;
  // Some ICU versions print midnight as "24" even with h23.
  return { year: p.year, month: p.month, day: p.day, hour: String(Number(p.hour) % 24).padStart(2, "0"), minute: p.minute };
}

/** "YYYY-MM-DDTHH:MM" as a clock in `timeZone` shows `at` (the value a datetime-local input takes). */
export function toWallClock(at: Date | string, timeZone: string): string {
  const p = wallClockParts(new Date(at), timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** "YYYY-MM-DD": the calendar day `at` falls on in `timeZone`. */
export const dayIn = (at: Date | string, timeZone: string) => toWallClock(at, timeZone).slice(0, 10);

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/**
 * A datetime-local value ("2026-03-03T14:30") read in `timeZone` as the instant it names, or
 * null when the value is not a wall-clock time. Daylight-saving edges follow RFC 5545 and
 * Temporal's "compatible" rule (docs/decisions/0024-viewer-time-zones.md): a time skipped by
 * spring-forward (2:30 AM) lands an hour later (3:30 AM daylight time); a time that happens
 * twice at fall-back (1:30 AM) is the first one (daylight time).
 */
export function fromWallClock(value: string, timeZone: string): Date | null {
  const m = WALL_CLOCK.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return null;
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const offsetAt = (t: number) => {
    const p = wallClockParts(new Date(t), timeZone);
    return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)) - Math.floor(t / 60_000) * 60_000;
  };
  // The zone's offsets a day either side; a wall time is read with each, and kept where that
  // instant really has that offset. None: the skipped hour, read with the offset before the gap.
  // Both: the doubled hour, the earlier instant.
  const before = offsetAt(wall - DAY_MS);
  const after = offsetAt(wall + DAY_MS);
  const fits = [...new Set([before, after])].map((o) => wall - o).filter((t) => wall - offsetAt(t) === t);
  return new Date(fits.length ? Math.min(...fits) : wall - before);
}

/** A day ("YYYY-MM-DD") and clock time ("HH:MM") in `timeZone` as the instant it denotes (the rule above). */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const at = fromWallClock(`${date}T${time}`, timeZone);
  if (!at) throw new Error(`not a wall-clock time: ${date} ${time}`);
  return at;
}

/** The browser's own zone, or null where Intl cannot say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** The cookie in which the browser reports its zone (components/settings/browser-zone-cookie.tsx). */
export const ZONE_COOKIE = "tz";
