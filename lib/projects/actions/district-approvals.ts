"use server";

import { revalidatePath } from "next/cache";
import { z } from "@/lib/platform/validation/zod";
import { defineAction } from "@/lib/accounts/action";
import { addProjectDistricts, removeProjectDistrict, requestDistrictApproval } from "@/lib/projects/district-approvals";
import { answerAsOfficer, answerByToken, answerSchema } from "@/lib/projects/district-answers";
import { packetExtrasSchema } from "@/lib/projects/district-packet";
import { findDistricts } from "@/lib/districts/research-policies";
import { leaidSchema } from "@/lib/districts/schemas/research-policy";

// The study's district approvals (researchers), the officer's answers, and the office's answers
// through its e-mailed review link (no account).

const projectPage = (projectId: string) => `/client/projects/${projectId}`;

export const addProjectDistrictsAction = defineAction(
  {
    schema: z.object({
      projectId: z.uuid({ error: "Project not found" }),
      by: z.enum(["plan", "invitees", "search"], { error: "Choose how to add districts." }),
      leaids: z.array(leaidSchema).max(20, { error: "Add at most 20 districts at a time." }).optional(),
    }),
    roles: ["client", "admin"],
    failure: "Failed to add the districts",
  },
  async (input, actor) => {
    const result = await addProjectDistricts(actor, input.projectId, input);
    revalidatePath(projectPage(input.projectId));
    return result;
  },
);

export const removeProjectDistrictAction = defineAction(
  {
    schema: z.object({ approvalId: z.uuid({ error: "District approval not found." }) }),
    roles: ["client", "admin"],
    failure: "Failed to remove the district",
  },
  async ({ approvalId }, actor) => removeProjectDistrict(actor, approvalId),
);

export const requestDistrictApprovalAction = defineAction(
  {
    schema: z.object({ approvalId: z.uuid({ error: "District approval not found." }), extras: packetExtrasSchema.optional() }),
    roles: ["client", "admin"],
    failure: "Failed to request the approval",
  },
  async ({ approvalId, extras }, actor) => requestDistrictApproval(actor, approvalId, extras ?? {}),
);

/** The district search of the study's "Add districts": names and states of districts on file (public facts). */
export const findDistrictsAction = defineAction(
  {
    schema: z.object({ q: z.string().trim().min(2, { error: "Type at least 2 letters." }).max(100) }),
    roles: ["client", "admin"],
    failure: "Failed to search districts",
    readOnly: true,
  },
  async ({ q }) => findDistricts(q),
);

export const answerDistrictRequestAction = defineAction(
  {
    schema: answerSchema.extend({ approvalId: z.uuid({ error: "Request not found." }) }),
    roles: ["expert", "admin"],
    failure: "Failed to send the answer",
  },
  async ({ approvalId, ...answer }, actor) => {
    const result = await answerAsOfficer(actor, approvalId, answer);
    revalidatePath("/district-office");
    return result;
  },
);

/** The review link's answer: no account; the token is the only key, and each answer works once. */
export const answerReviewLinkAction = defineAction(
  {
    schema: answerSchema.extend({ token: z.string().min(20, { error: "This review link is not valid." }).max(100) }),
    roles: null,
    failure: "Failed to send the answer",
  },
  async ({ token, ...answer }) => answerByToken(token, answer),
);
