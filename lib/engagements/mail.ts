// The e-mails about an engagement (invitations, applications, scheduling, reminders), one per
// kind of change. Pure: the caller loads the facts, formats the time in the recipient's zone and
// queues the result. Every sentence is written once and rendered twice, as plain text and as a
// small inline-styled HTML body, so the two copies never drift apart.

import { ATTENDANCE_CORRECTION_HOURS, LATE_CANCEL_FEE_PERCENT } from "@/lib/money/policy";

export type EngagementMailKind =
  | "invited"
  | "applied"
  | "accepted"
  | "declined"
  | "proposed"
  | "scheduled"
  | "rescheduled"
  /** A new time one side proposed for a scheduled session (the current time stands until accepted). */
  | "time_proposed"
  /** The proposed new time was not taken: the current time stands. */
  | "time_kept"
  /** The client confirmed a time the expert set alone less than 24 hours ahead. */
  | "time_confirmed"
  /** The expert set a time less than 24 hours ahead: it waits for the client's confirmation. */
  | "confirm_time"
  | "cancelled"
  | "completed"
  | "no_show"
  /** An admin found that the client did not attend (kept for notices sent before experts reported instead). */
  | "client_no_show"
  /** The expert reported that the client did not run the session: an admin decides (to the client). */
  | "client_no_show_reported"
  /** An admin decided the expert's report (to both sides; `resolvedFor`). */
  | "no_show_report_resolved"
  /** Focus groups: the client corrected the expert's attendance mark (reason = "Attended → No-show"). */
  | "attendance_corrected"
  | "meeting_link"
  | "reminder_24h"
  | "reminder_1h"
  | "project_closed"
  /** Money (lib/money/earnings.ts): the earning left quality review, the client disputed it, an admin decided. */
  | "released"
  | "disputed"
  | "dispute_resolved"
  /** Not an engagement yet: a new open project that fits the expert (reason = its summary line). */
  | "new_project"
  /** Surveys: a response arrived (to the client), or the survey's screen-out or over-quota end did. */
  | "submitted"
  | "survey_screened_out"
  | "survey_over_quota"
  /** Surveys: the client approved a response early, or rejected it with a reason. */
  | "approved"
  | "rejected"
  /** The client paid the expert a bonus (reason = the amount). */
  | "bonus"
  /** Focus groups (reason = the place, e.g. "Seat 3 of 6"): the expert took a seat, or joined or left the session's waitlist. */
  | "seated"
  | "waitlisted"
  | "left_waitlist"
  /** Focus groups: a freed seat is held for the first expert on the waitlist until `offerUntil`; a reminder; the offer lapsed. */
  | "seat_offered"
  | "seat_offer_reminder"
  /** The expert withdrew their consent to the study (to the client; reason = their participant id, when they have one). */
  | "consent_withdrawn"
  | "seat_offer_lapsed"
  /** Focus groups: a backup seat kept free and not needed (reason = the backup fee). */
  | "backup_released"
  /** Focus groups: the session took place with every seat filled, so the expert's waitlist place ended. */
  | "waitlist_ended"
  /** Focus groups: the client added a session, to an expert accepted without a seat yet (reason = its time). */
  | "session_added";

export type EngagementMailContext = {
  recipientFirstName: string;
  projectTitle: string;
  /** The other side's display: for an expert recipient the client organisation, for a client the expert's full name. */
  counterpart: string;
  /** The session time already formatted in the recipient's zone with the zone named, e.g. "Tue, Dec 1, 2026, 3:30 PM CST"; null when there is none. */
  when: string | null;
  /** A proposed new time, formatted like `when`; null when none is waiting. */
  proposedWhen?: string | null;
  reason: string | null;
  /** Absolute URL of the page where the recipient acts (dashboard or /client/projects/{id}). */
  link: string;
  meetingUrl: string | null;
  /** Whether the event was a late cancel (client, < 24 h before) – mention it in the client's copy. */
  lateCancel?: boolean;
  /** For dispute_resolved: who the admin decided for. */
  resolvedFor?: "expert" | "client";
  /**
   * Which side reads the mail. Kinds that can go either way (accepted, declined, cancelled) are
   * worded for that side when it is given, and in words that fit both when it is not.
   */
  recipient?: "expert" | "client";
  /** The study is a survey: it is answered on the expert's own time, so no session time is agreed. */
  survey?: boolean;
  /** The study is a focus group: its times are its sessions', and the expert takes a seat in one. */
  focusGroup?: boolean;
  /** Until when a freed focus-group seat is held for the recipient, formatted like `when`. */
  offerUntil?: string | null;
};

export type EngagementMail = { subject: string; text: string; html: string };

const SIGN_OFF = "— The K12 Experts team";
const CORRECTION_HOURS = String(ATTENDANCE_CORRECTION_HOURS);

/** Makes a string safe to place in HTML text or a double-quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** One sentence or paragraph in both forms; anything interpolated into it is escaped in `html`. */
export type Line = { text: string; html: string };

/**
 * A tagged template for copy: `line\`Hi ${name}\`` keeps the words as written in both forms and
 * escapes every interpolated value in the HTML one, so no user-supplied string can slip in raw.
 * A nested Line (e.g. an emphasised title) is taken as already safe.
 */
export function line(strings: TemplateStringsArray, ...values: (string | Line)[]): Line {
  let text = strings[0];
  let html = escapeHtml(strings[0]);
  values.forEach((v, i) => {
    text += typeof v === "string" ? v : v.text;
    html += typeof v === "string" ? escapeHtml(v) : v.html;
    text += strings[i + 1];
    html += escapeHtml(strings[i + 1]);
  });
  return { text, html };
}

/** The project's title in quotes, bold in HTML. */
const titled = (title: string): Line => ({ text: `"${title}"`, html: `<strong>${escapeHtml(title)}</strong>` });

export type Copy = {
  subject: string;
  /** The paragraphs between the greeting and the button. */
  body: Line[];
  /** The button's words; the button goes to ctx.link. */
  action: string;
};

/** The reason, quoted as its author wrote it, when there is one. */
function reasonLine(label: string, reason: string | null): Line[] {
  const r = reason?.trim();
  return r ? [line`${label}: ${r}`] : [];
}

const whenLine = (when: string | null): Line[] => (when ? [line`When: ${when}`] : []);

/** The meeting link; clickable in HTML only when it is a web address (never a `javascript:` one). */
function meetingLine(url: string | null): Line[] {
  if (!url) return [];
  if (!/^https?:\/\//i.test(url)) return [line`Meeting link: ${url}`];
  const anchor: Line = { text: url, html: `<a href="${escapeHtml(url)}" style="color:#1d4ed8">${escapeHtml(url)}</a>` };
  return [line`Meeting link: ${anchor}`];
}

function copyFor(kind: EngagementMailKind, ctx: EngagementMailContext): Copy {
  const project = titled(ctx.projectTitle);
  const who = ctx.counterpart;
  const title = ctx.projectTitle;
  switch (kind) {
    case "invited":
      return {
        subject: `You're invited to "${title}"`,
        body: [
          line`${who} has invited you to take part in ${project}.`,
          ...reasonLine("Their note", ctx.reason),
          line`Take a look at the details and accept or decline from your dashboard.`,
        ],
        action: "View the invitation",
      };
    case "applied":
      return {
        subject: `${who} applied to "${title}"`,
        body: [
          line`${who} has applied to take part in ${project}.`,
          line`Review the application and accept or decline it from your project page.`,
        ],
        action: "Review the application",
      };
    case "accepted":
      return {
        subject: `Accepted: "${title}"`,
        body: [
          ctx.recipient === "expert"
            ? line`Good news: ${who} has accepted your application to ${project}.`
            : ctx.recipient === "client"
              ? line`Good news: ${who} has accepted your invitation to ${project}.`
              : line`Good news: ${who} has accepted for ${project}.`,
          ctx.survey
            ? ctx.recipient === "client"
              ? line`They can start the survey now; you will hear when their response arrives.`
              : line`The survey is answered on your own time: start it from your dashboard whenever suits you.`
            : ctx.focusGroup
              ? ctx.recipient === "client"
                ? line`They can now take a seat in one of your sessions; you will hear when they do.`
                : line`The next step is to choose a seat in one of its sessions from your dashboard; when a session is full, you can join its waitlist.`
              : line`The next step is to agree on a time for the session.`,
        ],
        action: ctx.survey
          ? ctx.recipient === "client"
            ? "Open your project"
            : "Start survey"
          : ctx.focusGroup
            ? ctx.recipient === "client"
              ? "Open your project"
              : "Choose a seat"
            : "Choose a time",
      };
    case "declined":
      // Never a verdict on the person: an expert whose application was not taken hears thanks
      // and that other studies will come; a client hears plainly that the expert is not available.
      if (ctx.recipient === "client") {
        return {
          subject: `${who} can't take part in "${title}"`,
          body: [
            line`${who} has declined your invitation to ${project}.`,
            ...reasonLine("Their note", ctx.reason),
            line`You can invite other experts from your project page.`,
          ],
          action: "Open your project",
        };
      }
      return {
        subject: `An update on "${title}"`,
        body: [
          line`Thank you for your interest in ${project}. ${who} has decided not to go ahead with your application this time.`,
          ...reasonLine("Their note", ctx.reason),
          line`Studies often have only a few places, and this is no reflection on your experience. New opportunities that match your profile will keep appearing on your dashboard.`,
        ],
        action: "See other opportunities",
      };
    case "proposed":
      return {
        subject: `New times proposed for "${title}"`,
        body: [
          line`${who} has proposed times for the session of ${project}.`,
          ...reasonLine("Their note", ctx.reason),
          line`Pick the one that suits you, or suggest others.`,
        ],
        action: "Pick a time",
      };
    case "scheduled":
      return {
        subject: `Scheduled: "${title}"${ctx.when ? ` on ${ctx.when}` : ""}`,
        body: [
          line`Your session for ${project} with ${who} is confirmed.`,
          ...whenLine(ctx.when),
          ...meetingLine(ctx.meetingUrl),
          line`A calendar invitation is attached.`,
        ],
        action: "View the session",
      };
    case "rescheduled":
      return {
        subject: `New time for "${title}"${ctx.when ? `: ${ctx.when}` : ""}`,
        body: [
          line`Your session for ${project} with ${who} has moved to a new time.`,
          ...whenLine(ctx.when),
          ...reasonLine("Reason", ctx.reason),
          ...meetingLine(ctx.meetingUrl),
          line`The attached calendar invitation updates the one you already have.`,
        ],
        action: "View the session",
      };
    case "time_proposed":
      return {
        subject: `New time proposed for "${title}"${ctx.proposedWhen ? `: ${ctx.proposedWhen}` : ""}`,
        body: [
          line`${who} has proposed a new time for your session of ${project}.`,
          ...(ctx.proposedWhen ? [line`Proposed time: ${ctx.proposedWhen}`] : []),
          ...(ctx.when ? [line`Current time: ${ctx.when}`] : []),
          ...reasonLine("Reason", ctx.reason),
          line`The current time stands until you accept the new one. Accept the new time or keep the current one from the session's page.`,
        ],
        action: "Answer the proposal",
      };
    case "time_kept":
      return {
        subject: `Time unchanged: "${title}"`,
        body: [
          line`The proposed new time for your session of ${project} with ${who} will not be used: the current time stands.`,
          ...whenLine(ctx.when),
          ...reasonLine("Note", ctx.reason),
        ],
        action: "View the session",
      };
    case "time_confirmed":
      return {
        subject: `Time confirmed: "${title}"${ctx.when ? ` on ${ctx.when}` : ""}`,
        body: [line`${who} has confirmed the time of your session for ${project}.`, ...whenLine(ctx.when)],
        action: "View the session",
      };
    case "confirm_time":
      return {
        subject: `Please confirm: "${title}"${ctx.when ? ` on ${ctx.when}` : ""}`,
        body: [
          line`${who} has picked a time for your session of ${project} that is less than 24 hours away.`,
          ...whenLine(ctx.when),
          line`It is confirmed once you accept it. Until then you can propose another time, or cancel without a fee.`,
        ],
        action: "Confirm the time",
      };
    case "cancelled":
      return {
        subject: `Cancelled: "${title}"`,
        body: [
          ctx.when
            ? line`The session for ${project} with ${who} on ${ctx.when} has been cancelled.`
            : line`The engagement for ${project} with ${who} has been cancelled.`,
          ...reasonLine("Reason", ctx.reason),
          ...(ctx.lateCancel ? [lateCancelLine(ctx.recipient)] : []),
          ...(ctx.when ? [line`The attached calendar update removes it from your calendar.`] : []),
        ],
        action: "View details",
      };
    case "completed":
      return {
        subject: `Completed: "${title}"`,
        body: [
          line`The session for ${project} with ${who} is marked as completed.`,
          ...(ctx.recipient === "expert"
            ? [line`Thank you for sharing your expertise. Your earnings will appear in your wallet once they are released.`]
            : []),
          ...(ctx.recipient === "client" ? [line`We hope it was useful. Thank you for running your study with us.`] : []),
        ],
        action: "View details",
      };
    case "no_show":
      return {
        subject: `Missed session: "${title}"`,
        body: [
          ctx.when
            ? line`The session for ${project} on ${ctx.when} was recorded as a no-show.`
            : line`The session for ${project} was recorded as a no-show.`,
          ...reasonLine("Note", ctx.reason),
          line`If this is a mistake, report it from your dashboard with what happened: our team reads both sides and decides.`,
        ],
        action: "View details",
      };
    case "client_no_show":
      return {
        subject: `Missed session: "${title}"`,
        body: [
          ctx.when
            ? line`${who} recorded that you did not attend the session for ${project} on ${ctx.when}.`
            : line`${who} recorded that you did not attend the session for ${project}.`,
          ...reasonLine("Note", ctx.reason),
          line`If this is a mistake, open a dispute from your project page within the quality-review window, or contact support.`,
        ],
        action: "View details",
      };
    case "meeting_link":
      return {
        subject: `Meeting link for "${title}"`,
        body: [
          line`${who} has added the meeting link for your session of ${project}.`,
          ...whenLine(ctx.when),
          ...meetingLine(ctx.meetingUrl),
        ],
        action: "View the session",
      };
    case "reminder_24h":
      return {
        subject: `Tomorrow: "${title}"`,
        body: [
          line`A reminder that your session for ${project} with ${who} is coming up.`,
          ...whenLine(ctx.when),
          ...meetingLine(ctx.meetingUrl),
        ],
        action: "View the session",
      };
    case "reminder_1h":
      return {
        subject: `Starting in 1 hour: "${title}"`,
        body: [
          line`Your session for ${project} with ${who} starts in about an hour.`,
          ...whenLine(ctx.when),
          ...meetingLine(ctx.meetingUrl),
        ],
        action: "View the session",
      };
    case "new_project":
      return {
        subject: `New study that fits your profile: "${title}"`,
        body: [
          line`${who} is looking for education professionals like you for ${project}.`,
          ...reasonLine("At a glance", ctx.reason),
          line`Read the details and apply from your dashboard if it interests you. You can turn these e-mails off in your dashboard's settings.`,
        ],
        action: "See the study",
      };
    case "released":
      return {
        subject: `Earnings available: "${title}"`,
        body: [
          line`Quality review of your session for ${project} is complete, and its earnings are now available in your wallet.`,
          line`You can cash out from your dashboard.`,
        ],
        action: "Open your wallet",
      };
    case "disputed":
      return {
        subject: `Review opened: "${title}"`,
        body: [
          line`${who} opened a quality review dispute about your session for ${project}.`,
          ...reasonLine("Their reason", ctx.reason),
          line`The earnings are held until our team resolves it. We will tell you the outcome.`,
        ],
        action: "View details",
      };
    case "dispute_resolved": {
      const forExpert = ctx.resolvedFor === "expert";
      return {
        subject: `Dispute resolved: "${title}"`,
        body: [
          forExpert
            ? line`The dispute about the session for ${project} was resolved in the expert's favour: the earnings are released to the expert.`
            : line`The dispute about the session for ${project} was resolved in the client's favour: the amount is returned to the client.`,
          ...reasonLine("Note from our team", ctx.reason),
        ],
        action: "View details",
      };
    }
    case "submitted":
      return {
        subject: `Response submitted: "${title}"`,
        body: [
          line`${who} has finished the survey ${project}.`,
          ...reasonLine("Review until", ctx.reason),
          line`Approve it now, or reject it with a reason before the review window ends. Anything you leave is approved when the window ends.`,
        ],
        action: "Review responses",
      };
    case "survey_screened_out":
      return {
        subject: `Screened out of "${title}"`,
        body: [line`Your survey's screener ended ${who}'s place in ${project}.`, ...reasonLine("Pay for a screen-out", ctx.reason)],
        action: "Open your project",
      };
    case "survey_over_quota":
      return {
        subject: `Over quota: "${title}"`,
        body: [line`Your survey sent ${who} to its over-quota end in ${project}.`, ...reasonLine("Pay for over quota", ctx.reason)],
        action: "Open your project",
      };
    case "approved":
      return {
        subject: `Response approved: "${title}"`,
        body: [
          line`${who} approved your response to ${project}.`,
          line`Its earnings are now available in your wallet. You can cash out from your dashboard.`,
        ],
        action: "Open your wallet",
      };
    case "rejected":
      return {
        subject: `Response rejected: "${title}"`,
        body: [
          line`${who} rejected your response to ${project}.`,
          ...reasonLine("Their reason", ctx.reason),
          line`The earnings are held until our team reviews it, and we will tell you the outcome. If you think this is wrong, contact support.`,
        ],
        action: "View details",
      };
    case "bonus":
      return {
        subject: `Bonus from ${who}: "${title}"`,
        body: [
          line`${who} paid you a bonus for ${project}.`,
          ...reasonLine("Amount", ctx.reason),
          line`Like any earning it is in Pending QC for the client's review window, then joins your Available balance, ready to cash out.`,
        ],
        action: "Open your wallet",
      };
    case "seated":
      return {
        subject: `${who} took a seat: "${title}"`,
        body: [line`${who} took a place in the session of ${project}.`, ...reasonLine("Place", ctx.reason), ...whenLine(ctx.when)],
        action: "Open your project",
      };
    case "waitlisted":
      return {
        subject: `${who} is on the waitlist: "${title}"`,
        body: [
          line`Every seat of the session of ${project} is taken, so ${who} joined its waitlist.`,
          ...whenLine(ctx.when),
          line`If a seat frees up, the first person on the waitlist is offered it.`,
        ],
        action: "Open your project",
      };
    case "left_waitlist":
      return {
        subject: `${who} left the waitlist: "${title}"`,
        body: [line`${who} left the waitlist of the session of ${project}.`, ...whenLine(ctx.when)],
        action: "Open your project",
      };
    case "seat_offered":
      return {
        subject: `A seat is free for you: "${title}"`,
        body: [
          line`A seat has opened in the session of ${project}, and you are first on its waitlist.`,
          ...whenLine(ctx.when),
          ...(ctx.offerUntil ? [line`It is held for you until ${ctx.offerUntil}. After that it goes to the next person waiting.`] : []),
          line`Take the seat or let it go from your dashboard.`,
        ],
        action: "Take the seat",
      };
    case "seat_offer_reminder":
      return {
        subject: `Reminder: a seat is held for you in "${title}"`,
        body: [
          line`The seat held for you in the session of ${project} is still waiting for your answer.`,
          ...whenLine(ctx.when),
          ...(ctx.offerUntil ? [line`It goes to the next person waiting at ${ctx.offerUntil}.`] : []),
        ],
        action: "Take the seat",
      };
    case "seat_offer_lapsed":
      return {
        subject: `The seat was offered to the next person: "${title}"`,
        body: [
          line`The seat held for you in the session of ${project} was not taken in time, so it went to the next person waiting.`,
          line`You have left that session's waitlist. You can still choose another session from your dashboard while seats are free.`,
        ],
        action: "View details",
      };
    case "backup_released":
      return {
        subject: `Backup seat not needed: "${title}"`,
        body: [
          line`Thank you for keeping yourself free for the session of ${project}. Your backup seat was not needed.`,
          ...reasonLine("Backup fee", ctx.reason),
          line`It is paid to your wallet like a session's incentive, once the client's ${CORRECTION_HOURS}-hour correction window and then the quality-review window have closed.`,
        ],
        action: "Open your wallet",
      };
    case "client_no_show_reported":
      return {
        subject: `Missed session reported: "${title}"`,
        body: [
          ctx.when
            ? line`${who} reported that the session for ${project} on ${ctx.when} did not take place on your side.`
            : line`${who} reported that the session for ${project} did not take place on your side.`,
          ...reasonLine("Their reason", ctx.reason),
          line`Nothing is charged on their word alone: our team reads both sides and your attendance record, then decides. If the session ran, record it from your project page.`,
        ],
        action: "View details",
      };
    case "no_show_report_resolved": {
      const forExpert = ctx.resolvedFor === "expert";
      return {
        subject: `Missed session report decided: "${title}"`,
        body: [
          forExpert
            ? line`Our team found that the client did not attend the session for ${project}: the client no-show fee is paid to the expert.`
            : line`Our team found that the session for ${project} went ahead as the client recorded it: the report books no fee.`,
          ...reasonLine("Note from our team", ctx.reason),
        ],
        action: "View details",
      };
    }
    case "attendance_corrected":
      return {
        subject: `Attendance corrected: "${title}"`,
        body: [
          line`${who} corrected your attendance for the session of ${project}.`,
          ...reasonLine("Change", ctx.reason),
          line`The client can correct attendance for ${CORRECTION_HOURS} hours after recording it; your pay follows the final record when that window closes. If it is wrong, report it from your dashboard and our team will decide.`,
        ],
        action: "View details",
      };
    case "session_added":
      return {
        subject: `New session: "${title}"`,
        body: [
          line`${who} added a session to ${project}.`,
          ...reasonLine("When", ctx.reason),
          line`Choose a seat from your dashboard while seats are free; when a session is full you can join its waitlist.`,
        ],
        action: "Choose a seat",
      };
    case "waitlist_ended":
      return {
        subject: `The session went ahead: "${title}"`,
        body: [
          line`The session of ${project} took place with every seat filled, so your place on its waitlist has ended.`,
          ...whenLine(ctx.when),
          line`Thank you for waiting. Nothing more is needed from you.`,
        ],
        action: "View details",
      };
    case "consent_withdrawn":
      return {
        subject: `Consent withdrawn: "${title}"`,
        body: [
          line`${who} withdrew their consent to ${project}. Their part in the study has ended, and any pay they earned stays theirs.`,
          line`Please delete the data you collected from this person, as your consent form and IRB protocol require.`,
          ...reasonLine("Participant id", ctx.reason),
        ],
        action: "View the study",
      };
    case "project_closed":
      return {
        subject: `Project closed: "${title}"`,
        body: [
          line`${project} is now closed, so your engagement with ${who} has ended.`,
          ...reasonLine("Note", ctx.reason),
          line`Thank you for your time. Nothing more is needed from you.`,
        ],
        action: "View details",
      };
  }
}

function lateCancelLine(recipient: EngagementMailContext["recipient"]): Line {
  const fee = `${LATE_CANCEL_FEE_PERCENT}% of the session's incentive`;
  if (recipient === "client")
    return line`Because this was cancelled less than 24 hours before the session, it counts as a late cancellation: the expert is paid ${fee}.`;
  if (recipient === "expert")
    return line`It was cancelled less than 24 hours before the session, so you are paid ${fee} as a late-cancellation fee.`;
  return line`It was cancelled less than 24 hours before the session, so it counts as a late cancellation: the expert is paid ${fee}.`;
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function renderHtml(subject: string, greeting: Line, body: Line[], action: string, link: string): string {
  const p = (l: Line) => `<p style="margin:0 0 16px;line-height:1.5">${l.html}</p>`;
  const href = escapeHtml(link);
  return [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f5f7fa;color:#1f2937;${FONT};font-size:16px">`,
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e5e7eb;border-radius:8px;padding:24px">`,
    p(greeting),
    ...body.map(p),
    `<p style="margin:24px 0"><a href="${href}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:6px">${escapeHtml(action)}</a></p>`,
    `<p style="margin:0 0 16px;line-height:1.5;font-size:14px;color:#4b5563">Or open this link: <a href="${href}" style="color:#1d4ed8">${href}</a></p>`,
    `<p style="margin:0;line-height:1.5">${escapeHtml(SIGN_OFF)}</p>`,
    `</div></body></html>`,
  ].join("");
}

/** A subject is one header line: whatever whitespace a title or name carries becomes one space. */
const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();

export function engagementMail(kind: EngagementMailKind, ctx: EngagementMailContext): EngagementMail {
  return composeMail(ctx.recipientFirstName, copyFor(kind, ctx), ctx.link);
}

/** Any engagement e-mail from its copy: the greeting, the paragraphs, the button to `link` and the sign-off, as text and HTML. */
export function composeMail(recipientFirstName: string, copy: Copy, link: string): EngagementMail {
  const subject = oneLine(copy.subject);
  const greeting = line`Hi ${recipientFirstName},`;
  const text = [greeting.text, ...copy.body.map((l) => l.text), `${copy.action}: ${link}`, SIGN_OFF].join("\n\n");
  return { subject, text, html: renderHtml(subject, greeting, copy.body, copy.action, link) };
}
