"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { leaveExpertDistrict, leaveExpertDistrictSchema, linkExpertDistrict, linkExpertDistrictSchema } from "@/lib/experts/district-link";
import { revalidateExpertPages } from "@/lib/platform/cache";

/** The review's "Link to <district>": the expert's school e-mail names this district. */
export const linkExpertDistrictAction = defineAction(
  { schema: linkExpertDistrictSchema, roles: ["admin"], failure: "Failed to link the district" },
  async (input, actor) => {
    const linked = await linkExpertDistrict(actor, input);
    revalidatePath("/admin/trust");
    await revalidateExpertPages(linked.expertId);
    return linked;
  },
);

/** The review's "Leave without a district". */
export const leaveExpertDistrictAction = defineAction(
  { schema: leaveExpertDistrictSchema, roles: ["admin"], failure: "Failed to leave the expert without a district" },
  async (input, actor) => {
    const left = await leaveExpertDistrict(actor, input);
    revalidatePath("/admin/trust");
    return left;
  },
);
