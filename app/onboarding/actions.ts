"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/action";
import { refreshSessionCookie } from "@/lib/auth/session";
import { PROFILE_STEPS } from "@/lib/constants";
import { saveProfileDraft, saveProfileStep } from "@/lib/services/expert-profile";
import { ONBOARDING_MESSAGES } from "@/lib/validation/onboarding";

const stepInput = z.object({ step: z.enum(PROFILE_STEPS), values: z.record(z.string(), z.unknown()) });

/** Save & Continue: the whole step, validated and marked done. */
export const saveStepAction = defineAction(
  { schema: stepInput, roles: ["expert"], failure: ONBOARDING_MESSAGES.saveFailed },
  async ({ step, values }, actor) => {
    const profile = await saveProfileStep(actor!, step, values);
    // The session token carries onboardingComplete for the proxy's gate: re-issue it now so
    // the expert reaches /dashboard at once, without signing out and in again.
    if (profile.nextStep === null) await refreshSessionCookie(actor!.userId);
    return profile;
  },
);

/** Autosave while typing: valid fields are stored, the step is not marked done. */
export const saveDraftAction = defineAction(
  { schema: stepInput, roles: ["expert"], failure: ONBOARDING_MESSAGES.saveFailed },
  async ({ step, values }, actor) => saveProfileDraft(actor!, step, values),
);
