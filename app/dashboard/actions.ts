"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { requestMeta } from "@/lib/request";
import { getConflictDeclarations, saveConflictDeclarations } from "@/lib/services/conflicts";
import { conflictDeclarationsSchema } from "@/lib/validation/conflicts";
import { z } from "zod";
import { defineAction } from "@/lib/actions/action";
import { pickTimeSchema } from "@/lib/validation/client";
import { applyToOpportunity, scheduleEngagement } from "@/lib/services/engagements";
import { listPickableSlots } from "@/lib/services/engagement-views";
import { cashOut } from "@/lib/services/dashboard/wallet";
import { assertRecentlyAuthenticated } from "@/lib/services/account-security";
import { answerPulse } from "@/lib/services/dashboard/pulse";
import { submitFeedback } from "@/lib/services/dashboard/feedback";
import { addSlots, listSlots, removeSlot, saveWeeklyHours } from "@/lib/services/dashboard/availability";
import { saveExpertiseRatings } from "@/lib/services/dashboard/expertise";
import { saveSettings, setMonthlyGoal } from "@/lib/services/dashboard/settings";
import {
  addSlotSchema,
  monthSlotsSchema,
  applySchema,
  cashOutSchema,
  expertiseRatingsSchema,
  feedbackSchema,
  monthlyGoalSchema,
  pulseAnswerSchema,
  removeSlotSchema,
  settingsSchema,
  weeklyHoursSchema,
} from "@/lib/validation/dashboard";

// Thin wrappers: defineAction parses and checks the expert role; the service asks for
// "update:expert:own" and scopes by the actor (the impersonated expert while an admin impersonates).
const EXPERT = ["expert" as const];
const refresh = () => {
  revalidatePath("/dashboard");
  revalidatePath("/expert/[...rest]", "page");
  revalidatePath("/payments");
};

export const applyAction = defineAction(
  { schema: applySchema, roles: EXPERT, failure: "Failed to submit application. Please try again." },
  async (input, actor) => {
    const result = await applyToOpportunity(actor, input, new Date(), requestMeta(await headers()));
    refresh();
    return result;
  },
);

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

export const listPickableSlotsAction = defineAction(
  { schema: z.object({}), roles: EXPERT, failure: "Failed to load your availability.", readOnly: true },
  async (_input, actor) => listPickableSlots(actor),
);

/** Pick Time: one of the expert's own slots or weekly hours, or one of the times the client proposed. */
export const pickTimeAction = defineAction(
  { schema: pickTimeSchema, roles: EXPERT, failure: "Failed to schedule. Please try again." },
  async (input, actor) => {
    const { engagementId, ...choice } = input;
    const result = await scheduleEngagement(actor, engagementId, choice);
    refresh();
    return result;
  },
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

/** Add Time Slot: one day, or with "Repeat weekly" the same weekday for several weeks. */
export const addSlotAction = defineAction(
  { schema: addSlotSchema, roles: EXPERT, failure: "Failed to add availability. Please try again." },
  async (input, actor) => {
    const slots = await addSlots(actor, input);
    refresh();
    return slots;
  },
);

export const listMonthSlotsAction = defineAction(
  { schema: monthSlotsSchema, roles: EXPERT, failure: "Failed to load your availability.", readOnly: true },
  async (input, actor) => listSlots(actor, input.month),
);

export const removeSlotAction = defineAction(
  { schema: removeSlotSchema, roles: EXPERT, failure: "Failed to remove availability. Please try again." },
  async (input, actor) => {
    await removeSlot(actor, input.slotId);
    refresh();
    return null;
  },
);

/** The weekly hours that repeat every week (the onboarding grid), saved from the Availability Calendar. */
export const saveWeeklyHoursAction = defineAction(
  { schema: weeklyHoursSchema, roles: EXPERT, failure: "Failed to save your weekly hours. Please try again." },
  async (input, actor) => {
    const hours = await saveWeeklyHours(actor, input);
    refresh();
    return hours;
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
