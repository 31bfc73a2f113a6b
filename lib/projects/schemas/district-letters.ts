import { z } from "../../platform/validation/zod";

// What the approval-letter forms send: the admin's decision and, for a rejection, its reason.

export const letterRejectReasonSchema = z
  .string()
  .trim()
  .min(1, { error: "Say why the letter cannot be accepted." })
  .max(1000, { error: "The reason must be 1,000 characters or fewer." });

export const letterDecisionSchema = z.object({
  letterId: z.uuid({ error: "Approval letter not found." }),
  decision: z.enum(["accept", "reject"], { error: "Accept or reject the letter." }),
  reason: z.string().trim().max(1000, { error: "The reason must be 1,000 characters or fewer." }).optional(),
});
