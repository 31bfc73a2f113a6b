"use server";

import { after } from "next/server";
import { headers } from "next/headers";
import { defineFormAction } from "@/lib/accounts/action";
import { clientIp } from "@/lib/platform/request";
import { loggerFor } from "@/lib/platform/log.mjs";
import { consumePasswordResetLimit, requestPasswordReset, resetPassword } from "@/lib/accounts/password-reset";
import { resetPasswordSchema, resetRequestSchema } from "@/lib/accounts/schemas/auth";

export const requestResetAction = defineFormAction(
  { schema: resetRequestSchema, roles: null, failure: "An unexpected error occurred." },
  async ({ email }) => {
    await consumePasswordResetLimit(email, clientIp(await headers()));
    // The lookup, token and mail run after the answer, so a known and an unknown e-mail take
    // the same time to answer.
    after(() => requestPasswordReset(email).catch((e) => loggerFor("accounts").error({ err: e }, "password reset request failed")));
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
