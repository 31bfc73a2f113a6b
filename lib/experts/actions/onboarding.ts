"use server";

import { defineAction } from "@/lib/accounts/action";
import { refreshSessionCookie } from "@/lib/accounts/session";
import { saveProfileDraft, saveProfileStep } from "@/lib/experts/expert-profile";
import { ONBOARDING_MESSAGES } from "@/lib/experts/profile/rules";
import { stepDraftSchema, stepSubmissionSchema } from "@/lib/experts/profile/table";

/** Save & Continue: the whole step, checked by its schema (a union keyed on the step) and marked done. */
export const saveStepAction = defineAction(
  { schema: stepSubmissionSchema, roles: ["expert"], failure: ONBOARDING_MESSAGES.saveFailed },
  async (submission, actor) => {
    const profile = await saveProfileStep(actor, submission);
    // The session token carries onboardingComplete for the proxy's gate: re-issue it now so
    // the expert reaches /dashboard at once, without signing out and in again.
    if (profile.nextStep === null) await refreshSessionCookie(actor.userId);
    return profile;
  },
);

/** Autosave while typing: each field is checked on its own; valid fields are stored, the step is not marked done. */
export const saveDraftAction = defineAction(
  { schema: stepDraftSchema, roles: ["expert"], failure: ONBOARDING_MESSAGES.saveFailed },
  async (draft, actor) => saveProfileDraft(actor, draft),
);
