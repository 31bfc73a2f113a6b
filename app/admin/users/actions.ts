"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/actions/action";
import { setAccountDisabled } from "@/lib/services/admin-users";
import { setAccountDisabledSchema } from "@/lib/validation/admin";

export const setAccountDisabledAction = defineAction(
  { schema: setAccountDisabledSchema, roles: ["admin"], failure: "Failed to update the account. Please try again." },
  async ({ userId, disabled }, actor) => {
    const result = await setAccountDisabled(actor, userId, disabled);
    revalidatePath("/admin/users");
    return result;
  },
);
