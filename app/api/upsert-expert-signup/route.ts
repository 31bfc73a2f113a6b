import { apiRoute } from "@/lib/accounts/api-handler";
import { upsertExpertSignup } from "@/lib/experts/expert-profile";
import { signupUpsertSchema } from "@/lib/experts/schemas/onboarding";

/**
 * upsert-expert-signup takes no token. The service decides what an anonymous caller
 * may do (create the expert row of a just-created expert account whose id and e-mail both
 * match, never change an existing one); with a session or bearer token it acts only on the
 * caller's own account. See upsertExpertSignup.
 */
export const POST = apiRoute(
  { roles: null, body: signupUpsertSchema, failure: "Failed to create expert profile" },
  async ({ actor, input }) => upsertExpertSignup(input, actor),
);
