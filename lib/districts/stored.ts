// A districts row as value groups and back, so the merge compares like with like.
import type { District, Prisma } from "@/lib/generated/prisma/client";
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
      status: row.status !== null ? { status: row.status } : null,
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

/** The columns of a district's value groups; groups never known stay out (the row keeps null). */
export function districtColumns(values: DistrictValues, sources: Sources) {
  return {
    ...values.identity,
    ...values.city,
    ...values.website,
    ...values.agency,
    ...values.status,
    ...values.locale,
    ...values.enrollment,
    ...values.poverty,
    sources: sources as Prisma.InputJsonValue,
  };
}
