"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { setIncentiveDefault } from "@/lib/money/incentive-choices";
import { payDonations } from "@/lib/money/donations";
import { incentiveDefaultSchema, payDonationsSchema } from "@/lib/money/schemas/incentives";

/** The expert saves what happens to their pay by default (Settings). */
export const setIncentiveDefaultAction = defineAction(
  { schema: incentiveDefaultSchema, roles: ["expert"], failure: "Failed to save your pay choice. Please try again." },
  async ({ choice }, actor) => {
    const result = await setIncentiveDefault(actor, choice);
    revalidatePath("/dashboard");
    return { choice: result.choice };
  },
);

/** The money desk pays one district's donations of one month, with its reference. */
export const payDonationsAction = defineAction(
  { schema: payDonationsSchema, roles: ["admin"], failure: "Failed to record the donation payout. Please try again." },
  async (input, actor) => {
    const result = await payDonations(actor, input);
    revalidatePath("/admin/donations");
    return { cents: result.cents, replayed: result.replayed };
  },
);
