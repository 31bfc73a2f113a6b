"use server";

import { revalidatePath } from "next/cache";
import { z } from "@/lib/platform/validation/zod";
import { defineAction } from "@/lib/accounts/action";
import { rejectWorkDomain } from "@/lib/experts/work-email";

/** The review list's "Reject": the domain is not a school or district; its addresses earn no badge. */
export const rejectWorkDomainAction = defineAction(
  {
    schema: z.object({ domain: z.string({ error: "Enter a domain." }).max(253, "Enter a domain like springfieldpublicschools.org.") }),
    roles: ["admin"],
    failure: "Failed to reject the domain",
  },
  async ({ domain }, actor) => {
    const result = await rejectWorkDomain(actor, domain);
    revalidatePath("/admin/trust");
    return result;
  },
);
