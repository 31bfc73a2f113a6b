import { options } from "./options";

/** The time zones an expert may pick (basics step); the first is everyone's default. */
export const TIME_ZONES = options({
  "America/New_York": "Eastern",
  "America/Chicago": "Central",
  "America/Denver": "Mountain",
  "America/Los_Angeles": "Pacific",
  "America/Anchorage": "Alaska",
  "Pacific/Honolulu": "Hawaii",
});
export const DEFAULT_TIME_ZONE = "America/New_York";

export const WEEK_DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The onboarding grid: hourly slots from 8 AM to 8 PM, each named by its start, "08:00" … "19:00". */
export const AVAILABILITY_SLOTS: string[] = Array.from({ length: 12 }, (_, i) => clock((8 + i) * 60));

/** The dashboard calendar: 30-minute steps from 09:00 to 20:00 inclusive, 23 options. */
export const SLOT_TIMES: string[] = Array.from({ length: 23 }, (_, i) => clock(9 * 60 + i * 30));

/** School days as stored on the expert (0 = Sunday … 6 = Saturday), listed Monday first. */
export const SCHOOL_DAY_OPTIONS = [
  { value: 1, label: "Mon", name: "Monday" },
  { value: 2, label: "Tue", name: "Tuesday" },
  { value: 3, label: "Wed", name: "Wednesday" },
  { value: 4, label: "Thu", name: "Thursday" },
  { value: 5, label: "Fri", name: "Friday" },
  { value: 6, label: "Sat", name: "Saturday" },
  { value: 0, label: "Sun", name: "Sunday" },
] as const;

/** "GMT-05:00" for `zone` at `at`, or null where the zone is unknown. */
function offsetAt(zone: string, at: Date): string | null {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName")!.value;
  } catch {
    return null;
  }
}

/**
 * The choosable zone that keeps the same clock as `zone` (the browser's) all year: itself when
 * listed, else the one with the same offsets in winter and in summer (America/Detroit keeps
 * Eastern time, America/Boise Mountain). Null for a zone no choice matches (Arizona, abroad).
 */
export function matchingTimeZone(zone: string | null): string | null {
  if (!zone) return null;
  if (TIME_ZONES.some((t) => t.value === zone)) return zone;
  const seasons = [new Date("2026-01-15T12:00:00Z"), new Date("2026-07-15T12:00:00Z")];
  const clock = (z: string) => seasons.map((at) => offsetAt(z, at)).join(" ");
  const own = clock(zone);
  if (own.includes("null")) return null;
  return TIME_ZONES.find((t) => clock(t.value) === own)?.value ?? null;
}
