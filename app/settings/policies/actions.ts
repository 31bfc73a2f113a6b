"use server";

import { headers } from "next/headers";
import { defineAction } from "@/lib/actions/action";
import { requestMeta } from "@/lib/request";
import { acceptPolicies } from "@/lib/services/consents";
import { acceptPoliciesSchema } from "@/lib/validation/consents";

/** The signed-in person accepts the new versions of the policies /settings/policies showed them. */
export const acceptPoliciesAction = defineAction(
  { schema: acceptPoliciesSchema, roles: [], failure: "Failed to record your acceptance. Please try again." },
  async (input, actor) => acceptPolicies(actor, input, requestMeta(await headers())),
);
