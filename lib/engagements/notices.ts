import "server-only";
import type { Tx } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { formatDateTime, fullName } from "@/lib/platform/format";
import { queueMail } from "@/lib/platform/mail/queue";
import { engagementMail, type EngagementMailKind } from "@/lib/engagements/mail";
import { sessionCalendar } from "@/lib/engagements/calendar";
import { SESSION_ICS_CONTENT_TYPE } from "@/lib/engagements/ics";
import { createNotification } from "@/lib/notifications/notifications";
import { clientZoneFrom } from "@/lib/accounts/client-settings";
import { organizationName, organizationNameSelect } from "@/lib/organizations/membership";
import type { Side } from "@/lib/engagements/states";
import { digestFor } from "@/lib/engagements/mail-digests";
import { THREAD_PARAM } from "@/lib/engagements/message-rules";
import { textEngagement } from "@/lib/engagements/session-texts";
import { meetingExtrasOf } from "@/lib/engagements/meeting-extras";

// Every engagement notice goes out here: a row in the recipient's notifications menu and an
// e-mail on the job queue, both in the transaction of the change they report, so a notice
// exists exactly when its change committed and is sent once however many workers run.

/** Which notification setting lets each kind of mail out; kinds not listed always go. */
const MAIL_SETTING: Partial<Record<EngagementMailKind, "emailOpportunities" | "emailReminders">> = {
  invited: "emailOpportunities",
  reminder_24h: "emailReminders",
  reminder_1h: "emailReminders",
};

/** Kinds whose e-mail gives the meeting's host address (client only) and dial-in, where the provider has them. */
const WITH_MEETING_EXTRAS: readonly EngagementMailKind[] = ["meeting_ready", "reminder_24h", "reminder_1h"];

/** Kinds whose e-mail carries the calendar file. */
const WITH_CALENDAR: readonly EngagementMailKind[] = ["scheduled", "rescheduled", "cancelled", "meeting_link", "meeting_ready"];

const TITLES: Record<EngagementMailKind, string> = {
  invited: "New invitation",
  applied: "New application",
  accepted: "Accepted",
  declined: "Declined",
  proposed: "Times proposed",
  scheduled: "Session scheduled",
  rescheduled: "Session rescheduled",
  time_proposed: "New time proposed",
  time_kept: "Time unchanged",
  time_confirmed: "Time confirmed",
  confirm_time: "Please confirm the time",
  cancelled: "Cancelled",
  completed: "Session completed",
  no_show: "Marked as no-show",
  client_no_show: "Marked as no-show",
  client_no_show_reported: "Missed session reported",
  no_show_report_resolved: "Missed session report decided",
  attendance_corrected: "Attendance corrected",
  meeting_link: "Meeting link added",
  meeting_ready: "Meeting link ready",
  reminder_24h: "Session tomorrow",
  reminder_1h: "Session in an hour",
  project_closed: "Project closed",
  district_declined: "Study declined by your district",
  released: "Earnings available",
  disputed: "Dispute opened",
  dispute_resolved: "Dispute resolved",
  new_project: "New study",
  submitted: "Response submitted",
  survey_screened_out: "Screened out",
  survey_over_quota: "Over quota",
  approved: "Response approved",
  rejected: "Response rejected",
  bonus: "Bonus paid",
  seated: "Seat taken",
  waitlisted: "Joined the waitlist",
  left_waitlist: "Left the waitlist",
  seat_offered: "A seat is free for you",
  seat_offer_reminder: "A seat is held for you",
  seat_offer_lapsed: "Seat offer ended",
  backup_released: "Backup seat not needed",
  waitlist_ended: "Waitlist ended",
  session_added: "New session",
  consent_withdrawn: "Consent withdrawn",
};

/** Where each side acts on an engagement: the expert's dashboard card, the client's pipeline card. */
export const engagementPath = (side: Side, e: { id: string; projectId: string }) =>
  side === "expert" ? `/dashboard?tab=opportunities&engagement=${e.id}` : `/client/projects/${e.projectId}#engagement-${e.id}`;

/** Where a message notice leads: the same page as the engagement's, with its conversation open. */
export const messageThreadPath = (side: Side, e: { id: string; projectId: string }) =>
  side === "expert"
    ? `/dashboard?tab=opportunities&engagement=${e.id}&${THREAD_PARAM}=${e.id}`
    : `/client/projects/${e.projectId}?${THREAD_PARAM}=${e.id}#engagement-${e.id}`;

export type NoticeInput = {
  engagementId: string;
  kind: EngagementMailKind;
  to: Side;
  reason?: string | null;
  lateCancel?: boolean;
  resolvedFor?: "expert" | "client";
};

/** Loads what a notice needs about an engagement (both sides, their zones and settings, the session). */
async function noticeFacts(tx: Tx, engagementId: string) {
  return tx.engagement.findUniqueOrThrow({
    where: { id: engagementId },
    select: {
      id: true,
      projectId: true,
      project: {
        select: {
          title: true,
          description: true,
          projectType: true,
          mailMode: true,
          ...organizationNameSelect,
          client: {
            select: {
              id: true,
              email: true,
              firstName: true,
              lastName: true,
              clientProfile: { select: { organization: true, timeZone: true } },
              notificationPrefs: true,
            },
          },
        },
      },
      expert: {
        select: { timeZone: true, user: { select: { id: true, email: true, firstName: true, lastName: true, notificationPrefs: true } } },
      },
      session: {
        select: { id: true, startsAt: true, endsAt: true, status: true, meetingUrl: true, sequence: true, proposedStartsAt: true },
      },
      seat: { select: { offeredUntil: true, session: { select: { startsAt: true } } } },
    },
  });
}

export async function noticeEngagement(tx: Tx, input: NoticeInput) {
  const e = await noticeFacts(tx, input.engagementId);
  const client = e.project.client;
  const organization = organizationName(e.project);
  const recipient =
    input.to === "expert"
      ? { user: e.expert.user, zone: e.expert.timeZone, counterpart: organization, href: engagementPath("expert", e) }
      : {
          user: client,
          zone: clientZoneFrom(client.clientProfile),
          counterpart: fullName(e.expert.user.firstName, e.expert.user.lastName),
          href: engagementPath("client", e),
        };
  const link = `${env().APP_URL}${recipient.href}`;
  // A focus group's waitlisted expert has no session of their own yet: the time is the group's.
  const startsAt = e.session?.startsAt ?? e.seat?.session.startsAt ?? null;
  const when = startsAt ? formatDateTime(startsAt, recipient.zone, { weekday: true }) : null;
  const extras = WITH_MEETING_EXTRAS.includes(input.kind) ? await meetingExtrasOf(e.id, input.to, tx) : null;
  const mail = engagementMail(input.kind, {
    recipientFirstName: recipient.user.firstName,
    projectTitle: e.project.title,
    counterpart: recipient.counterpart,
    when,
    proposedWhen: e.session?.proposedStartsAt ? formatDateTime(e.session.proposedStartsAt, recipient.zone, { weekday: true }) : null,
    reason: input.reason ?? null,
    link,
    meetingUrl: e.session?.meetingUrl ?? null,
    hostUrl: extras?.hostUrl ?? null,
    dialIn: extras?.dialIn ?? null,
    lateCancel: input.lateCancel,
    resolvedFor: input.resolvedFor,
    recipient: input.to,
    survey: e.project.projectType === "survey",
    focusGroup: e.project.projectType === "focus_group",
    offerUntil: e.seat?.offeredUntil ? formatDateTime(e.seat.offeredUntil, recipient.zone, { weekday: true }) : null,
  });

  const notice = await createNotification(tx, {
    userId: recipient.user.id,
    kind: input.kind,
    title: `${TITLES[input.kind]}: ${e.project.title}`,
    body: mail.subject,
    href: recipient.href,
    engagementId: e.id,
  });

  // A text too, for the kinds that go by text, to a receiver who opted in (queued in this transaction).
  await textEngagement(tx, input);

  // The bell has it now; on a project that batches its client's e-mail, the mail waits for the digest.
  if (input.to === "client") {
    const digest = await digestFor(tx, {
      projectId: e.projectId,
      userId: client.id,
      kind: input.kind,
      mode: e.project.mailMode,
      now: new Date(),
    });
    if (digest) {
      await tx.notification.update({ where: { id: notice.id }, data: { digestFrequency: digest.frequency, digestDueAt: digest.dueAt } });
      return;
    }
  }

  const setting = MAIL_SETTING[input.kind];
  if (setting && recipient.user.notificationPrefs && !recipient.user.notificationPrefs[setting]) return;
  const calendar =
    e.session && WITH_CALENDAR.includes(input.kind)
      ? sessionCalendar({ session: e.session, projectTitle: e.project.title, counterpart: recipient.counterpart, organization })
      : null;
  const attachments = calendar
    ? [{ filename: calendar.filename, contentType: SESSION_ICS_CONTENT_TYPE, content: Buffer.from(calendar.ics).toString("base64") }]
    : undefined;
  await queueMail(
    { to: recipient.user.email, subject: mail.subject, text: mail.text, layout: mail.layout, ...(attachments ? { attachments } : {}) },
    tx,
  );
}
