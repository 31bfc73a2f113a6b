"use server";

import { headers } from "next/headers";
import { z } from "@/lib/platform/validation/zod";
import { requestMeta } from "@/lib/platform/request";
import { defineAction } from "@/lib/accounts/action";
import { revalidateExpertPages as refresh } from "@/lib/experts/revalidate";
import { applySchema, pickTimeSchema } from "@/lib/engagements/schemas/engagements";
import { applyToOpportunity, scheduleEngagement } from "@/lib/engagements/transitions";
import { listPickableSlots } from "@/lib/engagements/views";
import { addSlots, listSlots, removeSlot, saveWeeklyHours } from "@/lib/engagements/availability";
import { addSlotSchema, monthSlotsSchema, removeSlotSchema, weeklyHoursSchema } from "@/lib/experts/schemas/dashboard";

// The expert's side of engagements from the dashboard: applying, picking a time, and the
// availability that Pick Time offers. defineAction parses and checks the expert role; each service
// scopes by the actor (the impersonated expert while an admin impersonates).
const EXPERT = ["expert" as const];

export const applyAction = defineAction(
  { schema: applySchema, roles: EXPERT, failure: "Failed to submit application. Please try again." },
  async (input, actor) => {
    const result = await applyToOpportunity(actor, input, new Date(), requestMeta(await headers()));
    refresh();
    return result;
  },
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
