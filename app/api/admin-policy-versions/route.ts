import { apiRoute } from "@/lib/accounts/api-handler";
import { setPolicyVersionOverride } from "@/lib/accounts/consents";
import { policyVersionOverrideSchema } from "@/lib/accounts/schemas/consents";

export const dynamic = "force-dynamic";

/**
 * POST /api/admin-policy-versions { policy, major, userId? }: publishes `policy` as version
 * "<major>.0" (major null: back to lib/content's version), for everyone or for one user, so a
 * demo or an end-to-end test can see a policy change without editing code. Demo mode only
 * (a real deployment answers 404, and never reads the override) and admins only.
 */
export const POST = apiRoute(
  { roles: ["admin"], body: policyVersionOverrideSchema, failure: "Failed to set the policy version" },
  async ({ actor, input }) => setPolicyVersionOverride(actor, input),
);
