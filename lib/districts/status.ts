// Whether an agency in the directory is operating. Pure: the import's counts, the domain match and
// the tests read the same rule.
import type { DistrictStatus } from "@/lib/generated/prisma/client";

/**
 * The statuses of an operating agency, in the CCD's words: open, new, added, changed agency
 * (operating under a new identity), reopened. Closed, inactive (temporarily closed), future (not
 * yet open) and a status the file left unknown are not.
 */
const OPERATING: ReadonlySet<DistrictStatus> = new Set(["open", "new", "added", "changed_agency", "reopened"]);

/** The status that counts: the CCD's updated status (as of its effective date) over the school year's. */
export function currentStatus(d: { status: DistrictStatus | null; updatedStatus: DistrictStatus | null }): DistrictStatus | null {
  return d.updatedStatus ?? d.status;
}

export const isOperating = (status: DistrictStatus | null) => status !== null && OPERATING.has(status);
