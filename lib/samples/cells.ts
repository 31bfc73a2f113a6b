import { DISTRICT_ENROLLMENT_BANDS, DISTRICT_LOCALE_GROUPS, DISTRICT_POVERTY_QUARTILES } from "@/lib/vocabulary/districts";
import { CENSUS_REGIONS, censusRegionOf, US_STATES } from "@/lib/vocabulary/places";
import { ROLE_FILTERS, storedRoleTitle } from "@/lib/vocabulary/roles";
import type { Option } from "@/lib/vocabulary/options";

// A sample plan's cells: the dimensions a plan may cross, the values of each, the key that names
// a cell, and which cell an expert falls in. Pure, so the form, the services and the tests share it.

export const SAMPLE_DIMENSIONS = ["locale_group", "enrollment_band", "poverty_quartile", "census_region", "state", "role"] as const;
export type SampleDimension = (typeof SAMPLE_DIMENSIONS)[number];

/** The dimensions the district directory knows: a proportional plan can only use these. */
export const DISTRICT_DIMENSIONS: readonly SampleDimension[] = [
  "locale_group",
  "enrollment_band",
  "poverty_quartile",
  "census_region",
  "state",
];

export const MAX_DIMENSIONS = 3;
/** More cells than this is a plan nobody can fill or read as a grid. */
export const MAX_CELLS = 200;

export const DIMENSION_LABELS: Record<SampleDimension, string> = {
  locale_group: "Locale",
  enrollment_band: "District size",
  poverty_quartile: "Poverty quartile",
  census_region: "Census region",
  state: "State",
  role: "Role",
};

const roleValue = (label: string) => label.toLowerCase();

/** Every value of each dimension, with the words people read. */
export const DIMENSION_VALUES: Record<SampleDimension, readonly Option[]> = {
  locale_group: DISTRICT_LOCALE_GROUPS,
  enrollment_band: DISTRICT_ENROLLMENT_BANDS,
  poverty_quartile: DISTRICT_POVERTY_QUARTILES,
  census_region: CENSUS_REGIONS,
  state: US_STATES,
  role: ROLE_FILTERS.map((g) => ({ value: roleValue(g.label), label: g.label })),
};

export type CellValues = Partial<Record<SampleDimension, string>>;

/** A cell's name: its values in the plan's dimension order ("locale_group=rural|role=teacher"). */
export const cellKey = (dimensions: readonly SampleDimension[], values: CellValues) =>
  dimensions.map((d) => `${d}=${values[d] ?? ""}`).join("|");

export const cellLabel = (dimensions: readonly SampleDimension[], values: CellValues) =>
  dimensions.map((d) => DIMENSION_VALUES[d].find((o) => o.value === values[d])?.label ?? values[d] ?? "?").join(" · ");

/** Every combination of the dimensions' values, in order (the first dimension varies slowest). */
export function allCells(dimensions: readonly SampleDimension[]): CellValues[] {
  let out: CellValues[] = [{}];
  for (const d of dimensions) out = out.flatMap((c) => DIMENSION_VALUES[d].map((o) => ({ ...c, [d]: o.value })));
  return out;
}

export const cellCount = (dimensions: readonly SampleDimension[]) => dimensions.reduce((n, d) => n * DIMENSION_VALUES[d].length, 1);

/** A district's facts as the directory holds them. */
export type DistrictFacts = {
  localeGroup: string | null;
  enrollmentBand: string | null;
  povertyQuartile: number | null;
  state: string | null;
};

/** A district's value on one district dimension, or null when the directory does not know it. */
export function districtValue(d: DistrictFacts, dimension: SampleDimension): string | null {
  switch (dimension) {
    case "locale_group":
      return d.localeGroup;
    case "enrollment_band":
      return d.enrollmentBand;
    case "poverty_quartile":
      return d.povertyQuartile === null ? null : String(d.povertyQuartile);
    case "census_region":
      return censusRegionOf(d.state);
    case "state":
      return d.state ? d.state.toUpperCase() : null;
    case "role":
      return null;
  }
}

/** The role group an expert's stored role title falls in ("teacher", "administrator" …), or null. */
export function roleGroupOf(roleTitle: string | null | undefined): string | null {
  if (!roleTitle) return null;
  const stored = storedRoleTitle(roleTitle);
  if (!stored) return null;
  const group = ROLE_FILTERS.find((g) => g.roles.some((r) => storedRoleTitle(r) === stored));
  return group ? roleValue(group.label) : null;
}

export type ExpertFacts = { roleTitle: string | null; district: DistrictFacts | null };

/**
 * The cell an expert falls in, or null when it cannot be known: a district dimension needs a
 * district-verified expert (the self-reported fields are not the directory's), and the role
 * dimension a role title in one of the directory's role groups.
 */
export function expertCellKey(dimensions: readonly SampleDimension[], expert: ExpertFacts): string | null {
  const values: CellValues = {};
  for (const d of dimensions) {
    const v = d === "role" ? roleGroupOf(expert.roleTitle) : expert.district ? districtValue(expert.district, d) : null;
    if (v === null) return null;
    values[d] = v;
  }
  return cellKey(dimensions, values);
}

/** A cell's words from its key alone ("locale_group=rural|role=teacher" → "Rural · Teacher"). */
export function labelOfKey(key: string): string {
  const pairs = key.split("|").map((p) => p.split("=") as [SampleDimension, string]);
  return cellLabel(
    pairs.map(([d]) => d),
    Object.fromEntries(pairs),
  );
}
