import { z } from "@/lib/platform/validation/zod";
import { MESSAGE_MAX } from "@/lib/engagements/message-rules";

// What the conversation's forms and actions accept: a message (plain text, at most MESSAGE_MAX
// characters), a confirmation of the off-platform warning, a report with its reason.

const body = z
  .string()
  .trim()
  .min(1, "Write a message first")
  .max(MESSAGE_MAX, `A message is at most ${MESSAGE_MAX.toLocaleString("en-US")} characters`);

export const sendMessageSchema = z.object({
  engagementId: z.uuid("Engagement is not valid"),
  body,
  /** The sender saw the warning about contact details or payment and sends anyway. */
  confirmed: z.boolean().optional(),
});
export const threadSchema = z.object({ engagementId: z.uuid("Engagement is not valid") });
export const sendToExpertsSchema = z.object({
  projectId: z.uuid("Project is not valid"),
  engagementIds: z
    .array(z.uuid("Engagement is not valid"))
    .min(1, "Choose at least one expert")
    .max(200, "Write to at most 200 experts at once"),
  body,
  confirmed: z.boolean().optional(),
});
export const reportMessageSchema = z.object({
  messageId: z.uuid("Message is not valid"),
  reason: z.string().trim().min(5, "Say what is wrong in at least 5 characters").max(1000, "At most 1000 characters"),
});
