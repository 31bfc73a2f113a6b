"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { openDispute, resolveDispute } from "@/lib/engagements/earnings-review";
import { disputeSchema, resolveDisputeSchema } from "@/lib/engagements/schemas/earnings-review";

// Quality review: the client disputes a session's earning within the window; an admin resolves it.
// The services check who may (the earning's own client; manage:money:any).

export const openDisputeAction = defineAction(
  { schema: disputeSchema, roles: ["client", "admin"], failure: "Failed to open the dispute. Please try again." },
  async (input, actor) => {
    const result = await openDispute(actor, input.earningId, input.reason);
    revalidatePath("/client/projects/[id]", "page");
    return result;
  },
);

export const resolveDisputeAction = defineAction(
  { schema: resolveDisputeSchema, roles: ["admin"], failure: "Failed to resolve the dispute. Please try again." },
  async (input, actor) => {
    const result = await resolveDispute(actor, input.earningId, { for: input.for, note: input.note });
    revalidatePath("/admin/disputes");
    return result;
  },
);
