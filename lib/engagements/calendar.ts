import "server-only";
import { env } from "@/lib/platform/env";
import { icsFileName, sessionIcs, type SessionCalendarInput } from "@/lib/engagements/ics";

// The one way a session becomes a calendar file, for the e-mail attachment and the download
// alike, so both carry the same UID, SEQUENCE, wording and organizer.

export type CalendarSession = { id: string; startsAt: Date; endsAt: Date; meetingUrl: string | null; sequence: number; status: string };

/** The address part of MAIL_FROM ("K12 Experts <no-reply@…>" → "no-reply@…"): the platform, never a person. */
const platformAddress = () => /<([^>]+)>/.exec(env().MAIL_FROM)?.[1] ?? (env().MAIL_FROM.includes("@") ? env().MAIL_FROM.trim() : null);

/** The event of one session as this reader sees it (the other party named, the platform as organizer). */
export function sessionEvent(input: {
  session: CalendarSession;
  projectTitle: string;
  counterpart: string;
  stamp?: Date;
}): SessionCalendarInput {
  const { session } = input;
  return {
    uid: session.id,
    sequence: session.sequence,
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    title: input.projectTitle,
    description: `K12 Experts session: ${input.projectTitle} with ${input.counterpart}.`,
    meetingUrl: session.meetingUrl,
    // The other party, as this reader knows them: the file shows who the session is with.
    organizerName: input.counterpart,
    organizerAddress: platformAddress(),
    status: session.status === "cancelled" ? "CANCELLED" : "CONFIRMED",
    stamp: input.stamp,
  };
}

export function sessionCalendar(input: { session: CalendarSession; projectTitle: string; counterpart: string; organization: string }): {
  filename: string;
  ics: string;
} {
  return { filename: icsFileName(input.projectTitle), ics: sessionIcs(sessionEvent(input)) };
}
