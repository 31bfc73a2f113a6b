"use server";

import { defineAction } from "@/lib/accounts/action";
import { setLinkedinVerified, setVerificationStatus } from "@/lib/experts/admin-experts";
import { setLinkedinVerifiedSchema, setVerificationSchema } from "@/lib/experts/schemas/admin";
import { revalidatePath } from "next/cache";

// The services check the admin role and invalidate the public expert pages themselves.

export const setVerificationStatusAction = defineAction(
  { schema: setVerificationSchema, roles: ["admin"], failure: "Failed to update verification status" },
  async ({ expertId, status }, actor) => {
    const result = await setVerificationStatus(actor, expertId, status);
    revalidatePath("/admin", "layout");
    return result;
  },
);

export const setLinkedinVerifiedAction = defineAction(
  { schema: setLinkedinVerifiedSchema, roles: ["admin"], failure: "Failed to update LinkedIn verification" },
  async ({ expertId, verified }, actor) => {
    const result = await setLinkedinVerified(actor, expertId, verified);
    revalidatePath("/admin", "layout");
    return result;
  },
);
