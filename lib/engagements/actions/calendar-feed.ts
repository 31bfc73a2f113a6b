"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { issueCalendarFeed, revokeCalendarFeed } from "@/lib/engagements/calendar-feed";
import { z } from "@/lib/platform/validation/zod";

// The signed-in person's own calendar feed, for every role.

const ANY_SIGNED_IN: [] = [];
const SETTINGS_PATH = "/settings/reminders";

export const issueCalendarFeedAction = defineAction(
  { schema: z.object({}), roles: ANY_SIGNED_IN, failure: "Failed to make your calendar address. Please try again." },
  async (_input, actor) => {
    const feed = await issueCalendarFeed(actor);
    revalidatePath(SETTINGS_PATH);
    return feed;
  },
);

export const revokeCalendarFeedAction = defineAction(
  { schema: z.object({}), roles: ANY_SIGNED_IN, failure: "Failed to turn off your calendar feed. Please try again." },
  async (_input, actor) => {
    const result = await revokeCalendarFeed(actor);
    revalidatePath(SETTINGS_PATH);
    return result;
  },
);
