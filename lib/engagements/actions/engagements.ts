"use server";

import { revalidatePath } from "next/cache";
import { z } from "@/lib/platform/validation/zod";
import { defineAction } from "@/lib/accounts/action";
import {
  acceptEngagement,
  acceptSessionTime,
  cancelEngagement,
  completeSession,
  declineEngagement,
  declineEngagementPayment,
  keepSessionTime,
  markNoShow,
  proposeTimes,
  replaceEngagement,
  rescheduleSession,
  setMeetingLink,
} from "@/lib/engagements/transitions";
import { schoolHoursWarnings } from "@/lib/engagements/views";
import { acceptEngagements } from "@/lib/engagements/bulk-accept";
import { headers } from "next/headers";
import { requestMeta } from "@/lib/platform/request";
import {
  acceptSchema,
  bulkAcceptSchema,
  cancelSchema,
  declineSchema,
  engagementSchema,
  keepTimeSchema,
  meetingLinkSchema,
  noShowSchema,
  proposeTimesSchema,
  rescheduleSchema,
} from "@/lib/engagements/schemas/engagements";

// The engagement transitions both sides use. The service decides the actor's side from the
// engagement itself (the expert's own, or the client's own project) and refuses the rest;
// these wrappers only parse, check that the caller is signed in with a role, and refresh pages.

const EITHER: ("expert" | "client" | "admin")[] = ["expert", "client", "admin"];
const CLIENT: ("client" | "admin")[] = ["client", "admin"];

const refresh = () => {
  revalidatePath("/dashboard");
  revalidatePath("/client/projects/[id]", "page");
  revalidatePath("/client/calendar");
  revalidatePath("/client/dashboard");
};

export const acceptEngagementAction = defineAction(
  { schema: acceptSchema, roles: EITHER, failure: "Failed to accept. Please try again." },
  async (input, actor) => {
    const result = await acceptEngagement(actor, input.engagementId, {
      outsideActivityConfirmed: input.outsideActivityConfirmed,
      districtPolicyChecked: input.districtPolicyChecked,
      meta: requestMeta(await headers()),
    });
    refresh();
    return result;
  },
);

/** The client accepts several applicants of one project: each is a single accept, reported per person. */
export const bulkAcceptAction = defineAction(
  { schema: bulkAcceptSchema, roles: CLIENT, failure: "Failed to accept the selected applicants. Please try again." },
  async (input, actor) => {
    const outcomes = await acceptEngagements(actor, input.projectId, input.engagementIds);
    refresh();
    return outcomes;
  },
);

/** The client replaces an expert who did not attend or cancelled with the next qualified applicant. */
export const replaceEngagementAction = defineAction(
  { schema: engagementSchema, roles: CLIENT, failure: "Failed to replace. Please try again." },
  async (input, actor) => {
    const result = await replaceEngagement(actor, input.engagementId);
    refresh();
    return result;
  },
);

/** The expert takes part unpaid (public-employee rules): the engagement then earns nothing. */
export const declinePaymentAction = defineAction(
  { schema: engagementSchema, roles: ["expert"], failure: "Failed to decline payment. Please try again." },
  async (input, actor) => {
    const result = await declineEngagementPayment(actor, input.engagementId);
    refresh();
    return result;
  },
);

export const declineEngagementAction = defineAction(
  { schema: declineSchema, roles: EITHER, failure: "Failed to decline. Please try again." },
  async (input, actor) => {
    const result = await declineEngagement(actor, input.engagementId, input.reason);
    refresh();
    return result;
  },
);

export const cancelEngagementAction = defineAction(
  { schema: cancelSchema, roles: EITHER, failure: "Failed to cancel. Please try again." },
  async (input, actor) => {
    const result = await cancelEngagement(actor, input.engagementId, input.reason);
    refresh();
    return result;
  },
);

/** Propose a new time for a scheduled session: the current time stands until the other side accepts. */
export const rescheduleAction = defineAction(
  { schema: rescheduleSchema, roles: EITHER, failure: "Failed to propose a new time. Please try again." },
  async (input, actor) => {
    const { engagementId, reason, ...choice } = input;
    const result = await rescheduleSession(actor, engagementId, choice, reason);
    refresh();
    return result;
  },
);

/** Accept the other side's proposed new time, or confirm a time the expert set less than 24 hours ahead. */
export const acceptTimeAction = defineAction(
  { schema: engagementSchema, roles: EITHER, failure: "Failed to accept the time. Please try again." },
  async (input, actor) => {
    const result = await acceptSessionTime(actor, input.engagementId);
    refresh();
    return result;
  },
);

/** Keep the current time: decline (or withdraw) a proposed new time. */
export const keepTimeAction = defineAction(
  { schema: keepTimeSchema, roles: EITHER, failure: "Failed to keep the current time. Please try again." },
  async (input, actor) => {
    const result = await keepSessionTime(actor, input.engagementId, input.reason ?? null);
    refresh();
    return result;
  },
);

export const proposeTimesAction = defineAction(
  { schema: proposeTimesSchema, roles: CLIENT, failure: "Failed to propose times. Please try again." },
  async (input, actor) => {
    const result = await proposeTimes(actor, input.engagementId, input.times);
    refresh();
    return result;
  },
);

export const meetingLinkAction = defineAction(
  { schema: meetingLinkSchema, roles: CLIENT, failure: "Failed to save the meeting link. Please try again." },
  async (input, actor) => {
    const result = await setMeetingLink(actor, input.engagementId, input.meetingUrl);
    refresh();
    return result;
  },
);

export const completeSessionAction = defineAction(
  { schema: engagementSchema, roles: CLIENT, failure: "Failed to mark the session completed. Please try again." },
  async (input, actor) => {
    const result = await completeSession(actor, input.engagementId);
    refresh();
    return result;
  },
);

export const noShowAction = defineAction(
  { schema: noShowSchema, roles: CLIENT, failure: "Failed to record the no-show. Please try again." },
  async (input, actor) => {
    const result = await markNoShow(actor, input.engagementId, input.reason ?? null);
    refresh();
    return result;
  },
);

/** Before proposing: which of the times fall in the expert's school hours ("During school hours for this expert"). */
export const schoolHoursCheckAction = defineAction(
  {
    schema: z.object({ engagementId: z.uuid("Engagement is not valid"), times: proposeTimesSchema.shape.times }),
    roles: CLIENT,
    failure: "Failed to check the times.",
    readOnly: true,
  },
  async (input, actor) => schoolHoursWarnings(actor, input.engagementId, input.times),
);
