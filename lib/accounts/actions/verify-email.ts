"use server";

import { after } from "next/server";
import { headers } from "next/headers";
import { defineFormAction } from "@/lib/accounts/action";
import { clientIp } from "@/lib/platform/request";
import { loggerFor } from "@/lib/platform/log.mjs";
import { consumeVerificationResendLimit, resendVerification } from "@/lib/accounts/registration";
import { resetRequestSchema } from "@/lib/accounts/schemas/auth";

/** Sends a new verification link (a POST: following a link never sends mail). Limited per address and IP. */
export const resendVerificationAction = defineFormAction(
  { schema: resetRequestSchema, roles: null, failure: "The verification e-mail could not be sent. Please try again." },
  async ({ email }) => {
    await consumeVerificationResendLimit(email, { ip: clientIp(await headers()) });
    // After the answer: an unverified account (a mail goes out) answers as fast as any other.
    after(() => resendVerification(email).catch((e) => loggerFor("accounts").error({ err: e }, "verification resend failed")));
    return { email };
  },
);
