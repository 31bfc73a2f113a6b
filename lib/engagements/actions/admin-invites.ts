"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { setOpenInviteCap } from "@/lib/engagements/platform-settings";
import { openInviteCapSchema } from "@/lib/engagements/schemas/platform-settings";

export const setOpenInviteCapAction = defineAction(
  { schema: openInviteCapSchema, roles: ["admin"], failure: "Failed to save the invite cap. Please try again." },
  async ({ cap }, actor) => {
    const setting = await setOpenInviteCap(actor, cap);
    revalidatePath("/admin/invites");
    return { cap: setting.cap };
  },
);
