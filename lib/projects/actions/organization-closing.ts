"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { closeOrganization } from "@/lib/projects/organization-closing";
import { closeOrganizationSchema } from "@/lib/organizations/schemas/organizations";

// Closing an organization closes its projects and cancels their engagements, so it is an action of
// projects (which sits above organizations), not of the organization page's other actions.

export const closeOrganizationAction = defineAction(
  { schema: closeOrganizationSchema, roles: ["client", "admin"], failure: "Failed to close the organization" },
  async (input, actor) => {
    const result = await closeOrganization(actor, input.confirmName);
    revalidatePath("/client/organization");
    revalidatePath("/client/projects");
    return result;
  },
);
