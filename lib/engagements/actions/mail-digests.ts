"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { setProjectMailMode } from "@/lib/engagements/mail-digests";
import { projectMailModeSchema } from "@/lib/engagements/schemas/engagements";

/** A project's e-mail about applications, seats and responses: each event, or an hourly or daily digest. */
export const setProjectMailModeAction = defineAction(
  { schema: projectMailModeSchema, roles: ["client", "admin"], failure: "Failed to save the e-mail setting. Please try again." },
  async (input, actor) => {
    const result = await setProjectMailMode(actor, input.projectId, input.mode === "auto" ? null : input.mode);
    revalidatePath("/client/projects/[id]", "page");
    return result;
  },
);
