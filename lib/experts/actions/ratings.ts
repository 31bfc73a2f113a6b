"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { getExpertRatingSummary, rateClient, rateExpert } from "@/lib/experts/ratings";
import { expertRatingSummarySchema, rateClientSchema, rateExpertSchema } from "@/lib/experts/schemas/ratings";

// Two-way ratings after a completed session. The services check the side (the engagement's own
// client or expert) and the state; a second rating is refused with a 409 message.

export const rateExpertAction = defineAction(
  { schema: rateExpertSchema, roles: ["client", "admin"], failure: "Failed to save your rating. Please try again." },
  async ({ engagementId, ...scores }, actor) => {
    const result = await rateExpert(actor, engagementId, scores);
    revalidatePath("/client/projects/[id]", "page");
    return result;
  },
);

export const rateClientAction = defineAction(
  { schema: rateClientSchema, roles: ["expert"], failure: "Failed to save your rating. Please try again." },
  async ({ engagementId, ...scores }, actor) => {
    const result = await rateClient(actor, engagementId, scores);
    revalidatePath("/dashboard");
    return result;
  },
);

/** The expert's averages for the cached public profile's signed-in island (clients and admins only). */
export const expertRatingSummaryAction = defineAction(
  { schema: expertRatingSummarySchema, roles: ["client", "admin"], failure: "Failed to load ratings", readOnly: true },
  async (input, actor) => getExpertRatingSummary(actor, input.expertId),
);
