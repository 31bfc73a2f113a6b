// A districts row as value groups and back, so the merge compares like with like.
import type { District } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/platform/db";
import type { DistrictValues } from "./types";
import type { Sources, StoredDistrict } from "./merge";

export function storedDistrict(row: District): StoredDistrict {
  return {
    values: {
      identity: { name: row.name, state: row.state },
      city: row.city !== null ? { city: row.city } : null,
      website: row.website !== null && row.websiteDomain !== null ? { website: row.website, websiteDomain: row.websiteDomain } : null,
      agency:
        row.agencyType !== null || row.agencyTypeText !== null ? { agencyType: row.agencyType, agencyTypeText: row.agencyTypeText } : null,
      status: row.status !== null ? { status: row.status, updatedStatus: row.updatedStatus } : null,
      locale: row.localeCode !== null && row.localeGroup !== null ? { localeCode: row.localeCode, localeGroup: row.localeGroup } : null,
      enrollment:
        row.enrollment !== null && row.enrollmentBand !== null ? { enrollment: row.enrollment, enrollmentBand: row.enrollmentBand } : null,
      poverty:
        row.schoolAgePopulation !== null && row.schoolAgeInPoverty !== null && row.povertyShare !== null
          ? { schoolAgePopulation: row.schoolAgePopulation, schoolAgeInPoverty: row.schoolAgeInPoverty, povertyShare: row.povertyShare }
          : null,
    },
    sources: (row.sources ?? {}) as Sources,
  };
}

/** The columns of a district's value groups; a group never known leaves its columns out. */
function districtColumns(values: DistrictValues, sources: Sources) {
  return {
    ...values.identity,
    ...values.city,
    ...values.website,
    ...values.agency,
    ...values.status,
    ...values.locale,
    ...values.enrollment,
    ...values.poverty,
    sources,
  };
}

/** The table's column for each field of the value groups, as the statement below names them. */
const COLUMN_OF = {
  name: "name",
  state: "state",
  city: "city",
  website: "website",
  websiteDomain: "website_domain",
  agencyType: "agency_type",
  agencyTypeText: "agency_type_text",
  status: "status",
  updatedStatus: "updated_status",
  localeCode: "locale_code",
  localeGroup: "locale_group",
  enrollment: "enrollment",
  enrollmentBand: "enrollment_band",
  schoolAgePopulation: "school_age_population",
  schoolAgeInPoverty: "school_age_in_poverty",
  povertyShare: "poverty_share",
  sources: "sources",
} as const;

/** Rows per statement: a national file's changes in a handful of statements. */
const WRITE_BATCH = 2_000;

/**
 * Writes new and changed districts in batches, one statement per batch rather than per district (a
 * new school year touches every row's sources). Every column is written; a merged district still
 * holds each value it had, since merging never forgets one.
 */
export async function writeDistricts(tx: Tx, rows: { leaid: string; values: DistrictValues; sources: Sources }[]) {
  for (let i = 0; i < rows.length; i += WRITE_BATCH) {
    const batch = rows.slice(i, i + WRITE_BATCH).map(({ leaid, values, sources }) => {
      const c: Record<string, unknown> = districtColumns(values, sources);
      return { leaid, ...Object.fromEntries(Object.entries(COLUMN_OF).map(([key, column]) => [column, c[key] ?? null])) };
    });
    await tx.$executeRaw`
      INSERT INTO districts (leaid, name, state, city, website, website_domain, agency_type, agency_type_text, status, updated_status,
        locale_code, locale_group, enrollment, enrollment_band, school_age_population, school_age_in_poverty,
        poverty_share, sources, updated_at)
      SELECT x.leaid, x.name, x.state, x.city, x.website, x.website_domain, x.agency_type, x.agency_type_text,
        x.status::"DistrictStatus", x.updated_status::"DistrictStatus", x.locale_code, x.locale_group::"DistrictLocaleGroup", x.enrollment,
        x.enrollment_band::"DistrictEnrollmentBand", x.school_age_population, x.school_age_in_poverty,
        x.poverty_share, x.sources, now()
      FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS x(
        leaid text, name text, state text, city text, website text, website_domain text,
        agency_type smallint, agency_type_text text, status text, updated_status text, locale_code smallint, locale_group text,
        enrollment integer, enrollment_band text, school_age_population integer, school_age_in_poverty integer,
        poverty_share double precision, sources jsonb)
      ON CONFLICT (leaid) DO UPDATE SET
        name = EXCLUDED.name, state = EXCLUDED.state, city = EXCLUDED.city, website = EXCLUDED.website,
        website_domain = EXCLUDED.website_domain, agency_type = EXCLUDED.agency_type,
        agency_type_text = EXCLUDED.agency_type_text, status = EXCLUDED.status, updated_status = EXCLUDED.updated_status,
        locale_code = EXCLUDED.locale_code,
        locale_group = EXCLUDED.locale_group, enrollment = EXCLUDED.enrollment, enrollment_band = EXCLUDED.enrollment_band,
        school_age_population = EXCLUDED.school_age_population, school_age_in_poverty = EXCLUDED.school_age_in_poverty,
        poverty_share = EXCLUDED.poverty_share, sources = EXCLUDED.sources, updated_at = EXCLUDED.updated_at`;
  }
}
