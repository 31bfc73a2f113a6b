import { z } from "@/lib/platform/validation/zod";
import { defineStep } from "@/lib/experts/profile/step";
import { ONBOARDING_MESSAGES, optionalText } from "@/lib/experts/profile/rules";

export const LINKEDIN_URL_PATTERN = /^https?:\/\/(www\.)?linkedin\.com\/in\/[A-Za-z0-9_-]+\/?$/;

/** Step 2: the LinkedIn profile. */
export const linkedin = defineStep({
  title: "LinkedIn Profile",
  schema: z.object({
    linkedinUrl: z.string({ error: ONBOARDING_MESSAGES.linkedinUrl }).trim().regex(LINKEDIN_URL_PATTERN, ONBOARDING_MESSAGES.linkedinUrl),
    linkedinHeadline: optionalText("Headline", 300),
  }),
  defaults: { linkedinUrl: null, linkedinHeadline: null },
  fromRow: (row) => ({ linkedinUrl: row.linkedinUrl, linkedinHeadline: row.linkedinHeadline }),
  toColumns: (v) => ({ ...v }),
});
