"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { viewerZone } from "@/lib/accounts/viewer-zone";
import { confirmSmsCode, startSmsOptIn, turnOffSms, turnOnSms } from "@/lib/sms/subscriptions";
import { confirmSmsSchema, startSmsSchema } from "@/lib/sms/schemas";
import { z } from "@/lib/platform/validation/zod";

// The signed-in person's own text messages, for every role.

const ANY_SIGNED_IN: [] = [];
const PAGE = "/settings/reminders";

export const startSmsOptInAction = defineAction(
  { schema: startSmsSchema, roles: ANY_SIGNED_IN, failure: "Failed to text you a code. Please try again." },
  async (input, actor) => {
    // Quiet hours and the reminders' wording follow the zone the person's pages are shown in.
    const result = await startSmsOptIn(actor, { phone: input.phone, timeZone: await viewerZone(actor) });
    revalidatePath(PAGE);
    return result;
  },
);

export const confirmSmsCodeAction = defineAction(
  { schema: confirmSmsSchema, roles: ANY_SIGNED_IN, failure: "Failed to confirm the code. Please try again." },
  async (input, actor) => {
    const result = await confirmSmsCode(actor, input.code);
    revalidatePath(PAGE);
    return result;
  },
);

export const turnOffSmsAction = defineAction(
  { schema: z.object({}), roles: ANY_SIGNED_IN, failure: "Failed to turn off text messages. Please try again." },
  async (_input, actor) => {
    const result = await turnOffSms(actor);
    revalidatePath(PAGE);
    return result;
  },
);

export const turnOnSmsAction = defineAction(
  { schema: z.object({}), roles: ANY_SIGNED_IN, failure: "Failed to turn on text messages. Please try again." },
  async (_input, actor) => {
    const result = await turnOnSms(actor);
    revalidatePath(PAGE);
    return result;
  },
);
