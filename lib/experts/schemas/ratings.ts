import { z } from "../../platform/validation/zod";

// Two-way ratings after a completed session: whole scores from 1 to 5.

const engagementId = z.uuid("Engagement is not valid");
const score = (label: string) =>
  z
    .number({ error: `Choose a score for ${label} from 1 to 5` })
    .int(`Choose a score for ${label} from 1 to 5`)
    .min(1, `Choose a score for ${label} from 1 to 5`)
    .max(5, `Choose a score for ${label} from 1 to 5`);

/** The client's rating of the expert; the note is for our team only, never shown to the expert. */
export const rateExpertSchema = z.object({
  engagementId,
  preparation: score("preparation"),
  insight: score("insight"),
  communication: score("communication"),
  privateNote: z
    .string()
    .trim()
    .max(1000, "A private note is at most 1,000 characters")
    .nullish()
    .transform((v) => v || null),
});

/** The expert's rating of the client. */
export const rateClientSchema = z.object({
  engagementId,
  clarity: score("clarity"),
  respectOfTime: score("respect of time"),
  paymentSpeed: score("payment speed"),
});

export const expertRatingSummarySchema = z.object({ expertId: z.uuid("Expert is not valid") });

export const EXPERT_DIMENSIONS = [
  { key: "preparation", label: "Preparation" },
  { key: "insight", label: "Insight" },
  { key: "communication", label: "Communication" },
] as const;
export const CLIENT_DIMENSIONS = [
  { key: "clarity", label: "Clarity" },
  { key: "respectOfTime", label: "Respect of time" },
  { key: "paymentSpeed", label: "Payment speed" },
] as const;
