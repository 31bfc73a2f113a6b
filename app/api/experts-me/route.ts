import { apiRoute } from "@/lib/accounts/api-handler";
import { getOwnExpertProfile, patchOwnProfile } from "@/lib/experts/expert-profile";
import { profilePatchSchema } from "@/lib/experts/schemas/onboarding";

export const dynamic = "force-dynamic";

/** The caller's own expert profile (never another's: the row is found by the caller's user id). */
export const GET = apiRoute({ roles: ["expert"], failure: "Failed to fetch profile" }, async ({ actor }) => getOwnExpertProfile(actor));

/** Profile fields; pulse_scores (with profile_steps.pulse) saves the pulse step. */
export const PATCH = apiRoute(
  { roles: ["expert"], body: profilePatchSchema, failure: "Failed to update profile" },
  async ({ actor, input }) => {
    const { profile_steps: _steps, ...patch } = input;
    void _steps; // the pulse flag follows from pulse_scores; a caller cannot set flags directly
    return patchOwnProfile(actor, patch);
  },
);
