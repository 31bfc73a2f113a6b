"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { runInvariantChecksNow } from "@/lib/money/invariant-runs";
import { runMoneyChecksSchema } from "@/lib/money/schemas/invariants";

/** An admin checks the money's invariants now: the run is kept and shown on Admin › Money checks. */
export const runMoneyChecksAction = defineAction(
  { schema: runMoneyChecksSchema, roles: ["admin"], failure: "Failed to run the money checks. Please try again." },
  async (_input, actor) => {
    const run = await runInvariantChecksNow(actor);
    revalidatePath("/admin/money");
    return { breachCount: run.breachCount };
  },
);
