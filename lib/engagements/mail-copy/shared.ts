// What every engagement e-mail's copy is made of, shared by the tables of copy beside it.

import { LATE_CANCEL_FEE_PERCENT } from "@/lib/money/policy";
import { line, linkLine, type Line } from "@/lib/platform/mail/content";
import type { EngagementMailContext } from "@/lib/engagements/mail-types";

export type Copy = {
  subject: string;
  /** The paragraphs between the greeting and the button. */
  body: Line[];
  /** The button's words; the button goes to ctx.link. */
  action: string;
};

/** What a kind's copy is written from: the context, and the project and other side as they are quoted. */
export type CopyInput = { ctx: EngagementMailContext; project: Line; who: string; title: string };

export type CopyOf = (input: CopyInput) => Copy;

/** The study formats whose copy differs. */
export type Format = "interview" | "survey" | "focus_group";
export const formatOf = (ctx: EngagementMailContext): Format => (ctx.survey ? "survey" : ctx.focusGroup ? "focus_group" : "interview");

/** The side that reads the mail, or "either" for words that fit both. */
export type Reader = "expert" | "client" | "either";
export const readerOf = (ctx: EngagementMailContext): Reader => ctx.recipient ?? "either";

/** The reason, quoted as its author wrote it, when there is one. */
export function reasonLine(label: string, reason: string | null): Line[] {
  const r = reason?.trim();
  return r ? [line`${label}: ${r}`] : [];
}

export const whenLine = (when: string | null): Line[] => (when ? [line`When: ${when}`] : []);

/** The meeting link; clickable in HTML only when it is a web address (never a `javascript:` one). */
export function meetingLine(url: string | null): Line[] {
  return url ? [line`Meeting link: ${linkLine(url)}`] : [];
}

/** The host's own address and the telephone dial-in, where the provider gives them (the host address reaches the client only). */
export function meetingExtraLines(ctx: EngagementMailContext): Line[] {
  return [
    ...(ctx.hostUrl && readerOf(ctx) === "client" ? [line`To start the meeting as its host: ${linkLine(ctx.hostUrl)}`] : []),
    ...(ctx.dialIn ? [line`To join by phone: ${ctx.dialIn}`] : []),
  ];
}

const LATE_CANCEL: Record<Reader, (fee: string) => Line> = {
  client: (fee) =>
    line`Because this was cancelled less than 24 hours before the session, it counts as a late cancellation: the expert is paid ${fee}.`,
  expert: (fee) => line`It was cancelled less than 24 hours before the session, so you are paid ${fee} as a late-cancellation fee.`,
  either: (fee) =>
    line`It was cancelled less than 24 hours before the session, so it counts as a late cancellation: the expert is paid ${fee}.`,
};

export function lateCancelLine(ctx: EngagementMailContext): Line {
  return LATE_CANCEL[readerOf(ctx)](`${LATE_CANCEL_FEE_PERCENT}% of the session's incentive`);
}
