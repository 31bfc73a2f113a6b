"use server";

import { revalidatePath } from "next/cache";
import { z } from "@/lib/platform/validation/zod";
import { defineFormAction } from "@/lib/accounts/action";
import { saveSamplePlan } from "@/lib/samples/plans";
import { samplePlanSchema } from "@/lib/samples/schemas/sample-plan";

// The project page's sample plan form.

const saveSamplePlanSchema = z.object({ projectId: z.uuid("Project not found"), plan: samplePlanSchema });

export const saveSamplePlanAction = defineFormAction(
  { schema: saveSamplePlanSchema, roles: ["client", "admin"], failure: "Failed to save the sample plan" },
  async (input, actor) => {
    const { warning } = await saveSamplePlan(actor, input.projectId, input.plan);
    revalidatePath(`/client/projects/${input.projectId}`);
    return { saved: true, warning };
  },
);
