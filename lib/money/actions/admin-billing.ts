"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { markStatementPaid } from "@/lib/money/billing";
import { markStatementPaidSchema } from "@/lib/money/schemas/billing";

/** An admin marks a client's monthly statement paid with the payment's reference (a ledger transaction; a second mark changes nothing). */
export const markStatementPaidAction = defineAction(
  { schema: markStatementPaidSchema, roles: ["admin"], failure: "Failed to mark the statement paid. Please try again." },
  async (input, actor) => {
    const result = await markStatementPaid(actor, input.organizationId, input.month, input.reference);
    revalidatePath("/admin/billing");
    return result;
  },
);
