"use server";

import { headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { clientIp } from "@/lib/platform/request";
import { changePassword, confirmPassword, signOutOtherSessions, signOutSession } from "@/lib/accounts/security";
import { changePasswordSchema, confirmPasswordSchema, sessionIdSchema } from "@/lib/accounts/schemas/account-security";
import { z } from "@/lib/platform/validation/zod";

// Account security for every role. Each action acts on the signed-in person's own account.

const ANY_SIGNED_IN: [] = [];
const ip = async () => clientIp(await headers());

export const changePasswordAction = defineAction(
  { schema: changePasswordSchema, roles: ANY_SIGNED_IN, failure: "Failed to change your password. Please try again." },
  async (input, actor) => {
    const result = await changePassword(actor, input, await ip());
    revalidatePath("/settings/security");
    return result;
  },
);

export const confirmPasswordAction = defineAction(
  { schema: confirmPasswordSchema, roles: ANY_SIGNED_IN, failure: "Failed to confirm your password. Please try again." },
  async (input, actor) => {
    await confirmPassword(actor, input.password, await ip());
    return null;
  },
);

export const signOutSessionAction = defineAction(
  { schema: sessionIdSchema, roles: ANY_SIGNED_IN, failure: "Failed to sign out that session. Please try again." },
  async (input, actor) => {
    await signOutSession(actor, input.sessionId);
    revalidatePath("/settings/security");
    return null;
  },
);

export const signOutOtherSessionsAction = defineAction(
  { schema: z.object({}), roles: ANY_SIGNED_IN, failure: "Failed to sign out your other sessions. Please try again." },
  async (_input, actor) => {
    const result = await signOutOtherSessions(actor);
    revalidatePath("/settings/security");
    return result;
  },
);
