// Reading single values from the public files. The publishers mark a value they do not have with
// codes rather than blanks, and a count of zero is a real answer, so every such code becomes
// "unknown" (null) here and never a number.
import type { DistrictEnrollmentBand, DistrictLocaleGroup, DistrictStatus } from "@/lib/generated/prisma/client";

/** Codes the NCES and Census files use for missing, not applicable, suppressed or not reported. */
const UNKNOWN_MARKS = new Set(["", "-1", "-2", "-3", "-4", "-9", "M", "N", "†", "‡", "–", ".", "NA", "N/A"]);

/** The trimmed text, or null when the file marks the value as missing or suppressed. */
export function knownText(raw: string | undefined): string | null {
  const text = (raw ?? "").trim();
  return UNKNOWN_MARKS.has(text.toUpperCase()) || UNKNOWN_MARKS.has(text) ? null : text;
}

/** A whole, non-negative count, or null for any marked, negative or malformed value. */
export function knownCount(raw: string | undefined): number | null {
  const text = knownText(raw)?.replace(/,/g, "");
  if (!text || !/^\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/** A 7-digit LEAID; files that drop the leading zero of the state code (e.g. 100005) are padded. */
export function normalizeLeaid(raw: string | undefined): string | null {
  const text = (raw ?? "").trim();
  if (!/^\d{6,7}$/.test(text)) return null;
  return text.padStart(7, "0");
}

/** "2023-2024" from "2023-2024", "2023-24" or "2324"-style fields; null when unreadable. */
export function normalizeSchoolYear(raw: string | undefined): string | null {
  const text = (raw ?? "").trim();
  const full = /^(\d{4})\s*[-–/]\s*(\d{2}|\d{4})$/.exec(text);
  if (!full) return null;
  const start = Number(full[1]);
  return `${start}-${start + 1}`;
}

const LOCALE_GROUPS: Record<string, DistrictLocaleGroup> = { "1": "city", "2": "suburb", "3": "town", "4": "rural" };

/** The urban-centric locale code (11-43), read from "21" or "21-Suburb: Large"; null otherwise. */
export function localeCode(raw: string | undefined): number | null {
  const m = /^([1-4][123])(?:\D|$)/.exec(knownText(raw) ?? "");
  return m ? Number(m[1]) : null;
}

export function localeGroupOf(code: number | null): DistrictLocaleGroup | null {
  return code === null ? null : (LOCALE_GROUPS[String(code)[0]] ?? null);
}

export function enrollmentBandOf(enrollment: number | null): DistrictEnrollmentBand | null {
  if (enrollment === null) return null;
  if (enrollment < 1_000) return "under_1000";
  if (enrollment < 5_000) return "from_1000_to_4999";
  if (enrollment < 25_000) return "from_5000_to_24999";
  if (enrollment < 100_000) return "from_25000_to_99999";
  return "at_least_100000";
}

/** The CCD SY_STATUS codes as the directory file documents them. */
const STATUSES: Record<number, DistrictStatus> = {
  1: "open",
  2: "closed",
  3: "new",
  4: "added",
  5: "changed_agency",
  6: "inactive",
  7: "future",
  8: "reopened",
};

export function statusOf(raw: string | undefined): DistrictStatus | null {
  const code = knownCount(raw);
  return code === null ? null : (STATUSES[code] ?? null);
}

/**
 * The lowercased host of a district website without "www.": the files hold full URLs, bare hosts
 * and hosts with paths ("www.lusd.org/district"). Null when there is no usable host.
 */
export function websiteDomainOf(website: string | null): string | null {
  if (!website) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(website) ? website : `http://${website}`;
  let host: string;
  try {
    host = new URL(withScheme).hostname.toLowerCase();
  } catch {
    return null;
  }
  host = host.replace(/\.$/, "").replace(/^www\d?\./, "");
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) ? host : null;
}
