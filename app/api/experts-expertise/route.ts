import { apiRoute } from "@/lib/accounts/api-handler";
import { saveProfileStepFromApi } from "@/lib/experts/expert-profile";
import { jsonObjectSchema } from "@/lib/experts/schemas/onboarding";

/** experts-expertise: saves the expertise step of the caller's own profile and marks it done. */
export const POST = apiRoute(
  { roles: ["expert"], body: jsonObjectSchema, failure: "Failed to update expertise" },
  async ({ actor, input }) => saveProfileStepFromApi(actor, "expertise", input),
);
