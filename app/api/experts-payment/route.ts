import { apiRoute } from "@/lib/accounts/api-handler";
import { saveProfileStepFromApi } from "@/lib/experts/expert-profile";
import { jsonObjectSchema } from "@/lib/experts/schemas/onboarding";

/** experts-payment: saves the payments step of the caller's own profile and marks it done. */
export const POST = apiRoute(
  { roles: ["expert"], body: jsonObjectSchema, failure: "Failed to update payment info" },
  async ({ actor, input }) => saveProfileStepFromApi(actor, "payments", input),
);
