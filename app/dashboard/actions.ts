"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/actions/action";
import { applyToOpportunity, listPickableSlots, pickApplicationTime } from "@/lib/services/dashboard/opportunities";
import { cashOut } from "@/lib/services/dashboard/wallet";
import { assertRecentlyAuthenticated } from "@/lib/services/account-security";
import { answerPulse } from "@/lib/services/dashboard/pulse";
import { submitFeedback } from "@/lib/services/dashboard/feedback";
import { addSlot, listSlotsOn, removeSlot } from "@/lib/services/dashboard/availability";
import { saveExpertiseRatings } from "@/lib/services/dashboard/expertise";
import { saveSettings } from "@/lib/services/dashboard/settings";
import {
  addSlotSchema,
  daySlotsSchema,
  applySchema,
  cashOutSchema,
  expertiseRatingsSchema,
  feedbackSchema,
  pickTimeSchema,
  pulseAnswerSchema,
  removeSlotSchema,
  settingsSchema,
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
    const row = await applyToOpportunity(actor, input.opportunityId);
    refresh();
    return { status: row.status };
  },
);

export const listPickableSlotsAction = defineAction(
  { schema: applySchema.pick({}), roles: EXPERT, failure: "Failed to load your availability.", readOnly: true },
  async (_input, actor) => listPickableSlots(actor),
);

export const pickTimeAction = defineAction({ schema: pickTimeSchema, roles: EXPERT, failure: "Failed to schedule. Please try again." }, async (input, actor) => {
  const res = await pickApplicationTime(actor, input);
  refresh();
  return { scheduledTime: res.scheduledTime.toISOString() };
});

export const cashOutAction = defineAction({ schema: cashOutSchema, roles: EXPERT, failure: "Failed to initiate cash out. Please try again." }, async (_input, actor) => {
  // Money leaves the account: the password must have been entered recently, and never while impersonating.
  assertRecentlyAuthenticated(actor);
  const payout = await cashOut(actor);
  refresh();
  return { amountCents: payout.amountCents };
});

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

export const addSlotAction = defineAction({ schema: addSlotSchema, roles: EXPERT, failure: "Failed to add availability. Please try again." }, async (input, actor) => {
  const slot = await addSlot(actor, input);
  refresh();
  return slot;
});

export const listDaySlotsAction = defineAction(
  { schema: daySlotsSchema, roles: EXPERT, failure: "Failed to load your availability.", readOnly: true },
  async (input, actor) => listSlotsOn(actor, input.date),
);

export const removeSlotAction = defineAction(
  { schema: removeSlotSchema, roles: EXPERT, failure: "Failed to remove availability. Please try again." },
  async (input, actor) => {
    await removeSlot(actor, input.slotId);
    refresh();
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
