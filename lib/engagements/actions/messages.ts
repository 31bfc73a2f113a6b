"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { revalidateExpertPages } from "@/lib/experts/revalidate";
import { readThread, reportMessage, sendMessage, sendToExperts } from "@/lib/engagements/messages";
import { reportMessageSchema, sendMessageSchema, sendToExpertsSchema, threadSchema } from "@/lib/engagements/schemas/messages";

// An engagement's conversation from either side: read the thread, send (with the off-platform
// warning to confirm), report a message; the client writes to several experts at once. The
// services find every thread through the actor's own engagements.

const SIDES: ("expert" | "client" | "admin")[] = ["expert", "client", "admin"];

const refreshThreads = () => {
  revalidatePath("/client/projects/[id]", "layout");
  revalidateExpertPages();
};
const CLIENT: ("client" | "admin")[] = ["client", "admin"];

export const readThreadAction = defineAction(
  { schema: threadSchema, roles: SIDES, failure: "Failed to load the messages. Please try again." },
  async (input, actor) => readThread(actor, input.engagementId),
);

export const sendMessageAction = defineAction(
  { schema: sendMessageSchema, roles: SIDES, failure: "Failed to send the message. Please try again." },
  async (input, actor) => {
    const result = await sendMessage(actor, input.engagementId, input.body, { confirmed: input.confirmed });
    // Only the pages that show a thread's unread count: never the cached public pages.
    if (result.sent) refreshThreads();
    return result;
  },
);

export const sendToExpertsAction = defineAction(
  { schema: sendToExpertsSchema, roles: CLIENT, failure: "Failed to send the messages. Please try again." },
  async (input, actor) => {
    const result = await sendToExperts(actor, input.projectId, input.engagementIds, input.body, { confirmed: input.confirmed });
    if (result.sent) refreshThreads();
    return result;
  },
);

export const reportMessageAction = defineAction(
  { schema: reportMessageSchema, roles: SIDES, failure: "Failed to report the message. Please try again." },
  async (input, actor) => reportMessage(actor, input.messageId, input.reason),
);
