"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { markPayoutFailed, markPayoutPaid, sendPayoutViaProvider } from "@/lib/money/payouts";
import { tremendousFromEnv } from "@/lib/money/providers/configured";
import { markPayoutFailedSchema, markPayoutPaidSchema, sendPayoutSchema } from "@/lib/money/schemas/payouts";

export const markPayoutPaidAction = defineAction(
  { schema: markPayoutPaidSchema, roles: ["admin"], failure: "Failed to mark the payout paid. Please try again." },
  async ({ payoutId, reference }, actor) => {
    const result = await markPayoutPaid(actor, payoutId, reference);
    revalidatePath("/admin/payouts");
    return result;
  },
);

export const markPayoutFailedAction = defineAction(
  { schema: markPayoutFailedSchema, roles: ["admin"], failure: "Failed to mark the payout failed. Please try again." },
  async ({ payoutId, reason }, actor) => {
    const result = await markPayoutFailed(actor, payoutId, reason, new Date(), tremendousFromEnv());
    revalidatePath("/admin/payouts");
    return result;
  },
);

export const sendPayoutViaTremendousAction = defineAction(
  { schema: sendPayoutSchema, roles: ["admin"], failure: "Failed to send the payout through Tremendous. Please try again." },
  async ({ payoutId }, actor) => {
    const result = await sendPayoutViaProvider(actor, payoutId, tremendousFromEnv());
    revalidatePath("/admin/payouts");
    return result;
  },
);
