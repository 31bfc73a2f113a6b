import type { EngagementOrigin, EngagementState } from "@/lib/generated/prisma/enums";
import { BONUS_STATES, mayTransition, replaceRefusal } from "@/lib/engagements/states";
import type { StudyFormat } from "@/lib/vocabulary/studies";

// What the project page offers on each engagement, decided once here from the state table and the
// reader's role, so the page and its card only show what the service already allows.

/** The client's moves on one engagement of the pipeline; all false for a role that only reads. */
export type ClientMoves = {
  answer: boolean;
  propose: boolean;
  reschedule: boolean;
  meetingLink: boolean;
  cancel: boolean;
  complete: boolean;
  /** Approve or reject a survey response. */
  approve: boolean;
  /** Send a bonus: the expert took part and is paid. */
  bonus: boolean;
  /** Offer the waiting applicants this expert's place (a no-show or a cancellation). */
  replace: boolean;
};

export type EngagementFacts = {
  state: EngagementState;
  origin: EngagementOrigin;
  declinePayment: boolean;
  /** The kinds of the engagement's history events. */
  eventKinds: readonly string[];
};

export type PipelineContext = { format: StudyFormat; projectStatus: string; run: boolean };

export function clientMovesOf(e: EngagementFacts, { format, projectStatus, run }: PipelineContext): ClientMoves {
  const may = (t: Parameters<typeof mayTransition>[0]) => run && mayTransition(t, e.state, e.origin, "client", format);
  return {
    answer: may("accept"),
    propose: may("propose"),
    reschedule: may("reschedule"),
    meetingLink: may("meeting_link"),
    cancel: may("cancel"),
    complete: may("complete"),
    approve: may("approve"),
    bonus: run && BONUS_STATES.includes(e.state) && !e.declinePayment,
    replace: run && replaceRefusal({ state: e.state, format, projectStatus, eventKinds: e.eventKinds }) === null,
  };
}

/**
 * What the project page offers its reader: `run` every change to the project and its pipeline,
 * `budget` its budget, `accept` the (bulk) Accept, `editPlan` the sample plan.
 */
export type ProjectPageAbilities = { run: boolean; budget: boolean; accept: boolean; editPlan: boolean };

export function projectPageAbilities(role: { run: boolean; budget: boolean }, projectStatus: string): ProjectPageAbilities {
  const open = projectStatus !== "closed";
  return { run: role.run, budget: role.budget, accept: role.run && open, editPlan: role.run && open };
}
