import type { EngagementOrigin, EngagementState } from "@/lib/generated/prisma/enums";

/** The states, for components and pages, which import types from services and never Prisma. */
export type { EngagementState };
import { LATE_CANCEL_HOURS } from "@/lib/money/policy";
import type { StudyFormat } from "@/lib/vocabulary/studies";

// The engagement state machine as data: which side may move an engagement from which states to
// which. lib/engagements/transitions.ts has one function per transition and asks this table; the
// pages ask it too, so a button shows only when its transition is allowed.

export type Side = "expert" | "client";

export type Transition =
  | "accept"
  | "decline"
  | "schedule"
  | "reschedule"
  | "accept_time"
  | "keep_time"
  | "cancel"
  | "complete"
  | "no_show"
  | "correct_attendance"
  | "propose"
  | "meeting_link"
  | "start_survey"
  | "submit"
  | "survey_screen_out"
  | "survey_over_quota"
  | "approve"
  | "reject"
  | "take_seat"
  | "join_waitlist"
  | "leave_waitlist"
  | "withdraw_consent";

type Rule = {
  from: readonly EngagementState[];
  to: EngagementState;
  by: (origin: EngagementOrigin) => readonly Side[];
  /** The study formats the transition belongs to; a survey is never scheduled, an interview never submitted. */
  formats: readonly StudyFormat[];
};

/** The side that did not start the engagement answers it: an invite by the expert, an application by the client. */
const answerer = (origin: EngagementOrigin): readonly Side[] => (origin === "invite" ? ["expert"] : ["client"]);
const both = (): readonly Side[] => ["expert", "client"];
const client = (): readonly Side[] => ["client"];
const expert = (): readonly Side[] => ["expert"];

const ALL: readonly StudyFormat[] = ["interview", "survey", "focus_group"];
const SCHEDULED: readonly StudyFormat[] = ["interview", "focus_group"];
/** A focus group's time is the session's, the same for every seat: nobody proposes or moves it one expert at a time. */
const ONE_TO_ONE: readonly StudyFormat[] = ["interview"];
const SURVEY: readonly StudyFormat[] = ["survey"];
const FOCUS_GROUP: readonly StudyFormat[] = ["focus_group"];

export const TRANSITIONS: Record<Transition, Rule> = {
  accept: { from: ["invited", "applied"], to: "accepted", by: answerer, formats: ALL },
  decline: { from: ["invited", "applied"], to: "declined", by: answerer, formats: ALL },
  propose: { from: ["accepted"], to: "accepted", by: client, formats: ONE_TO_ONE },
  schedule: { from: ["accepted"], to: "scheduled", by: expert, formats: ONE_TO_ONE },
  /** Propose a new time for a scheduled session; the current time stands until the other side accepts. */
  reschedule: { from: ["scheduled"], to: "scheduled", by: both, formats: ONE_TO_ONE },
  /** Accept the other side's new time, or confirm a time the expert set alone less than 24 hours ahead. */
  accept_time: { from: ["scheduled"], to: "scheduled", by: both, formats: ONE_TO_ONE },
  /** Decline a proposed new time (or withdraw one's own): the current time stands. */
  keep_time: { from: ["scheduled"], to: "scheduled", by: both, formats: ONE_TO_ONE },
  meeting_link: { from: ["scheduled"], to: "scheduled", by: client, formats: ONE_TO_ONE },
  cancel: { from: ["accepted", "scheduled"], to: "cancelled", by: both, formats: ALL },
  complete: { from: ["scheduled"], to: "completed", by: client, formats: SCHEDULED },
  /**
   * Only the client records who attended: a no-show is their record of the expert's absence. An
   * expert who believes the client missed the session reports it for an admin to decide
   * (lib/engagements/no-show-claims.ts); their word alone books nothing.
   */
  no_show: { from: ["scheduled"], to: "no_show", by: client, formats: SCHEDULED },
  /** The client corrects a focus-group place's attendance mark within the correction window (completed ⇄ no-show). */
  correct_attendance: { from: ["completed", "no_show"], to: "completed", by: client, formats: FOCUS_GROUP },
  /** The expert opens their own survey link: the first open is recorded, the state stays. */
  start_survey: { from: ["accepted"], to: "accepted", by: expert, formats: SURVEY },
  /** The survey's completion address (or its code typed by hand): the response enters review. */
  submit: { from: ["accepted"], to: "submitted", by: expert, formats: SURVEY },
  /** The survey's own screener sent the expert to its screen-out end. */
  survey_screen_out: { from: ["accepted"], to: "screened_out", by: expert, formats: SURVEY },
  /** The survey sent the expert to its over-quota end. */
  survey_over_quota: { from: ["accepted"], to: "over_quota", by: expert, formats: SURVEY },
  /** The client approves a response before its review window ends (the window's end approves it anyway). */
  approve: { from: ["submitted"], to: "completed", by: client, formats: SURVEY },
  /** The client rejects a response with a reason: its pay is held in dispute until an admin decides. */
  reject: { from: ["submitted"], to: "submitted", by: client, formats: SURVEY },
  /** The expert takes a free seat (or backup seat) in one of the focus group's sessions, or the seat a waitlist offer holds for them. */
  take_seat: { from: ["accepted"], to: "scheduled", by: expert, formats: FOCUS_GROUP },
  /** Every seat of the session is taken: the expert waits in line for one to free up. */
  join_waitlist: { from: ["accepted"], to: "accepted", by: expert, formats: FOCUS_GROUP },
  /** The expert leaves the waitlist, or lets a seat offered to them go to the next person. */
  leave_waitlist: { from: ["accepted"], to: "accepted", by: expert, formats: FOCUS_GROUP },
  /**
   * The expert withdraws their consent to the study: an engagement still running ends here. One
   * that already ended keeps its state and its pay; the withdrawal is recorded all the same
   * (lib/engagements/consent/withdrawal.ts).
   */
  withdraw_consent: { from: ["invited", "applied", "accepted", "scheduled"], to: "cancelled", by: expert, formats: ALL },
};

export function mayTransition(
  t: Transition,
  state: EngagementState,
  origin: EngagementOrigin,
  side: Side,
  format: StudyFormat = "interview",
): boolean {
  const rule = TRANSITIONS[t];
  return rule.formats.includes(format) && rule.from.includes(state) && rule.by(origin).includes(side);
}

export { FINAL_STATES } from "@/lib/vocabulary/engagement-states";

/** Once accepted, each side sees the other's name and organization (and the client the e-mail, if the expert allows it). */
export const ACQUAINTED_STATES: readonly EngagementState[] = ["accepted", "scheduled", "completed", "no_show", "submitted", "rejected"];

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
  submitted: "Submitted",
  over_quota: "Over quota",
  rejected: "Rejected",
};

/** Who can be replaced: an expert the client marked a no-show, or one who cancelled. */
const REPLACEABLE: readonly EngagementState[] = ["no_show", "cancelled"];

export type ReplaceFacts = {
  state: EngagementState;
  format: StudyFormat;
  projectStatus: string;
  /** The kinds of the engagement's history events. */
  eventKinds: readonly string[];
};

/**
 * Why an engagement cannot be replaced now; "replaced" when it already was; null when Replace may
 * run. The service refuses with these words and the pipeline offers the button only on null.
 */
export function replaceRefusal(f: ReplaceFacts): string | "replaced" | null {
  if (f.format === "survey") return "A survey fills its places by itself: there is no one to replace.";
  if (!REPLACEABLE.includes(f.state)) return "Only an expert marked a no-show, or one who cancelled, can be replaced.";
  if (f.eventKinds.includes("replaced")) return "replaced";
  // A no-show our team found to be the client's own absence: there is no one to replace.
  if (f.state === "no_show" && !f.eventKinds.includes("no_show"))
    return "Our team found that you did not attend, so there is no one to replace.";
  if (f.projectStatus === "closed") return "This project is closed, so no one new can start.";
  return null;
}

/** An expert took part in these: a bonus rewards work done, never a place still open. */
export const BONUS_STATES: readonly EngagementState[] = ["completed", "submitted", "screened_out", "over_quota"];

/**
 * A pipeline column: an engagement state, or a focus group's accepted experts who wait for a
 * seat ("waitlisted"), shown apart from those still choosing one.
 */
export type PipelineColumn = EngagementState | "waitlisted";

/**
 * A state as each format's people read it: a survey's accepted place is one being answered and
 * its completed response an approved one; a focus group's scheduled expert holds a seat and its
 * completed one attended.
 */
const FORMAT_LABELS: Record<StudyFormat, Partial<Record<PipelineColumn, string>>> = {
  interview: {},
  survey: { accepted: "Taking part", completed: "Approved" },
  focus_group: { accepted: "Choosing a seat", waitlisted: "Waitlisted", scheduled: "Seated", completed: "Attended" },
};
export const stateLabel = (state: PipelineColumn, format: StudyFormat = "interview") =>
  FORMAT_LABELS[format][state] ?? (state === "waitlisted" ? "Waitlisted" : STATE_LABELS[state]);

/** The client pipeline's columns, in order. */
export const PIPELINE_COLUMNS: readonly EngagementState[] = [
  "applied",
  "invited",
  "accepted",
  "scheduled",
  "completed",
  "declined",
  "cancelled",
  "no_show",
  "screened_out",
];

/** A focus group's pipeline: who is choosing a seat, who waits for one, who holds one and who attended. */
export const FOCUS_GROUP_PIPELINE_COLUMNS: readonly PipelineColumn[] = [
  "applied",
  "invited",
  "accepted",
  "waitlisted",
  "scheduled",
  "completed",
  "declined",
  "cancelled",
  "no_show",
  "screened_out",
];

/** A survey's pipeline: who has not started, who is answering, what is in review and what is done. */
export const SURVEY_PIPELINE_COLUMNS: readonly EngagementState[] = [
  "applied",
  "invited",
  "accepted",
  "submitted",
  "completed",
  "rejected",
  "screened_out",
  "over_quota",
  "declined",
  "cancelled",
];

const LATE_CANCEL_MS = LATE_CANCEL_HOURS * 3_600_000;

/**
 * A time one side sets alone (the expert picking their own slot) stands without the other
 * side's answer only when it is at least LATE_CANCEL_HOURS away, so the other side keeps its
 * whole free-cancel window. A closer one waits for the other side to confirm it.
 */
export const standsAlone = (startsAt: Date, now: Date) => startsAt.getTime() - now.getTime() >= LATE_CANCEL_MS;

type SessionTime = { startsAt: Date | string; agreedAt: Date | string | null };

/** Only a time both sides agreed can make a client's cancel late: a time they never agreed is free to cancel. */
export const isLateCancel = (session: SessionTime | null | undefined, now: Date) =>
  !!session && session.agreedAt !== null && new Date(session.startsAt).getTime() - now.getTime() < LATE_CANCEL_MS;

/** Once a session has started it cannot be cancelled: it ends completed, a no-show, or in a dispute. */
export const hasStarted = (session: { startsAt: Date | string } | null | undefined, now: Date) =>
  !!session && new Date(session.startsAt).getTime() <= now.getTime();

/**
 * Who must answer the session's time now, if anyone: the other side of a proposed new time, or
 * the client for a time the expert set alone less than 24 hours ahead (only the expert books a
 * time alone, by picking a slot).
 */
export function awaitedSide(session: SessionTime & { proposedBy: string | null }): Side | null {
  if (session.proposedBy === "expert") return "client";
  if (session.proposedBy === "client") return "expert";
  return session.agreedAt === null ? "client" : null;
}

/** The polite end of an application a screener answer disqualified (never says which answer). */
export const SCREENED_OUT_MESSAGE = "This study is looking for a different profile. Thanks for your time.";

/** Up to this many proposed times at once. */
export const MAX_PROPOSALS = 3;
