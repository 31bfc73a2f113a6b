import type { EngagementState } from "@/lib/generated/prisma/enums";

// Which engagement states are over, beneath every area: the state table (lib/engagements) and
// the areas below it (an organisation handing a removed member's running work to a successor)
// read the same list.

/** States in which nothing more can happen. */
export const FINAL_STATES: readonly EngagementState[] = [
  "declined",
  "screened_out",
  "completed",
  "no_show",
  "cancelled",
  "over_quota",
  "rejected",
];
