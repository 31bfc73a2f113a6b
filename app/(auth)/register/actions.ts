"use server";

import { headers } from "next/headers";
import { defineFormAction } from "@/lib/actions/action";
import { registerClient, registerExpert } from "@/lib/services/accounts";
import { registerClientSchema, registerExpertSchema } from "@/lib/validation/auth";
import { clientIp, userAgent } from "@/lib/request";

const FAILURE = "Please check your information and try again.";

export const registerExpertAction = defineFormAction({ schema: registerExpertSchema, roles: null, failure: FAILURE }, async (input) => {
  const h = await headers();
  const { email } = await registerExpert(input, { ip: clientIp(h), userAgent: userAgent(h) });
  return { email };
});

export const registerClientAction = defineFormAction({ schema: registerClientSchema, roles: null, failure: FAILURE }, async (input) => {
  const { email } = await registerClient(input, { ip: clientIp(await headers()) });
  return { email };
});
