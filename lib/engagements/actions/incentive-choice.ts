"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { setEngagementIncentiveChoice } from "@/lib/engagements/incentive-choice";
import { engagementIncentiveSchema } from "@/lib/money/schemas/incentives";

/** The expert changes what happens to one engagement's pay, until it completes. */
export const setEngagementIncentiveAction = defineAction(
  { schema: engagementIncentiveSchema, roles: ["expert"], failure: "Failed to save your pay choice. Please try again." },
  async ({ engagementId, choice }, actor) => {
    const result = await setEngagementIncentiveChoice(actor, engagementId, choice);
    revalidatePath("/dashboard");
    revalidatePath("/client/projects/[id]", "page");
    return result;
  },
);
