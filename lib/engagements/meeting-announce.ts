import "server-only";
import type { Tx } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { formatDateTime } from "@/lib/platform/format";
import { queueMail } from "@/lib/platform/mail/queue";
import { createNotification } from "@/lib/notifications/notifications";
import { clientZoneFrom } from "@/lib/accounts/client-settings";
import { organizationName, organizationNameSelect } from "@/lib/organizations/membership";
import { engagementMail } from "@/lib/engagements/mail";
import { noticeEngagement } from "@/lib/engagements/notices";
import type { MeetingExtras } from "@/lib/engagements/meeting-extras";

// A meeting a remote provider (Zoom, Teams) made after the booking, from its job: the booking
// e-mail went out without a link, so both sides hear of it now, with the host address (client
// only) and the dial-in where the provider gave them, and the calendar file with its new
// SEQUENCE. Called in the transaction that writes the link on the sessions, with the engagements
// whose sessions it newly reached, so a retried job (which finds the link already there) sends
// nothing twice.

/** An interview's or seat's link arrived: the expert and the client each get the mail and the bell. */
export async function announceEngagementMeeting(tx: Tx, engagementIds: readonly string[], opts: { client: boolean }) {
  for (const engagementId of engagementIds) {
    await noticeEngagement(tx, { engagementId, kind: "meeting_ready", to: "expert" });
    if (opts.client) await noticeEngagement(tx, { engagementId, kind: "meeting_ready", to: "client" });
  }
}

/** A focus group's session link arrived: one mail to the client for the whole group (each seated expert hears through their seat). */
export async function announceStudyMeeting(tx: Tx, studySessionId: string, made: { joinUrl: string } & MeetingExtras) {
  const s = await tx.studySession.findUniqueOrThrow({
    where: { id: studySessionId },
    select: {
      startsAt: true,
      project: {
        select: {
          id: true,
          title: true,
          ...organizationNameSelect,
          client: { select: { id: true, email: true, firstName: true, clientProfile: { select: { timeZone: true } } } },
        },
      },
    },
  });
  const { project } = s;
  const href = `/client/projects/${project.id}`;
  const mail = engagementMail("meeting_ready", {
    recipientFirstName: project.client.firstName,
    projectTitle: project.title,
    counterpart: organizationName(project),
    when: formatDateTime(s.startsAt, clientZoneFrom(project.client.clientProfile), { weekday: true }),
    reason: null,
    link: `${env().APP_URL}${href}`,
    meetingUrl: made.joinUrl,
    hostUrl: made.hostUrl,
    dialIn: made.dialIn,
    recipient: "client",
    focusGroup: true,
  });
  await createNotification(tx, {
    userId: project.client.id,
    kind: "meeting_ready",
    title: `Meeting link ready: ${project.title}`,
    body: mail.subject,
    href,
  });
  await queueMail({ to: project.client.email, subject: mail.subject, text: mail.text, layout: mail.layout }, tx);
}
