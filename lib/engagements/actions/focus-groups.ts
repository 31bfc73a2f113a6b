"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { revalidateExpertPages } from "@/lib/experts/revalidate";
import {
  addStudySession,
  correctAttendance,
  joinWaitlist,
  leaveWaitlist,
  recordAttendance,
  removeStudySession,
  setStudySessionMeetingLink,
  takeSeat,
} from "@/lib/engagements/focus-groups";
import {
  attendanceSchema,
  correctAttendanceSchema,
  joinWaitlistSchema,
  studySessionIdSchema,
  studySessionLinkSchema,
  studySessionSchema,
  takeSeatSchema,
} from "@/lib/engagements/schemas/focus-groups";
import { engagementSchema } from "@/lib/engagements/schemas/engagements";

// A focus group's two sides: the client sets its sessions and records attendance; the expert
// takes a seat, a backup seat or a place on the waitlist. The services scope every row by the actor.

const EXPERT = ["expert" as const];
const CLIENT: ("client" | "admin")[] = ["client", "admin"];

const refreshClient = () => {
  revalidatePath("/client/projects/[id]", "layout");
  revalidatePath("/client/calendar");
  revalidatePath("/client/dashboard");
};

export const addStudySessionAction = defineAction(
  { schema: studySessionSchema, roles: CLIENT, failure: "Failed to add the session. Please try again." },
  async ({ projectId, ...session }, actor) => {
    const result = await addStudySession(actor, projectId, session);
    refreshClient();
    revalidateExpertPages();
    return result;
  },
);

export const removeStudySessionAction = defineAction(
  { schema: studySessionIdSchema, roles: CLIENT, failure: "Failed to remove the session. Please try again." },
  async (input, actor) => {
    const result = await removeStudySession(actor, input.studySessionId);
    refreshClient();
    revalidateExpertPages();
    return result;
  },
);

export const setStudySessionLinkAction = defineAction(
  { schema: studySessionLinkSchema, roles: CLIENT, failure: "Failed to save the meeting link. Please try again." },
  async (input, actor) => {
    const result = await setStudySessionMeetingLink(actor, input.studySessionId, input.meetingUrl);
    refreshClient();
    revalidateExpertPages();
    return result;
  },
);

export const recordAttendanceAction = defineAction(
  { schema: attendanceSchema, roles: CLIENT, failure: "Failed to record attendance. Please try again." },
  async (input, actor) => {
    const result = await recordAttendance(actor, input.studySessionId, input.marks);
    refreshClient();
    revalidatePath("/client/billing");
    return result;
  },
);

export const correctAttendanceAction = defineAction(
  { schema: correctAttendanceSchema, roles: CLIENT, failure: "Failed to correct attendance. Please try again." },
  async (input, actor) => {
    const result = await correctAttendance(actor, input.engagementId, input.outcome);
    refreshClient();
    return result;
  },
);

export const takeSeatAction = defineAction(
  { schema: takeSeatSchema, roles: EXPERT, failure: "Failed to take the seat. Please try again." },
  async (input, actor) => {
    const result = await takeSeat(actor, input.engagementId, { studySessionId: input.studySessionId, kind: input.kind });
    revalidateExpertPages();
    return result;
  },
);

export const joinWaitlistAction = defineAction(
  { schema: joinWaitlistSchema, roles: EXPERT, failure: "Failed to join the waitlist. Please try again." },
  async (input, actor) => {
    const result = await joinWaitlist(actor, input.engagementId, input.studySessionId);
    revalidateExpertPages();
    return result;
  },
);

export const leaveWaitlistAction = defineAction(
  { schema: engagementSchema, roles: EXPERT, failure: "Failed to leave the waitlist. Please try again." },
  async (input, actor) => {
    const result = await leaveWaitlist(actor, input.engagementId);
    revalidateExpertPages();
    return result;
  },
);
