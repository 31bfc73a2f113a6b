"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { addBlackout, removeBlackout, saveSchoolHours, setInvitesPausedUntil } from "@/lib/engagements/school-calendar";
import { addBlackoutSchema, invitesPauseSchema, removeBlackoutSchema, schoolHoursSchema } from "@/lib/engagements/schemas/school-calendar";

// Settings › School calendar. defineAction checks the expert role and the shape; the services
// scope every change to the actor's own expert row and check the rules that need the expert's
// zone (a past pause date or blackout).
const EXPERT = ["expert" as const];
const refresh = () => revalidatePath("/dashboard");

export const saveSchoolHoursAction = defineAction(
  { schema: schoolHoursSchema, roles: EXPERT, failure: "Failed to save your school hours. Please try again." },
  async (input, actor) => {
    const calendar = await saveSchoolHours(actor, input);
    refresh();
    return { start: calendar.start, end: calendar.end, days: calendar.days };
  },
);

export const addBlackoutAction = defineAction(
  { schema: addBlackoutSchema, roles: EXPERT, failure: "Failed to add the blackout. Please try again." },
  async (input, actor) => {
    const blackout = await addBlackout(actor, input);
    refresh();
    return blackout;
  },
);

export const removeBlackoutAction = defineAction(
  { schema: removeBlackoutSchema, roles: EXPERT, failure: "Failed to remove the blackout. Please try again." },
  async (input, actor) => {
    await removeBlackout(actor, input.blackoutId);
    refresh();
    return null;
  },
);

export const setInvitesPausedUntilAction = defineAction(
  { schema: invitesPauseSchema, roles: EXPERT, failure: "Failed to update your invite pause. Please try again." },
  async (input, actor) => {
    const result = await setInvitesPausedUntil(actor, input.until);
    refresh();
    return result;
  },
);
