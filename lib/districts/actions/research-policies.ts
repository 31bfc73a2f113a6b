"use server";

import { revalidatePath } from "next/cache";
import { z } from "@/lib/platform/validation/zod";
import { defineAction } from "@/lib/accounts/action";
import { saveDistrictPolicy } from "@/lib/districts/research-policies";
import { grantDistrictOfficer } from "@/lib/districts/officers";
import { leaidSchema, researchPolicySchema } from "@/lib/districts/schemas/research-policy";

/** The admin's or the district officer's policy form (the service checks which district they may edit). */
export const saveDistrictPolicyAction = defineAction(
  {
    schema: z.object({ leaid: leaidSchema, policy: researchPolicySchema }),
    roles: ["admin", "expert"],
    failure: "Failed to save the research policy",
  },
  async ({ leaid, policy }, actor) => {
    const saved = await saveDistrictPolicy(actor, leaid, { ...policy, scope: policy.scope ?? null });
    revalidatePath(`/admin/districts/${leaid}`);
    revalidatePath("/district-office");
    revalidatePath("/districts");
    return saved;
  },
);

/** An admin grants, or an officer invites a colleague of the same district to, the officer role. */
export const grantDistrictOfficerAction = defineAction(
  {
    schema: z.object({ leaid: leaidSchema, email: z.email({ error: "Enter the account's e-mail address." }).max(254) }),
    roles: ["admin", "expert"],
    failure: "Failed to grant the officer role",
  },
  async (input, actor) => {
    const granted = await grantDistrictOfficer(actor, input);
    revalidatePath(`/admin/districts/${input.leaid}`);
    revalidatePath("/district-office");
    return granted;
  },
);
