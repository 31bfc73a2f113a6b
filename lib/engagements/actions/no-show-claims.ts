"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { reportClientNoShow, resolveNoShowClaim } from "@/lib/engagements/no-show-claims";
import { reportNoShowSchema, resolveNoShowReportSchema } from "@/lib/engagements/schemas/no-show-claims";

// The expert reports that the client did not run a session; an admin decides. The services check
// who may (the engagement's own expert; manage:money:any).

export const reportClientNoShowAction = defineAction(
  { schema: reportNoShowSchema, roles: ["expert"], failure: "Failed to send the report. Please try again." },
  async (input, actor) => {
    const result = await reportClientNoShow(actor, input.engagementId, input.reason);
    revalidatePath("/dashboard");
    return result;
  },
);

export const resolveNoShowReportAction = defineAction(
  { schema: resolveNoShowReportSchema, roles: ["admin"], failure: "Failed to decide the report. Please try again." },
  async (input, actor) => {
    const result = await resolveNoShowClaim(actor, input.claimId, { for: input.for, note: input.note });
    revalidatePath("/admin/disputes");
    return result;
  },
);
