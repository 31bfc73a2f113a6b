import { z } from "@/lib/platform/validation/zod";
import { reasonSchema } from "@/lib/engagements/schemas/engagements";

// The money desk's inputs: disputes in quality review and their resolution.

const earningId = z.uuid("Earning is not valid");

export const disputeSchema = z.object({ earningId, reason: reasonSchema });
export const resolveDisputeSchema = z.object({
  earningId,
  for: z.enum(["expert", "client"], { error: "Choose the expert or the client" }),
  note: z
    .string()
    .trim()
    .min(3, "Please write a note both sides will read (at least 3 characters)")
    .max(1000, "A note is at most 1,000 characters"),
});
