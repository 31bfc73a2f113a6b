"use server";

import { headers } from "next/headers";
import { defineAction } from "@/lib/actions/action";
import { clientIp } from "@/lib/request";
import { resendVerification } from "@/lib/services/accounts";
import { resetRequestSchema } from "@/lib/validation/auth";

/** Sends a new verification link (a POST: following a link never sends mail). Limited per address and IP. */
export const resendVerificationAction = defineAction(
  { schema: resetRequestSchema, roles: null, failure: "The verification e-mail could not be sent. Please try again." },
  async ({ email }) => {
    await resendVerification(email, { ip: clientIp(await headers()) });
    return { email };
  },
);
