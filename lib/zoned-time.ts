// Wall-clock times in a named zone and the instants they denote. Pure (no server-only): the
// client's forms read a <input type="datetime-local"> in the client's zone, not the browser's,
// and send the instant as UTC ISO; pages group sessions by the day they fall on in that zone.

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" });
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
 * null when the value is not a wall-clock time. A time skipped by a daylight-saving change
 * (2:30 AM on the spring-forward day) lands an hour later, as a wall clock would show it.
 */
export function fromWallClock(value: string, timeZone: string): Date | null {
  const m = WALL_CLOCK.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return null;
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  const offsetAt = (t: number) => {
    const p = wallClockParts(new Date(t), timeZone);
    return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)) - Math.floor(t / 60_000) * 60_000;
  };
  // Two passes settle the offset across a daylight-saving change.
  const first = guess - offsetAt(guess);
  return new Date(guess - offsetAt(first));
}

/** The browser's own zone, or null where Intl cannot say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}
