"use server";

import { headers } from "next/headers";
import { defineAction } from "@/lib/accounts/action";
import { requestMeta } from "@/lib/platform/request";
import { acceptPolicies } from "@/lib/accounts/consents";
import { acceptPoliciesSchema } from "@/lib/accounts/schemas/consents";

/** The signed-in person accepts the new versions of the policies /settings/policies showed them. */
export const acceptPoliciesAction = defineAction(
  { schema: acceptPoliciesSchema, roles: [], failure: "Failed to record your acceptance. Please try again." },
  async (input, actor) => acceptPolicies(actor, input, requestMeta(await headers())),
);
