import { z } from "../../platform/validation/zod";

// Time zones people choose or their browser reports. Only IANA names ("America/Chicago",
// "Etc/GMT+5", "UTC"): abbreviations such as "EST" and offsets such as "+05:00" are refused,
// because they do not follow daylight saving the way the place does.

const IANA_SHAPE = /^(?:UTC|[A-Za-z][A-Za-z_-]*(?:\/[A-Za-z0-9_+-]+){1,2})$/;

let known: Set<string> | undefined;
/** Intl's list of zones (canonical names; "UTC" is not listed there but is a zone all the same). */
function knownZones() {
  known ??= new Set([...Intl.supportedValuesOf("timeZone"), "UTC"]);
  return known;
}

/**
 * The zone's canonical name (Intl resolves aliases and letter case: "america/new_york" →
 * "America/New_York", "Asia/Kolkata" → the name this runtime lists), or null when it is not one.
 */
export function canonicalTimeZone(raw: string): string | null {
  if (!IANA_SHAPE.test(raw)) return null;
  try {
    const resolved = new Intl.DateTimeFormat("en-US", { timeZone: raw }).resolvedOptions().timeZone;
    return knownZones().has(resolved) ? resolved : knownZones().has(raw) ? raw : null;
  } catch {
    return null;
  }
}

export const timeZoneSchema = z
  .string({ error: "Choose a time zone." })
  .trim()
  .min(1, "Choose a time zone.")
  .max(64, "Unknown time zone.")
  .transform((raw, ctx) => {
    const zone = canonicalTimeZone(raw);
    if (!zone) {
      ctx.addIssue({ code: "custom", message: "Unknown time zone." });
      return z.NEVER;
    }
    return zone;
  });

export const clientTimeZoneSchema = z.object({ timeZone: timeZoneSchema });
export type ClientTimeZoneInput = z.infer<typeof clientTimeZoneSchema>;
