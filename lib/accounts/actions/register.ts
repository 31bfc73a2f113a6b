"use server";

import { headers } from "next/headers";
import { defineFormAction } from "@/lib/accounts/action";
import { registerClient, registerExpert } from "@/lib/accounts/registration";
import { registerClientSchema, registerExpertSchema } from "@/lib/accounts/schemas/auth";
import { requestMeta } from "@/lib/platform/request";

const FAILURE = "Please check your information and try again.";

export const registerExpertAction = defineFormAction({ schema: registerExpertSchema, roles: null, failure: FAILURE }, async (input) => {
  const { email } = await registerExpert(input, requestMeta(await headers()));
  return { email };
});

export const registerClientAction = defineFormAction({ schema: registerClientSchema, roles: null, failure: FAILURE }, async (input) => {
  const { email } = await registerClient(input, requestMeta(await headers()));
  return { email };
});
