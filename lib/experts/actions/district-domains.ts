"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { addDistrictDomain } from "@/lib/experts/work-email";
import { districtDomainSchema } from "@/lib/experts/schemas/work-email";

/** The review page's "accept <domain> as <district>, <state>": a row in the admin's district list. */
export const addDistrictDomainAction = defineAction(
  { schema: districtDomainSchema, roles: ["admin"], failure: "Failed to add the district domain" },
  async ({ expertId, ...input }, actor) => {
    const row = await addDistrictDomain(actor, input);
    if (expertId) revalidatePath(`/admin/experts/${expertId}`);
    // The review list: the domain leaves it, its experts got the badge.
    revalidatePath("/admin/trust");
    return { domain: row.domain, districtName: row.districtName, state: row.state, granted: row.granted };
  },
);
