import { z } from "../../platform/validation/zod";
import { SURVEY_ENDS } from "@/lib/engagements/survey-links";

// What a survey's pages and actions accept: the end addresses' query, a code typed by hand,
// the client's approvals and rejections.

/** Why a client may reject a survey response: a fixed list, and the client's own words with it. */
export const REJECTION_REASONS = {
  failed_attention_checks: "Failed attention checks",
  incomplete: "Incomplete or blank answers",
  too_fast: "Finished implausibly fast",
  nonsense: "Answers are nonsense or copied",
  not_eligible: "Not eligible for this survey",
} as const;
export type RejectionReason = keyof typeof REJECTION_REASONS;

const engagementId = z.uuid("Engagement is not valid");
const code = z.string().trim().min(1, "Enter the code from the survey's last page").max(64, "That code is too long");

/** An end address's values, as its page reads them and as its confirmation posts them: the participant id is required. */
export const surveyEndSchema = z.object({
  projectId: z.uuid("This survey address is not valid"),
  end: z.enum(SURVEY_ENDS, { error: "This survey address is not valid" }),
  code,
  // A placeholder the survey tool did not fill ({{participant_id}}) is no id.
  pid: z
    .string("This survey address does not say whose response it is")
    .trim()
    .min(1, "This survey address does not say whose response it is")
    .max(64, "This survey address is not valid")
    .regex(/^[^{}]+$/, "This survey address does not say whose response it is"),
});

export const surveyCodeSchema = z.object({ engagementId, code });
/** The client turns the completion callback on, rotates its secret or turns it off. */
export const surveyCallbackSchema = z.object({
  projectId: z.uuid("Project is not valid"),
  mode: z.enum(["on", "rotate", "off"], { error: "Choose on, rotate or off" }),
});
export const startSurveySchema = z.object({ engagementId });

export const approveResponsesSchema = z.object({
  engagementIds: z.array(engagementId).min(1, "Choose at least one response").max(500, "Approve at most 500 responses at once"),
});

export const rejectResponseSchema = z.object({
  engagementId,
  reason: z.enum(Object.keys(REJECTION_REASONS) as [RejectionReason, ...RejectionReason[]], { error: "Choose a reason" }),
  details: z.string().trim().min(10, "Say what was wrong in at least 10 characters").max(1000, "At most 1000 characters"),
});
