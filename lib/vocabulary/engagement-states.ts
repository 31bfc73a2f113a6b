import type { EngagementState } from "@/lib/generated/prisma/enums";

// Which engagement states are over, beneath every area: the state table (lib/engagements) and
// the areas below it (an organization handing a removed member's running work to a successor)
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

/**
 * The states in which an engagement takes one of a study's places, the count read "N of quota":
 * a survey's place is filled by a response sent in, any other study's by an expert accepted.
 */
export const FILLING_STATES: Record<"interview" | "survey" | "focus_group", readonly EngagementState[]> = {
  interview: ["accepted", "scheduled", "completed"],
  survey: ["submitted", "completed"],
  focus_group: ["accepted", "scheduled", "completed"],
};
