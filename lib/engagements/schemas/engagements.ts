import { z } from "@/lib/platform/validation/zod";
import { MAX_PROPOSALS } from "@/lib/engagements/states";
import { screenerAnswersSchema } from "@/lib/engagements/screener";

// What each engagement transition accepts from a form or an action: the engagement, a reason
// where one is asked for, and a time named by slot, weekly hour, proposal or instant.
const engagementId = z.uuid("Engagement is not valid");
/** Longest reason a person may give for a decline, cancel, reschedule or no-show. */
export const REASON_MAX = 500;
/** A required reason (cancel, reschedule): the one rule forms and actions share. */
export const reasonSchema = z
  .string()
  .trim()
  .min(3, "Please give a reason (at least 3 characters)")
  .max(REASON_MAX, "A reason is at most 500 characters");
const reason = reasonSchema;
const optionalReason = z.string().trim().max(REASON_MAX, "A reason is at most 500 characters").optional().nullable();
/** An instant from the browser (ISO 8601 with an offset or Z). */
const instant = z.iso.datetime({ offset: true, error: "Choose a date and time" }).transform((v) => new Date(v));

export const engagementSchema = z.object({ engagementId });
/** Accepting: an expert also confirms the outside-activity policy (the service requires it of experts only). */
/** districtPolicyChecked: the expert checked their district's research policy (asked when it is not on file). */
export const acceptSchema = z.object({
  engagementId,
  outsideActivityConfirmed: z.boolean().optional(),
  districtPolicyChecked: z.boolean().optional(),
});
export const declineSchema = z.object({ engagementId, reason: optionalReason });
export const cancelSchema = z.object({ engagementId, reason });
export const noShowSchema = z.object({ engagementId, reason: optionalReason });
export const proposeTimesSchema = z.object({
  engagementId,
  times: z.array(instant).min(1, "Propose at least one time").max(MAX_PROPOSALS, `Propose at most ${MAX_PROPOSALS} times`),
});
/** One of the expert's weekly hours, named by the instant it starts (as Pick Time lists it). */
const weeklyAt = z.iso.datetime({ offset: true, error: "Weekly time is not valid" }).transform((v) => new Date(v));
export const pickTimeSchema = z.union([
  z.object({ engagementId, slotId: z.uuid("Time slot is not valid") }),
  z.object({ engagementId, weeklyAt }),
  z.object({ engagementId, proposalId: z.uuid("Proposed time is not valid") }),
]);
export const rescheduleSchema = z.union([
  z.object({ engagementId, reason, slotId: z.uuid("Time slot is not valid") }),
  z.object({ engagementId, reason, weeklyAt }),
  z.object({ engagementId, reason, proposalId: z.uuid("Proposed time is not valid") }),
  z.object({ engagementId, reason, startsAt: instant }),
]);
/** Keeping the current time (declining a proposed new time): an optional note the other side reads. */
export const keepTimeSchema = z.object({ engagementId, reason: optionalReason });
/** A meeting link: https only, so it is always a web address both sides can open. */
export const meetingUrlField = z
  .url({ protocol: /^https$/, error: "Enter an https:// meeting link" })
  .max(500, "A link is at most 500 characters");
export const meetingLinkSchema = z.object({ engagementId, meetingUrl: meetingUrlField });

/** outsideActivityConfirmed: "This work is permitted by my employer's outside-activity policy." (the service requires it). */
export const applySchema = z.object({
  opportunityId: z.uuid({ message: "Invalid id." }),
  answers: screenerAnswersSchema.optional(),
  outsideActivityConfirmed: z.boolean().optional(),
  districtPolicyChecked: z.boolean().optional(),
});

/** The most applicants one bulk accept takes: a pipeline page's worth, each accepted in its own transaction. */
export const BULK_ACCEPT_MAX = 100;
/** Several applicants of one project accepted in one action (each checked as a single accept). */
export const bulkAcceptSchema = z.object({
  projectId: z.uuid("Project is not valid"),
  engagementIds: z
    .array(engagementId)
    .min(1, "Select at least one applicant")
    .max(BULK_ACCEPT_MAX, `Select at most ${BULK_ACCEPT_MAX} applicants at a time`),
});
/** A project's e-mail about applications, seats and responses; "auto" is the default. */
export const projectMailModeSchema = z.object({
  projectId: z.uuid("Project is not valid"),
  mode: z.enum(["auto", "every_event", "hourly", "daily"], { error: "Choose how you want to be e-mailed" }),
});
