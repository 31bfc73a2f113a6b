"use server";

import { z } from "@/lib/platform/validation/zod";
import { defineAction } from "@/lib/accounts/action";
import { confirmWorkEmail } from "@/lib/experts/work-email";
import { revalidateExpertPages } from "@/lib/platform/cache";

// Public: the single-use token is the proof (the link may be opened on a phone that is not
// signed in). A POST, not the page's GET, uses it up: school mail scanners open links first.
export const confirmWorkEmailAction = defineAction(
  {
    schema: z.object({
      token: z.string().trim().min(1, "This confirmation link is incomplete.").max(200, "This confirmation link is invalid."),
    }),
    roles: null,
    failure: "Failed to confirm your school e-mail. Please try again.",
  },
  async (input) => {
    const confirmed = await confirmWorkEmail(input.token);
    // The profile drops its self-reported district size and locale once a district is named.
    await revalidateExpertPages(confirmed.expertId);
    return { schoolYearLabel: confirmed.schoolYearLabel, review: confirmed.review, district: confirmed.district };
  },
);
