import { z } from "../../platform/validation/zod";
import { valuesOf } from "@/lib/vocabulary/options";
import { US_STATES } from "@/lib/vocabulary/places";
import { DISTRICT_ENROLLMENT_BANDS, DISTRICT_LOCALE_GROUPS, DISTRICT_SIZES, DISTRICT_TYPES, URBANICITY } from "@/lib/vocabulary/districts";
import { AVAILABILITY_STATUSES } from "@/lib/vocabulary/availability";
import { VERIFICATION_STATUSES } from "@/lib/vocabulary/directory";

// The directory's filters and the client search variant's,
// shared by the URL parser, the pages, the server action and POST /api/experts-search.

export const DIRECTORY_PAGE_SIZE = 12;

/** Client search sliders. */
export const RATE_SLIDER = { min: 0, max: 300, step: 25 } as const;
export const EXPERIENCE_SLIDER = { min: 0, max: 30, step: 1 } as const;
export const PULSE_SLIDER = { min: 0, max: 100, step: 10 } as const;

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const optionalText = (max: number) =>
  text(max)
    .optional()
    .transform((v) => (v ? v : undefined));
const dollars = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .min(0, "must be 0 or more")
  .max(10_000, "must be at most 10000");

export const directoryFiltersSchema = z
  .object({
    q: optionalText(100),
    state: z.enum(valuesOf(US_STATES), { error: "is not a known state" }).optional(),
    role: optionalText(100),
    department: optionalText(100),
    districtType: z.enum(valuesOf(DISTRICT_TYPES), { error: "is not a known district type" }).optional(),
    districtSize: z.enum(valuesOf(DISTRICT_SIZES), { error: "is not a known district size" }).optional(),
    urbanicity: z.enum(valuesOf(URBANICITY), { error: "is not a known urbanicity" }).optional(),
    // The NCES directory's values of a district-verified expert's district (never self-reported).
    localeGroup: z.enum(valuesOf(DISTRICT_LOCALE_GROUPS), { error: "must be city, suburb, town or rural" }).optional(),
    enrollmentBand: z
      .enum(valuesOf(DISTRICT_ENROLLMENT_BANDS), {
        error: `must be one of ${valuesOf(DISTRICT_ENROLLMENT_BANDS).join(", ")}`,
      })
      .optional(),
    povertyQuartile: z.coerce
      .number({ error: "must be a poverty quartile from 1 (lowest poverty) to 4 (highest)" })
      .int("must be a poverty quartile from 1 (lowest poverty) to 4 (highest)")
      .min(1, "must be a poverty quartile from 1 (lowest poverty) to 4 (highest)")
      .max(4, "must be a poverty quartile from 1 (lowest poverty) to 4 (highest)")
      .optional(),
    availability: z.enum(valuesOf(AVAILABILITY_STATUSES), { error: "is not a known availability" }).optional(),
    verification: z.enum(valuesOf(VERIFICATION_STATUSES), { error: "must be verified, pending or rejected" }).default("verified"),
    tag: optionalText(100),
    tool: optionalText(100),
    rateMin: dollars.optional(),
    rateMax: dollars.optional(),
    minExperience: z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(0, "must be 0 or more")
      .max(50, "must be at most 50")
      .optional(),
    minPulse: z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(0, "must be 0 or more")
      .max(100, "must be at most 100")
      .optional(),
    /** A project of the client's with a sample plan: experts in its open cells come first. */
    recruitingFor: z.uuid({ error: "must be one of your projects with a sample plan" }).optional(),
    /** "School e-mail verified this school year": the checkbox, `?schoolEmail=verified`. */
    schoolEmail: z.enum(["verified"], { error: "must be verified" }).optional(),
    page: z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be 1 or more")
      .max(100_000, "is too large")
      .default(1),
  })
  .refine((f) => f.rateMin === undefined || f.rateMax === undefined || f.rateMin <= f.rateMax, {
    message: "rateMin must not be more than rateMax",
    path: ["rateMin"],
  });

export type DirectoryFilters = z.infer<typeof directoryFiltersSchema>;
export type DirectoryFiltersInput = z.input<typeof directoryFiltersSchema>;

/** /experts is the directory; /client/experts the client search variant (rates keep experts lacking both). */
export type DirectoryVariant = "directory" | "client";

export const FILTER_KEYS = [
  "q",
  "state",
  "role",
  "department",
  "districtType",
  "districtSize",
  "urbanicity",
  "localeGroup",
  "enrollmentBand",
  "povertyQuartile",
  "availability",
  "verification",
  "tag",
  "tool",
  "rateMin",
  "rateMax",
  "minExperience",
  "minPulse",
  "schoolEmail",
  "recruitingFor",
] as const;

export type DirectoryView = "cards" | "table";

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * Filters from a page's URL. A value that does not parse is dropped (a hand-edited URL shows
 * the unfiltered result for that key rather than an error page).
 */
export function filtersFromSearchParams(params: SearchParams): { filters: DirectoryFilters; view: DirectoryView } {
  const raw: Record<string, string> = {};
  for (const key of [...FILTER_KEYS, "page"]) {
    const v = params[key];
    const value = Array.isArray(v) ? v[0] : v;
    if (value !== undefined && value !== "") raw[key] = value;
  }
  let parsed = directoryFiltersSchema.safeParse(raw);
  for (let i = 0; !parsed.success && i < 5; i++) {
    for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
    parsed = directoryFiltersSchema.safeParse(raw);
  }
  const filters = parsed.success ? parsed.data : directoryFiltersSchema.parse({});
  const view = (Array.isArray(params.view) ? params.view[0] : params.view) === "table" ? "table" : "cards";
  return { filters, view };
}

/** The URL query for a filter set (defaults left out, so shared links stay short). */
export function searchParamsFromFilters(filters: Partial<DirectoryFilters>, view: DirectoryView = "cards"): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined || value === "") continue;
    if (key === "verification" && value === "verified") continue;
    out.set(key, String(value));
  }
  if (filters.page && filters.page > 1) out.set("page", String(filters.page));
  if (view === "table") out.set("view", "table");
  return out;
}

/** How many filters differ from the defaults (drives Reset Filters / Clear All Filters). */
export function activeFilterCount(filters: Partial<DirectoryFilters>): number {
  // Recruiting for a project orders the results; it narrows nothing.
  return FILTER_KEYS.filter(
    (k) => k !== "recruitingFor" && filters[k] !== undefined && filters[k] !== "" && !(k === "verification" && filters[k] === "verified"),
  ).length;
}
