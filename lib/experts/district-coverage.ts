import "server-only";
import { z } from "@/lib/platform/validation/zod";
import { db } from "@/lib/platform/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { roleCondition } from "@/lib/experts/directory-sql";
import { ROLE_FILTERS } from "@/lib/vocabulary/roles";
import { DISTRICT_ENROLLMENT_BANDS, DISTRICT_LOCALE_GROUPS, DISTRICT_POVERTY_QUARTILES } from "@/lib/vocabulary/districts";

// Where the verified experts with a linked district sit against the district universe, cell by
// cell (NCES locale group × enrollment band × poverty quartile), and the empty cells said in
// words, so recruiting can aim at the gaps. Two grouped queries, whatever the number of cells.

const { sql } = Prisma;

export const COVERAGE_ROLES = ROLE_FILTERS.map((r) => r.label);
export type CoverageRole = (typeof COVERAGE_ROLES)[number];

export const coverageQuerySchema = z.object({
  role: z.enum(COVERAGE_ROLES as [CoverageRole, ...CoverageRole[]], { error: "Choose one of the listed roles." }).optional(),
});

type LocaleGroup = (typeof DISTRICT_LOCALE_GROUPS)[number]["value"];
type EnrollmentBand = (typeof DISTRICT_ENROLLMENT_BANDS)[number]["value"];

export type CoverageCell = {
  localeGroup: LocaleGroup;
  enrollmentBand: EnrollmentBand;
  povertyQuartile: number;
  districts: number;
  experts: number;
  /** Open districts here whose research office has approved at least one study (an approval not yet ended). */
  approved: number;
};

export type CoverageGap = { text: string; districts: number };

export type DistrictCoverage = {
  role: CoverageRole | null;
  /** Who is counted, in words: "superintendent"/"superintendents", or "expert"/"experts" for every role. */
  who: { one: string; many: string };
  /** Open districts on file, and how many of them miss a locale, enrollment or poverty value (in no cell). */
  districts: number;
  unplaced: number;
  /** Verified experts whose school e-mail links a district (of the role, if one is chosen). */
  experts: number;
  /** Open districts whose research office has a current approval of at least one study. */
  approvedDistricts: number;
  /** Every locale × band × quartile combination, in the vocabularies' order. */
  cells: CoverageCell[];
  /** Locale × poverty pairs with districts but no expert (over every band), then single empty cells; the most districts first. */
  gaps: CoverageGap[];
  cellGaps: CoverageGap[];
};

/** Districts that no longer run or do not run yet are not part of the universe a sample is drawn from. */
const OPEN_DISTRICT = sql`(d.status IS NULL OR d.status NOT IN ('closed', 'inactive', 'future'))`;

const POVERTY_WORDS: Record<number, string> = {
  1: "lowest-poverty",
  2: "lower-middle-poverty",
  3: "upper-middle-poverty",
  4: "high-poverty",
};

const BAND_WORDS: Record<EnrollmentBand, string> = {
  under_1000: "under-1,000-student",
  from_1000_to_4999: "1,000–4,999-student",
  from_5000_to_24999: "5,000–24,999-student",
  from_25000_to_99999: "25,000–99,999-student",
  at_least_100000: "100,000-plus-student",
};

const ROLE_PLURALS: Record<CoverageRole, string> = {
  Teacher: "teachers",
  Principal: "principals",
  Administrator: "administrators",
  Superintendent: "superintendents",
  Coordinator: "coordinators",
};

/** "No rural, high-poverty superintendents yet": the words for an empty part of the universe. */
export function gapText(who: CoverageRole | null, locale: LocaleGroup, quartile: number, band?: EnrollmentBand): string {
  const people = who ? ROLE_PLURALS[who] : "experts";
  const place = [locale, POVERTY_WORDS[quartile], band && BAND_WORDS[band]].filter(Boolean).join(", ");
  return `No ${place} ${people} yet`;
}

const cellKey = (l: string, b: string, q: number) => `${l}|${b}|${q}`;

/** The coverage for an admin; `input` is the page's raw query (?role=…). */
export async function getDistrictCoverage(actor: Actor, input: { role?: unknown }): Promise<DistrictCoverage> {
  requirePermission(actor, "manage:platform:any");
  // An unknown role in a hand-edited URL shows every role rather than an error page.
  const parsed = coverageQuerySchema.safeParse(input);
  const role = (parsed.success && parsed.data.role) || null;

  const [universe, linked, approvals] = await Promise.all([
    db().$queryRaw<{ locale: LocaleGroup | null; band: EnrollmentBand | null; quartile: number | null; n: bigint }[]>(sql`
      SELECT d.locale_group::text AS locale, d.enrollment_band::text AS band, d.poverty_quartile::int AS quartile, count(*) AS n
      FROM districts d WHERE ${OPEN_DISTRICT}
      GROUP BY 1, 2, 3`),
    db().$queryRaw<{ locale: LocaleGroup; band: EnrollmentBand; quartile: number; n: bigint }[]>(sql`
      SELECT e.district_locale_group::text AS locale, e.district_enrollment_band::text AS band,
             e.district_poverty_quartile::int AS quartile, count(*) AS n
      FROM experts e
      -- The copies are set only while a district is linked; reading them alone lets the cell index
      -- answer without the table (an index-only scan) when no role is chosen.
      WHERE e.verification_status = 'verified'
        AND e.district_locale_group IS NOT NULL AND e.district_enrollment_band IS NOT NULL AND e.district_poverty_quartile IS NOT NULL
        ${role ? sql`AND ${roleCondition(role)}` : sql``}
      GROUP BY 1, 2, 3`),
    // A district counts once, however many studies it approved; an approval past its last day does not count.
    db().$queryRaw<{ locale: LocaleGroup | null; band: EnrollmentBand | null; quartile: number | null; n: bigint }[]>(sql`
      SELECT d.locale_group::text AS locale, d.enrollment_band::text AS band, d.poverty_quartile::int AS quartile, count(*) AS n
      FROM districts d
      WHERE ${OPEN_DISTRICT} AND EXISTS (
        SELECT 1 FROM project_district_approvals a
        WHERE a.leaid = d.leaid AND a.status = 'approved' AND (a.expires_on IS NULL OR a.expires_on >= (now() AT TIME ZONE 'UTC')::date))
      GROUP BY 1, 2, 3`),
  ]);
  const approvedIn = new Map(
    approvals.filter((r) => r.locale && r.band && r.quartile).map((r) => [cellKey(r.locale!, r.band!, r.quartile!), Number(r.n)]),
  );

  const districtsIn = new Map<string, number>();
  let districts = 0;
  let unplaced = 0;
  for (const r of universe) {
    const n = Number(r.n);
    districts += n;
    if (r.locale && r.band && r.quartile) districtsIn.set(cellKey(r.locale, r.band, r.quartile), n);
    else unplaced += n;
  }
  const expertsIn = new Map(linked.map((r) => [cellKey(r.locale, r.band, r.quartile), Number(r.n)]));

  const cells: CoverageCell[] = [];
  for (const { value: localeGroup } of DISTRICT_LOCALE_GROUPS)
    for (const { value: enrollmentBand } of DISTRICT_ENROLLMENT_BANDS)
      for (const { value } of DISTRICT_POVERTY_QUARTILES) {
        const povertyQuartile = Number(value);
        const key = cellKey(localeGroup, enrollmentBand, povertyQuartile);
        cells.push({
          localeGroup,
          enrollmentBand,
          povertyQuartile,
          districts: districtsIn.get(key) ?? 0,
          experts: expertsIn.get(key) ?? 0,
          approved: approvedIn.get(key) ?? 0,
        });
      }

  // Locale × poverty over every band: the gaps a recruiter can act on first.
  const gaps: CoverageGap[] = [];
  for (const { value: locale } of DISTRICT_LOCALE_GROUPS)
    for (const { value } of DISTRICT_POVERTY_QUARTILES) {
      const quartile = Number(value);
      const pair = cells.filter((c) => c.localeGroup === locale && c.povertyQuartile === quartile);
      const inPair = pair.reduce((s, c) => s + c.districts, 0);
      if (inPair > 0 && pair.every((c) => c.experts === 0)) gaps.push({ text: gapText(role, locale, quartile), districts: inPair });
    }
  const cellGaps = cells
    .filter((c) => c.districts > 0 && c.experts === 0)
    .map((c) => ({ text: gapText(role, c.localeGroup, c.povertyQuartile, c.enrollmentBand), districts: c.districts }));
  const byDistricts = (a: CoverageGap, b: CoverageGap) => b.districts - a.districts;

  return {
    role,
    who: role ? { one: role.toLowerCase(), many: ROLE_PLURALS[role] } : { one: "expert", many: "experts" },
    districts,
    unplaced,
    experts: linked.reduce((s, r) => s + Number(r.n), 0),
    approvedDistricts: approvals.reduce((s, r) => s + Number(r.n), 0),
    cells,
    gaps: gaps.sort(byDistricts),
    cellGaps: cellGaps.sort(byDistricts),
  };
}
