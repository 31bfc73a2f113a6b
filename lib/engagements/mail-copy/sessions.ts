// The copy of the e-mails about an engagement's invitation, application and session, one entry
// per kind; where the words differ by the reader's side or the study's format, a table keyed by it.

import { line } from "@/lib/platform/mail/content";
import type { EngagementMailKind } from "@/lib/engagements/mail-types";
import {
  formatOf,
  lateCancelLine,
  meetingExtraLines,
  meetingLine,
  readerOf,
  reasonLine,
  whenLine,
  type CopyOf,
  type Format,
  type Reader,
} from "@/lib/engagements/mail-copy/shared";
import type { Line } from "@/lib/platform/mail/content";

// Never a verdict on the person: an expert whose application was not taken hears thanks and that
// other studies will come; a client hears plainly that the expert is not available.
const DECLINED: Record<"expert" | "client", CopyOf> = {
  client: ({ ctx, project, who, title }) => ({
    subject: `${who} can't take part in "${title}"`,
    body: [
      line`${who} has declined your invitation to ${project}.`,
      ...reasonLine("Their note", ctx.reason),
      line`You can invite other experts from your project page.`,
    ],
    action: "Open your project",
  }),
  expert: ({ ctx, project, who, title }) => ({
    subject: `An update on "${title}"`,
    body: [
      line`Thank you for your interest in ${project}. ${who} has decided not to go ahead with your application this time.`,
      ...reasonLine("Their note", ctx.reason),
      line`Studies often have only a few places, and this is no reflection on your experience. New opportunities that match your profile will keep appearing on your dashboard.`,
    ],
    action: "See other opportunities",
  }),
};

/** Who accepted whom, by the reader's side. */
const ACCEPTED_BY: Record<Reader, (who: string, project: Line) => Line> = {
  expert: (who, project) => line`Good news: ${who} has accepted your application to ${project}.`,
  client: (who, project) => line`Good news: ${who} has accepted your invitation to ${project}.`,
  either: (who, project) => line`Good news: ${who} has accepted for ${project}.`,
};

/** What happens next once accepted, and the button to it, by the study's format and the reader's side. */
const ACCEPTED_NEXT: Record<Format, Record<Reader, { next: Line; action: string }>> = {
  interview: {
    expert: { next: line`The next step is to agree on a time for the session.`, action: "Choose a time" },
    client: { next: line`The next step is to agree on a time for the session.`, action: "Choose a time" },
    either: { next: line`The next step is to agree on a time for the session.`, action: "Choose a time" },
  },
  survey: {
    expert: {
      next: line`The survey is answered on your own time: start it from your dashboard whenever suits you.`,
      action: "Start survey",
    },
    client: { next: line`They can start the survey now; you will hear when their response arrives.`, action: "Open your project" },
    either: {
      next: line`The survey is answered on your own time: start it from your dashboard whenever suits you.`,
      action: "Start survey",
    },
  },
  focus_group: {
    expert: {
      next: line`The next step is to choose a seat in one of its sessions from your dashboard; when a session is full, you can join its waitlist.`,
      action: "Choose a seat",
    },
    client: { next: line`They can now take a seat in one of your sessions; you will hear when they do.`, action: "Open your project" },
    either: {
      next: line`The next step is to choose a seat in one of its sessions from your dashboard; when a session is full, you can join its waitlist.`,
      action: "Choose a seat",
    },
  },
};

export const SESSION_COPY = {
  invited: ({ ctx, project, who, title }) => ({
    subject: `You're invited to "${title}"`,
    body: [
      line`${who} has invited you to take part in ${project}.`,
      ...reasonLine("Their note", ctx.reason),
      line`Take a look at the details and accept or decline from your dashboard.`,
    ],
    action: "View the invitation",
  }),
  applied: ({ project, who, title }) => ({
    subject: `${who} applied to "${title}"`,
    body: [
      line`${who} has applied to take part in ${project}.`,
      line`Review the application and accept or decline it from your project page.`,
    ],
    action: "Review the application",
  }),
  accepted: ({ ctx, project, who, title }) => {
    const { next, action } = ACCEPTED_NEXT[formatOf(ctx)][readerOf(ctx)];
    return { subject: `Accepted: "${title}"`, body: [ACCEPTED_BY[readerOf(ctx)](who, project), next], action };
  },
  declined: (input) => DECLINED[input.ctx.recipient === "client" ? "client" : "expert"](input),
  proposed: ({ ctx, project, who, title }) => ({
    subject: `New times proposed for "${title}"`,
    body: [
      line`${who} has proposed times for the session of ${project}.`,
      ...reasonLine("Their note", ctx.reason),
      line`Pick the one that suits you, or suggest others.`,
    ],
    action: "Pick a time",
  }),
  scheduled: ({ ctx, project, who, title }) => ({
    subject: `Scheduled: "${title}"${ctx.when ? ` on ${ctx.when}` : ""}`,
    body: [
      line`Your session for ${project} with ${who} is confirmed.`,
      ...whenLine(ctx.when),
      ...meetingLine(ctx.meetingUrl),
      line`A calendar invitation is attached.`,
    ],
    action: "View the session",
  }),
  rescheduled: ({ ctx, project, who, title }) => ({
    subject: `New time for "${title}"${ctx.when ? `: ${ctx.when}` : ""}`,
    body: [
      line`Your session for ${project} with ${who} has moved to a new time.`,
      ...whenLine(ctx.when),
      ...reasonLine("Reason", ctx.reason),
      ...meetingLine(ctx.meetingUrl),
      line`The attached calendar invitation updates the one you already have.`,
    ],
    action: "View the session",
  }),
  time_proposed: ({ ctx, project, who, title }) => ({
    subject: `New time proposed for "${title}"${ctx.proposedWhen ? `: ${ctx.proposedWhen}` : ""}`,
    body: [
      line`${who} has proposed a new time for your session of ${project}.`,
      ...(ctx.proposedWhen ? [line`Proposed time: ${ctx.proposedWhen}`] : []),
      ...(ctx.when ? [line`Current time: ${ctx.when}`] : []),
      ...reasonLine("Reason", ctx.reason),
      line`The current time stands until you accept the new one. Accept the new time or keep the current one from the session's page.`,
    ],
    action: "Answer the proposal",
  }),
  time_kept: ({ ctx, project, who, title }) => ({
    subject: `Time unchanged: "${title}"`,
    body: [
      line`The proposed new time for your session of ${project} with ${who} will not be used: the current time stands.`,
      ...whenLine(ctx.when),
      ...reasonLine("Note", ctx.reason),
    ],
    action: "View the session",
  }),
  time_confirmed: ({ ctx, project, who, title }) => ({
    subject: `Time confirmed: "${title}"${ctx.when ? ` on ${ctx.when}` : ""}`,
    body: [line`${who} has confirmed the time of your session for ${project}.`, ...whenLine(ctx.when)],
    action: "View the session",
  }),
  confirm_time: ({ ctx, project, who, title }) => ({
    subject: `Please confirm: "${title}"${ctx.when ? ` on ${ctx.when}` : ""}`,
    body: [
      line`${who} has picked a time for your session of ${project} that is less than 24 hours away.`,
      ...whenLine(ctx.when),
      line`It is confirmed once you accept it. Until then you can propose another time, or cancel without a fee.`,
    ],
    action: "Confirm the time",
  }),
  cancelled: ({ ctx, project, who, title }) => ({
    subject: `Cancelled: "${title}"`,
    body: [
      ctx.when
        ? line`The session for ${project} with ${who} on ${ctx.when} has been cancelled.`
        : line`The engagement for ${project} with ${who} has been cancelled.`,
      ...reasonLine("Reason", ctx.reason),
      ...(ctx.lateCancel ? [lateCancelLine(ctx)] : []),
      ...(ctx.when ? [line`The attached calendar update removes it from your calendar.`] : []),
    ],
    action: "View details",
  }),
  completed: ({ ctx, project, who, title }) => ({
    subject: `Completed: "${title}"`,
    body: [
      line`The session for ${project} with ${who} is marked as completed.`,
      ...(ctx.recipient === "expert"
        ? [line`Thank you for sharing your expertise. Your earnings will appear in your wallet once they are released.`]
        : []),
      ...(ctx.recipient === "client" ? [line`We hope it was useful. Thank you for running your study with us.`] : []),
    ],
    action: "View details",
  }),
  no_show: ({ ctx, project, title }) => ({
    subject: `Missed session: "${title}"`,
    body: [
      ctx.when
        ? line`The session for ${project} on ${ctx.when} was recorded as a no-show.`
        : line`The session for ${project} was recorded as a no-show.`,
      ...reasonLine("Note", ctx.reason),
      line`If this is a mistake, report it from your dashboard with what happened: our team reads both sides and decides.`,
    ],
    action: "View details",
  }),
  client_no_show: ({ ctx, project, who, title }) => ({
    subject: `Missed session: "${title}"`,
    body: [
      ctx.when
        ? line`${who} recorded that you did not attend the session for ${project} on ${ctx.when}.`
        : line`${who} recorded that you did not attend the session for ${project}.`,
      ...reasonLine("Note", ctx.reason),
      line`If this is a mistake, open a dispute from your project page within the quality-review window, or contact support.`,
    ],
    action: "View details",
  }),
  meeting_link: ({ ctx, project, who, title }) => ({
    subject: `Meeting link for "${title}"`,
    body: [line`${who} has added the meeting link for your session of ${project}.`, ...whenLine(ctx.when), ...meetingLine(ctx.meetingUrl)],
    action: "View the session",
  }),
  meeting_ready: ({ ctx, project, who, title }) => ({
    subject: `Meeting link for "${title}"`,
    body: [
      ctx.focusGroup && readerOf(ctx) === "client"
        ? line`The video meeting for your focus-group session of ${project} is ready. Every seated expert has the same link.`
        : line`The video meeting for your session of ${project} with ${who} is ready.`,
      ...whenLine(ctx.when),
      ...meetingLine(ctx.meetingUrl),
      ...meetingExtraLines(ctx),
      line`Your calendar file is updated with the link.`,
    ],
    action: "View the session",
  }),
  reminder_24h: ({ ctx, project, who, title }) => ({
    subject: `Tomorrow: "${title}"`,
    body: [
      line`A reminder that your session for ${project} with ${who} is coming up.`,
      ...whenLine(ctx.when),
      ...meetingLine(ctx.meetingUrl),
      ...meetingExtraLines(ctx),
    ],
    action: "View the session",
  }),
  reminder_1h: ({ ctx, project, who, title }) => ({
    subject: `Starting in 1 hour: "${title}"`,
    body: [
      line`Your session for ${project} with ${who} starts in about an hour.`,
      ...whenLine(ctx.when),
      ...meetingLine(ctx.meetingUrl),
      ...meetingExtraLines(ctx),
    ],
    action: "View the session",
  }),
  client_no_show_reported: ({ ctx, project, who, title }) => ({
    subject: `Missed session reported: "${title}"`,
    body: [
      ctx.when
        ? line`${who} reported that the session for ${project} on ${ctx.when} did not take place on your side.`
        : line`${who} reported that the session for ${project} did not take place on your side.`,
      ...reasonLine("Their reason", ctx.reason),
      line`Nothing is charged on their word alone: our team reads both sides and your attendance record, then decides. If the session ran, record it from your project page.`,
    ],
    action: "View details",
  }),
  no_show_report_resolved: ({ ctx, project, title }) => ({
    subject: `Missed session report decided: "${title}"`,
    body: [
      ctx.resolvedFor === "expert"
        ? line`Our team found that the client did not attend the session for ${project}: the client no-show fee is paid to the expert.`
        : line`Our team found that the session for ${project} went ahead as the client recorded it: the report books no fee.`,
      ...reasonLine("Note from our team", ctx.reason),
    ],
    action: "View details",
  }),
  district_declined: ({ ctx, project, title }) => ({
    subject: `Study withdrawn: "${title}"`,
    body: [
      line`Your district's research office declined ${project}, so your invitation or application has ended.`,
      ...reasonLine("The district's reason", ctx.reason),
      line`Nothing more is needed from you.`,
    ],
    action: "View details",
  }),
  consent_withdrawn: ({ ctx, project, who, title }) => ({
    subject: `Consent withdrawn: "${title}"`,
    body: [
      line`${who} withdrew their consent to ${project}. Their part in the study has ended, and any pay they earned stays theirs.`,
      line`Please delete the data you collected from this person, as your consent form and IRB protocol require.`,
      ...reasonLine("Participant id", ctx.reason),
    ],
    action: "View the study",
  }),
  project_closed: ({ ctx, project, who, title }) => ({
    subject: `Project closed: "${title}"`,
    body: [
      line`${project} is now closed, so your engagement with ${who} has ended.`,
      ...reasonLine("Note", ctx.reason),
      line`Thank you for your time. Nothing more is needed from you.`,
    ],
    action: "View details",
  }),
  new_project: ({ ctx, project, who, title }) => ({
    subject: `New study that fits your profile: "${title}"`,
    body: [
      line`${who} is looking for education professionals like you for ${project}.`,
      ...reasonLine("At a glance", ctx.reason),
      line`Read the details and apply from your dashboard if it interests you. You can turn these e-mails off in your dashboard's settings.`,
    ],
    action: "See the study",
  }),
} satisfies Partial<Record<EngagementMailKind, CopyOf>>;
