import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { DirectoryFilters, DirectoryVariant } from "@/lib/experts/schemas/directory";
import { roleFilterTitles } from "@/lib/vocabulary/roles";
import { schoolYearOf } from "@/lib/experts/work-email-rules";

// The directory's WHERE clause as SQL over `experts e` (docs/decisions/0004). Written by hand
// rather than as a Prisma where: free text is a full-text match, which Prisma cannot express,
// and the page's plan is chosen from the planner's estimate (lib/experts/directory.ts).

const { sql, join } = Prisma;

/** `%text%` for ILIKE with the text's own % _ \ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A tsquery that finds every word of `q` as a word prefix ("robot lit" → 'robot':* & 'lit':*),
 * or null when `q` holds no word at all. Words are letters and digits only, so nothing in `q`
 * is read as tsquery syntax.
 */
export function prefixQuery(q: string): string | null {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length
    ? words
        .slice(0, 8)
        .map((w) => `'${w}':*`)
        .join(" & ")
    : null;
}

/**
 * Experts whose first or last name has every word of `q` at the start of one of its words
 * ("maria okon" finds Maria Okonkwo, "brien" finds O'Brien), as the ids of their users: one
 * read of the users table for the whole query, which the experts' user_id index then joins.
 * Words are letters and digits only, so nothing in `q` is read as pattern syntax.
 */
function nameCondition(q: string): Prisma.Sql | null {
  const words = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  if (!words.length) return null;
  const each = words.map((w) => sql`(u.first_name || ' ' || u.last_name) ~* ${`\\m${w}`}`);
  return sql`e.user_id = ANY(ARRAY(SELECT u.id FROM users u WHERE ${join(each, " AND ")}))`;
}

/**
 * Experts of a role: the text anywhere in the title, and for one of the directory's role labels
 * also the stored titles of the roles it names (lib/vocabulary/roles). Also the district
 * coverage page's role filter, so both count the same people.
 */
export function roleCondition(role: string): Prisma.Sql {
  // Titles the text already finds are left out: an OR of two index scans costs twice one.
  const needle = role.toLowerCase();
  const titles = roleFilterTitles(role).filter((t) => !t.toLowerCase().includes(needle));
  const contains = sql`e.role_title ILIKE ${containing(role)}`;
  return titles.length ? sql`(${contains} OR e.role_title = ANY(${titles}::text[]))` : contains;
}

/**
 * The condition for a filter set. A hidden field never matches a filter on it (a filter on a
 * hidden value would reveal it), except that the client variant's rate range keeps experts
 * that show no rates (that variant never dropped an expert for lacking a rate).
 */
export function directoryCondition(filters: DirectoryFilters, variant: DirectoryVariant, now = new Date()): Prisma.Sql {
  const and: Prisma.Sql[] = [sql`e.verification_status = ${filters.verification}::"VerificationStatus"`, sql`e.is_public_profile`];
  if (filters.state) and.push(sql`e.state = ${filters.state}`);
  if (filters.districtType) and.push(sql`e.district_type = ${filters.districtType}::"DistrictType"`);
  if (filters.districtSize) and.push(sql`e.district_size = ${filters.districtSize}::"DistrictSize"`);
  if (filters.urbanicity) and.push(sql`e.urbanicity = ${filters.urbanicity}::"Urbanicity"`);
  // From the district directory, so only experts whose school e-mail links a district match (the
  // copies are NULL otherwise; see migration 20261126200000_expert_district_values).
  if (filters.localeGroup) and.push(sql`e.district_locale_group = ${filters.localeGroup}::"DistrictLocaleGroup"`);
  if (filters.enrollmentBand) and.push(sql`e.district_enrollment_band = ${filters.enrollmentBand}::"DistrictEnrollmentBand"`);
  if (filters.povertyQuartile !== undefined) and.push(sql`e.district_poverty_quartile = ${filters.povertyQuartile}::smallint`);
  if (filters.availability) and.push(sql`e.availability_status = ${filters.availability}::"AvailabilityStatus"`);
  if (filters.role) and.push(roleCondition(filters.role));
  if (filters.department) and.push(sql`e.department ILIKE ${containing(filters.department)}`);
  if (filters.tag) and.push(sql`e.tags @> ARRAY[${filters.tag}]::text[]`);
  if (filters.tool) and.push(sql`e.tools_platforms @> ARRAY[${filters.tool}]::text[]`);
  if (filters.minExperience !== undefined && filters.minExperience > 0)
    and.push(sql`e.show_experience AND e.years_experience >= ${filters.minExperience}`);
  if (filters.minPulse !== undefined && filters.minPulse > 0) and.push(sql`e.pulse_score >= ${filters.minPulse}`);
  // By the UTC date: within hours of July 1 an expert far from UTC may count in the neighbouring
  // school year; the badge on the card (per zone) is exact.
  if (filters.schoolEmail) and.push(sql`e.work_email_verified_at IS NOT NULL AND e.work_email_school_year >= ${schoolYearOf(now, "UTC")}`);

  const minCents = filters.rateMin !== undefined && filters.rateMin > 0 ? filters.rateMin * 100 : undefined;
  const maxCents = filters.rateMax !== undefined ? filters.rateMax * 100 : undefined;
  const range: Prisma.Sql[] = [];
  if (minCents !== undefined) range.push(sql`e.hourly_rate_min_cents >= ${minCents}`);
  if (maxCents !== undefined) range.push(sql`e.hourly_rate_max_cents <= ${maxCents}`);
  if (range.length && variant === "directory") {
    // The directory: hourly_rate_min >= min; hourly_rate_max <= max.
    and.push(sql`e.show_rates`, ...range);
  } else if (range.length) {
    // The client variant: the rate range keeps experts that lack both rates; the others' range
    // must lie within the chosen one.
    and.push(
      sql`((e.show_rates AND ${join(range, " AND ")}) OR (e.hourly_rate_min_cents IS NULL AND e.hourly_rate_max_cents IS NULL) OR NOT e.show_rates)`,
    );
  }

  if (filters.q) {
    // The directory searches the bio, the client variant the tags; both
    // search both here: one search box should not give two answers.
    const query = prefixQuery(filters.q);
    // search_document: role title, organization (while shown), bio and tags, generated by
    // PostgreSQL (migration 20261124180000_directory_at_a_million). Cards show full names, so
    // the box finds people by name too: in the database, beside the document's index.
    const byName = nameCondition(filters.q);
    and.push(query && byName ? sql`(e.search_document @@ to_tsquery('simple', ${query}) OR ${byName})` : sql`FALSE`);
  }
  return join(and, " AND ");
}
