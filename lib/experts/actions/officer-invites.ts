"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { inviteDistrictOfficer, officerInviteSchema } from "@/lib/experts/officer-invites";

/** An officer (or an admin) invites a colleague of the same district by their school e-mail. */
export const inviteDistrictOfficerAction = defineAction(
  { schema: officerInviteSchema, roles: ["expert", "admin"], failure: "Failed to invite the officer" },
  async (input, actor) => {
    const result = await inviteDistrictOfficer(actor, input);
    revalidatePath("/district-office");
    return result;
  },
);
