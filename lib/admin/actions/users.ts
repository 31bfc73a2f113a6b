"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { getAccountOpenItems, setAccountDisabled } from "@/lib/admin/users";
import { accountOpenItemsSchema, setAccountDisabledSchema } from "@/lib/experts/schemas/admin";

export const setAccountDisabledAction = defineAction(
  { schema: setAccountDisabledSchema, roles: ["admin"], failure: "Failed to update the account. Please try again." },
  async ({ userId, disabled }, actor) => {
    const result = await setAccountDisabled(actor, userId, disabled);
    revalidatePath("/admin/users");
    return result;
  },
);

/** What the account has open (engagements, earnings, payouts): the disable confirmation lists it. */
export const accountOpenItemsAction = defineAction(
  {
    schema: accountOpenItemsSchema,
    roles: ["admin"],
    failure: "Failed to load what the account has open. Please try again.",
    readOnly: true,
  },
  async ({ userId }, actor) => getAccountOpenItems(actor, userId),
);
