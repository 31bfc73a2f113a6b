// What every file parser hands the importer: per district, the values it knows, in groups that
// travel together (a website and its domain, a locale code and its group, the poverty counts and
// their share), so a group is replaced whole or kept whole.
import type { DistrictEnrollmentBand, DistrictLocaleGroup, DistrictStatus } from "@/lib/generated/prisma/client";

export type DistrictGroups = {
  identity: { name: string; state: string };
  city: { city: string };
  website: { website: string; websiteDomain: string };
  agency: { agencyType: number | null; agencyTypeText: string | null };
  /** The school year's status (SY_STATUS) and, when the file gives one, its later updated status (UPDATED_STATUS). */
  status: { status: DistrictStatus; updatedStatus: DistrictStatus | null };
  locale: { localeCode: number; localeGroup: DistrictLocaleGroup };
  enrollment: { enrollment: number; enrollmentBand: DistrictEnrollmentBand };
  poverty: { schoolAgePopulation: number; schoolAgeInPoverty: number; povertyShare: number };
};

export type GroupName = keyof DistrictGroups;

export const GROUP_NAMES: GroupName[] = ["identity", "city", "website", "agency", "status", "locale", "enrollment", "poverty"];

/** Null means the file has the district but marks the value unknown (missing or suppressed). */
export type DistrictValues = { [G in GroupName]?: DistrictGroups[G] | null };

export type ParsedRow = { leaid: string; values: DistrictValues };

/** A row the parser could not read (no usable LEAID, say): counted, never written. */
export type SkippedRow = { skipped: string };

export type FileKind = "ccd-directory" | "ccd-membership" | "edge-geocode" | "saipe";

export type FileParser = {
  kind: FileKind;
  /** Whether a header row (column names as published) is this file's. */
  matches(columns: string[]): boolean;
  /** The school year the file's values describe, from a row or from the published file name. */
  schoolYear(file: string, firstRecord: Record<string, string> | null): string | null;
  rows(records: AsyncIterable<Record<string, string>>): AsyncGenerator<ParsedRow | SkippedRow>;
  /** A cheap test on the raw line, for files where most lines are never wanted. */
  wantsLine?: (line: string) => boolean;
};

export const hasColumns = (columns: string[], wanted: string[]) => {
  const upper = new Set(columns.map((c) => c.trim().toUpperCase()));
  return wanted.every((w) => upper.has(w));
};
