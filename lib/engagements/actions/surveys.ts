"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { approveResponses, enterSurveyCode, recordSurveyEnd, rejectResponse } from "@/lib/engagements/surveys";
import {
  approveResponsesSchema,
  rejectResponseSchema,
  surveyCallbackSchema,
  surveyCodeSchema,
  surveyEndSchema,
} from "@/lib/engagements/schemas/surveys";
import { setSurveyCallback } from "@/lib/engagements/survey-callback";
import { revalidateExpertPages } from "@/lib/experts/revalidate";

// A survey's two sides: the expert confirms the end their survey sent them to, or types the code
// from the survey's last page; the client
// approves responses (one or all at once) or rejects one with a reason. The services scope
// every row by the actor.

const EXPERT = ["expert" as const];
const CLIENT: ("client" | "admin")[] = ["client", "admin"];

const refreshClient = () => {
  revalidatePath("/client/projects/[id]", "page");
  revalidatePath("/client/dashboard");
};

export const enterSurveyCodeAction = defineAction(
  { schema: surveyCodeSchema, roles: EXPERT, failure: "Failed to record your code. Please try again." },
  async (input, actor) => {
    const result = await enterSurveyCode(actor, input.engagementId, input.code);
    revalidateExpertPages();
    return result;
  },
);

/** The confirmation on a survey's end page: a POST, for the participant id in the address, which must be the expert's own. */
export const recordSurveyEndAction = defineAction(
  { schema: surveyEndSchema, roles: EXPERT, failure: "Failed to record your response. Please try again." },
  async (input, actor) => {
    const result = await recordSurveyEnd({ projectId: input.projectId, end: input.end, code: input.code, participantId: input.pid, actor });
    revalidateExpertPages();
    return result;
  },
);

/** The client turns the completion callback on or off, or rotates its secret: the secret comes back once. */
export const setSurveyCallbackAction = defineAction(
  { schema: surveyCallbackSchema, roles: CLIENT, failure: "Failed to change the completion callback. Please try again." },
  async (input, actor) => {
    const result = await setSurveyCallback(actor, input.projectId, input.mode);
    refreshClient();
    return result;
  },
);

export const approveResponsesAction = defineAction(
  { schema: approveResponsesSchema, roles: CLIENT, failure: "Failed to approve. Please try again." },
  async (input, actor) => {
    const result = await approveResponses(actor, input.engagementIds);
    refreshClient();
    return result;
  },
);

export const rejectResponseAction = defineAction(
  { schema: rejectResponseSchema, roles: CLIENT, failure: "Failed to reject. Please try again." },
  async (input, actor) => {
    const result = await rejectResponse(actor, input.engagementId, { reason: input.reason, details: input.details });
    refreshClient();
    return result;
  },
);
