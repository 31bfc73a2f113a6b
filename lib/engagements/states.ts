import type { EngagementOrigin, EngagementState } from "@/lib/generated/prisma/enums";

// The engagement state machine as data: which side may move an engagement from which states to
// which. lib/services/engagements.ts has one function per transition and asks this table; the
// pages ask it too, so a button shows only when its transition is allowed.

export type Side = "expert" | "client";

export type Transition = "accept" | "decline" | "schedule" | "reschedule" | "cancel" | "complete" | "no_show" | "propose" | "meeting_link";

type Rule = { from: readonly EngagementState[]; to: EngagementState; by: (origin: EngagementOrigin) => readonly Side[] };

/** The side that did not start the engagement answers it: an invite by the expert, an application by the client. */
const answerer = (origin: EngagementOrigin): readonly Side[] => (origin === "invite" ? ["expert"] : ["client"]);
const both = (): readonly Side[] => ["expert", "client"];
const client = (): readonly Side[] => ["client"];
const expert = (): readonly Side[] => ["expert"];

export const TRANSITIONS: Record<Transition, Rule> = {
  accept: { from: ["invited", "applied"], to: "accepted", by: answerer },
  decline: { from: ["invited", "applied"], to: "declined", by: answerer },
  propose: { from: ["accepted"], to: "accepted", by: client },
  schedule: { from: ["accepted"], to: "scheduled", by: expert },
  reschedule: { from: ["scheduled"], to: "scheduled", by: both },
  meeting_link: { from: ["scheduled"], to: "scheduled", by: client },
  cancel: { from: ["accepted", "scheduled"], to: "cancelled", by: both },
  complete: { from: ["scheduled"], to: "completed", by: client },
  no_show: { from: ["scheduled"], to: "no_show", by: client },
};

export function mayTransition(t: Transition, state: EngagementState, origin: EngagementOrigin, side: Side): boolean {
  const rule = TRANSITIONS[t];
  return rule.from.includes(state) && rule.by(origin).includes(side);
}

/** States in which nothing more can happen. */
export const FINAL_STATES: readonly EngagementState[] = ["declined", "screened_out", "completed", "no_show", "cancelled"];

/** Once accepted, each side sees the other's name and organisation (and the client the e-mail, if the expert allows it). */
export const ACQUAINTED_STATES: readonly EngagementState[] = ["accepted", "scheduled", "completed", "no_show"];

/** How a state reads to people (pipeline columns, history, badges). */
export const STATE_LABELS: Record<EngagementState, string> = {
  invited: "Invited",
  applied: "Applied",
  screened_out: "Screened out",
  accepted: "Accepted",
  declined: "Declined",
  scheduled: "Scheduled",
  completed: "Completed",
  no_show: "No-show",
  cancelled: "Cancelled",
};

/** The client pipeline's columns, in order. */
export const PIPELINE_COLUMNS: readonly EngagementState[] = ["applied", "invited", "accepted", "scheduled", "completed", "declined", "cancelled", "no_show", "screened_out"];

/** A client cancelling less than this before the session is recorded as a late cancel. */
export const LATE_CANCEL_HOURS = 24;

/** The polite end of an application a screener answer disqualified (never says which answer). */
export const SCREENED_OUT_MESSAGE = "This study is looking for a different profile. Thanks for your time.";

/** Up to this many proposed times at once. */
export const MAX_PROPOSALS = 3;
