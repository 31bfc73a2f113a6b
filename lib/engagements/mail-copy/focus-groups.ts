// The copy of the e-mails about a focus group's seats, waitlist and attendance. One entry per kind.

import { ATTENDANCE_CORRECTION_HOURS } from "@/lib/money/policy";
import { line } from "@/lib/platform/mail/content";
import type { EngagementMailKind } from "@/lib/engagements/mail-types";
import { reasonLine, whenLine, type CopyOf } from "@/lib/engagements/mail-copy/shared";

const CORRECTION_HOURS = String(ATTENDANCE_CORRECTION_HOURS);

export const FOCUS_GROUP_COPY = {
  seated: ({ ctx, project, who, title }) => ({
    subject: `${who} took a seat: "${title}"`,
    body: [line`${who} took a place in the session of ${project}.`, ...reasonLine("Place", ctx.reason), ...whenLine(ctx.when)],
    action: "Open your project",
  }),
  waitlisted: ({ ctx, project, who, title }) => ({
    subject: `${who} is on the waitlist: "${title}"`,
    body: [
      line`Every seat of the session of ${project} is taken, so ${who} joined its waitlist.`,
      ...whenLine(ctx.when),
      line`If a seat frees up, the first person on the waitlist is offered it.`,
    ],
    action: "Open your project",
  }),
  left_waitlist: ({ ctx, project, who, title }) => ({
    subject: `${who} left the waitlist: "${title}"`,
    body: [line`${who} left the waitlist of the session of ${project}.`, ...whenLine(ctx.when)],
    action: "Open your project",
  }),
  seat_offered: ({ ctx, project, title }) => ({
    subject: `A seat is free for you: "${title}"`,
    body: [
      line`A seat has opened in the session of ${project}, and you are first on its waitlist.`,
      ...whenLine(ctx.when),
      ...(ctx.offerUntil ? [line`It is held for you until ${ctx.offerUntil}. After that it goes to the next person waiting.`] : []),
      line`Take the seat or let it go from your dashboard.`,
    ],
    action: "Take the seat",
  }),
  seat_offer_reminder: ({ ctx, project, title }) => ({
    subject: `Reminder: a seat is held for you in "${title}"`,
    body: [
      line`The seat held for you in the session of ${project} is still waiting for your answer.`,
      ...whenLine(ctx.when),
      ...(ctx.offerUntil ? [line`It goes to the next person waiting at ${ctx.offerUntil}.`] : []),
    ],
    action: "Take the seat",
  }),
  seat_offer_lapsed: ({ project, title }) => ({
    subject: `The seat was offered to the next person: "${title}"`,
    body: [
      line`The seat held for you in the session of ${project} was not taken in time, so it went to the next person waiting.`,
      line`You have left that session's waitlist. You can still choose another session from your dashboard while seats are free.`,
    ],
    action: "View details",
  }),
  backup_released: ({ ctx, project, title }) => ({
    subject: `Backup seat not needed: "${title}"`,
    body: [
      line`Thank you for keeping yourself free for the session of ${project}. Your backup seat was not needed.`,
      ...reasonLine("Backup fee", ctx.reason),
      line`It is paid to your wallet like a session's incentive, once the client's ${CORRECTION_HOURS}-hour correction window and then the quality-review window have closed.`,
    ],
    action: "Open your wallet",
  }),
  attendance_corrected: ({ ctx, project, who, title }) => ({
    subject: `Attendance corrected: "${title}"`,
    body: [
      line`${who} corrected your attendance for the session of ${project}.`,
      ...reasonLine("Change", ctx.reason),
      line`The client can correct attendance for ${CORRECTION_HOURS} hours after recording it; your pay follows the final record when that window closes. If it is wrong, report it from your dashboard and our team will decide.`,
    ],
    action: "View details",
  }),
  session_added: ({ ctx, project, who, title }) => ({
    subject: `New session: "${title}"`,
    body: [
      line`${who} added a session to ${project}.`,
      ...reasonLine("When", ctx.reason),
      line`Choose a seat from your dashboard while seats are free; when a session is full you can join its waitlist.`,
    ],
    action: "Choose a seat",
  }),
  waitlist_ended: ({ ctx, project, title }) => ({
    subject: `The session went ahead: "${title}"`,
    body: [
      line`The session of ${project} took place with every seat filled, so your place on its waitlist has ended.`,
      ...whenLine(ctx.when),
      line`Thank you for waiting. Nothing more is needed from you.`,
    ],
    action: "View details",
  }),
} satisfies Partial<Record<EngagementMailKind, CopyOf>>;
