"use server";

import { defineFormAction } from "@/lib/actions/action";
import { requestPasswordReset, resetPassword } from "@/lib/services/password-reset";
import { resetPasswordSchema, resetRequestSchema } from "@/lib/validation/auth";

export const requestResetAction = defineFormAction(
  { schema: resetRequestSchema, roles: null, failure: "An unexpected error occurred." },
  async ({ email }) => {
    await requestPasswordReset(email);
    return { sent: true as const };
  },
);

export const resetPasswordAction = defineFormAction(
  { schema: resetPasswordSchema, roles: null, failure: "An unexpected error occurred." },
  async ({ token, password }) => {
    await resetPassword(token, password);
    return { reset: true as const };
  },
);
