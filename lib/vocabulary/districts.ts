import type { DistrictSize as PrismaDistrictSize } from "@/lib/generated/prisma/enums";
import { options, pick } from "./options";

/** District type options; the directory's filter offers three of them. */
export const DISTRICT_TYPES = options({
  public: "Public",
  charter: "Charter",
  private: "Private",
  independent: "Independent",
  ies: "IES",
  other: "Other",
});
export const DISTRICT_TYPE_FILTERS = pick(DISTRICT_TYPES, ["public", "private", "charter"]);

/**
 * District size bands. The directory shows and filters by the same four bands (a directory-only
 * "Large (10,000+)" would also describe "very-large", which that filter never matched).
 */
export const DISTRICT_SIZES = options({
  small: "Small (under 2,500)",
  medium: "Medium (2,500-10,000)",
  large: "Large (10,000-25,000)",
  "very-large": "Very large (over 25,000)",
});
export type DistrictSize = (typeof DISTRICT_SIZES)[number]["value"];

/**
 * The one place the value "very-large" meets Prisma's identifier for it (`very_large`, mapped
 * to "very-large" in the database itself). Everything outside a Prisma call uses "very-large".
 */
export const toPrismaDistrictSize = (v: DistrictSize): PrismaDistrictSize => (v === "very-large" ? "very_large" : v);
export const fromPrismaDistrictSize = (v: PrismaDistrictSize): DistrictSize => (v === "very_large" ? "very-large" : v);

export const URBANICITY = options({ urban: "Urban", suburban: "Suburban", rural: "Rural", mixed: "Mixed" });
export const URBANICITY_FILTERS = pick(URBANICITY, ["urban", "suburban", "rural"]);

/** The NCES urban-centric locale groups, as the district directory stores them. */
export const DISTRICT_LOCALE_GROUPS = options({ city: "City", suburb: "Suburb", town: "Town", rural: "Rural" });

/** The district directory's enrollment bands. */
export const DISTRICT_ENROLLMENT_BANDS = options({
  under_1000: "Under 1,000 students",
  from_1000_to_4999: "1,000–4,999 students",
  from_5000_to_24999: "5,000–24,999 students",
  from_25000_to_99999: "25,000–99,999 students",
  at_least_100000: "100,000 students or more",
});

/**
 * The national poverty quartiles of school-age children (Census SAIPE) over every district on
 * file: 1 is the quarter of districts with the lowest share in poverty, 4 the highest.
 */
export const DISTRICT_POVERTY_QUARTILES = options({
  "1": "Lowest poverty (quartile 1)",
  "2": "Lower-middle poverty (quartile 2)",
  "3": "Upper-middle poverty (quartile 3)",
  "4": "Highest poverty (quartile 4)",
});
