import { z } from "@/lib/platform/validation/zod";
import { reasonSchema } from "@/lib/engagements/schemas/engagements";

// An expert's report that the client did not run a session, and an admin's decision on it.

export const reportNoShowSchema = z.object({ engagementId: z.uuid("Engagement is not valid"), reason: reasonSchema });
export const resolveNoShowReportSchema = z.object({
  claimId: z.uuid("Report is not valid"),
  for: z.enum(["expert", "client"], { error: "Choose the expert or the client" }),
  note: z
    .string()
    .trim()
    .min(3, "Please write a note both sides will read (at least 3 characters)")
    .max(1000, "A note is at most 1,000 characters"),
});
