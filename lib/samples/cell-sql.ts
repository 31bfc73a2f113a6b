import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { EXPERT_ROLE_TITLES, ROLE_TITLE_LABELS } from "@/lib/vocabulary/roles";
import { STATES_BY_CENSUS_REGION, type CensusRegion } from "@/lib/vocabulary/places";
import { roleGroupOf, type CellValues, type SampleDimension } from "@/lib/samples/cells";

// The cell rule of cells.ts (expertCellKey) as SQL over `experts e`, so a query can find the
// experts in some of a plan's cells without reading every expert. District dimensions read the
// linked district's values copied onto the expert row by triggers (its locale, size, poverty and
// state): the self-reported fields never place anyone. Every condition is one the sample-cell
// GIN index answers (migration 20261127030000_expert_district_state), so a narrow cell costs an
// index scan, not a read of every linked expert. tests/integration/open-cells-first.test.ts holds
// both rules to the same answers.

const { sql, join } = Prisma;

/** Every spelling of a role title that lands in each role group, as roleGroupOf reads them (lower case). */
const TITLES_BY_GROUP: Map<string, string[]> = (() => {
  const byGroup = new Map<string, string[]>();
  for (const value of EXPERT_ROLE_TITLES) {
    const label = ROLE_TITLE_LABELS[value];
    const group = roleGroupOf(label);
    if (group) byGroup.set(group, [...(byGroup.get(group) ?? []), value, label.toLowerCase()]);
  }
  return byGroup;
})();

const districtStateIn = (states: readonly string[]) => sql`e.district_state = ANY(${[...states]}::bpchar[])`;

function dimensionCondition(dimension: SampleDimension, value: string): Prisma.Sql {
  switch (dimension) {
    case "locale_group":
      return sql`e.district_locale_group = ${value}::"DistrictLocaleGroup"`;
    case "enrollment_band":
      return sql`e.district_enrollment_band = ${value}::"DistrictEnrollmentBand"`;
    case "poverty_quartile":
      return sql`e.district_poverty_quartile = ${Number(value)}::smallint`;
    case "state":
      return districtStateIn([value.toUpperCase()]);
    case "census_region":
      return districtStateIn(STATES_BY_CENSUS_REGION[value as CensusRegion] ?? []);
    case "role": {
      const titles = TITLES_BY_GROUP.get(value) ?? [];
      return titles.length ? sql`lower(btrim(e.role_title)) = ANY(${titles}::text[])` : sql`FALSE`;
    }
  }
}

/** Experts in any of these cells (FALSE for none). */
export function inCells(dimensions: readonly SampleDimension[], cells: readonly { values: CellValues }[]): Prisma.Sql {
  if (cells.length === 0) return sql`FALSE`;
  // Stated outright for a district dimension (the values imply it) so the partial index applies.
  const linked = dimensions.some((d) => d !== "role") ? [sql`e.district_leaid IS NOT NULL`] : [];
  const one = (values: CellValues) =>
    sql`(${join([...linked, ...dimensions.map((d) => dimensionCondition(d, values[d] ?? ""))], " AND ")})`;
  return sql`(${join(
    cells.map((c) => one(c.values)),
    " OR ",
  )})`;
}
