"use server";

import { revalidateExpertPages } from "@/lib/experts/revalidate";
import { getConflictDeclarations, saveConflictDeclarations } from "@/lib/experts/conflicts";
import { conflictDeclarationsSchema } from "@/lib/experts/schemas/conflicts";
import { z } from "@/lib/platform/validation/zod";
import { defineAction } from "@/lib/accounts/action";
import { cashOut } from "@/lib/money/wallet";
import { assertRecentlyAuthenticated } from "@/lib/accounts/security";
import { answerPulse } from "@/lib/experts/dashboard/pulse";
import { submitFeedback } from "@/lib/experts/dashboard/feedback";
import { saveExpertiseRatings } from "@/lib/experts/dashboard/expertise";
import { saveSettings, setMonthlyGoal } from "@/lib/experts/dashboard/settings";
import {
  cashOutSchema,
  expertiseRatingsSchema,
  feedbackSchema,
  monthlyGoalSchema,
  pulseAnswerSchema,
  settingsSchema,
} from "@/lib/experts/schemas/dashboard";

// Thin wrappers: defineAction parses and checks the expert role; the service asks for
// "update:expert:own" and scopes by the actor (the impersonated expert while an admin impersonates).
const EXPERT = ["expert" as const];
const refresh = revalidateExpertPages;

/** Conflict-of-interest declarations (employer, vendors and products), from onboarding or settings. */
export const saveConflictDeclarationsAction = defineAction(
  { schema: conflictDeclarationsSchema, roles: EXPERT, failure: "Failed to save your declarations. Please try again." },
  async (input, actor) => {
    const result = await saveConflictDeclarations(actor, input);
    refresh();
    return result;
  },
);

export const getConflictDeclarationsAction = defineAction(
  { schema: z.object({}), roles: EXPERT, failure: "Failed to load your declarations.", readOnly: true },
  async (_input, actor) => getConflictDeclarations(actor),
);

export const cashOutAction = defineAction(
  { schema: cashOutSchema, roles: EXPERT, failure: "Failed to initiate cash out. Please try again." },
  async (_input, actor) => {
    // Money leaves the account: the password must have been entered recently, and never while impersonating.
    assertRecentlyAuthenticated(actor);
    const payout = await cashOut(actor);
    refresh();
    return { amountCents: payout.amountCents };
  },
);

export const answerPulseAction = defineAction(
  { schema: pulseAnswerSchema, roles: EXPERT, failure: "Failed to submit your response. Please try again." },
  async (input, actor) => {
    await answerPulse(actor, input);
    refresh();
    return null;
  },
);

export const submitFeedbackAction = defineAction(
  { schema: feedbackSchema, roles: EXPERT, failure: "Failed to submit feedback. Please try again." },
  async (input, actor) => {
    await submitFeedback(actor, input);
    return null;
  },
);

export const saveExpertiseAction = defineAction(
  { schema: expertiseRatingsSchema, roles: EXPERT, failure: "Failed to save your ratings. Please try again." },
  async (input, actor) => saveExpertiseRatings(actor, input),
);

export const saveSettingsAction = defineAction(
  { schema: settingsSchema, roles: EXPERT, failure: "Failed to save your settings. Please try again." },
  async (input, actor) => saveSettings(actor, input),
);

/** Settings › Monthly Goal: the impact panel's "of N" is refreshed with the page. */
export const saveMonthlyGoalAction = defineAction(
  { schema: monthlyGoalSchema, roles: EXPERT, failure: "Failed to save your monthly goal. Please try again." },
  async (input, actor) => {
    const result = await setMonthlyGoal(actor, input);
    refresh();
    return result;
  },
);
