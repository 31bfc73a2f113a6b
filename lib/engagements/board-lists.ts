import type { EngagementOrigin, EngagementState } from "@/lib/generated/prisma/enums";
import type { StudyFormat } from "@/lib/vocabulary/studies";

/** The expert's Opportunities lists: what they may apply to, what was offered them, what is booked. */
export type BoardList = "open" | "invited" | "scheduled";

/**
 * Which list an engagement sits in. A study the expert applied to stays under Open, where they
 * applied: an application waiting for the client, and a survey, which takes a qualified applicant
 * at once and is then theirs to start from the same card. What the client offered them (an
 * invitation, or an application the client accepted) is under Invited until it is booked or sent in.
 */
export function boardListOf(e: { state: EngagementState; origin: EngagementOrigin; format: StudyFormat }): BoardList {
  if (e.state === "scheduled" || e.state === "submitted") return "scheduled";
  if (e.state === "applied") return "open";
  if (e.state === "accepted" && e.origin === "application" && e.format === "survey") return "open";
  return "invited";
}
